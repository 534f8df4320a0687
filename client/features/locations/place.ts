import type { Place } from '@domain/bookings/schemas';
import type { LocationEntry } from '@domain/locations/search';
import { MAX_ADDRESS_LENGTH } from '@domain/limits';

/**
 * A picked location suggestion as an address: kept apart from the checkout's rules (payments/fulfilment.ts) and free
 * of schemas, because the food section's delivery box uses it on the home page's first screen.
 */

/**
 * How a picked suggestion reads in the box and on the order: a landmark's street address alone ('65 Front St W,
 * Toronto...') would not tell the driver it is Union Station, so the name leads unless the address starts with it.
 */
export function locationText(location: Pick<LocationEntry, 'name' | 'address'>): string {
  return location.address.toLowerCase().startsWith(location.name.toLowerCase()) ? location.address : `${location.name}, ${location.address}`;
}

/** The place a picked suggestion stands for, its address within the server's limit. */
export function placeOf(location: Pick<LocationEntry, 'name' | 'address' | 'lat' | 'lng'>): Place {
  return { lat: location.lat, lng: location.lng, address: locationText(location).slice(0, MAX_ADDRESS_LENGTH) };
}
