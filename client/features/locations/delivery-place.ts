import { useSyncExternalStore } from 'react';

/**
 * The customer's chosen delivery (or pickup) place: an address and its point, picked from the address search, placed
 * with the map pin, or the browser's location. One small store kept in localStorage, so the food section sorts
 * restaurants by distance from it, the menu puts it on the cart lines (`details.destination`) and the checkout
 * starts from it. Free of schemas: the home page's first screen uses it.
 */

/** How the point was found: the address service, the location directory, the map pin, or the device's location. */
export type DeliveryPlaceSource = 'geocoder' | 'directory' | 'pin' | 'device';

export type DeliveryPlace = { address: string; lat: number; lng: number; source: DeliveryPlaceSource };

export const DELIVERY_PLACE_KEY = 'go-live-delivery-place';

const SOURCES: ReadonlySet<string> = new Set<DeliveryPlaceSource>(['geocoder', 'directory', 'pin', 'device']);

/** A stored value as a place, or null when it is not one (an old or hand-edited entry is ignored, not trusted). */
export function parseDeliveryPlace(value: unknown): DeliveryPlace | null {
  if (typeof value !== 'object' || value === null) return null;
  const { address, lat, lng, source } = value as Record<string, unknown>;
  if (typeof address !== 'string' || address.trim() === '' || address.length > 500) return null;
  if (typeof lat !== 'number' || !Number.isFinite(lat) || Math.abs(lat) > 90) return null;
  if (typeof lng !== 'number' || !Number.isFinite(lng) || Math.abs(lng) > 180) return null;
  if (typeof source !== 'string' || !SOURCES.has(source)) return null;
  return { address: address.trim(), lat, lng, source: source as DeliveryPlaceSource };
}

const listeners = new Set<() => void>();
let cached: { raw: string | null; place: DeliveryPlace | null } | undefined;

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** The chosen place, or null (also on the server and when storage is unavailable). */
export function getDeliveryPlace(): DeliveryPlace | null {
  const store = storage();
  let raw: string | null = null;
  try {
    raw = store?.getItem(DELIVERY_PLACE_KEY) ?? null;
  } catch {
    raw = null;
  }
  if (cached && cached.raw === raw) return cached.place;
  let place: DeliveryPlace | null = null;
  if (raw) {
    try {
      place = parseDeliveryPlace(JSON.parse(raw));
    } catch {
      place = null;
    }
  }
  cached = { raw, place };
  return place;
}

/** Chooses a place (null forgets it); every open view of it updates. */
export function setDeliveryPlace(place: DeliveryPlace | null): void {
  const store = storage();
  const value = place ? parseDeliveryPlace(place) : null;
  try {
    if (value) store?.setItem(DELIVERY_PLACE_KEY, JSON.stringify(value));
    else store?.removeItem(DELIVERY_PLACE_KEY);
  } catch {
    // Storage full or blocked: the choice lasts for this page only.
    cached = { raw: value ? JSON.stringify(value) : null, place: value };
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab chose a place.
  const onStorage = (event: StorageEvent) => {
    if (event.key === DELIVERY_PLACE_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The chosen place, live. Null while rendering on the server or hydrating, so the prerendered page matches. */
export function useDeliveryPlace(): DeliveryPlace | null {
  return useSyncExternalStore(subscribe, getDeliveryPlace, () => null);
}

/** The place as a booking line's `details.destination`: {address, lat, lng}. */
export function destinationOf(place: DeliveryPlace): { address: string; lat: number; lng: number } {
  return { address: place.address, lat: place.lat, lng: place.lng };
}

/** "43.64741, -79.40013": a point as text (5 decimals: about a metre). */
export function formatPoint(point: { lat: number; lng: number }): string {
  return `${point.lat.toFixed(5)}, ${point.lng.toFixed(5)}`;
}

/**
 * What a chosen search result makes the address: a directory result stands for a street or city, so an address typed
 * with a house number or postcode keeps what was typed (the pin is the point); a geocoder's result is the address.
 */
export function addressAfterChoice(typed: string, result: { label: string; source: 'geocoder' | 'directory' }): string {
  const text = typed.trim();
  return result.source === 'directory' && /\d/.test(text) ? text : result.label;
}
