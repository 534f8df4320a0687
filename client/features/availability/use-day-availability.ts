import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { DayAvailability, DayKind } from '@domain/availability/schemas';

/** Availability changes as others book: asked again when a screen opens after this long. */
const AVAILABILITY_STALE_MS = 15_000;

/** The URL of a listing's free units per day (GET /api/availability/:kind/:id?from&to, both days included). */
export function dayAvailabilityUrl(kind: DayKind, id: number, from: string, to: string): string {
  return `/api/availability/${kind}/${id}?from=${from}&to=${to}`;
}

/** A listing's free units per day over `window` (null: not asked yet). */
export function useDayAvailability(kind: DayKind, id: number, window: { from: string; to: string } | null) {
  const url = window ? dayAvailabilityUrl(kind, id, window.from, window.to) : null;
  return useQuery<DayAvailability>({ queryKey: [url ?? ''], enabled: url !== null, staleTime: AVAILABILITY_STALE_MS });
}

/** The search each kind's listings come from. */
const SEARCH_PATHS: Record<DayKind, string> = { hotels: '/api/hotels', cars: '/api/cars', properties: '/api/properties', flights: '/api/flights' };
/** The kind of the catalogue search (client/features/search/use-search.ts, keys ['search', query]) each kind's sections ask. */
const SEARCH_KINDS: Record<DayKind, string> = { hotels: 'hotel', cars: 'car', properties: 'property', flights: 'flight' };

/**
 * After a booking (or a refusal) of a listing of `kind`: its availability and the searches with dates are asked
 * again, so units left and greyed days show what the server now knows.
 */
export function invalidateAvailability(queryClient: QueryClient, kind: DayKind): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: (query) => {
      const [key, search] = query.queryKey;
      if (key === 'search' && typeof search === 'string') return new URLSearchParams(search).get('kind') === SEARCH_KINDS[kind];
      return typeof key === 'string' && (key.startsWith(`/api/availability/${kind}/`) || key.startsWith(`${SEARCH_PATHS[kind]}?`));
    },
  });
}
