import { lazy, Suspense, useEffect, useId, useState } from 'react';
import { CheckCircle2, LocateFixed, MapPinned, X } from 'lucide-react';
import { Button } from '@client/ui/button';
import { AddressInput } from './address-input';
import { addressAfterChoice, formatPoint, setDeliveryPlace, useDeliveryPlace, type DeliveryPlace } from './delivery-place';
import { locateDevice } from './device-location';

// The map (and Leaflet) loads only when the customer asks to place a pin: the food section is on the first screen.
const PinPicker = lazy(() => import('./pin-picker').then((m) => ({ default: m.PinPicker })));

export type DeliveryPlaceBoxProps = {
  label?: string;
  placeholder?: string;
  /** The text in the address box (kept by the caller: typed text without a chosen place still goes with an order). */
  text: string;
  onTextChange: (text: string) => void;
};

/**
 * Where the customer wants things delivered: type the address and pick a suggestion (house numbers and postcodes
 * work through the address search), use the browser's location, or place a pin on the map. The choice is the
 * delivery place store's (delivery-place.ts), which sorts restaurants by distance and travels into checkout.
 */
export function DeliveryPlaceBox({ label = 'Delivery address', placeholder = 'Street address, postcode or place', text, onTextChange }: DeliveryPlaceBoxProps) {
  const place = useDeliveryPlace();
  const id = useId();
  const summaryId = `${id}-summary`;
  const [mapOpen, setMapOpen] = useState(false);
  const [locating, setLocating] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [match, setMatch] = useState<{ lat: number; lng: number } | null>(null);
  const [recentre, setRecentre] = useState(0);

  // A place chosen earlier (this visit or the last) fills the empty box.
  useEffect(() => {
    if (place && text === '') onTextChange(place.address);
    // Only when the stored place changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [place?.address]);

  const choose = (next: DeliveryPlace) => {
    setProblem(null);
    setDeliveryPlace(next);
    onTextChange(next.address);
  };

  const locateMe = async () => {
    setProblem(null);
    setLocating(true);
    const found = await locateDevice();
    setLocating(false);
    if (!found.ok) {
      setProblem(found.message);
      return;
    }
    const typed = text.trim();
    choose({ address: typed && place?.address !== typed ? typed : `My location (${formatPoint(found.point)})`, ...found.point, source: 'device' });
    setRecentre((n) => n + 1);
  };

  return (
    <div className="grid min-w-0 gap-2">
      <AddressInput
        label={label}
        placeholder={placeholder}
        value={text}
        describedBy={summaryId}
        onValueChange={(value) => {
          onTextChange(value);
          // Typing again means the chosen place no longer describes the text.
          if (place && value.trim() !== place.address) setDeliveryPlace(null);
        }}
        // While no place is chosen, the best match is where the map opens (a chosen place is not searched again).
        onAnswer={
          place
            ? undefined
            : (answer) => {
                const best = answer.results[0];
                setMatch(best ? { lat: best.lat, lng: best.lng } : null);
              }
        }
        onSelect={(result, typed) => {
          choose({ address: addressAfterChoice(typed, result), lat: result.lat, lng: result.lng, source: result.source });
          setRecentre((n) => n + 1);
        }}
      />
      <div id={summaryId} className="flex min-h-5 flex-wrap items-center gap-x-2 gap-y-1 text-xs" aria-live="polite">
        {place ? (
          <>
            <span className="flex items-center gap-1 text-emerald-700">
              <CheckCircle2 className="size-3.5" aria-hidden="true" />
              Delivering to {place.address}
            </span>
            <span className="font-mono tabular-nums text-gray-500">({formatPoint(place)})</span>
            <button
              type="button"
              className="inline-flex items-center gap-0.5 rounded text-gray-600 underline hover:text-gray-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
              onClick={() => {
                setDeliveryPlace(null);
                onTextChange('');
              }}
            >
              <X className="size-3" aria-hidden="true" />
              Clear
            </button>
          </>
        ) : (
          <span className="text-gray-500">Pick a suggestion, use your location or place a pin to see restaurants by distance.</span>
        )}
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" size="sm" onClick={() => void locateMe()} disabled={locating}>
          <LocateFixed className="size-4" aria-hidden="true" />
          {locating ? 'Finding you…' : 'Use my location'}
        </Button>
        <Button type="button" variant="outline" size="sm" aria-expanded={mapOpen} onClick={() => setMapOpen((open) => !open)}>
          <MapPinned className="size-4" aria-hidden="true" />
          {mapOpen ? 'Hide map' : 'Place a pin on the map'}
        </Button>
      </div>
      {problem ? (
        <p role="alert" className="text-sm text-red-700">
          {problem}
        </p>
      ) : null}
      {mapOpen ? (
        <Suspense fallback={<p className="text-sm text-gray-600">Loading the map…</p>}>
          <PinPicker
            label="Delivery pin"
            value={place ? { lat: place.lat, lng: place.lng } : null}
            focus={match}
            recentre={recentre}
            height={240}
            onChange={(point) => {
              const typed = text.trim();
              choose({ address: typed || place?.address || `Pinned location (${formatPoint(point)})`, ...point, source: 'pin' });
            }}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
