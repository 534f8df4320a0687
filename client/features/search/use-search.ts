import { useMemo } from 'react';
import { keepPreviousData, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import type { FacetCount, SearchItem, SearchResult } from '@domain/search/schemas';
import { apiGet } from '@client/lib/api';
import { SEARCH_PAGE_SIZE, searchPageParams } from './search-query';

export type { FacetCount, SearchItem, SearchResult };

/** One page of a search, with the session cookie; a non-2xx answer throws ApiError as every other call does. */
export function fetchSearchPage(query: string, cursor: string | null, signal?: AbortSignal, limit = SEARCH_PAGE_SIZE): Promise<SearchResult> {
  return apiGet('/api/search', { params: searchPageParams(query, cursor, limit), signal });
}

/** The cache key of a search (its canonical query string, see searchQueryString). */
export const searchKey = (query: string) => ['search', query] as const;

/** A result's identity across kinds ('restaurant:4'). */
export const resultKey = (item: { kind: string; id: number }) => `${item.kind}:${item.id}`;

/**
 * A search, 20 results a page: `items` are the pages so far (a listing that moved between pages while the data changed
 * is shown once), `total` every match, `facets` the counts of the first page's answer. With `keepPrevious`, the last
 * results stay on screen (`isPlaceholderData`) while a changed search loads, instead of skeletons on every keystroke.
 * `query` null: nothing is asked yet.
 */
export function useSearch(query: string | null, options: { staleTime?: number; keepPrevious?: boolean } = {}) {
  const result = useInfiniteQuery<SearchResult, Error, InfiniteData<SearchResult, string | null>, readonly unknown[], string | null>({
    queryKey: searchKey(query ?? ''),
    enabled: query !== null,
    initialPageParam: null,
    queryFn: ({ pageParam, signal }) => fetchSearchPage(query ?? '', pageParam, signal),
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: options.keepPrevious === false ? undefined : keepPreviousData,
    ...(options.staleTime !== undefined ? { staleTime: options.staleTime } : {}),
  });
  const pages = result.data?.pages;
  const items = useMemo(() => {
    const seen = new Set<string>();
    const out: SearchItem[] = [];
    for (const page of pages ?? []) {
      for (const item of page.items) {
        const key = resultKey(item);
        if (seen.has(key)) continue;
        seen.add(key);
        out.push(item);
      }
    }
    return out;
  }, [pages]);
  const first = pages?.[0];
  return {
    ...result,
    items,
    total: first?.total ?? 0,
    /** The total and the counts are estimates (a very broad search, ADR 031): shown as "about". */
    estimated: first?.estimated === true,
    facets: first?.facets ?? {},
  };
}

export type SearchQueryResult = ReturnType<typeof useSearch>;

/** A facet's counts by value ('Italian' -> 3), empty when the answer has no such facet. */
export function facetCounts(facets: Record<string, FacetCount[]> | undefined, name: string): Map<string, number> {
  return new Map((facets?.[name] ?? []).map((f) => [f.value, f.count]));
}
