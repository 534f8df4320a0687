import { asc, eq, isNull, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flightFareCents, greatCircleKm, roundKm, shippingRateCents, taxiFareCents } from '../../../domain/catalogue/pricing';
import { additionalServices, bookings as bookingsTable, cars, flights, generalServices, payments, properties, restaurants, shippingRates, taxiRides, trackingRecords, trackingUpdates } from '../../db/schema';
import { createAdmin, createTestApp, signUp, type TestApp } from '../../testing/test-app';
import { DELIVERY_ADDRESS_REQUIRED, DELIVERY_ADDRESS_UNKNOWN } from '../../../domain/bookings/schemas';
import { ORDER_STATUS_MESSAGE } from '../../../domain/orders/states';
import { bookFood, bookHotel, day, firstHotel, firstMenuItem, pay, quote, TORONTO_ADDRESS } from './test-helpers';

let t: TestApp;
let alice: Awaited<ReturnType<typeof signUp>>;
let bob: Awaited<ReturnType<typeof signUp>>;
let admin: { cookie: string };

beforeAll(async () => {
  t = await createTestApp();
  alice = await signUp(t);
  bob = await signUp(t);
  admin = await createAdmin(t);
});
afterAll(async () => t?.close());

const post = (url: string, payload: unknown, cookie?: string) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: cookie ? { cookie } : {} });
const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

/** A two-night stay in the first hotel, at the quoted total (the items only when the lines cannot be quoted). */
async function hotelPayload(overrides: Record<string, unknown> = {}, itemOverrides: Record<string, unknown> = {}) {
  const h = await firstHotel(t);
  const items = [{ serviceType: 'hotels', serviceId: h.id, quantity: 1, price: 1, details: { checkIn: day(5), checkOut: day(7), rooms: 1, guests: 1, ...overrides }, ...itemOverrides }];
  return {
    items,
    totalAmount: await quote(t, items).then(
      (q) => q.total,
      () => (h.pricePerNightCents * 2) / 100,
    ),
    bookingDate: new Date().toISOString(),
    status: 'pending',
  };
}

describe('POST /api/bookings', () => {
  it('requires a signed-in user', async () => {
    const res = await post('/api/bookings', await hotelPayload());
    expect(res.statusCode).toBe(401);
    expect((await get('/api/bookings')).statusCode).toBe(401);
  });

  it('prices the lines from the catalogue and answers 201 with the booking', async () => {
    const h = await firstHotel(t);
    const payload = await hotelPayload({ rooms: 2, guests: 3 }, { quantity: 2 });
    const itemsCents = h.pricePerNightCents * 2 * 2 * 2;
    const q = await quote(t, payload.items);
    // Items, then the service fee (5% of them, at most $50) and the tax of the hotel's place.
    expect(q.items).toBe(itemsCents / 100);
    expect(q.serviceFee).toBe(Math.min(5000, Math.round(itemsCents * 0.05)) / 100);
    expect(q.total).toBe(Math.round((q.items + q.deliveryFee + q.serviceFee + q.tax + q.tip) * 100) / 100);
    const res = await post('/api/bookings', { ...payload, totalAmount: q.total }, alice.cookie);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      status: 'pending',
      currency: 'usd',
      totalAmount: q.total,
      breakdown: q,
      payments: [],
      items: [
        {
          serviceType: 'hotels',
          serviceId: h.id,
          name: h.name,
          quantity: 2,
          unitPrice: (h.pricePerNightCents * 2 * 2) / 100,
          lineTotal: itemsCents / 100,
          details: { checkIn: day(5), checkOut: day(7), rooms: 2, guests: 3 },
        },
      ],
    });
    expect(typeof body.id).toBe('number');
    expect(typeof body.items[0].id).toBe('number');
    expect(Date.parse(body.createdAt)).not.toBeNaN();
    expect(Date.parse(body.bookingDate)).not.toBeNaN();
    expect(body.trackingId).toBeUndefined();
  });

  it('answers with exactly the booking as stored: the 201 body equals GET /api/bookings/:id, lines in order', async () => {
    const h = await firstHotel(t);
    const { item } = await firstMenuItem(t);
    const payload = {
      items: [
        { serviceType: 'hotels', serviceId: h.id, quantity: 1, price: 1, details: { checkIn: day(5), checkOut: day(6), rooms: 1, guests: 1 } },
        { serviceType: 'food-delivery', serviceId: item.id, quantity: 2, price: 1, details: { restaurantId: item.restaurantId, destination: TORONTO_ADDRESS } },
        { serviceType: 'hotels', serviceId: h.id, quantity: 1, price: 1, details: { checkIn: day(8), checkOut: day(9), rooms: 1, guests: 1 } },
      ],
      totalAmount: 0,
    };
    payload.totalAmount = (await quote(t, payload.items)).total;
    const res = await post('/api/bookings', payload, alice.cookie);
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created.items.map((l: { serviceType: string }) => l.serviceType)).toEqual(['hotels', 'food-delivery', 'hotels']);
    expect((await get(`/api/bookings/${created.id}`, alice.cookie)).json()).toEqual(created);
  });

  it('answers 409 with the real total when the shown total is off by more than a cent', async () => {
    const real = (await hotelPayload()).totalAmount;
    const res = await post('/api/bookings', { ...(await hotelPayload()), totalAmount: real - 0.02 }, alice.cookie);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'The total has changed', totalAmount: real });
    const ok = await post('/api/bookings', { ...(await hotelPayload()), totalAmount: real + 0.01 }, alice.cookie);
    expect(ok.statusCode).toBe(201);
    expect(ok.json().totalAmount).toBe(real);
  });

  it('prices every service type with the shared rules', async () => {
    const db = t.database.db;
    const [car] = await db.select().from(cars).orderBy(asc(cars.id)).limit(1);
    const [flight] = await db.select().from(flights).orderBy(asc(flights.id)).limit(1);
    const [ride] = await db.select().from(taxiRides).orderBy(asc(taxiRides.id)).limit(1);
    const [prop] = await db.select().from(properties).orderBy(asc(properties.id)).limit(1);
    const [rate] = await db.select().from(shippingRates).orderBy(asc(shippingRates.id)).limit(1);
    const [extra] = await db.select().from(additionalServices).orderBy(asc(additionalServices.id)).limit(1);
    // A service booked without an appointment (appointment services need a time: availability.test.ts).
    const [general] = await db.select().from(generalServices).where(isNull(generalServices.appointmentMinutes)).orderBy(asc(generalServices.id)).limit(1);
    const { restaurant, item } = await firstMenuItem(t);
    const pickup = { lat: 43.6532, lng: -79.3832, address: 'Union Station' };
    const dropoff = { lat: 43.6777, lng: -79.6248, address: 'Pearson Airport' };
    const passengers = { adults: 2, children: 1, infants: 0 };
    const parcel = { weight: 12, length: 20, width: 10, height: 10 };
    const expected = [
      car.pricePerDayCents * 3,
      flightFareCents(flight.priceCents, passengers, 'Premium Economy'),
      taxiFareCents(ride, roundKm(greatCircleKm(pickup, dropoff))),
      prop.pricePerMonthCents * 3,
      shippingRateCents(rate, parcel),
      extra.priceCents,
      general.priceCents,
      item.priceCents * 3,
    ];
    const items = [
      { serviceType: 'cars', serviceId: car.id, quantity: 1, details: { pickupDate: day(1), returnDate: day(4) } },
      { serviceType: 'flights', serviceId: flight.id, quantity: 1, details: { date: day(10), passengers, cabinClass: 'Premium Economy' } },
      { serviceType: 'taxi', serviceId: ride.id, quantity: 1, details: { pickup, dropoff } },
      { serviceType: 'properties', serviceId: prop.id, quantity: 1, details: { moveIn: day(30), months: 3 } },
      { serviceType: 'shipping', serviceId: rate.id, quantity: 1, details: { ...parcel, from: pickup, to: dropoff } },
      { serviceType: 'services', serviceId: extra.id, quantity: 1, details: {} },
      { serviceType: 'general-services', serviceId: general.id, quantity: 1, details: {} },
      { serviceType: 'food-delivery', serviceId: item.id, quantity: 3, details: { restaurantId: restaurant.id, destination: TORONTO_ADDRESS } },
    ];
    const q = await quote(t, items);
    expect(Math.round(q.items * 100)).toBe(expected.reduce((a, b) => a + b, 0));
    const res = await post('/api/bookings', { items, totalAmount: q.total }, alice.cookie);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.items.map((l: { lineTotal: number }) => Math.round(l.lineTotal * 100))).toEqual(expected);
    expect(body.breakdown).toEqual(q);
    expect(body.items[7]).toMatchObject({ unitPrice: item.priceCents / 100, quantity: 3 });
  });

  it('refuses unknown and inactive services', async () => {
    const unknown = await post('/api/bookings', { items: [{ serviceType: 'hotels', serviceId: 999999, quantity: 1, details: { checkIn: day(1), checkOut: day(2) } }], totalAmount: 1 }, alice.cookie);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('Unknown service: hotels #999999');
    const [car] = await t.database.db.insert(cars).values({ model: 'Retired', category: 'SUV', seats: 5, luggage: 2, pricePerDayCents: 1000, isActive: false }).returning();
    const inactive = await post(
      '/api/bookings',
      { items: [{ serviceType: 'cars', serviceId: car.id, quantity: 1, details: { pickupDate: day(1), returnDate: day(2) } }], totalAmount: 10 },
      alice.cookie,
    );
    expect(inactive.statusCode).toBe(400);
    expect(inactive.json().message).toBe(`Unknown service: cars #${car.id}`);
  });

  it('validates details per service type with errors keyed by path', async () => {
    const h = await firstHotel(t);
    const res = await post('/api/bookings', { items: [{ serviceType: 'hotels', serviceId: h.id, quantity: 1, details: { checkIn: day(3) } }], totalAmount: 1 }, alice.cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toHaveProperty(['items.0.details.checkOut']);
  });

  it('names the missing or malformed detail in its message', async () => {
    const h = await firstHotel(t);
    const noCheckOut = await post('/api/bookings', { items: [{ serviceType: 'hotels', serviceId: h.id, quantity: 1, details: { checkIn: day(3) } }], totalAmount: 1 }, alice.cookie);
    expect(noCheckOut.json()).toMatchObject({ message: 'Validation failed: Check-out date is required', errors: { 'items.0.details.checkOut': 'Check-out date is required' } });

    const [property] = await t.database.db.select().from(properties).where(eq(properties.isActive, true)).limit(1);
    const lease = await post('/api/bookings', { items: [{ serviceType: 'properties', serviceId: property.id, quantity: 1, details: { moveIn: day(9), months: 5 } }], totalAmount: 1 }, alice.cookie);
    expect(lease.statusCode).toBe(400);
    expect(lease.json().errors).toEqual({ 'items.0.details.months': 'Lease must be 1, 3, 6 or 12 months' });

    const [ride] = await t.database.db.select().from(taxiRides).where(eq(taxiRides.isActive, true)).limit(1);
    const noDropoff = await post(
      '/api/bookings',
      { items: [{ serviceType: 'taxi', serviceId: ride.id, quantity: 1, details: { pickup: { lat: 50.4, lng: -104.6, address: 'A' } } }], totalAmount: 1 },
      alice.cookie,
    );
    expect(noDropoff.json().errors).toEqual({ 'items.0.details.dropoff': 'Dropoff location is required' });

    const badId = await get('/api/bookings/abc', alice.cookie);
    expect(badId.statusCode).toBe(400);
    expect(badId.json().errors).toEqual({ id: 'Invalid booking id' });
  });

  it('refuses past dates, check-out not after check-in, returns before pickup, and too many guests', async () => {
    const past = await post('/api/bookings', await hotelPayload({ checkIn: day(-1) }), alice.cookie);
    expect(past.statusCode).toBe(400);
    expect(past.json()).toMatchObject({ message: 'Check-in date cannot be in the past', errors: { 'items.0.details.checkIn': 'Check-in date cannot be in the past' } });

    const same = await post('/api/bookings', await hotelPayload({ checkIn: day(5), checkOut: day(5) }), alice.cookie);
    expect(same.statusCode).toBe(400);
    expect(same.json().message).toBe('Check-out must be after check-in');

    const h = await firstHotel(t);
    const crowd = await post('/api/bookings', await hotelPayload({ rooms: 1, guests: h.maxGuests + 1 }), alice.cookie);
    expect(crowd.statusCode).toBe(400);
    expect(crowd.json().errors).toHaveProperty(['items.0.details.guests']);

    const [car] = await t.database.db.select().from(cars).where(eq(cars.isActive, true)).limit(1);
    const back = await post(
      '/api/bookings',
      { items: [{ serviceType: 'cars', serviceId: car.id, quantity: 1, details: { pickupDate: day(4), returnDate: day(2) } }], totalAmount: 1 },
      alice.cookie,
    );
    expect(back.statusCode).toBe(400);
    expect(back.json().message).toBe('Return date must not be before pickup date');
  });

  it('keeps quantity within 1..99 and food items on their own restaurant', async () => {
    for (const quantity of [0, 100]) {
      const res = await post('/api/bookings', await hotelPayload({}, { quantity }), alice.cookie);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors['items.0.quantity']).toBe('Quantity must be between 1 and 99');
    }
    const { item } = await firstMenuItem(t);
    const [other] = await t.database.db.select().from(restaurants).where(ne(restaurants.id, item.restaurantId)).orderBy(asc(restaurants.id)).limit(1);
    const res = await post('/api/bookings', { items: [{ serviceType: 'food-delivery', serviceId: item.id, quantity: 1, details: { restaurantId: other.id, destination: TORONTO_ADDRESS } }], totalAmount: item.priceCents / 100 }, alice.cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toHaveProperty(['items.0.details.restaurantId']);
  });
});

describe('reading bookings', () => {
  it('lists only my bookings, newest first', async () => {
    const carol = await signUp(t);
    const first = await bookHotel(t, carol.cookie, 1);
    const second = await bookHotel(t, carol.cookie, 2);
    await bookHotel(t, bob.cookie, 1);
    const res = await get('/api/bookings', carol.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json().map((b: { id: number }) => b.id)).toEqual([second.id, first.id]);
    expect(res.json()[0].items).toHaveLength(1);
  });

  it('shows a booking to its owner and admins only', async () => {
    const b = await bookHotel(t, alice.cookie);
    expect((await get(`/api/bookings/${b.id}`, alice.cookie)).json()).toMatchObject({ id: b.id, status: 'pending', payments: [] });
    expect((await get(`/api/bookings/${b.id}`, admin.cookie)).statusCode).toBe(200);
    const other = await get(`/api/bookings/${b.id}`, bob.cookie);
    expect(other.statusCode).toBe(404);
    expect((await get('/api/bookings/99999999', alice.cookie)).statusCode).toBe(404);
    expect((await get(`/api/bookings/${b.id}`)).statusCode).toBe(401);
  });
});

describe('cancel and complete', () => {
  it('cancels a pending booking once; others get 404', async () => {
    const b = await bookHotel(t, alice.cookie);
    expect((await post(`/api/bookings/${b.id}/cancel`, {}, bob.cookie)).statusCode).toBe(404);
    const res = await post(`/api/bookings/${b.id}/cancel`, {}, alice.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: b.id, status: 'cancelled' });
    const again = await post(`/api/bookings/${b.id}/cancel`, {}, alice.cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This booking is already cancelled');
    // A cancelled booking cannot be paid any more.
    const paid = await pay(t, alice.cookie, b);
    expect(paid.statusCode).toBe(409);
  });

  it('refunds a paid booking on cancel and records the refund', async () => {
    const b = await bookHotel(t, alice.cookie, 3);
    const paid = await pay(t, alice.cookie, b);
    expect(paid.statusCode).toBe(200);
    const res = await post(`/api/bookings/${b.id}/cancel`, {}, alice.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: b.id, status: 'cancelled', refund: { amount: b.totalAmount } });
    const view = (await get(`/api/bookings/${b.id}`, alice.cookie)).json();
    expect(view.status).toBe('cancelled');
    expect(view.payments.map((p: { status: string; amount: number; brand: string; last4: string }) => [p.status, p.amount, p.brand, p.last4])).toEqual([
      ['succeeded', b.totalAmount, 'visa', '4242'],
      ['refunded', b.totalAmount, 'visa', '4242'],
    ]);
  });

  it('lets an admin complete a confirmed booking, which then cannot be cancelled', async () => {
    const b = await bookHotel(t, alice.cookie);
    expect((await post(`/api/bookings/${b.id}/complete`, {}, admin.cookie)).statusCode).toBe(409);
    await pay(t, alice.cookie, b);
    expect((await post(`/api/bookings/${b.id}/complete`, {}, alice.cookie)).statusCode).toBe(403);
    const done = await post(`/api/bookings/${b.id}/complete`, {}, admin.cookie);
    expect(done.statusCode).toBe(200);
    expect(done.json().status).toBe('completed');
    const cancel = await post(`/api/bookings/${b.id}/cancel`, {}, alice.cookie);
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json().message).toBe('A completed booking cannot be cancelled');
  });

  it('lets an admin cancel any booking', async () => {
    const b = await bookHotel(t, bob.cookie);
    expect((await post(`/api/bookings/${b.id}/cancel`, {}, admin.cookie)).json()).toEqual({ id: b.id, status: 'cancelled' });
  });
});

describe('food orders', () => {
  it('start a delivery when paid, in the same step as the confirmation', async () => {
    const destination = { lat: 43.65, lng: -79.38, address: '100 Queen St W, Toronto' };
    const { booking, restaurant } = await bookFood(t, alice.cookie, destination);
    expect((await get(`/api/bookings/${booking.id}`, alice.cookie)).json().trackingId).toBeUndefined();
    const paid = await pay(t, alice.cookie, booking);
    expect(paid.statusCode).toBe(200);
    const trackingId = paid.json().trackingId as string;
    expect(trackingId).toMatch(/^trk_/);
    const view = (await get(`/api/bookings/${booking.id}`, alice.cookie)).json();
    expect(view).toMatchObject({ status: 'confirmed', trackingId });

    const [rec] = await t.database.db.select().from(trackingRecords).where(eq(trackingRecords.id, trackingId));
    expect(rec).toMatchObject({
      bookingId: booking.id,
      userId: alice.id,
      type: 'delivery',
      status: 'pending',
      serviceName: restaurant.name,
      providerName: restaurant.name,
      providerPhone: restaurant.phone,
      destination,
      estimatedTime: restaurant.deliveryTime,
      currentLocation: { lat: Number(restaurant.lat), lng: Number(restaurant.lng), address: restaurant.address },
    });
    expect(rec.trackingNumber).toMatch(/^GLF\d{12}$/);
    const updates = await t.database.db.select().from(trackingUpdates).where(eq(trackingUpdates.trackingId, trackingId));
    // The first step is 'Order received' (a restaurant nobody runs in the portal also accepts it at once).
    expect(updates.map((u) => u.message)[0]).toBe(ORDER_STATUS_MESSAGE.pending);
  });

  it('need a delivery address: none or an unknown one is a field error and nothing is booked; typed text is placed', async () => {
    const { restaurant, item } = await firstMenuItem(t);
    const items = (details: Record<string, unknown>) => [{ serviceType: 'food-delivery', serviceId: item.id, quantity: 1, details: { restaurantId: restaurant.id, ...details } }];
    const { total } = await quote(t, items({ destination: TORONTO_ADDRESS }));
    const line = (details: Record<string, unknown>) => ({ items: items(details), totalAmount: total });
    const before = (await get('/api/bookings', bob.cookie)).json().length;
    const none = await post('/api/bookings', line({}), bob.cookie);
    expect(none.statusCode).toBe(400);
    expect(none.json().errors).toEqual({ 'items.0.details.destination': DELIVERY_ADDRESS_REQUIRED });
    const unknown = await post('/api/bookings', line({ address: 'Qzxqzx Nowhereville' }), bob.cookie);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual({ 'items.0.details.destination': DELIVERY_ADDRESS_UNKNOWN });
    expect((await get('/api/bookings', bob.cookie)).json()).toHaveLength(before);

    const typed = await post('/api/bookings', line({ address: '55 Bloor St W, Toronto' }), bob.cookie);
    expect(typed.statusCode).toBe(201);
    const dest = typed.json().items[0].details.destination;
    expect(dest.address).toBe('55 Bloor St W, Toronto');
    expect(greatCircleKm(dest, { lat: 43.65, lng: -79.38 })).toBeLessThan(20);
  });

  it('start no delivery before payment succeeds', async () => {
    const { booking } = await bookFood(t, bob.cookie);
    const declined = await pay(t, bob.cookie, booking, '4000000000000002');
    expect(declined.statusCode).toBe(402);
    expect(await t.database.db.select().from(trackingRecords).where(eq(trackingRecords.bookingId, booking.id))).toHaveLength(0);
    const paid = await pay(t, bob.cookie, booking);
    expect(paid.json().deliveries).toHaveLength(1);
    const rows = await t.database.db.select().from(payments).where(eq(payments.bookingId, booking.id)).orderBy(asc(payments.id));
    expect(rows.map((p) => p.status)).toEqual(['failed', 'succeeded']);
  });
});

describe('who is asking comes first', () => {
  it('answers 401, not 400, to a signed-out request with an invalid body', async () => {
    const booking = await t.app.inject({ method: 'POST', url: '/api/bookings', payload: { items: 'nope' } });
    expect(booking.statusCode).toBe(401);
    const payment = await t.app.inject({ method: 'POST', url: '/api/process-payment', payload: {} });
    expect(payment.statusCode).toBe(401);
  });
});

describe('abandoned bookings (issue 15)', () => {
  it('a booking left unpaid for 30 minutes expires: never listed as open, and can no longer be paid', async () => {
    const carol = await signUp(t);
    const fresh = await bookHotel(t, carol.cookie);
    const old = await bookHotel(t, carol.cookie);
    await t.database.db
      .update(bookingsTable)
      // Made 31 minutes ago: its 15-minute hold lapsed 16 minutes ago.
      .set({ createdAt: new Date(Date.now() - 31 * 60_000), holdExpiresAt: new Date(Date.now() - 16 * 60_000) })
      .where(eq(bookingsTable.id, old.id));

    const listed = (await get('/api/bookings', carol.cookie)).json() as Array<{ id: number; status: string }>;
    expect(listed.find((b) => b.id === old.id)?.status).toBe('cancelled');
    expect(listed.find((b) => b.id === fresh.id)?.status).toBe('pending');
    expect((await get(`/api/bookings/${old.id}`, carol.cookie)).json()).toMatchObject({ status: 'cancelled' });

    const paid = await pay(t, carol.cookie, old);
    expect(paid.statusCode).toBe(409);
    const [row] = await t.database.db.select().from(bookingsTable).where(eq(bookingsTable.id, old.id));
    expect(row.status).toBe('cancelled');
    expect((await t.database.db.select().from(payments).where(eq(payments.bookingId, old.id))).filter((p) => p.status === 'succeeded')).toEqual([]);
    // The fresh one is still payable.
    expect((await pay(t, carol.cookie, fresh)).statusCode).toBe(200);
  });
});
