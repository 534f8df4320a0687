import { roadKm } from '@domain/orders/geo';

/**
 * Distances a customer sees from their chosen place: road kilometres (great circle x the road factor), the same
 * measure the delivery radius and the drivers' offers use, so '2.3 km' on a card is the distance checkout judges.
 */
type Point = { lat: number; lng: number };
type MaybePlaced = { lat?: number | null; lng?: number | null };

const placed = (p: MaybePlaced): p is Point =>
  typeof p.lat === 'number' && typeof p.lng === 'number' && Number.isFinite(p.lat) && Number.isFinite(p.lng);

/** Road kilometres from `from` to a listing, or null when the listing has no point. */
export function distanceTo(from: Point, listing: MaybePlaced): number | null {
  return placed(listing) ? roadKm(from, listing) : null;
}

/**
 * The listings nearest first, each with its distance; listings without a point keep their order after the rest. The
 * sort is stable, so equally distant listings keep the server's order.
 */
export function byDistance<T extends MaybePlaced>(items: readonly T[], from: Point | null): Array<{ item: T; km: number | null }> {
  const rows = items.map((item, index) => ({ item, index, km: from ? distanceTo(from, item) : null }));
  if (!from) return rows.map(({ item, km }) => ({ item, km }));
  rows.sort((a, b) => {
    if (a.km === null || b.km === null) return a.km === null && b.km === null ? a.index - b.index : a.km === null ? 1 : -1;
    return a.km - b.km || a.index - b.index;
  });
  return rows.map(({ item, km }) => ({ item, km }));
}

