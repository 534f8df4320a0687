import { greatCircleKm, type LatLng } from '../catalogue/pricing';

/** Road distance is longer than the great circle; one documented factor stands in for routing. */
export const ROAD_FACTOR = 1.3;

/** Average speed per kind of order, km/h, used for ETAs. */
export const SPEED_KMH: Record<'food' | 'taxi' | 'shipping', number> = { food: 25, taxi: 30, shipping: 35 };

/** Road kilometres between two points (great circle x ROAD_FACTOR). */
export function roadKm(a: LatLng, b: LatLng): number {
  return greatCircleKm(a, b) * ROAD_FACTOR;
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
