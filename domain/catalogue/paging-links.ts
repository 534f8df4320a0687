/**
 * The headers of a paged list's answer and how a caller reads them (domain/catalogue/paging.ts pages; this part has
 * no zod, so the client's first load can follow pages without the schema library).
 */
export const TOTAL_COUNT_HEADER = 'x-total-count';
export const LINK_HEADER = 'link';

/** The URL of the `rel="next"` link of a Link header, or null when there is none. */
export function parseNextLink(header: string | null | undefined): string | null {
  if (!header) return null;
  for (const part of header.split(/,(?=\s*<)/)) {
    const m = /^\s*<([^>]*)>\s*((?:;[^;]*)*)$/.exec(part);
    if (m && /;\s*rel\s*=\s*"?(?:[^";]*\s)?next(?:\s[^";]*)?"?\s*(?:;|$)/i.test(m[2])) return m[1];
  }
  return null;
}

/** The X-Total-Count of a page, or null when absent or not a count. */
export function parseTotalCount(header: string | null | undefined): number | null {
  if (header === null || header === undefined || !/^\d{1,15}$/.test(header.trim())) return null;
  return Number(header.trim());
}
