import { asc, eq, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayUtc } from '../../../domain/catalogue/pricing';
import { SLOT_TAKEN, shortDate } from '../../../domain/availability/schemas';
import { cars, generalServices, hotels, payments, properties, restaurants } from '../../db/schema';
import { createTestApp, signUp, type TestApp } from '../../testing/test-app';
import { pay } from '../bookings/test-helpers';
import { releaseExpiredHolds } from './holds';
import { invariantViolations } from './test-helpers';

/** Issue 25 through the HTTP API: holds and their expiry, refusals, dated searches, the provider calendar. */
const day = (n: number) => addDays(todayUtc(), n);

let t: TestApp;
let provider: Awaited<ReturnType<typeof signUp>>;
let other: Awaited<ReturnType<typeof signUp>>;
let hotel: typeof hotels.$inferSelect;
let car: typeof cars.$inferSelect;
let property: typeof properties.$inferSelect;

beforeAll(async () => {
  // A hold lasts 0.6 s here, so a test can see one lapse.
  t = await createTestApp({ env: { BOOKING_HOLD_MINUTES: '0.01' } });
  provider = await signUp(t, { role: 'provider' });
  other = await signUp(t, { role: 'provider' });
  [hotel] = await t.database.db.select().from(hotels).orderBy(asc(hotels.id)).limit(1);
  [car] = await t.database.db.select().from(cars).orderBy(asc(cars.id)).limit(1);
  [property] = await t.database.db.select().from(properties).orderBy(asc(properties.id)).limit(1);
  await t.database.db.update(hotels).set({ ownerId: provider.id, rooms: 3 }).where(eq(hotels.id, hotel.id));
  await t.database.db.update(cars).set({ ownerId: provider.id }).where(eq(cars.id, car.id));
  await t.database.db.update(properties).set({ ownerId: provider.id }).where(eq(properties.id, property.id));
  hotel.rooms = 3;
});
afterAll(async () => t?.close());

const inject = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, cookie?: string, payload?: object) =>
  t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });

function stay(checkIn: string, checkOut: string, rooms: number) {
  const nights = Math.round((Date.parse(checkOut) - Date.parse(checkIn)) / 86_400_000);
  return { items: [{ serviceType: 'hotels', serviceId: hotel.id, quantity: 1, details: { checkIn, checkOut, rooms, guests: 1 } }], totalAmount: (hotel.pricePerNightCents * nights * rooms) / 100 };
}
const lease = (moveIn: string, months = 3) => ({
  items: [{ serviceType: 'properties', serviceId: property.id, quantity: 1, details: { moveIn, months } }],
  totalAmount: (property.pricePerMonthCents * months) / 100,
});
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * A booking payload at the server's quoted total (its items plus service fee and tax): `totalAmount` going in is what
 * the items must cost, checked against the quote. Lines the quote refuses go as they are (the booking refuses them too).
 */
async function priced<P extends { items: unknown[]; totalAmount: number }>(payload: P): Promise<P> {
  const res = await inject('POST', '/api/bookings/quote', undefined, { items: payload.items });
  if (res.statusCode !== 200) return payload;
  const q = res.json() as { items: number; total: number };
  expect(q.items).toBe(payload.totalAmount);
  return { ...payload, totalAmount: q.total };
}


describe('holds', () => {
  it('holds rooms until paid, refuses more than is left with the reason, and frees them when the hold lapses', async () => {
    const alice = await signUp(t);
    const bob = await signUp(t);
    const held = await inject('POST', '/api/bookings', alice.cookie, await priced(stay(day(20), day(22), 2)));
    expect(held.statusCode).toBe(201);
    expect(Date.parse(held.json().holdExpiresAt)).toBeGreaterThan(Date.now());

    const tooMany = await inject('POST', '/api/bookings', bob.cookie, await priced(stay(day(21), day(23), 2)));
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().message).toBe('Only 1 room left for these nights');

    const avail = await inject('GET', `/api/availability/hotels/${hotel.id}?from=${day(19)}&to=${day(23)}`);
    expect(avail.json().days.map((d: { free: number }) => d.free)).toEqual([3, 1, 1, 3, 3]);

    // Past its hold, the booking no longer keeps the rooms: Bob takes them, and Alice's payment is refused.
    await wait(700);
    const bobs = await inject('POST', '/api/bookings', bob.cookie, await priced(stay(day(21), day(23), 2)));
    expect(bobs.statusCode).toBe(201);
    const late = await pay(t, alice.cookie, held.json());
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('Only 1 room left for these nights');
    expect(await t.database.db.select().from(payments).where(eq(payments.bookingId, held.json().id))).toEqual([]);
    expect(await invariantViolations(t.database.db)).toEqual([]);
  });

  it('pays a lapsed hold whose rooms are still free, and keeps them for good', async () => {
    const carol = await signUp(t);
    const booking = await inject('POST', '/api/bookings', carol.cookie, await priced(stay(day(30), day(31), 3)));
    await wait(700);
    await releaseExpiredHolds(t.database.db);
    expect((await inject('GET', `/api/availability/hotels/${hotel.id}?from=${day(30)}&to=${day(30)}`)).json().days[0].free).toBe(3);
    const paid = await pay(t, carol.cookie, booking.json());
    expect(paid.statusCode).toBe(200);
    await wait(700);
    await releaseExpiredHolds(t.database.db);
    const after = await inject('GET', `/api/availability/hotels/${hotel.id}?from=${day(30)}&to=${day(30)}`);
    expect(after.json().days[0].free).toBe(0);
    const refused = await inject('POST', '/api/bookings', carol.cookie, await priced(stay(day(30), day(31), 1)));
    expect(refused.json().message).toBe(`Sold out on ${shortDate(day(30))}`);
    // Cancelling (with its refund) frees them.
    expect((await inject('POST', `/api/bookings/${booking.json().id}/cancel`, carol.cookie, {})).statusCode).toBe(200);
    expect((await inject('GET', `/api/availability/hotels/${hotel.id}?from=${day(30)}&to=${day(30)}`)).json().days[0].free).toBe(3);
  });

  it('never lets two leases of one property overlap, and names the lease in the way', async () => {
    const dana = await signUp(t);
    const first = await inject('POST', '/api/bookings', dana.cookie, await priced(lease(day(100))));
    expect(first.statusCode).toBe(201);
    await pay(t, dana.cookie, first.json());
    const second = await inject('POST', '/api/bookings', other.cookie, await priced(lease(day(130), 1)));
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toMatch(/^Booked from \w{3} \d+ to \w{3} \d+$/);
    const search = await inject('GET', `/api/properties?moveIn=${day(130)}&months=1`);
    expect(search.json().map((p: { id: number }) => p.id)).not.toContain(property.id);
    const later = await inject('GET', `/api/properties?moveIn=${day(300)}&months=1`);
    expect(later.json().find((p: { id: number }) => p.id === property.id).unitsLeft).toBe(1);
  });
});

describe('dated searches', () => {
  it('list only what is free for the whole span, with units left', async () => {
    const hotelsNow = await inject('GET', `/api/hotels?checkIn=${day(200)}&checkOut=${day(202)}&rooms=1`);
    expect(hotelsNow.statusCode).toBe(200);
    expect(hotelsNow.json().find((h: { id: number }) => h.id === hotel.id).unitsLeft).toBe(3);
    const carsNow = await inject('GET', `/api/cars?pickupDate=${day(200)}&returnDate=${day(203)}`);
    expect(carsNow.json().find((c: { id: number }) => c.id === car.id).unitsLeft).toBe(car.fleet);
    const flightsNow = await inject('GET', `/api/flights?date=${day(200)}`);
    expect(flightsNow.json()[0].unitsLeft).toBe(flightsNow.json()[0].seats);
    const fourRooms = await inject('GET', `/api/hotels?checkIn=${day(200)}&checkOut=${day(202)}&rooms=4`);
    expect(fourRooms.json().map((h: { id: number }) => h.id)).not.toContain(hotel.id);
  });

  it('answer 400 with field errors for half a span or a backwards one, and 400 beyond 366 days of availability', async () => {
    expect((await inject('GET', `/api/hotels?checkIn=${day(5)}`)).json().errors.checkOut).toBe('Check-out date is required with Check-in date');
    expect((await inject('GET', `/api/hotels?checkIn=${day(5)}&checkOut=${day(4)}`)).json().errors.checkOut).toBe('Check-out date must be after Check-in date');
    const long = await inject('GET', `/api/availability/hotels/${hotel.id}?from=${day(0)}&to=${day(366)}`);
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toMatch(/At most 366 days/);
    expect((await inject('GET', `/api/availability/hotels/${hotel.id}?from=${day(0)}&to=${day(365)}`)).json().days).toHaveLength(366);
    expect((await inject('GET', `/api/availability/boats/1?from=${day(0)}&to=${day(1)}`)).statusCode).toBe(400);
    expect((await inject('GET', `/api/availability/hotels/999999?from=${day(0)}&to=${day(1)}`)).statusCode).toBe(404);
  });
});

describe('the provider calendar', () => {
  it('shows booked, held and blocked days of own listings only; blocks and lower capacity never cut into bookings', async () => {
    const cal = await inject('GET', `/api/provider/listings/hotels/${hotel.id}/calendar?from=${day(20)}&to=${day(24)}`, provider.cookie);
    expect(cal.statusCode).toBe(200);
    expect(cal.json().capacity).toBe(3);
    expect(cal.json().days.map((d: { free: number }) => d.free)).toEqual([3, 3, 3, 3, 3]);
    expect((await inject('GET', `/api/provider/listings/hotels/${hotel.id}/calendar?from=${day(20)}&to=${day(24)}`, other.cookie)).statusCode).toBe(404);

    // Two rooms paid for nights 21 and 22: a block over them is refused, naming the days, and so is a capacity below.
    const ivy = await signUp(t);
    const paid = await inject('POST', '/api/bookings', ivy.cookie, await priced(stay(day(21), day(23), 2)));
    expect(paid.statusCode).toBe(201);
    expect((await pay(t, ivy.cookie, paid.json())).statusCode).toBe(200);
    const over = await inject('POST', `/api/provider/listings/hotels/${hotel.id}/blocks`, provider.cookie, { from: day(21), to: day(25), reason: 'Renovation' });
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe(`Cannot block: booked on ${shortDate(day(21))} and ${shortDate(day(22))}`);
    const lower = await inject('PUT', `/api/provider/listings/hotels/${hotel.id}/capacity`, provider.cookie, { units: 1 });
    expect(lower.statusCode).toBe(409);
    expect(lower.json().message).toMatch(/^Cannot lower to 1: more rooms are booked on/);

    const booked = (await inject('GET', `/api/provider/listings/hotels/${hotel.id}/calendar?from=${day(21)}&to=${day(22)}`, provider.cookie)).json();
    expect(booked.days.map((d: { booked: number; free: number }) => [d.booked, d.free])).toEqual([[2, 1], [2, 1]]);
    expect(booked.entries).toEqual([expect.objectContaining({ bookingId: paid.json().id, status: 'confirmed', from: day(21), to: day(23), units: 2 })]);

    const block = await inject('POST', `/api/provider/listings/hotels/${hotel.id}/blocks`, provider.cookie, { from: day(24), to: day(25), reason: 'Renovation' });
    expect(block.statusCode).toBe(201);
    const refused = await inject('POST', '/api/bookings', other.cookie, await priced(stay(day(23), day(25), 1)));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(`Not available on ${shortDate(day(24))}`);
    const days = (await inject('GET', `/api/provider/listings/hotels/${hotel.id}/calendar?from=${day(24)}&to=${day(24)}`, provider.cookie)).json().days;
    expect(days[0]).toMatchObject({ blocked: true, free: 0 });
    expect((await inject('DELETE', `/api/provider/listings/hotels/${hotel.id}/blocks/${block.json().id}`, provider.cookie, {})).statusCode).toBe(204);
    expect((await inject('POST', '/api/bookings', other.cookie, await priced(stay(day(23), day(25), 1)))).statusCode).toBe(201);

    expect((await inject('PUT', `/api/provider/listings/hotels/${hotel.id}/capacity`, provider.cookie, { units: 5 })).json()).toEqual({ units: 5 });
    expect((await inject('GET', `/api/availability/hotels/${hotel.id}?from=${day(300)}&to=${day(300)}`)).json().capacity).toBe(5);
    expect((await inject('PUT', `/api/provider/listings/properties/${property.id}/capacity`, provider.cookie, { units: 2 })).statusCode).toBe(400);
    expect((await inject('PUT', `/api/provider/listings/hotels/${hotel.id}/capacity`, undefined, { units: 2 })).statusCode).toBe(401);
    expect(await invariantViolations(t.database.db)).toEqual([]);
  });

  it('applies booking rules', async () => {
    const rules = await inject('PUT', `/api/provider/listings/cars/${car.id}/rules`, provider.cookie, { minNights: 2, maxNights: 10, leadDays: 3 });
    expect(rules.statusCode).toBe(200);
    const erin = await signUp(t);
    const rent = async (pickupDate: string, returnDate: string, days: number) =>
      inject('POST', '/api/bookings', erin.cookie, await priced({ items: [{ serviceType: 'cars', serviceId: car.id, quantity: 1, details: { pickupDate, returnDate } }], totalAmount: (car.pricePerDayCents * days) / 100 }));
    expect((await rent(day(1), day(4), 3)).json().message).toBe('Book at least 3 days ahead');
    expect((await rent(day(10), day(10), 1)).json().message).toBe('Book at least 2 days');
    expect((await rent(day(10), day(12), 2)).statusCode).toBe(201);
    expect((await inject('PUT', `/api/provider/listings/cars/${car.id}/rules`, provider.cookie, { minNights: 5, maxNights: 2, leadDays: 0 })).statusCode).toBe(400);
  });
});

describe('appointments and opening hours', () => {
  it('offers free slots, books one start time once, and refuses the same time to the next customer', async () => {
    const [service] = await t.database.db.select().from(generalServices).where(isNotNull(generalServices.appointmentMinutes)).orderBy(asc(generalServices.id)).limit(1);
    const avail = await inject('GET', `/api/availability/general-services/${service.id}?from=${day(7)}&to=${day(13)}`);
    expect(avail.json().appointments).toBe(true);
    const [slot, next] = avail.json().slots as Array<{ start: string; end: string }>;
    expect(Date.parse(slot.end) - Date.parse(slot.start)).toBe(service.appointmentMinutes! * 60_000);
    const book = async (cookie: string, startAt: string) =>
      inject('POST', '/api/bookings', cookie, await priced({ items: [{ serviceType: 'general-services', serviceId: service.id, quantity: 1, details: { startAt } }], totalAmount: service.priceCents / 100 }));
    const fay = await signUp(t);
    const gus = await signUp(t);
    const fays = await book(fay.cookie, slot.start);
    expect(fays.statusCode).toBe(201);
    // Paid, so it is hers for good (holds here last 0.6 s).
    expect((await pay(t, fay.cookie, fays.json())).statusCode).toBe(200);
    const again = await book(gus.cookie, slot.start);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(SLOT_TAKEN);
    // Half an hour into the booked appointment overlaps it too.
    const overlapping = await book(gus.cookie, new Date(Date.parse(slot.start) + 30 * 60_000).toISOString());
    expect(overlapping.statusCode).toBe(409);
    const gusBooking = await book(gus.cookie, next.start);
    expect(gusBooking.statusCode).toBe(201);
    expect((await pay(t, gus.cookie, gusBooking.json())).statusCode).toBe(200);
    const after = await inject('GET', `/api/availability/general-services/${service.id}?from=${day(7)}&to=${day(13)}`);
    expect(after.json().slots.map((s: { start: string }) => s.start)).not.toContain(slot.start);
    expect(after.json().slots.map((s: { start: string }) => s.start)).not.toContain(next.start);
    const noTime = await inject('POST', '/api/bookings', gus.cookie, await priced({ items: [{ serviceType: 'general-services', serviceId: service.id, quantity: 1, details: {} }], totalAmount: service.priceCents / 100 }));
    expect(noTime.json().errors['items.0.details.startAt']).toBe('Appointment time is required');
  });

  it('refuses a food order while the restaurant is closed, saying when it opens', async () => {
    const [r] = await t.database.db.select().from(restaurants).orderBy(asc(restaurants.id)).limit(1);
    await t.database.db.update(restaurants).set({ ownerId: provider.id }).where(eq(restaurants.id, r.id));
    const now = new Date();
    const opens = (now.getUTCHours() + 2) % 24;
    const closes = (now.getUTCHours() + 3) % 24;
    const hh = (h: number) => `${String(h).padStart(2, '0')}:00`;
    const week = [0, 1, 2, 3, 4, 5, 6].map((d) => ({ day: d, open: hh(opens), close: closes === 0 ? '24:00' : hh(closes) })).filter((i) => i.close > i.open);
    const set = await inject('PUT', `/api/provider/listings/restaurants/${r.id}/hours`, provider.cookie, { hours: { timeZone: 'UTC', week } });
    expect(set.statusCode).toBe(200);
    const opening = await inject('GET', `/api/availability/restaurants/${r.id}`);
    expect(opening.json()).toMatchObject({ open: false });
    const [item] = await t.database.db.execute(sql`select id, price_cents from menu_items where restaurant_id = ${r.id} order by id limit 1`).then((x) => (x as unknown as { rows: Array<{ id: number; price_cents: number }> }).rows);
    const hank = await signUp(t);
    const order = await inject('POST', '/api/bookings', hank.cookie, {
      items: [{ serviceType: 'food-delivery', serviceId: item.id, quantity: 1, details: { restaurantId: r.id, destination: { lat: 43.65, lng: -79.38, address: '100 Queen St W, Toronto' } } }],
      totalAmount: item.price_cents / 100,
    });
    expect(order.statusCode).toBe(409);
    expect(order.json().message).toMatch(/^Closed now, opens (at \d\d:00|\w{3} \d\d:00)$/);
    const listed = (await inject('GET', '/api/restaurants')).json().find((x: { id: number }) => x.id === r.id);
    expect(listed.hours.week.length).toBeGreaterThan(0);
    await inject('PUT', `/api/provider/listings/restaurants/${r.id}/hours`, provider.cookie, { hours: null });
  });
});
