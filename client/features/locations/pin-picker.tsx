import { lazy, Suspense, useEffect, useId, useState, type ComponentType } from 'react';
import { LocateFixed, MapPinned } from 'lucide-react';
import { cn } from '@client/lib/cn';
import { Button } from '@client/ui/button';
import { formatPoint } from './delivery-place';
import { locateDevice } from './device-location';
import type { LatLng, PinHow, PinMapProps } from './pin-map';
import { useTileState, useTileUrl } from '@client/lib/map-tiles';

export type { LatLng, PinHow } from './pin-map';

/** A view of the whole world, for a map with no pin and no address yet. */
export const WORLD_VIEW = { centre: { lat: 30, lng: 0 }, zoom: 2 };
/** How close the map opens on a pin or a found address. */
export const PIN_ZOOM = 15;

function MapUnavailable() {
  return (
    <p className="grid size-full place-items-center p-4 text-center text-sm text-gray-600">
      The map could not load. Check your connection and reload the page to place the pin.
    </p>
  );
}

// Leaflet (about 45 KB gzip) comes with the map, only on the screens that show one.
const PinMap = lazy(() =>
  import('./pin-map').then(
    (m) => ({ default: m.PinMap }),
    () => ({ default: MapUnavailable as ComponentType<PinMapProps> }),
  ),
);

export type PinPickerProps = {
  /** The group's heading, e.g. 'Pin on the map'. */
  label: string;
  value: LatLng | null;
  onChange: (point: LatLng, how: PinHow | 'device') => void;
  /** Where the map looks before there is a pin (e.g. the best match for the address), else the whole world. */
  focus?: LatLng | null;
  /** Bump to move the view onto `value` (an address was found or chosen): the person's own moves never move the view. */
  recentre?: number;
  error?: string;
  /** Offer the browser's location ('Use my location'). */
  deviceLocation?: boolean;
  height?: number;
  className?: string;
};

/**
 * A map with one pin: it starts where the address search's best match is, and the person moves it to the exact
 * door by dragging it, clicking the map, or focusing it and using the arrow keys (Shift for bigger steps). The
 * coordinates are always shown as text. Without map tiles (offline, blocked; the tests have no internet) the map is
 * a plain ground and the pin works the same. Optionally the browser's location places it.
 */
export function PinPicker({ label, value, onChange, focus, recentre = 0, error, deviceLocation, height = 260, className }: PinPickerProps) {
  const id = useId();
  const headingId = `${id}-heading`;
  const coordsId = `${id}-coords`;
  const helpId = `${id}-help`;
  const errorId = `${id}-error`;
  const tileUrl = useTileUrl();
  const { tiles, setTiles, tileAttempt } = useTileState();
  const [locating, setLocating] = useState(false);
  const [locationError, setLocationError] = useState<string | null>(null);
  const [view, setView] = useState(() => {
    const at = value ?? focus;
    return { centre: at ?? WORLD_VIEW.centre, zoom: at ? PIN_ZOOM : WORLD_VIEW.zoom, key: 0 };
  });

  // A found or chosen address moves the view onto the pin (or onto the match when the pin is not placed yet).
  useEffect(() => {
    if (recentre === 0) return;
    const at = value ?? focus;
    if (at) setView((v) => ({ centre: at, zoom: PIN_ZOOM, key: v.key + 1 }));
    // Only a new recentre request moves the view.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [recentre]);

  const locateMe = async () => {
    setLocationError(null);
    setLocating(true);
    const found = await locateDevice();
    setLocating(false);
    if (!found.ok) {
      setLocationError(found.message);
      return;
    }
    onChange(found.point, 'device');
    setView((v) => ({ centre: found.point, zoom: PIN_ZOOM, key: v.key + 1 }));
  };

  return (
    <div role="group" aria-labelledby={headingId} className={cn('grid min-w-0 gap-2', className)}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p id={headingId} className="flex items-center gap-1.5 text-sm font-medium text-gray-800">
          <MapPinned className="size-4 text-brand-700" aria-hidden="true" />
          {label}
        </p>
        {deviceLocation ? (
          <Button type="button" variant="outline" size="sm" onClick={() => void locateMe()} disabled={locating}>
            <LocateFixed className="size-4" aria-hidden="true" />
            {locating ? 'Finding you…' : 'Use my location'}
          </Button>
        ) : null}
      </div>
      <div
        className={cn('relative overflow-hidden rounded-lg border bg-slate-100', error ? 'border-red-500' : 'border-gray-200')}
        style={{ height }}
        data-tiles={tiles}
      >
        <Suspense fallback={<p className="grid size-full place-items-center text-sm text-gray-600">Loading the map…</p>}>
          <PinMap
            value={value}
            view={view}
            tileUrl={tiles === 'failed' ? undefined : tileUrl}
            tileAttempt={tileAttempt}
            onTiles={setTiles}
            onPick={(point, how) => onChange(point, how)}
            mapLabel={`${label}: map`}
            pinLabel="Map pin"
            pinDescribedBy={`${coordsId} ${helpId}`}
          />
        </Suspense>
      </div>
      <p id={coordsId} className="text-sm text-gray-800" aria-live="polite">
        {value ? (
          <>
            Pin at <span className="font-mono tabular-nums">{formatPoint(value)}</span>
          </>
        ) : (
          'No pin yet: type the address above, or click the map where the place is.'
        )}
      </p>
      <p id={helpId} className="text-xs text-gray-500">
        Drag the pin or click the map to move it. With the keyboard, focus the pin (Tab) and use the arrow keys; hold Shift for bigger steps.
        {tiles === 'failed' ? ' The map pictures could not load, but the pin still works.' : ''}
      </p>
      {locationError ? (
        <p role="alert" className="text-sm text-red-700">
          {locationError}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
