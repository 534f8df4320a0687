/**
 * What the money tests share: a small marketplace of providers, booking and paying through the API, a food order
 * delivered by a driver, the card's money of a booking, and the check that the books say what the orders say.
 */
import { and, asc, eq, isNotNull, like } from 'drizzle-orm';
import { expect } from 'vitest';
import { payeeAccount } from '../../../domain/money/ledger';
import { providerNetCents } from '../../../domain/money/split';
import { cars, deliveryOrders, hotels, ledgerEntries, ledgerPostings, menuItems, payments, payouts, providerOrders, restaurants, ledgerAccounts } from '../../db/schema';
import { signUp, type TestApp } from '../../testing/test-app';
import { day, pay, quote, TORONTO_ADDRESS } from '../bookings/test-helpers';
import { dispatchTick } from '../orders';
import { near, requester } from '../orders/test-helpers';
import { balanceOf, trialBalance } from './ledger';

export type Person = Awaited<ReturnType<typeof signUp>>;

/** Two Toronto restaurants with a dish each, a hotel and a car, each given to a provider of its own. */
export async function market(app: TestApp) {
  const db = app.database.db;
  const rs = await db.select().from(restaurants).where(like(restaurants.address, '%Toronto%')).orderBy(asc(restaurants.id)).limit(2);
  const dishes = await Promise.all(
    rs.map(async (r) => (await db.select().from(menuItems).where(and(eq(menuItems.restaurantId, r.id), eq(menuItems.available, true))).orderBy(asc(menuItems.id)).limit(1))[0]),
  );
  const [hotel] = await db.select().from(hotels).where(and(eq(hotels.isActive, true), isNotNull(hotels.lat))).orderBy(asc(hotels.id)).limit(1);
  const [car] = await db.select().from(cars).where(eq(cars.isActive, true)).orderBy(asc(cars.id)).limit(1);
  const owners: Person[] = [];
  for (let i = 0; i < 4; i += 1) owners.push(await signUp(app, { role: 'provider' }));
  await db.update(restaurants).set({ ownerId: owners[0].id }).where(eq(restaurants.id, rs[0].id));
  await db.update(restaurants).set({ ownerId: owners[1].id }).where(eq(restaurants.id, rs[1].id));
  await db.update(hotels).set({ ownerId: owners[2].id }).where(eq(hotels.id, hotel.id));
  await db.update(cars).set({ ownerId: owners[3].id }).where(eq(cars.id, car.id));
  return { restaurants: rs, dishes, hotel, car, owners };
}
export type Market = Awaited<ReturnType<typeof market>>;

export const foodLine = (m: Market, i: number, quantity = 1) => ({
  serviceType: 'food-delivery',
  serviceId: m.dishes[i].id,
  quantity,
  details: { restaurantId: m.restaurants[i].id, destination: TORONTO_ADDRESS },
});
export const hotelLine = (m: Market, from = 20, nights = 2) => ({
  serviceType: 'hotels',
  serviceId: m.hotel.id,
  quantity: 1,
  details: { checkIn: day(from), checkOut: day(from + nights), rooms: 1, guests: 1 },
});
export const carLine = (m: Market, from = 30) => ({ serviceType: 'cars', serviceId: m.car.id, quantity: 1, details: { pickupDate: day(from), returnDate: day(from + 2) } });

/** Books the lines at the quoted total (with a tip when given) and pays by card; returns the paid booking. */
export async function payFor(app: TestApp, customer: Person, items: unknown[], tip?: number) {
  const quoted = await quote(app, items, tip, customer.cookie);
  const res = await app.app.inject({ method: 'POST', url: '/api/bookings', headers: { cookie: customer.cookie }, payload: { items, totalAmount: quoted.total, ...(tip ? { tip } : {}) } });
  expect(res.statusCode, res.body).toBe(201);
  const booking = res.json() as { id: number; totalAmount: number };
  const paid = await pay(app, customer.cookie, booking);
  expect(paid.statusCode, paid.body).toBe(200);
  return { id: booking.id, totalCents: Math.round(booking.totalAmount * 100) };
}

/** A driver signed up and online half a kilometre from a restaurant, so that dispatch offers it the restaurant's orders. */
export async function onlineDriverNear(app: TestApp, restaurant: { lat: unknown; lng: unknown }): Promise<Person> {
  const driver = await signUp(app, { role: 'driver' });
  const at = { lat: Number(restaurant.lat), lng: Number(restaurant.lng) };
  expect((await requester(app).post('/api/driver/status', { online: true, ...near(at, 0.5) }, driver.cookie)).statusCode).toBe(200);
  return driver;
}

type DeliveryRow = typeof deliveryOrders.$inferSelect;
export type FoodDelivery = { owner: Person; driver: Person; orderId: number; bookingId: number; listingId: number };

/**
 * A paid food order taken to its customer through the API: its restaurant accepts it (unless `accepted`: it already
 * has) and has it ready, dispatch offers it, the driver accepts it and takes it to completed. Returns the delivery as
 * dispatch made it. Every answer must be 200, unless `lenient` (random sequences, where the order may be past that):
 * then the restaurant's answers are not checked and null is returned when the driver could not take the delivery.
 */
export async function deliverFood(app: TestApp, order: FoodDelivery, options?: { accepted?: boolean; lenient?: false }): Promise<DeliveryRow>;
export async function deliverFood(app: TestApp, order: FoodDelivery, options: { accepted?: boolean; lenient: true }): Promise<DeliveryRow | null>;
export async function deliverFood(
  app: TestApp,
  { owner, driver, orderId, bookingId, listingId }: FoodDelivery,
  { accepted = false, lenient = false }: { accepted?: boolean; lenient?: boolean } = {},
): Promise<DeliveryRow | null> {
  const api = requester(app);
  const restaurantSays = async (url: string) => {
    const res = await api.post(url, {}, owner.cookie);
    if (!lenient) expect(res.statusCode, res.body).toBe(200);
  };
  if (!accepted) await restaurantSays(`/api/provider/orders/${orderId}/accept`);
  await restaurantSays(`/api/provider/orders/${orderId}/ready`);
  await dispatchTick(app.database.db, app.ctx.events);
  const [delivery] = await app.database.db
    .select()
    .from(deliveryOrders)
    .where(and(eq(deliveryOrders.bookingId, bookingId), eq(deliveryOrders.partKey, `restaurant:${listingId}`)));
  if (lenient && !delivery) return null;
  expect(delivery, `no delivery of booking ${bookingId}`).toBeDefined();
  const taken = await api.post(`/api/driver/orders/${delivery.id}/accept`, {}, driver.cookie);
  if (lenient && taken.statusCode !== 200) return null;
  expect(taken.statusCode, taken.body).toBe(200);
  for (const status of ['pickup', 'transit', 'delivered', 'completed']) {
    expect((await api.post(`/api/driver/orders/${delivery.id}/status`, { status }, driver.cookie)).statusCode).toBe(200);
  }
  return delivery;
}

/** What the customer's card was charged and refunded for a booking, in cents. */
export async function cardMoneyOf(app: TestApp, bookingId: number) {
  const rows = await app.database.db.select().from(payments).where(eq(payments.bookingId, bookingId));
  const sum = (s: string) => rows.filter((p) => p.status === s).reduce((a, p) => a + p.amountCents, 0);
  return { charged: sum('succeeded'), refunded: sum('refunded'), refunds: rows.filter((p) => p.status === 'refunded').length };
}

/**
 * The books say what the orders say: zero in total; no payee owes the platform; each provider's account owes what
 * its orders earned less its payouts (pending or paid), each driver's what its earnings were less its payouts; and
 * every customer was charged, net of refunds, exactly what still stands of their orders.
 */
export async function expectBooks(app: TestApp) {
  const db = app.database.db;
  const tb = await trialBalance(db);
  expect(tb.totalCents).toBe(0);
  for (const a of tb.accounts) if (/^(provider|driver):/.test(a.account)) expect(a.balanceCents).toBeLessThanOrEqual(0);
  for (const a of tb.accounts) if (a.account === 'refunds' || a.account === 'customer:clearing') expect(a.balanceCents).toBe(0);
  const out = await db.select().from(payouts);
  const paidOut = (kind: string, id: number) => out.filter((p) => p.payeeKind === kind && p.payeeId === id && p.status !== 'failed').reduce((s, p) => s + p.amountCents, 0);
  const orders = await db.select().from(providerOrders);
  const owed = new Map<number, number>();
  for (const o of orders) if (o.providerId !== null) owed.set(o.providerId, (owed.get(o.providerId) ?? 0) + providerNetCents(o));
  for (const [providerId, cents] of owed) expect(0 - (await balanceOf(db, payeeAccount('provider', providerId)))).toBe(cents - paidOut('provider', providerId));
  const earnings = await db
    .select({ userId: ledgerAccounts.userId, amountCents: ledgerEntries.amountCents })
    .from(ledgerEntries)
    .innerJoin(ledgerPostings, eq(ledgerPostings.id, ledgerEntries.postingId))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .where(and(eq(ledgerPostings.kind, 'earning'), eq(ledgerAccounts.kind, 'driver')));
  const earned = new Map<number, number>();
  for (const e of earnings) earned.set(e.userId as number, (earned.get(e.userId as number) ?? 0) - Number(e.amountCents));
  for (const [driverId, cents] of earned) expect(0 - (await balanceOf(db, payeeAccount('driver', driverId)))).toBe(cents - paidOut('driver', driverId));
  const byBooking = new Map<number, number>();
  for (const o of orders) byBooking.set(o.bookingId, (byBooking.get(o.bookingId) ?? 0) + o.totalCents - o.refundedCents);
  for (const [bookingId, standing] of byBooking) {
    const card = await cardMoneyOf(app, bookingId);
    expect(card.charged - card.refunded).toBe(standing);
  }
}
