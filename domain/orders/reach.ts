import type { LatLng } from '../catalogue/pricing';
import { roadKm } from './geo';
import { SERVER_LOCALE, formatDistance } from '../format';

/** '10', '7.5' */
const kmText = (km: number) => String(Math.round(km * 10) / 10);

/** A restaurant delivers within this many road kilometres unless it says otherwise (restaurants.delivery_radius_km). */
export const DEFAULT_DELIVERY_RADIUS_KM = 10;
/** The radius a restaurant may set (its provider portal, the admin): from around the corner to across a large city. */
export const DELIVERY_RADIUS_MIN_KM = 1;
export const DELIVERY_RADIUS_MAX_KM = 50;

const KM_PER_MILE = 1.609344;

/**
 * The radius a registration's free-text 'Delivery Radius' names ('5 km', '3 miles', 'within 8'), in km to one
 * decimal, kept between the bounds above; null when the text names no distance (the restaurant then gets the default).
 */
export function deliveryRadiusOfText(text: string): number | null {
  const match = /(\d+(?:[.,]\d+)?)\s*(km|kilomet(?:er|re)s?|mi(?:les?)?)?\b/i.exec(text);
  if (!match) return null;
  const value = Number(match[1].replace(',', '.'));
  const km = /^mi/i.test(match[2] ?? '') ? value * KM_PER_MILE : value;
  if (!Number.isFinite(km) || km <= 0) return null;
  return Math.min(DELIVERY_RADIUS_MAX_KM, Math.max(DELIVERY_RADIUS_MIN_KM, Math.round(km * 10) / 10));
}

/** 'Delivers within 10 km' (a restaurant's card and menu). */
export function deliversWithinText(radiusKm: number): string {
  return `Delivers within ${kmText(radiusKm)} km`;
}

/** Whether a restaurant delivers to a place: yes with the distance, or the refusal in words a customer understands. */
export type DeliveryReach = { ok: true; km: number } | { ok: false; reason: 'no-location' | 'too-far'; message: string; km: number | null };

/** The refusal for a restaurant that has no point on the map: never priced or dispatched from a missing point. */
export function noLocationMessage(name: string): string {
  return `${name} has no location on the map yet, so it cannot take delivery orders. Please choose another restaurant.`;
}

/**
 * Whether a restaurant at `restaurantPoint` delivering within `radiusKm` (road kilometres: great circle x
 * ROAD_FACTOR, as everywhere else) reaches `destination`. A restaurant without a point reaches nowhere.
 * 'Kintaro Ramen Bar delivers within 10 km; this address is 12.4 km away'.
 */
export function deliveryReach(restaurantPoint: LatLng | null, radiusKm: number, destination: LatLng, name = 'This restaurant'): DeliveryReach {
  if (!restaurantPoint || !Number.isFinite(restaurantPoint.lat) || !Number.isFinite(restaurantPoint.lng)) {
    return { ok: false, reason: 'no-location', message: noLocationMessage(name), km: null };
  }
  const km = roadKm(restaurantPoint, destination);
  // Compared as shown (one decimal), so the message never reads '10 km; this address is 10.0 km away'.
  if (Math.round(km * 10) / 10 <= radiusKm) return { ok: true, km };
  return { ok: false, reason: 'too-far', message: `${name} delivers within ${kmText(radiusKm)} km; this address is ${formatDistance(km, { locale: SERVER_LOCALE, fractionDigits: 1 })} away`, km };
}
