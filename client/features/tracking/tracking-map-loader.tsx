import { lazy, type ComponentProps } from 'react';
import type { TrackingMap as TrackingMapComponent } from './tracking-map';

// Leaflet is large and only needed once a record is on screen; the cart's dialog and the taxi panel load without it.
let loaded: typeof TrackingMapComponent | undefined;
let loading: Promise<typeof TrackingMapComponent> | undefined;

/** Fetches the map's code (Leaflet); the route's prefetch calls it before the page renders. */
export function loadTrackingMap(): Promise<typeof TrackingMapComponent> {
  loading ??= import('./tracking-map').then(
    (m) => (loaded = m.TrackingMap),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

const LazyTrackingMap = lazy(() => loadTrackingMap().then((component) => ({ default: component })));

/** The tracking map: rendered at once if its code is here (no placeholder for a frame), else loaded (Suspense). */
export function TrackingMap(props: ComponentProps<typeof TrackingMapComponent>) {
  const Loaded = loaded;
  return Loaded ? <Loaded {...props} /> : <LazyTrackingMap {...props} />;
}
