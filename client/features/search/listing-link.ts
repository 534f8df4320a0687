import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { SearchKind } from './search-query';
import { searchQueryString } from './search-query';
import { fetchSearchPage, type SearchItem } from './use-search';

/**
 * Links to one listing in its home-page section, e.g. `/?restaurant=4&name=Via%20Roma%20Pizzeria#food-delivery`: the
 * page scrolls to the section (its anchor), and the section shows that listing first and opens it as a customer
 * would (a restaurant's menu, a hotel's or property's details; a car or a service is the card to book). A search
 * result is handed over through the query cache; a link opened cold (shared, reloaded) finds the listing by its name.
 */
export const LINK_PARAMS = {
  restaurant: 'restaurant',
  hotel: 'hotel',
  property: 'property',
  car: 'car',
  'general-service': 'service',
} as const satisfies Partial<Record<SearchKind, string>>;
export type LinkKind = keyof typeof LINK_PARAMS;

export function isLinkKind(kind: string): kind is LinkKind {
  return kind in LINK_PARAMS;
}

/** The cache entry that carries a listing from a search result to its section. */
export const linkedKey = (kind: LinkKind, id: number) => ['linked-listing', kind, id] as const;

/** The listing a URL links to for this kind: `{id, name}`, or null. */
export function readListingLink(search: string, kind: LinkKind): { id: number; name: string } | null {
  const params = new URLSearchParams(search);
  const raw = params.get(LINK_PARAMS[kind]);
  if (!raw || !/^[1-9]\d{0,9}$/.test(raw)) return null;
  return { id: Number(raw), name: (params.get('name') ?? '').trim() };
}

/**
 * The listing the page's URL links to in this section, once found (null until then, or when it is not there any
 * more). Read after the first render, so a prerendered page hydrates as it was built. `dismiss` forgets it (the
 * customer closed it); the same link followed again brings it back.
 */
export function useLinkedListing<T>(kind: LinkKind): { listing: T | null; dismiss: () => void } {
  const { search, key } = useLocation();
  const [wanted, setWanted] = useState<{ id: number; name: string } | null>(null);
  useEffect(() => {
    setWanted(readListingLink(search, kind));
  }, [search, key, kind]);
  const found = useQuery<SearchItem | null>({
    queryKey: linkedKey(kind, wanted?.id ?? 0),
    enabled: wanted !== null,
    queryFn: async ({ signal }) => {
      if (!wanted?.name) return null;
      // A name finds the listing among the first results of its kind (exact names rank first).
      const page = await fetchSearchPage(searchQueryString({ kind, q: wanted.name }), null, signal);
      return page.items.find((i) => i.id === wanted.id) ?? null;
    },
  });
  return { listing: wanted ? ((found.data as T | null | undefined) ?? null) : null, dismiss: () => setWanted(null) };
}
