import { greatCircleKm, type LatLng } from '../catalogue/pricing';

/** Road distance is longer than the great circle; one documented factor stands in for routing. */
export const ROAD_FACTOR = 1.3;

/** Average speed per kind of order, km/h, used for ETAs. */
export const SPEED_KMH: Record<'food' | 'taxi' | 'shipping', number> = { food: 25, taxi: 30, shipping: 35 };

/** Road kilometres between two points (great circle x ROAD_FACTOR). */
export function roadKm(a: LatLng, b: LatLng): number {
  return greatCircleKm(a, b) * ROAD_FACTOR;
}

/**
 * Whether a point can be put on a map: finite latitude and longitude in range, and not exactly 0, 0 (open sea off
 * Africa, and what a missing point turns into when some system writes zeros for nothing). Distances, payouts and ETAs
 * are only ever computed between placed points; an order whose pickup or drop-off is not placed is never offered.
 */
export function isPlaced(p: { lat?: unknown; lng?: unknown } | null | undefined): p is LatLng {
  if (!p || typeof p.lat !== 'number' || typeof p.lng !== 'number') return false;
  if (p.lat === 0 && p.lng === 0) return false;
  return Number.isFinite(p.lat) && Number.isFinite(p.lng) && Math.abs(p.lat) <= 90 && Math.abs(p.lng) <= 180;
}

/** Kilometres per degree of latitude (and of longitude at the equator). */
const KM_PER_DEGREE = 111.2;

/**
 * The latitude/longitude box holding every point within `roadRadiusKm` road kilometres of `center` (a road km is at
 * least a great-circle km / ROAD_FACTOR away, so the box uses that). It is the database's prefilter: an index range on
 * plain columns; the exact check is {@link roadKm}. Near a pole or across the antimeridian the longitude range is
 * left open (`lng: null`) rather than wrapped.
 */
export function boundingBox(center: LatLng, roadRadiusKm: number): { minLat: number; maxLat: number; lng: { min: number; max: number } | null } {
  const km = Math.max(0, roadRadiusKm) / ROAD_FACTOR;
  const dLat = km / KM_PER_DEGREE;
  const minLat = Math.max(-90, center.lat - dLat);
  const maxLat = Math.min(90, center.lat + dLat);
  // The widest longitude span is at the latitude of the box nearest a pole.
  const cos = Math.cos((Math.max(Math.abs(minLat), Math.abs(maxLat)) * Math.PI) / 180);
  if (cos < 0.01) return { minLat, maxLat, lng: null };
  const dLng = km / (KM_PER_DEGREE * cos);
  const lng = { min: center.lng - dLng, max: center.lng + dLng };
  if (lng.min < -180 || lng.max > 180) return { minLat, maxLat, lng: null };
  return { minLat, maxLat, lng };
}

export type RouteLeg = 'to-pickup' | 'to-dropoff';

/**
 * Kilometres still to drive: from the driver to the pickup and then to the dropoff while heading for the pickup,
 * straight to the dropoff after it. Without a driver position the whole pickup -> dropoff leg remains.
 */
export function remainingKm(opts: { current: LatLng | null; pickup: LatLng; dropoff: LatLng; leg: RouteLeg }): number {
  const { current, pickup, dropoff, leg } = opts;
  if (!current) return roadKm(pickup, dropoff);
  if (leg === 'to-pickup') return roadKm(current, pickup) + roadKm(pickup, dropoff);
  return roadKm(current, dropoff);
}

/** Whole minutes to cover `km` at the kind's speed (at least 1 while anything remains). */
export function etaMinutes(km: number, kind: keyof typeof SPEED_KMH): number {
  if (km <= 0.05) return 0;
  return Math.max(1, Math.round((km / SPEED_KMH[kind]) * 60));
}

/**
 * The share of the delivery leg (pickup -> dropoff) already covered, 0..1: 0 until picked up, then
 * 1 - remaining / total. This is what the progress bar shows (no simulated progress).
 */
export function routeProgress(opts: { current: LatLng | null; pickup: LatLng; dropoff: LatLng; leg: RouteLeg }): number {
  if (opts.leg === 'to-pickup' || !opts.current) return 0;
  const total = roadKm(opts.pickup, opts.dropoff);
  if (total <= 0.01) return 1;
  const left = roadKm(opts.current, opts.dropoff);
  return Math.min(1, Math.max(0, 1 - left / total));
}
