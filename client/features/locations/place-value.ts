import type { Place } from '@domain/bookings/schemas';
import type { GeocodeResult } from '@domain/locations/geocode';
import { MAX_ADDRESS_LENGTH } from '@domain/limits';
import { addressAfterChoice, formatPoint } from './delivery-place';

/**
 * What an address box with a map pin holds (checkout's delivery, sender and recipient; the taxi's pickup and dropoff),
 * and how a chosen suggestion or a moved pin changes it. Pure, so the rules are tested without a browser.
 */

/**
 * An address box with its place: the typed text and, once a suggestion is chosen or the pin is placed, the point it
 * stands for ({address, lat, lng}, what a booking line carries). Typing again forgets the place.
 */
export type PlaceValue = { text: string; place: Place | null };

const clip = (address: string) => address.trim().slice(0, MAX_ADDRESS_LENGTH);

/**
 * The value after a suggestion is chosen: the geocoder's address, or (for a directory result standing for a street or
 * city) what was typed when it had a house number or postcode, at the directory's point until the pin is moved.
 */
export function placeFromResult(typed: string, result: GeocodeResult): PlaceValue {
  const address = clip(addressAfterChoice(typed, result));
  return { text: address, place: { address, lat: result.lat, lng: result.lng } };
}

/** The value after the pin is placed or moved: the address stays what the box says (or what was chosen). */
export function placeFromPin(value: PlaceValue, point: { lat: number; lng: number }): PlaceValue {
  const address = clip(value.text) || value.place?.address || `Pinned location (${formatPoint(point)})`;
  return { text: value.text.trim() ? value.text : address, place: { address, lat: point.lat, lng: point.lng } };
}

/** Whether a choice only approximates the address (a directory street or city for a house number or postcode). */
export function approximateChoice(typed: string, result: GeocodeResult): boolean {
  return result.source === 'directory' && /\d/.test(typed);
}
