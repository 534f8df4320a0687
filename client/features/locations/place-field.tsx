import { lazy, Suspense, useId, useState } from 'react';
import { MapPin, MapPinned } from 'lucide-react';
import { Button } from '@client/ui/button';
import { AddressInput } from './address-input';
import { formatPoint } from './delivery-place';
import type { LatLng } from './pin-map';
import { approximateChoice, placeFromPin, placeFromResult, type PlaceValue } from './place-value';

export type { PlaceValue } from './place-value';

// The map (and Leaflet) loads only when someone opens it.
const PinPicker = lazy(() => import('./pin-picker').then((m) => ({ default: m.PinPicker })));

export type PlaceSearchProps = {
  id?: string;
  label: string;
  placeholder?: string;
  value: PlaceValue;
  onChange: (value: PlaceValue) => void;
  /** The best match for typed text that has no place yet (where a map opens), or null. */
  onMatch?: (match: LatLng | null) => void;
  /** A suggestion was chosen (after onChange); `approximate` when the pin should be moved to the exact door. */
  onChosen?: (approximate: boolean) => void;
  required?: boolean;
  invalid?: boolean;
  describedBy?: string;
  className?: string;
};

/**
 * The address box of a place (GET /api/geocode: house numbers and postcodes through the configured geocoder, else
 * the directory's closest places with the server's note to place the pin). Keeps a {@link PlaceValue}.
 */
export function PlaceSearch({ id, label, placeholder, value, onChange, onMatch, onChosen, required, invalid, describedBy, className }: PlaceSearchProps) {
  return (
    <AddressInput
      id={id}
      label={label}
      placeholder={placeholder}
      required={required}
      invalid={invalid}
      describedBy={describedBy}
      className={className}
      value={value.text}
      // Typing again means the chosen place no longer describes the text.
      onValueChange={(text) => onChange({ text, place: null })}
      // While no place is chosen, the best match is where a map opens.
      onAnswer={
        onMatch && !value.place
          ? (answer) => {
              const best = answer.results[0];
              onMatch(best ? { lat: best.lat, lng: best.lng } : null);
            }
          : undefined
      }
      onSelect={(result, typed) => {
        onChange(placeFromResult(typed, result));
        onChosen?.(approximateChoice(typed, result));
      }}
    />
  );
}

export type PlacePinProps = {
  label: string;
  value: PlaceValue;
  onChange: (value: PlaceValue) => void;
  /** Where the map looks while there is no place (the best match of the typed text). */
  focus?: LatLng | null;
  /** Bump to move the view onto the place (a suggestion was chosen). */
  recentre?: number;
  height?: number;
};

/** The place's pin on a map (Leaflet, loaded on first use): dragged, clicked or moved with the arrow keys. */
export function PlacePin({ label, value, onChange, focus, recentre, height = 240 }: PlacePinProps) {
  return (
    <Suspense fallback={<p className="text-sm text-gray-600">Loading the map…</p>}>
      <PinPicker
        label={label}
        value={value.place ? { lat: value.place.lat, lng: value.place.lng } : null}
        focus={focus}
        recentre={recentre}
        height={height}
        onChange={(point) => onChange(placeFromPin(value, point))}
      />
    </Suspense>
  );
}

export type PlaceFieldProps = {
  id: string;
  label: string;
  placeholder?: string;
  /** Shown under the box while nothing is chosen and nothing is wrong. */
  hint?: string;
  value: PlaceValue;
  onChange: (value: PlaceValue) => void;
  error?: string;
  required?: boolean;
};

/**
 * An address with its point, as checkout asks for it: the address box, what was found ('Location found' and the
 * point), and a map to place or move the pin at the exact door. A choice that only approximates the address (a
 * street for a house number, a city for a postcode) opens the map by itself.
 */
export function PlaceField({ id, label, placeholder, hint, value, onChange, error, required }: PlaceFieldProps) {
  const statusId = `${useId()}-status`;
  const [mapOpen, setMapOpen] = useState(false);
  const [match, setMatch] = useState<LatLng | null>(null);
  const [recentre, setRecentre] = useState(0);
  return (
    <div className="grid min-w-0 gap-1.5">
      <PlaceSearch
        id={id}
        label={label}
        placeholder={placeholder}
        required={required}
        invalid={Boolean(error)}
        describedBy={statusId}
        value={value}
        onChange={onChange}
        onMatch={setMatch}
        onChosen={(approximate) => {
          setRecentre((n) => n + 1);
          if (approximate) setMapOpen(true);
        }}
      />
      <div className="flex min-h-5 flex-wrap items-center justify-between gap-x-3 gap-y-1">
        {error ? (
          <p id={statusId} role="alert" className="text-sm text-red-700">
            {error}
          </p>
        ) : value.place ? (
          <p id={statusId} className="flex items-center gap-1 text-xs text-emerald-700">
            <MapPin className="size-3.5" aria-hidden="true" />
            Location found <span className="font-mono tabular-nums text-gray-500">({formatPoint(value.place)})</span>
          </p>
        ) : (
          <p id={statusId} className="text-xs text-gray-500">
            {hint ?? ''}
          </p>
        )}
        <Button type="button" variant="link" size="sm" className="px-0 text-xs" aria-expanded={mapOpen} onClick={() => setMapOpen((open) => !open)}>
          <MapPinned className="size-3.5" aria-hidden="true" />
          {mapOpen ? 'Hide map' : value.place ? 'Adjust the pin' : 'Place the pin on the map'}
          <span className="sr-only"> ({label})</span>
        </Button>
      </div>
      {mapOpen ? <PlacePin label={`Pin for the ${label.toLowerCase()}`} value={value} onChange={onChange} focus={match} recentre={recentre} /> : null}
    </div>
  );
}
