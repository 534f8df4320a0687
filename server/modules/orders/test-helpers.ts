import { asc, eq } from 'drizzle-orm';
import { greatCircleKm, roundKm, shippingRateCents, taxiFareCents } from '../../../domain/catalogue/pricing';
import type { Delivery } from '../../../domain/bookings/schemas';
import { shippingRates, taxiRides } from '../../db/schema';
import type { TestApp } from '../../testing/test-app';
import { firstMenuItem, pay, quote } from '../bookings/test-helpers';

export const UNION_STATION = { lat: 43.6453, lng: -79.3806, address: 'Union Station, Toronto' };
export const HIGH_PARK = { lat: 43.6465, lng: -79.4637, address: 'High Park, Toronto' };
export const PARCEL = { weight: 4, length: 12, width: 10, height: 6 };

export function requester(t: TestApp) {
  const call = (method: 'GET' | 'POST', url: string, cookie?: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(method === 'POST' ? { payload: (payload ?? {}) as object } : {}) });
  return {
    get: (url: string, cookie?: string) => call('GET', url, cookie),
    post: (url: string, payload: unknown, cookie?: string) => call('POST', url, cookie, payload),
  };
}

/** A point about `km` kilometres north-east of `p`. */
export function near(p: { lat: number; lng: number }, km: number, address = 'Nearby') {
  const d = km / 111 / Math.SQRT2;
  return { lat: p.lat + d, lng: p.lng + d / Math.cos((p.lat * Math.PI) / 180), address };
}

/** The first restaurant's location (where its food orders are picked up). */
export async function firstRestaurantPoint(t: TestApp) {
  const { restaurant } = await firstMenuItem(t);
  return { lat: Number(restaurant.lat), lng: Number(restaurant.lng), address: restaurant.address };
}

/** Books and pays one food order from the first restaurant, delivered 3 km away unless told; returns its deliveries. */
export async function paidFood(t: TestApp, cookie: string, to?: { lat: number; lng: number; address: string }): Promise<{ bookingId: number; deliveries: Delivery[] }> {
  const { restaurant, item } = await firstMenuItem(t);
  const destination = to ?? near(await firstRestaurantPoint(t), 3, '12 Customer Lane');
  const items = [{ serviceType: 'food-delivery', serviceId: item.id, quantity: 1, details: { restaurantId: restaurant.id, destination } }];
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/bookings',
    headers: { cookie },
    payload: { items, totalAmount: (await quote(t, items, undefined, cookie)).total },
  });
  if (res.statusCode !== 201) throw new Error(`booking failed: ${res.statusCode} ${res.body}`);
  const booking = res.json() as { id: number; totalAmount: number };
  const paid = await pay(t, cookie, booking);
  if (paid.statusCode !== 200) throw new Error(`payment failed: ${paid.statusCode} ${paid.body}`);
  return { bookingId: booking.id, deliveries: paid.json().deliveries as Delivery[] };
}

/** A taxi line and a shipping line with their server prices. */
export async function rideAndShipmentLines(t: TestApp) {
  const [ride] = await t.database.db.select().from(taxiRides).orderBy(asc(taxiRides.id)).limit(1);
  const [rate] = await t.database.db.select().from(shippingRates).where(eq(shippingRates.isActive, true)).orderBy(asc(shippingRates.id)).limit(1);
  const fare = taxiFareCents(ride, roundKm(greatCircleKm(UNION_STATION, HIGH_PARK)));
  const shipping = shippingRateCents(rate, PARCEL);
  return {
    items: [
      { serviceType: 'taxi', serviceId: ride.id, quantity: 1, details: { pickup: UNION_STATION, dropoff: HIGH_PARK } },
      { serviceType: 'shipping', serviceId: rate.id, quantity: 1, details: { ...PARCEL, from: UNION_STATION, to: HIGH_PARK } },
    ],
    cents: fare + shipping,
    ride,
    rate,
  };
}

/**
 * Books and pays one parcel (the first active shipping rate) from `from` to `to`; returns its delivery and the
 * shipment's charge in cents.
 */
export async function paidShipment(t: TestApp, cookie: string, from: { lat: number; lng: number; address: string }, to: { lat: number; lng: number; address: string }) {
  const [rate] = await t.database.db.select().from(shippingRates).where(eq(shippingRates.isActive, true)).orderBy(asc(shippingRates.id)).limit(1);
  const items = [{ serviceType: 'shipping', serviceId: rate.id, quantity: 1, details: { ...PARCEL, from, to } }];
  const res = await t.app.inject({ method: 'POST', url: '/api/bookings', headers: { cookie }, payload: { items, totalAmount: (await quote(t, items, undefined, cookie)).total } });
  if (res.statusCode !== 201) throw new Error(`booking failed: ${res.statusCode} ${res.body}`);
  const booking = res.json() as { id: number; totalAmount: number };
  const paid = await pay(t, cookie, booking);
  if (paid.statusCode !== 200) throw new Error(`payment failed: ${paid.statusCode} ${paid.body}`);
  const [delivery] = paid.json().deliveries as Delivery[];
  return { bookingId: booking.id, delivery, chargeCents: shippingRateCents(rate, PARCEL) };
}
