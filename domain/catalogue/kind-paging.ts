/**
 * Pages of a list that spans several listing tables (issue 29): a provider's own listings of every kind, the admin's
 * occupancy of every kind with capacity. The rows come kind after kind (in a fixed order of kinds), each kind by id,
 * so a page is read with keyset conditions on each table and never downloads a whole table. Ids repeat across
 * tables, so the cursor holds the position of the kind as well as the id of the last row shown; it is opaque to
 * callers all the same, and the answer carries X-Total-Count and Link rel="next" as every paged list
 * (domain/catalogue/paging.ts, whose `limit` and header helpers this shares).
 */
import { z } from 'zod';
import { MAX_ID } from '../limits';
import { LINK_HEADER, PAGE_FIELDS, PAGE_LIMIT_DEFAULT, TOTAL_COUNT_HEADER, cursorField, fromBase64Url, linkWithCursor, toBase64Url } from './paging';

/** Where a page ends: the position of the kind (in the list's order of kinds) and the id of the last row. */
export type KindPosition = { kind: number; id: number };

/** More kinds than any list spans; bounds what a cursor may say. */
const MAX_KINDS = 32;

export function encodeKindCursor(at: KindPosition): string {
  return toBase64Url(`k:${at.kind}:${at.id}`);
}

/** The position a cursor continues after, or undefined when the text is not a cursor of this kind of list. */
export function decodeKindCursor(cursor: string): KindPosition | undefined {
  const text = fromBase64Url(cursor);
  const m = text === undefined ? null : /^k:(0|[1-9]\d?):(0|[1-9]\d{0,9})$/.exec(text);
  if (!m) return undefined;
  const kind = Number(m[1]);
  const id = Number(m[2]);
  return kind < MAX_KINDS && id <= MAX_ID ? { kind, id } : undefined;
}

/** The query fields of a list paged across kinds (spread into the route's query object, as PAGE_FIELDS). */
export const KIND_PAGE_FIELDS = {
  limit: PAGE_FIELDS.limit,
  cursor: cursorField(decodeKindCursor),
};

export const KindPageQuerySchema = z.object(KIND_PAGE_FIELDS);

/** What the service needs: how many rows, and the position to continue after (none: from the start). */
export type KindPageRequest = { limit: number; after?: KindPosition };

export function kindPageRequest(q: { limit?: number; cursor?: string }): KindPageRequest {
  const after = q.cursor === undefined ? undefined : decodeKindCursor(q.cursor);
  return { limit: q.limit ?? PAGE_LIMIT_DEFAULT, ...(after === undefined ? {} : { after }) };
}

/** One page: its rows, how many rows match in all, and where the next page starts (null on the last page). */
export type KindPage<T> = { items: T[]; total: number; nextAfter: KindPosition | null };

/**
 * Reads one page across `kinds`: from the cursor's kind on (its rows after the cursor's id), each kind asked only for
 * the rows the page still lacks (plus one, to know whether there is more). `rows(kind, afterId, limit)` must answer
 * the kind's rows in id order; `count(kind)` how many rows of the kind match. A first page that holds every match is
 * its own count.
 */
export async function pageAcrossKinds<K, R>(
  kinds: readonly K[],
  page: KindPageRequest,
  rows: (kind: K, afterId: number | undefined, limit: number) => Promise<R[]>,
  count: (kind: K) => Promise<number>,
  idOf: (row: R) => number,
): Promise<KindPage<R>> {
  const got: Array<{ kind: number; row: R }> = [];
  const start = page.after?.kind ?? 0;
  for (let k = start; k < kinds.length && got.length <= page.limit; k++) {
    const rowsOfKind = await rows(kinds[k], k === start ? page.after?.id : undefined, page.limit + 1 - got.length);
    for (const row of rowsOfKind) got.push({ kind: k, row });
  }
  const more = got.length > page.limit;
  const shown = more ? got.slice(0, page.limit) : got;
  let total = shown.length;
  if (more || page.after !== undefined) {
    total = 0;
    // One kind at a time: the counts are small queries, and the machine is shared.
    for (const kind of kinds) total += await count(kind);
  }
  const last = shown[shown.length - 1];
  return { items: shown.map((g) => g.row), total, nextAfter: more ? { kind: last.kind, id: idOf(last.row) } : null };
}

/** The headers of a page: the total, and the next page's Link when there is one. */
export function kindPageHeaders(path: string, query: Record<string, unknown>, page: Pick<KindPage<unknown>, 'total' | 'nextAfter'>): Record<string, string> {
  const headers: Record<string, string> = { [TOTAL_COUNT_HEADER]: String(page.total) };
  if (page.nextAfter !== null) headers[LINK_HEADER] = linkWithCursor(path, query, encodeKindCursor(page.nextAfter));
  return headers;
}
