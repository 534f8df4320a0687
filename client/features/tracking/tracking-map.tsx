import { startTransition, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import type { Map as LeafletMap } from 'leaflet';
import { LocateFixed, Route } from 'lucide-react';
import type { TrackingView } from '@domain/catalogue/types';
import { lazyComponent } from '@client/lib/lazy-component';
import { Button } from '@client/ui/button';
import { toast } from '@client/ui/use-toast';
import { initialCentre, routePoints } from './live-tracking';
import type { MapContent } from './map-markers';
import { MapPreview } from './map-preview';
import { OPENING_PADDING, toTuple, type LatLng } from './map-view';
import { useTileState, useTileUrl } from '@client/lib/map-tiles';

/**
 * Leaflet and react-leaflet (about 45 KB gzip) as their own chunk, loaded when the visitor reaches for the map: the
 * pages and dialogs with a map load without it, and a map that is only looked at never needs it.
 */
const leafletMap = lazyComponent(() => import('./leaflet-map').then((m) => m.LeafletTrackingMap));

/** The map's accessible name (the picture's frame, then Leaflet's container). */
const MAP_LABEL = 'Map of the route and the current position';

/** Spec 000 section 9 and spec 002 section 9: the tracking map opens at zoom 14; "Centre on me" uses 15. */
export const TRACKING_ZOOM = 14;
export const CENTRE_ON_ME_ZOOM = 15;
/** Fitting a route of a few metres must not zoom in to an empty square past street level. */
const FIT_MAX_ZOOM = 16;

/** Within about a metre: the server copies the pickup into currentLocation while an order waits for a driver. */
const samePlace = (a: LatLng, b: LatLng) => Math.abs(a.lat - b.lat) < 1e-5 && Math.abs(a.lng - b.lng) < 1e-5;

export type TrackingMapProps = {
  tracking: TrackingView;
  /** 400 px on the tracking page, 300 px in the dialog (spec 000 section 9). */
  height?: number;
  zoom?: number;
};

/**
 * The live map of a tracking record: pickup, destination, the driver moving with each update and the path driven
 * so far. It is a picture first (map-preview.tsx: tiles, route and markers, following the updates); Leaflet takes over
 * when the visitor reaches for the map (a pointer over it or on it, focus, either button), so a page that is only
 * looked at never runs it. Without map tiles (offline, blocked, provider down) it keeps the markers and the route on
 * a plain background instead of a grid of broken images.
 */
export function TrackingMap({ tracking, height = 400, zoom = TRACKING_ZOOM }: TrackingMapProps) {
  const [map, setMap] = useState<LeafletMap | null>(null);
  const [wantLeaflet, setWantLeaflet] = useState(leafletMap.loaded);
  const reach = () => {
    if (!wantLeaflet) startTransition(() => setWantLeaflet(true));
  };
  // When none of the picture's tiles loaded, the map shows its route-only view, and Leaflet (if it comes) does not ask
  // for the same failing tiles again.
  const pictureSettled = ({ anyLoaded }: { anyLoaded: boolean }) => {
    if (!anyLoaded) setTiles('failed');
  };
  const tileUrl = useTileUrl();
  const anyTileLoaded = useRef(false);
  // Asks for the tiles again when the browser comes back online, so a failed map can recover without a reload.
  const { tiles, setTiles, tileAttempt } = useTileState(() => {
    anyTileLoaded.current = false;
  });
  const [me, setMe] = useState<LatLng | null>(null);
  const [locating, setLocating] = useState(false);
  // The map opens on everything there is to see (pickup, destination, driver) but never closer than the spec's
  // zoom; later updates move the markers, not the view, so a person panning around is not yanked back.
  const [opening] = useState(() => {
    const points = routePoints(tracking);
    return points.length > 0 ? points : [initialCentre(tracking)];
  });
  // The picture stays under Leaflet until Leaflet has drawn all of its first tiles (or, without tiles, is ready).
  const [previewShown, setPreviewShown] = useState(true);
  const frame = useRef<HTMLDivElement>(null);
  // Leaflet's container has become the map's region (and has the focus, if the frame had it).
  const [handedOver, setHandedOver] = useState(false);
  // What a button asked of the map before Leaflet was there, done once it is. The map as of now (a location may
  // arrive after Leaflet has, and a render's `map` would be stale by then).
  const pending = useRef<((map: LeafletMap) => void) | null>(null);
  const mapNow = useRef<LeafletMap | null>(null);
  const withMap = (action: (map: LeafletMap) => void) => {
    if (mapNow.current) action(mapNow.current);
    else {
      pending.current = action;
      reach();
    }
  };

  // Leaflet measures its container once; a dialog's opening animation or a layout change would leave grey strips.
  useEffect(() => {
    if (!map) return;
    const observer = new ResizeObserver(() => map.invalidateSize());
    observer.observe(map.getContainer());
    return () => observer.disconnect();
  }, [map]);

  // The container is keyboard-focusable (arrow keys pan, +/- zoom); give it a name and a role. MapContainer does
  // not forward DOM attributes, so they are set on Leaflet's element. Focus on the picture moves to it, and what a
  // button asked for is done.
  useEffect(() => {
    mapNow.current = map;
    if (!map) return;
    const container = map.getContainer();
    container.setAttribute('role', 'region');
    container.setAttribute('aria-label', MAP_LABEL);
    // The frame stays focusable until here: had it stopped being so first, the browser would have dropped the focus.
    if (frame.current && document.activeElement === frame.current) container.focus();
    setHandedOver(true);
    pending.current?.(map);
    pending.current = null;
  }, [map]);

  // Without tiles Leaflet draws the route on the plain ground at once: the picture can go.
  useEffect(() => {
    if (map && tiles === 'failed') setPreviewShown(false);
  }, [map, tiles]);

  const tileEvents = useMemo(
    () => ({
      tileload: () => {
        anyTileLoaded.current = true;
        setTiles('ok');
      },
      load: () => setPreviewShown(false),
      // One failed tile among loaded ones is hidden by Leaflet's CSS already; only a layer that never loaded
      // anything is replaced by the plain background.
      tileerror: () => {
        if (!anyTileLoaded.current) setTiles('failed');
      },
    }),
    [setTiles],
  );

  const fitToRoute = () => {
    withMap((m) => {
      const points = routePoints(tracking);
      if (points.length === 0) return;
      if (points.length === 1) m.setView(toTuple(points[0]), zoom);
      else m.fitBounds(points.map(toTuple), { padding: [OPENING_PADDING, OPENING_PADDING], maxZoom: FIT_MAX_ZOOM });
    });
  };

  const centreOnMe = () => {
    if (!('geolocation' in navigator)) {
      toast({ title: 'Location unavailable', description: 'This browser cannot share your location.', variant: 'destructive' });
      return;
    }
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating(false);
        const here = { lat: position.coords.latitude, lng: position.coords.longitude };
        setMe(here);
        withMap((m) => m.setView(toTuple(here), CENTRE_ON_ME_ZOOM));
      },
      (error) => {
        setLocating(false);
        toast({
          title: 'Location unavailable',
          description:
            error.code === error.PERMISSION_DENIED
              ? 'Location access was denied. Allow it in your browser settings to centre the map on you.'
              : 'We could not find your location. Please try again.',
          variant: 'destructive',
        });
      },
      { enableHighAccuracy: false, timeout: 10_000, maximumAge: 60_000 },
    );
  };

  const route = tracking.route;
  const destination = route?.destination ?? tracking.destination;
  const path = route?.path ?? [];
  // currentLocation is the driver's once one is assigned. Before that it is where the order waits (the pickup, which
  // has its own marker), and a carrier's parcel reports its last scan instead.
  const current = tracking.currentLocation;
  const hasDriver = tracking.driver !== null && tracking.driver !== undefined;
  const showCurrent = current !== null && current !== undefined && (hasDriver || !route || !samePlace(current, route.pickup));
  const currentLabel = hasDriver ? 'Driver' : 'Current location';
  const content: MapContent = {
    plannedLeg: route ? [route.pickup, route.destination] : null,
    path,
    pickup: route ? route.pickup : null,
    destination,
    current: showCurrent ? { at: current, driver: hasDriver } : null,
    me,
  };

  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" size="sm" onClick={fitToRoute}>
          <Route className="size-4" aria-hidden="true" />
          Fit to route
        </Button>
        <Button type="button" variant="outline" size="sm" onClick={centreOnMe} disabled={locating}>
          <LocateFixed className="size-4" aria-hidden="true" />
          {locating ? 'Locating...' : 'Centre on me'}
        </Button>
      </div>
      {/* `isolate` keeps Leaflet's z-indexed panes (up to 1000) from painting over the sticky header and dialogs. Until
          Leaflet is there, the frame is the map's named, focusable region; reaching for it brings Leaflet. */}
      <div
        ref={frame}
        className="relative isolate overflow-hidden rounded-lg border border-gray-200 bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600"
        style={{ height }}
        role={handedOver ? undefined : 'region'}
        aria-label={handedOver ? undefined : MAP_LABEL}
        tabIndex={handedOver ? undefined : 0}
        onPointerEnter={reach}
        onPointerDown={reach}
        onFocus={reach}
        data-map-frame={handedOver ? 'leaflet' : 'picture'}>
        {previewShown ? (
          <MapPreview
            key={tileAttempt}
            points={opening}
            maxZoom={zoom}
            template={tiles !== 'failed' ? tileUrl : undefined}
            // The frame's 1 px border is inside its height.
            height={height - 2}
            content={content}
            onSettled={pictureSettled}
          />
        ) : null}
        {wantLeaflet ? (
          <Suspense fallback={null}>
            <leafletMap.Component
              opening={opening}
              maxZoom={zoom}
              tileUrl={tiles !== 'failed' ? tileUrl : undefined}
              tileAttempt={tileAttempt}
              tileEvents={tileEvents}
              transparent={previewShown}
              onMap={setMap}
              {...content}
            />
          </Suspense>
        ) : null}
        {tiles === 'failed' ? (
          <p role="status" className="pointer-events-none absolute bottom-2 left-2 z-[1000] rounded-md bg-white/90 px-2 py-1 text-xs text-gray-700 shadow-sm">
            Map tiles unavailable — showing the route only
          </p>
        ) : null}
      </div>
      <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-gray-600" aria-label="Map legend">
        {route ? (
          <li className="inline-flex items-center gap-1">
            <span className="size-2.5 rounded-full bg-emerald-600" aria-hidden="true" />
            Pickup
          </li>
        ) : null}
        <li className="inline-flex items-center gap-1">
          <span className="size-2.5 rounded-full bg-red-600" aria-hidden="true" />
          Destination
        </li>
        {showCurrent ? (
          <li className="inline-flex items-center gap-1">
            <span className="size-2.5 rounded-full bg-indigo-700" aria-hidden="true" />
            {currentLabel}
          </li>
        ) : null}
      </ul>
    </div>
  );
}
