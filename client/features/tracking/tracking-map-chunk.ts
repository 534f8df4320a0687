import { lazyComponent } from '@client/lib/lazy-component';

/**
 * The tracking map (Leaflet) as its own chunk: Leaflet is large and only needed once a record is on screen, so the
 * cart's dialog and the taxi panel load without it. /track/{id}'s prefetch loads it ahead (prefetch-tracking.ts).
 */
export const trackingMap = lazyComponent(() => import('./tracking-map').then((m) => m.TrackingMap));
