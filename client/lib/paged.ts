import { LINK_HEADER, TOTAL_COUNT_HEADER, parseNextLink, parseTotalCount } from '@domain/catalogue/paging-links';
import { apiRequest } from './api';

/**
 * One page of a paged list route (issue 29: the catalogue lists and the admin tables answer an array one page at a
 * time): its rows, how many rows match in all (X-Total-Count) and the URL of the next page (Link rel="next"; null on
 * the last page).
 */
export type FetchedPage<T> = { items: T[]; total: number | null; next: string | null };

export async function fetchPage<T>(url: string): Promise<FetchedPage<T>> {
  const res = await apiRequest('GET', url);
  const items = (await res.json()) as T[];
  return { items, total: parseTotalCount(res.headers.get(TOTAL_COUNT_HEADER)), next: parseNextLink(res.headers.get(LINK_HEADER)) };
}

/**
 * Rows of a paged list, following its next links until `enough` says so, the list ends, or `maxPages` pages were
 * read (a bound, so a caller that filters rows itself never walks a whole catalogue).
 */
export async function collectPages<T>(url: string, enough: (items: T[]) => boolean, maxPages = 5): Promise<T[]> {
  const items: T[] = [];
  let next: string | null = url;
  for (let page = 0; next && page < maxPages; page++) {
    const got: FetchedPage<T> = await fetchPage<T>(next);
    items.push(...got.items);
    if (enough(items)) break;
    next = got.next;
  }
  return items;
}
