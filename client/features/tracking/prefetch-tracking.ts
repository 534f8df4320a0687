import type { TrackingView } from '@domain/catalogue/types';
import { getQueryFn } from '@client/lib/api';
import { queryClient } from '@client/lib/query-client';
import { trackingMap } from './tracking-map-chunk';
import { trackingQueryKey } from './use-live-tracking';

/**
 * Started by the /track/:id route as soon as it matches, alongside the page's own code: the tracking record, the
 * map's code (Leaflet) and its tile template are fetched at once rather than one after the other once the page has
 * rendered. Settles when all three have (a failure is the page's to report: it asks again).
 */
export async function prefetchTracking(idOrNumber: string): Promise<void> {
  await Promise.all([
    queryClient.prefetchQuery<TrackingView | null>({ queryKey: trackingQueryKey(idOrNumber), queryFn: getQueryFn<TrackingView>({ on401: 'throw' }) }),
    // The map's tile template: the tiles wait for it.
    queryClient.prefetchQuery({ queryKey: ['/api/config'], staleTime: Infinity }),
    trackingMap.load().catch(() => undefined),
  ]);
}
