import { asc, eq } from 'drizzle-orm';
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

/** A seeded restaurant and one of its menu items. */
export async function firstMenuItem(t: TestApp) {
  const [r] = await t.database.db.select().from(restaurants).orderBy(asc(restaurants.id)).limit(1);
  const [m] = await t.database.db.select().from(menuItems).where(eq(menuItems.restaurantId, r.id)).orderBy(asc(menuItems.id)).limit(1);
  return { restaurant: r, item: m };
}

/** Books `nights` nights in the first hotel (one room, one guest) and returns the 201 body. */
export async function bookHotel(t: TestApp, cookie: string, nights = 2, quantity = 1) {
  const h = await firstHotel(t);
  const totalAmount = (h.pricePerNightCents * nights * quantity) / 100;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/bookings',
    headers: { cookie },
    payload: {
      items: [{ serviceType: 'hotels', serviceId: h.id, quantity, price: 1, details: { checkIn: day(3), checkOut: day(3 + nights), rooms: 1, guests: 1 } }],
      totalAmount,
      bookingDate: new Date().toISOString(),
      status: 'pending',
    },
  });
  if (res.statusCode !== 201) throw new Error(`booking failed: ${res.statusCode} ${res.body}`);
  return res.json() as { id: number; totalAmount: number; status: string };
}

/** A delivery address in Toronto, near the seeded restaurants. */
export const TORONTO_ADDRESS = { lat: 43.65, lng: -79.38, address: '100 Queen St W, Toronto' };

/** Books one menu item of the first restaurant, delivered to `destination`. */
export async function bookFood(t: TestApp, cookie: string, destination: { lat: number; lng: number; address: string } = TORONTO_ADDRESS) {
  const { restaurant, item } = await firstMenuItem(t);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/bookings',
    headers: { cookie },
    payload: {
      items: [{ serviceType: 'food-delivery', serviceId: item.id, quantity: 2, price: 0, details: { restaurantId: restaurant.id, destination } }],
      totalAmount: (item.priceCents * 2) / 100,
    },
  });
  if (res.statusCode !== 201) throw new Error(`booking failed: ${res.statusCode} ${res.body}`);
  return { booking: res.json() as { id: number; totalAmount: number }, restaurant, item };
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
