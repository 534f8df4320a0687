import { useEffect, useId, useRef, useState } from 'react';
import { useController, useWatch, type Control } from 'react-hook-form';
import { AddressInput } from '@client/features/locations/address-input';
import { addressAfterChoice } from '@client/features/locations/delivery-place';
import { PinPicker, type LatLng } from '@client/features/locations/pin-picker';
import type { FieldValues } from './form-fields';

type PlaceFieldProps = {
  control: Control<FieldValues, unknown, FieldValues>;
  /** The address field ('location'); the pin is `lat` and `lng` beside it. */
  name: string;
  label: string;
  placeholder?: string;
  hint?: string;
  required?: boolean;
};

const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/**
 * A place's address and its pin (issue 26): the address box searches GET /api/geocode, the pin starts at the best
 * match for what is typed (with the form's country) and follows it until the person moves the pin themselves; then it
 * stays where they put it. Choosing a suggestion puts the pin there. The form sends `lat` and `lng` with the address;
 * without them the schema's 'Please place the pin…' shows under the map.
 */
export function PlaceField({ control, name, label, placeholder, hint, required }: PlaceFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const address = useController({ control, name });
  const lat = useController({ control, name: 'lat' });
  const lng = useController({ control, name: 'lng' });
  const country = useWatch({ control, name: 'country' }) as string | undefined;
  const pin: LatLng | null = isNumber(lat.field.value) && isNumber(lng.field.value) ? { lat: lat.field.value, lng: lng.field.value } : null;
  // The pin follows the best match until the person places it by hand.
  const follow = useRef(true);
  const [recentre, setRecentre] = useState(0);
  const [note, setNote] = useState<string | null>(null);
  const [match, setMatch] = useState<LatLng | null>(null);

  // A cleared form (after a successful registration) starts following again.
  const pinned = pin !== null;
  useEffect(() => {
    if (!pinned) follow.current = true;
  }, [pinned]);

  const text = typeof address.field.value === 'string' ? address.field.value : '';
  const withCountry = country && text.trim() && !text.toLowerCase().includes(country.toLowerCase()) ? `${text}, ${country}` : text;

  const place = (point: LatLng) => {
    lat.field.onChange(point.lat);
    lng.field.onChange(point.lng);
  };

  const addressError = address.fieldState.error?.message;
  const pinError = lat.fieldState.error?.message ?? lng.fieldState.error?.message;

  return (
    <div className="grid gap-4 sm:col-span-2">
      <div className="grid gap-1.5">
        <AddressInput
          id={`${id}-address`}
          name={name}
          label={label}
          required={required}
          placeholder={placeholder}
          value={text}
          searchText={withCountry}
          invalid={Boolean(addressError)}
          describedBy={[addressError ? errorId : undefined, hint && !addressError ? hintId : undefined].filter(Boolean).join(' ') || undefined}
          onValueChange={(value) => address.field.onChange(value)}
          onBlur={address.field.onBlur}
          onAnswer={(answer) => {
            setNote(answer.message ?? null);
            const best = answer.results[0];
            setMatch(best ? { lat: best.lat, lng: best.lng } : null);
            if (best && follow.current) {
              place(best);
              setRecentre((n) => n + 1);
            }
          }}
          onSelect={(result, typed) => {
            address.field.onChange(addressAfterChoice(typed, result));
            follow.current = true;
            place(result);
            setRecentre((n) => n + 1);
          }}
        />
        {addressError ? (
          <p id={errorId} className="text-sm text-red-700">
            {addressError}
          </p>
        ) : hint ? (
          <p id={hintId} className="text-xs text-gray-500">
            {hint}
          </p>
        ) : null}
        {note ? <p className="text-xs text-amber-900">{note}</p> : null}
      </div>
      <PinPicker
        label="Pin on the map"
        value={pin}
        focus={match}
        recentre={recentre}
        error={pinError}
        deviceLocation
        onChange={(point) => {
          follow.current = false;
          place(point);
        }}
      />
    </div>
  );
}
