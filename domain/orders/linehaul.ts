import { greatCircleKm, type LatLng, type ShippingSpeed } from '../catalogue/pricing';
import { etaMinutes, roadKm } from './geo';
import type { LineHaulScan } from './journey';
import type { OrderStatus } from './states';

/**
 * Parcels between cities (issue 26): a shipment is driven door to door by one local driver only when its sender and
 * recipient are near each other. Otherwise it goes the way a carrier sends it:
 *
 *   first mile   a local driver takes it from the sender to the carrier's hub in the origin city   (an order)
 *   line-haul    the carrier moves it between the hubs, tracked by scans: 'in_transit' when it
 *                leaves the origin hub, 'at_hub' when it reaches the destination hub               (no driver)
 *   last mile    a local driver takes it from the destination hub to the recipient; offered only   (an order)
 *                once the 'at_hub' scan is recorded; 'out_for_delivery' when that driver collects it
 *
 * A hub is the centre of the nearest city of the location directory (cities of 100,000 people or more, and
 * capitals): an honest stand-in until carriers' real depots are listed.
 */

/** A shipment whose sender and recipient are at most this many road km apart is driven door to door. */
export const LOCAL_PARCEL_LIMIT_KM = 50;

/** The part of a shipment a delivery order covers ('direct': door to door; also every food order and ride). */
export const ORDER_LEGS = ['direct', 'first-mile', 'last-mile'] as const;
export type OrderLeg = (typeof ORDER_LEGS)[number];

/** Where a parcel between cities is: with the first-mile driver, between the hubs, or with the last-mile driver. */
export type ParcelLeg = 'first-mile' | 'line-haul' | 'last-mile';

/** A carrier hub: the centre of a directory city. `address` is what drivers and customers read. */
export type Hub = { city: string; lat: number; lng: number; address: string };

/** The hub nearest to a point (great circle), or null without hubs. */
export function nearestHub(point: LatLng, hubs: readonly Hub[]): Hub | null {
  let best: Hub | null = null;
  let bestKm = Number.POSITIVE_INFINITY;
  for (const hub of hubs) {
    const km = greatCircleKm(point, hub);
    if (km < bestKm) {
      best = hub;
      bestKm = km;
    }
  }
  return best;
}

/** Road km a ground line-haul covers per day (a truck with two drivers). */
export const GROUND_KM_PER_DAY = 1000;

/** Days a parcel takes from sender to recipient, as a range. */
export type DayRange = { min: number; max: number };

/**
 * The door-to-door estimate of a parcel between cities: by ground (standard), one day per GROUND_KM_PER_DAY road km
 * between the hubs plus a day for the two local miles and the sorting, up to two days more; by air, 2-3 days
 * (express) or 1-2 days (overnight), whatever the distance.
 */
export function lineHaulDays(hubRoadKm: number, speed: ShippingSpeed): DayRange {
  if (speed === 'overnight') return { min: 1, max: 2 };
  if (speed === 'express') return { min: 2, max: 3 };
  const min = Math.ceil(Math.max(0, hubRoadKm) / GROUND_KM_PER_DAY) + 1;
  return { min, max: min + 2 };
}

/**
 * '6–8 days': the tracking record's estimate while the parcel is between cities, in days, never minutes (screens
 * read it as 'ETA 6–8 days', like the '12 min' of a local delivery).
 */
export function arrivalEstimate(days: DayRange): string {
  return days.min === days.max ? `${days.min} day${days.min === 1 ? '' : 's'}` : `${days.min}–${days.max} days`;
}

/** '14 min after collection': the estimate once the parcel is at the destination hub, waiting for its last mile. */
export function lastMileEstimate(hub: Hub, recipient: LatLng): string {
  return `${etaMinutes(roadKm(hub, recipient), 'shipping')} min after collection`;
}

export type ShipmentPlan =
  | { route: 'direct'; km: number }
  | { route: 'line-haul'; km: number; origin: Hub; destination: Hub; hubKm: number; days: DayRange };

/**
 * How a shipment travels: door to door when the sender and the recipient are at most LOCAL_PARCEL_LIMIT_KM road km
 * apart, or when both are nearest to the same hub (one city's area: a local driver still takes it); otherwise by
 * line-haul between the hub nearest the sender and the hub nearest the recipient. `km` is the sender-recipient road
 * distance. `hubs` is asked for only when the ends are far apart (the server's list is built on first use).
 */
export function planShipment(from: LatLng, to: LatLng, hubs: readonly Hub[] | (() => readonly Hub[]), speed: ShippingSpeed): ShipmentPlan {
  const km = roadKm(from, to);
  if (km <= LOCAL_PARCEL_LIMIT_KM) return { route: 'direct', km };
  const list = typeof hubs === 'function' ? hubs() : hubs;
  const origin = nearestHub(from, list);
  const destination = nearestHub(to, list);
  if (!origin || !destination || (origin.lat === destination.lat && origin.lng === destination.lng)) return { route: 'direct', km };
  const hubKm = roadKm(origin, destination);
  return { route: 'line-haul', km, origin, destination, hubKm, days: lineHaulDays(hubKm, speed) };
}

/** The scans a carrier (or an admin for it) records through the API; 'out_for_delivery' follows the last-mile driver. */
export const CARRIER_SCANS = ['in_transit', 'at_hub'] as const satisfies readonly LineHaulScan[];
export type CarrierScan = (typeof CARRIER_SCANS)[number];

/** What a scan reads on the tracking record's updates. */
export function scanMessage(scan: LineHaulScan, hubs: { origin: string; destination: string }): string {
  switch (scan) {
    case 'in_transit':
      return `Departed ${hubs.origin} hub`;
    case 'at_hub':
      return `Arrived at ${hubs.destination} hub`;
    case 'out_for_delivery':
      return `Out for delivery from the ${hubs.destination} hub`;
  }
}

/** The hub a scan happens at: departures at the origin, the rest at the destination. */
export function scanHub<H>(scan: LineHaulScan, hubs: { origin: H; destination: H }): H {
  return scan === 'in_transit' ? hubs.origin : hubs.destination;
}

/**
 * Why a carrier scan cannot be recorded now (null when it can): scans happen in order and once each; the parcel leaves
 * the origin hub only after the first-mile driver handed it over there (delivered or completed).
 */
export function scanRefusal(
  scan: CarrierScan,
  state: { firstMile: OrderStatus | null; scans: readonly LineHaulScan[]; hubs: { origin: string; destination: string } },
): string | null {
  if (state.firstMile === 'cancelled') return 'This shipment was cancelled';
  if (state.scans.includes(scan)) return `Already scanned: ${scanMessage(scan, state.hubs)}`;
  if (scan === 'in_transit') {
    const handedOver = state.firstMile === 'delivered' || state.firstMile === 'completed';
    return handedOver ? null : `The parcel has not reached the ${state.hubs.origin} hub yet`;
  }
  return state.scans.includes('in_transit') ? null : `The parcel has not departed the ${state.hubs.origin} hub yet`;
}

/** Where a parcel between cities is, from its first mile's status and the scans so far. */
export function parcelLeg(firstMile: OrderStatus, scans: readonly LineHaulScan[]): ParcelLeg {
  if (scans.includes('at_hub')) return 'last-mile';
  if (scans.includes('in_transit') || firstMile === 'delivered' || firstMile === 'completed') return 'line-haul';
  return 'first-mile';
}

/**
 * What a first-mile order's status means for the parcel's tracking record (the order ends at the origin hub, not at
 * the recipient): the record stays active, keeps the day-based estimate, and its update names the hub. Null for
 * statuses whose ordinary meaning holds (pending, cancelled). Direct and last-mile orders read as any delivery.
 */
export function firstMileUpdate(to: OrderStatus, hubs: { origin: string; destination: string }): { trackingStatus: 'active'; message: string } | null {
  switch (to) {
    case 'accepted':
      return { trackingStatus: 'active', message: 'A courier is on the way to collect your parcel' };
    case 'pickup':
      return { trackingStatus: 'active', message: 'Your courier is at the pickup' };
    case 'transit':
      return { trackingStatus: 'active', message: `Collected, on the way to the ${hubs.origin} hub` };
    case 'delivered':
      return { trackingStatus: 'active', message: `Handed over at the ${hubs.origin} hub` };
    case 'completed':
      return { trackingStatus: 'active', message: `At the ${hubs.origin} hub, waiting for the line-haul to ${hubs.destination}` };
    default:
      return null;
  }
}
