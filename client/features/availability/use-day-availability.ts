import { partialMatchKey, useQuery, type QueryClient } from '@tanstack/react-query';
import type { AvailabilityKind, DayAvailability, DayKind, Opening, SlotAvailability } from '@domain/availability/schemas';
import { apiKey, apiQuery, collectionListPath, type ApiResult } from '@client/lib/api';

/** Availability changes as others book: asked again when a screen opens after this long. */
const AVAILABILITY_STALE_MS = 15_000;

/** What GET /api/availability/{kind}/{id} answers for each kind. */
export type AvailabilityOf<K extends AvailabilityKind> = K extends DayKind ? DayAvailability : K extends 'general-services' ? SlotAvailability : Opening;

/**
 * A listing's availability (GET /api/availability/{kind}/{id}?from&to, both days included; a restaurant's opening
 * needs no days): free units per day, a service's free slots or a restaurant's opening, by `kind`.
 */
export function availabilityQuery<K extends AvailabilityKind>(kind: K, id: number, range?: { from: string; to: string }) {
  return {
    ...apiQuery('/api/availability/{kind}/{id}', { path: { kind, id }, query: range }),
    // The API document gives the route one answer for every :kind (the union of the three); which one comes is
    // decided by the path, which the document cannot say.
    select: (answer: ApiResult<'/api/availability/{kind}/{id}'>) => answer as AvailabilityOf<K>,
  };
}

/** The key prefix of every availability query of a kind (or of one listing of it), whatever the days. */
export function availabilityKey(kind: AvailabilityKind, id?: number) {
  return apiKey('/api/availability/{kind}/{id}', { path: id === undefined ? { kind } : { kind, id } });
}

/** A listing's free units per day over `window` (null: not asked yet). */
export function useDayAvailability(kind: DayKind, id: number, window: { from: string; to: string } | null) {
  return useQuery({ ...availabilityQuery(kind, id, window ?? undefined), enabled: window !== null, staleTime: AVAILABILITY_STALE_MS });
}

/** The kind of the catalogue search (client/features/search/use-search.ts, keys ['search', query]) each kind's sections ask. */
const SEARCH_KINDS: Record<DayKind, string> = { hotels: 'hotel', cars: 'car', properties: 'property', flights: 'flight' };

/**
 * After a booking (or a refusal) of a listing of `kind`: its availability and the lists of that kind (searches with
 * dates among them) are asked again, so units left and greyed days show what the server now knows.
 */
export function invalidateAvailability(queryClient: QueryClient, kind: DayKind): Promise<void> {
  const availability = availabilityKey(kind);
  // The kinds are named as their collections: 'hotels' lists at /api/hotels.
  const list = collectionListPath(kind);
  return queryClient.invalidateQueries({
    predicate: (query) => {
      const [key, search] = query.queryKey;
      if (key === 'search' && typeof search === 'string') return new URLSearchParams(search).get('kind') === SEARCH_KINDS[kind];
      return key === list || partialMatchKey(query.queryKey, availability);
    },
  });
}
