import type { QueryClient } from '@tanstack/react-query';
import { LISTING_KINDS } from '@domain/catalogue/kinds';
import { isLinkKind, LINK_PARAMS, linkedKey } from './listing-link';
import type { SearchKind } from './search-query';
import type { SearchItem } from './use-search';

/** The home-page section anchor of a kind ('food-delivery', 'car-rental'...). */
export function sectionOf(kind: SearchKind): string {
  return LISTING_KINDS[kind].section;
}

/**
 * Where a result opens: its listing in its section, or (flights, taxi rides, shipping rates, whose sections are
 * search forms rather than lists of listings) the section itself.
 */
export function listingHref(item: { kind: SearchKind; id: number; name: string }): string {
  const hash = `#${sectionOf(item.kind)}`;
  if (!isLinkKind(item.kind)) return `/${hash}`;
  const params = new URLSearchParams({ [LINK_PARAMS[item.kind]]: String(item.id), name: item.name });
  return `/?${params.toString()}${hash}`;
}

/** Hands a result to its section before navigating there (no second request for what is already on screen). */
export function rememberListing(queryClient: QueryClient, item: SearchItem): void {
  if (isLinkKind(item.kind)) queryClient.setQueryData(linkedKey(item.kind, item.id), item);
}

