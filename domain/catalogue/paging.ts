/**
 * Pages of the list routes (issue 29): the public catalogue lists and the admin tables answer an array, one page
 * at a time. `limit` says how many rows (default 50, at most 100); `cursor` is opaque to callers and holds the id of
 * the last row of the previous page (keyset paging: rows added between two pages neither shift nor repeat rows, as
 * an offset would). Each answer says how many rows match in all (`X-Total-Count`) and, when there is more, where the
 * next page is (`Link: <url>; rel="next"`, RFC 8288). Pure: shared by the server (which pages) and the client (which
 * follows the Link).
 */
import { z } from 'zod';
import { MAX_ID } from '../limits';
import { blankIsAbsent } from './query';
import { LINK_HEADER, TOTAL_COUNT_HEADER } from './paging-links';

export { LINK_HEADER, TOTAL_COUNT_HEADER, parseNextLink, parseTotalCount } from './paging-links';

export const PAGE_LIMIT_DEFAULT = 50;
export const PAGE_LIMIT_MAX = 100;

export const PAGE_MESSAGES = {
  limit: `Limit must be a whole number from 1 to ${PAGE_LIMIT_MAX}`,
  cursor: 'Cursor is not valid',
} as const;

/** The response headers of a page (lower case, as Node hands them back). */

const CURSOR_PREFIX = 'id:';

/** A cursor's text as it travels (URL-safe base64, no padding); shared with kind-paging.ts. */
export function toBase64Url(text: string): string {
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The text of a cursor, or undefined when it is not one (too long, not base64). */
export function fromBase64Url(text: string): string | undefined {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(text)) return undefined;
  try {
    return atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  } catch {
    return undefined;
  }
}

/** The cursor that continues a list after the row with this id. */
export function encodeCursor(id: number): string {
  return toBase64Url(`${CURSOR_PREFIX}${id}`);
}

/** The row id a cursor continues after, or undefined when the text is not a cursor this server gave. */
export function decodeCursor(cursor: string): number | undefined {
  const text = fromBase64Url(cursor);
  const m = text === undefined ? null : /^id:(0|[1-9]\d{0,9})$/.exec(text);
  if (!m) return undefined;
  const id = Number(m[1]);
  return id <= MAX_ID ? id : undefined;
}

/** A `cursor` query field: empty means absent; text that `decode` does not take is refused with 'Cursor is not valid'. */
export const cursorField = (decode: (cursor: string) => unknown) =>
  z.preprocess(
    blankIsAbsent,
    z
      .string({ error: PAGE_MESSAGES.cursor })
      .refine((c) => decode(c) !== undefined, PAGE_MESSAGES.cursor)
      .optional(),
  );

/**
 * The query fields of a paged list, to spread into a route's query object (`z.object({ ...PAGE_FIELDS, ... })`).
 * An empty `limit=` or `cursor=` means absent; `cursor` parses to the id it continues after.
 */
export const PAGE_FIELDS = {
  limit: z.preprocess(
    blankIsAbsent,
    z.coerce
      .number({ error: PAGE_MESSAGES.limit })
      .int(PAGE_MESSAGES.limit)
      .min(1, PAGE_MESSAGES.limit)
      .max(PAGE_LIMIT_MAX, PAGE_MESSAGES.limit)
      .optional(),
  ),
  cursor: cursorField(decodeCursor),
};

/** The query of a list that has no filters of its own: just the page. */
export const PageQuerySchema = z.object(PAGE_FIELDS);
export type PageQuery = z.output<typeof PageQuerySchema>;

/** What the service needs of a page request: how many rows, and the id to continue after (none: from the start). */
export type PageRequest = { limit: number; after?: number };

export function pageRequest(q: { limit?: number; cursor?: string }): PageRequest {
  const after = q.cursor === undefined ? undefined : decodeCursor(q.cursor);
  return { limit: q.limit ?? PAGE_LIMIT_DEFAULT, ...(after === undefined ? {} : { after }) };
}

/** One page of rows, the number of rows matching in all, and the id to continue after (null on the last page). */
export type Page<T> = { items: T[]; total: number; nextAfter: number | null };

/**
 * The Link header value pointing at the next page: the same path and query (absent values left out, `limit` and
 * the new `cursor` last). `query` holds the validated parameters as the route read them.
 */
export function nextLink(path: string, query: Record<string, unknown>, nextAfter: number): string {
  return linkWithCursor(path, query, encodeCursor(nextAfter));
}

/** The Link header value of the page a cursor (already encoded) starts. */
export function linkWithCursor(path: string, query: Record<string, unknown>, cursor: string): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (key === 'limit' || key === 'cursor' || value === undefined || value === null) continue;
    params.append(key, String(value));
  }
  // The page's own parameters last, whatever order the route's schema lists them in.
  if (query.limit !== undefined && query.limit !== null) params.append('limit', String(query.limit));
  params.append('cursor', cursor);
  return `<${path}?${params.toString()}>; rel="next"`;
}

/** The headers of a page: the total, and the next page's Link when there is one. */
export function pageHeaders(path: string, query: Record<string, unknown>, page: Pick<Page<unknown>, 'total' | 'nextAfter'>): Record<string, string> {
  const headers: Record<string, string> = { [TOTAL_COUNT_HEADER]: String(page.total) };
  if (page.nextAfter !== null) headers[LINK_HEADER] = nextLink(path, query, page.nextAfter);
  return headers;
}

/**
 * A paged list's 200 answer for the OpenAPI document: the array of `item`, and the headers that say how many rows
 * match in all and where the next page is.
 */
export const pagedList = <S extends z.ZodType>(item: S) =>
  z.array(item).meta({
    description: `One page of the list: \`limit\` rows (default ${PAGE_LIMIT_DEFAULT}, at most ${PAGE_LIMIT_MAX}) after \`cursor\`.`,
    headers: {
      'X-Total-Count': { type: 'integer', description: 'How many rows match the filters in all (on every page).' },
      Link: { type: 'string', description: 'Where the next page is: `<path?...&cursor=...>; rel="next"`. Absent on the last page.' },
    },
  });

