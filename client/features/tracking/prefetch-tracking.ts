import { apiQuery } from '@client/lib/api';
import { queryClient } from '@client/lib/query-client';
import { trackingQuery } from './use-live-tracking';

/**
 * Started by the /track/:id route as soon as it matches, alongside the page's own code: the tracking record and the
 * map's tile template are fetched at once rather than one after the other once the page has rendered, so the page
 * renders once, with the map's first picture. Settles when both have (a failure is the page's to report: it asks
 * again). Leaflet's code is not among them: it loads when the visitor reaches for the map (tracking-map.tsx).
 */
export async function prefetchTracking(idOrNumber: string): Promise<void> {
  await Promise.all([
    queryClient.prefetchQuery(trackingQuery(idOrNumber)),
    // The map's tile template: the tiles wait for it.
    queryClient.prefetchQuery({ ...apiQuery('/api/config'), staleTime: Infinity }),
  ]);
}
