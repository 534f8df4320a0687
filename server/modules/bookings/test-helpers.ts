import { asc, eq, like } from 'drizzle-orm';
import type { PriceBreakdown } from '../../../domain/bookings/breakdown';
import type { TestApp } from '../../testing/test-app';
import { hotels, menuItems, restaurants } from '../../db/schema';

/** A calendar day `n` days from today (UTC), "YYYY-MM-DD". */
export function day(n: number): string {
  return new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
}

/** The first seeded hotel, straight from the database (the price the server must use). */
export async function firstHotel(t: TestApp) {
  const [h] = await t.database.db.select().from(hotels).orderBy(asc(hotels.id)).limit(1);
  return h;
}

/**
 * A seeded Toronto restaurant and one of its menu items: the first whose address is in Toronto, so TORONTO_ADDRESS is
 * within its delivery radius.
 */
export async function firstMenuItem(t: TestApp) {
  const [r] = await t.database.db.select().from(restaurants).where(like(restaurants.address, '%Toronto%')).orderBy(asc(restaurants.id)).limit(1);
  const [m] = await t.database.db.select().from(menuItems).where(eq(menuItems.restaurantId, r.id)).orderBy(asc(menuItems.id)).limit(1);
  return { restaurant: r, item: m };
}

/**
 * The server's price breakdown of some lines (POST /api/bookings/quote): what a booking of them must send as
 * `totalAmount` (its `total`). Throws on anything but 200.
 */
export async function quote(t: TestApp, items: unknown[], tip?: number, cookie?: string): Promise<PriceBreakdown> {
  const res = await t.app.inject({ method: 'POST', url: '/api/bookings/quote', headers: cookie ? { cookie } : {}, payload: { items, ...(tip !== undefined ? { tip } : {}) } });
  if (res.statusCode !== 200) throw new Error(`quote failed: ${res.statusCode} ${res.body}`);
  return res.json() as PriceBreakdown;
}

/** Books the lines at the server's quoted total (POST /api/bookings); returns the response. */
export async function bookAtQuote(t: TestApp, cookie: string, items: unknown[], opts: { tip?: number } = {}) {
  const { total } = await quote(t, items, opts.tip, cookie);
  return t.app.inject({ method: 'POST', url: '/api/bookings', headers: { cookie }, payload: { items, totalAmount: total, ...(opts.tip !== undefined ? { tip: opts.tip } : {}) } });
}

/** Books `nights` nights in the first hotel (one room, one guest) and returns the 201 body. */
export async function bookHotel(t: TestApp, cookie: string, nights = 2, quantity = 1) {
  const h = await firstHotel(t);
  const items = [{ serviceType: 'hotels', serviceId: h.id, quantity, price: 1, details: { checkIn: day(3), checkOut: day(3 + nights), rooms: 1, guests: 1 } }];
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/bookings',
    headers: { cookie },
    payload: {
      items,
      totalAmount: (await quote(t, items)).total,
      bookingDate: new Date().toISOString(),
      status: 'pending',
    },
  });
  if (res.statusCode !== 201) throw new Error(`booking failed: ${res.statusCode} ${res.body}`);
  return res.json() as { id: number; totalAmount: number; status: string; breakdown: PriceBreakdown };
}

/** A delivery address in Toronto, near the seeded Toronto restaurants (within their 10 km delivery radius). */
export const TORONTO_ADDRESS = { lat: 43.65, lng: -79.38, address: '100 Queen St W, Toronto' };

/** Books one menu item of the first Toronto restaurant, delivered to `destination`. */
export async function bookFood(t: TestApp, cookie: string, destination: { lat: number; lng: number; address: string } = TORONTO_ADDRESS, opts: { tip?: number } = {}) {
  const { restaurant, item } = await firstMenuItem(t);
  const items = [{ serviceType: 'food-delivery', serviceId: item.id, quantity: 2, price: 0, details: { restaurantId: restaurant.id, destination } }];
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/bookings',
    headers: { cookie },
    payload: {
      items,
      totalAmount: (await quote(t, items, opts.tip)).total,
      ...(opts.tip !== undefined ? { tip: opts.tip } : {}),
    },
  });
  if (res.statusCode !== 201) throw new Error(`booking failed: ${res.statusCode} ${res.body}`);
  return { booking: res.json() as { id: number; totalAmount: number; breakdown: PriceBreakdown }, restaurant, item };
}

/** Tokenizes a sandbox card for the signed-in user. */
export async function cardToken(t: TestApp, cookie: string, number = '4242424242424242') {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/payments/methods',
    headers: { cookie },
    payload: { number, expMonth: 12, expYear: new Date().getUTCFullYear() + 3, cvc: '123' },
  });
  if (res.statusCode !== 201) throw new Error(`tokenize failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { id: string }).id;
}

/** Pays a booking in full with a sandbox card; returns the response. */
export async function pay(t: TestApp, cookie: string, booking: { id: number; totalAmount: number }, number = '4242424242424242', headers: Record<string, string> = {}) {
  const paymentMethodId = await cardToken(t, cookie, number);
  return t.app.inject({
    method: 'POST',
    url: '/api/process-payment',
    headers: { cookie, ...headers },
    payload: { bookingId: booking.id, amount: Math.round(booking.totalAmount * 100), currency: 'usd', paymentMethodId },
  });
}
