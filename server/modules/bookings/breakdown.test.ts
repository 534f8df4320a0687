import { asc, eq, like, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TIP_NOT_ALLOWED, TIP_WHOLE_CENTS, type PriceBreakdown } from '../../../domain/bookings/breakdown';
import { noLocationMessage } from '../../../domain/orders/reach';
import { roadKm } from '../../../domain/orders/geo';
import { bookings, hotels, menuItems, payments, restaurants, taxiRides } from '../../db/schema';
import { SandboxGateway } from '../../platform/payments';
import type { ChargeRequest, ChargeResult } from '../../platform/payments/gateway';
import { createTestApp, signUp, type TestApp } from '../../testing/test-app';
import { loadConfig } from '../../config';
import { cardToken, day, quote, TORONTO_ADDRESS } from './test-helpers';

/** The sandbox gateway, recording every amount it is asked to charge (what the card is charged). */
class RecordingGateway extends SandboxGateway {
  readonly charged: number[] = [];
  override async charge(req: ChargeRequest): Promise<ChargeResult> {
    this.charged.push(req.amountCents);
    return super.charge(req);
  }
}

let t: TestApp;
let gateway: RecordingGateway;
let alice: Awaited<ReturnType<typeof signUp>>;

beforeAll(async () => {
  gateway = new RecordingGateway();
  t = await createTestApp({ overrides: { payments: gateway } });
  alice = await signUp(t);
});
afterAll(async () => t?.close());

const post = (url: string, payload: unknown, cookie?: string) => t.app.inject({ method: 'POST', url, payload: payload as object, headers: cookie ? { cookie } : {} });
const get = (url: string, cookie: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
const cents = (dollars: number) => Math.round(dollars * 100);
const sumCents = (b: PriceBreakdown) => b.lines.reduce((s, l) => s + cents(l.amount), 0);

/** Two seeded Toronto restaurants, each with its first menu item. */
async function torontoRestaurants() {
  const db = t.database.db;
  const rs = await db.select().from(restaurants).where(like(restaurants.address, '%Toronto, ON%')).orderBy(asc(restaurants.id)).limit(2);
  return Promise.all(
    rs.map(async (r) => ({ restaurant: r, item: (await db.select().from(menuItems).where(eq(menuItems.restaurantId, r.id)).orderBy(asc(menuItems.id)).limit(1))[0] })),
  );
}

const hotelIn = async (location: string) => (await t.database.db.select().from(hotels).where(eq(hotels.location, location)).limit(1))[0];
const foodLine = (item: { id: number; restaurantId: number }, quantity: number, destination: unknown = TORONTO_ADDRESS) => ({
  serviceType: 'food-delivery',
  serviceId: item.id,
  quantity,
  details: { restaurantId: item.restaurantId, destination },
});
const hotelLine = (id: number, nights = 2) => ({ serviceType: 'hotels', serviceId: id, quantity: 1, details: { checkIn: day(4), checkOut: day(4 + nights), rooms: 1, guests: 1 } });

describe('POST /api/bookings/quote', () => {
  it('answers the breakdown: items, each restaurant’s delivery fee once, service fee, the place’s tax and the tip', async () => {
    const [a, b] = await torontoRestaurants();
    const hotel = await hotelIn('Toronto, Canada');
    const items = [foodLine(a.item, 2), foodLine(b.item, 1), foodLine(a.item, 1), hotelLine(hotel.id)];
    const before = (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(bookings))[0].n;
    const res = await post('/api/bookings/quote', { items, tip: 4.5 });
    expect(res.statusCode).toBe(200);
    const q = res.json() as PriceBreakdown;

    // Worked out here from the catalogue rows, independently of the server's code.
    const itemsCents = a.item.priceCents * 3 + b.item.priceCents + hotel.pricePerNightCents * 2;
    const deliveryCents = a.restaurant.deliveryFeeCents + b.restaurant.deliveryFeeCents;
    const serviceCents = Math.min(5000, Math.max(100, Math.round(itemsCents * 0.05)));
    // Everything is in Ontario: HST 13% of items, delivery fees and service fee, rounded once; the tip is not taxed.
    const taxCents = Math.round((itemsCents + deliveryCents + serviceCents) * 0.13);
    const totalCents = itemsCents + deliveryCents + serviceCents + taxCents + 450;
    expect(q).toEqual({
      items: itemsCents / 100,
      deliveryFee: deliveryCents / 100,
      serviceFee: serviceCents / 100,
      tax: taxCents / 100,
      tip: 4.5,
      total: totalCents / 100,
      tippable: (a.item.priceCents * 3 + b.item.priceCents) / 100,
      lines: [
        { key: 'items', label: 'Subtotal (5 items)', amount: itemsCents / 100 },
        { key: 'delivery', label: `Delivery fee · ${a.restaurant.name}`, amount: a.restaurant.deliveryFeeCents / 100 },
        { key: 'delivery', label: `Delivery fee · ${b.restaurant.name}`, amount: b.restaurant.deliveryFeeCents / 100 },
        { key: 'service', label: 'Service fee (5%)', amount: serviceCents / 100 },
        { key: 'tax', label: 'Tax (HST 13%, Ontario)', amount: taxCents / 100 },
        { key: 'tip', label: 'Tip for your driver', amount: 4.5 },
      ],
    });
    expect(sumCents(q)).toBe(totalCents);
    // Nothing was booked, and no sign-in is needed to price a cart.
    expect((await t.database.db.select({ n: sql<number>`count(*)::int` }).from(bookings))[0].n).toBe(before);
  });

  it('taxes each listing where it is: food in Ontario, a stay in Saskatchewan, a stay in Paris not at all', async () => {
    const [a] = await torontoRestaurants();
    const regina = await hotelIn('Regina, Canada');
    const paris = await hotelIn('Paris, France');
    const q = await quote(t, [foodLine(a.item, 1), hotelLine(regina.id), hotelLine(paris.id, 1)]);
    expect(q.lines.filter((l) => l.key === 'tax').map((l) => l.label)).toEqual(['Tax (HST 13%, Ontario)', 'Tax (GST 5% + PST 6%, Saskatchewan)']);
    expect(sumCents(q)).toBe(cents(q.total));
    expect(cents(q.items) + cents(q.deliveryFee) + cents(q.serviceFee) + cents(q.tax) + cents(q.tip)).toBe(cents(q.total));
    const parisOnly = await quote(t, [hotelLine(paris.id, 1)]);
    expect(parisOnly.lines.map((l) => l.key)).toEqual(['items', 'service']);
    expect(parisOnly.tax).toBe(0);
  });

  it('prices food before an address is chosen (the cart), but refuses what booking would', async () => {
    const [a] = await torontoRestaurants();
    const noAddress = await post('/api/bookings/quote', { items: [{ serviceType: 'food-delivery', serviceId: a.item.id, quantity: 1, details: { restaurantId: a.restaurant.id } }] });
    expect(noAddress.statusCode).toBe(200);
    expect(noAddress.json().deliveryFee).toBe(a.restaurant.deliveryFeeCents / 100);
    const unknown = await post('/api/bookings/quote', { items: [{ serviceType: 'hotels', serviceId: 999_999, quantity: 1, details: { checkIn: day(2), checkOut: day(3) } }] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual({ 'items.0.serviceId': 'Unknown service' });
    const badDates = await post('/api/bookings/quote', { items: [{ ...hotelLine((await hotelIn('Paris, France')).id), details: { checkIn: day(5), checkOut: day(5) } }] });
    expect(badDates.statusCode).toBe(400);
    expect(badDates.json().errors).toEqual({ 'items.0.details.checkOut': 'Check-out must be after check-in' });
  });
});

describe('tips', () => {
  it('are taken for food and rides only: a tip on a stay is a field error, on a quote and a booking alike', async () => {
    const paris = await hotelIn('Paris, France');
    const items = [hotelLine(paris.id)];
    const quoted = await post('/api/bookings/quote', { items, tip: 5 });
    expect(quoted.statusCode).toBe(400);
    expect(quoted.json()).toEqual({ message: TIP_NOT_ALLOWED, errors: { tip: TIP_NOT_ALLOWED } });
    const { total } = await quote(t, items);
    const booked = await post('/api/bookings', { items, tip: 5, totalAmount: total + 5 }, alice.cookie);
    expect(booked.statusCode).toBe(400);
    expect(booked.json().errors).toEqual({ tip: TIP_NOT_ALLOWED });
    // A tip of nothing is no tip.
    expect((await post('/api/bookings/quote', { items, tip: 0 })).statusCode).toBe(200);

    const [ride] = await t.database.db.select().from(taxiRides).where(eq(taxiRides.isActive, true)).orderBy(asc(taxiRides.id)).limit(1);
    const rideLine = { serviceType: 'taxi', serviceId: ride.id, quantity: 1, details: { pickup: { lat: 43.6532, lng: -79.3832, address: 'Union Station, Toronto, ON' }, dropoff: TORONTO_ADDRESS } };
    const withTip = await quote(t, [rideLine], 3);
    const without = await quote(t, [rideLine]);
    expect(withTip.tip).toBe(3);
    expect(cents(withTip.total)).toBe(cents(without.total) + 300);
    expect(withTip.tax).toBe(without.tax);
  });

  it('are whole cents, not negative', async () => {
    const [a] = await torontoRestaurants();
    const res = await post('/api/bookings/quote', { items: [foodLine(a.item, 1)], tip: 1.005 });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ tip: TIP_WHOLE_CENTS });
    const negative = await post('/api/bookings/quote', { items: [foodLine(a.item, 1)], tip: -1 });
    expect(negative.statusCode).toBe(400);
    expect(negative.json().errors).toEqual({ tip: 'Tip cannot be negative' });
  });
});

describe('the charge is the breakdown’s total', () => {
  it('food from two restaurants and a stay, with fee, tax and tip: booked, shown and charged the same total', async () => {
    const [a, b] = await torontoRestaurants();
    const hotel = await hotelIn('Toronto, Canada');
    const items = [foodLine(a.item, 2), foodLine(b.item, 1), hotelLine(hotel.id)];
    const q = await quote(t, items, 6.25, alice.cookie);
    expect(q.serviceFee).toBeGreaterThan(0);
    expect(q.tax).toBeGreaterThan(0);
    expect(q.lines.filter((l) => l.key === 'delivery')).toHaveLength(2);

    // A total that leaves out the fees, tax and tip is refused with the real one.
    const itemsOnly = await post('/api/bookings', { items, tip: 6.25, totalAmount: q.items }, alice.cookie);
    expect(itemsOnly.statusCode).toBe(409);
    expect(itemsOnly.json()).toEqual({ message: 'The total has changed', totalAmount: q.total });

    const created = await post('/api/bookings', { items, tip: 6.25, totalAmount: q.total }, alice.cookie);
    expect(created.statusCode).toBe(201);
    const booking = created.json();
    expect(booking.totalAmount).toBe(q.total);
    expect(booking.breakdown).toEqual(q);
    expect((await get(`/api/bookings/${booking.id}`, alice.cookie)).json().breakdown).toEqual(q);

    // Stored in cents, column by column, adding up to the total.
    const [row] = await t.database.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect([row.subtotalCents, row.deliveryFeeCents, row.serviceFeeCents, row.taxCents, row.tipCents, row.totalCents]).toEqual([
      cents(q.items),
      cents(q.deliveryFee),
      cents(q.serviceFee),
      cents(q.tax),
      625,
      cents(q.total),
    ]);

    const paymentMethodId = await cardToken(t, alice.cookie);
    // Paying the items alone is refused; the card is charged the total shown.
    const short = await post('/api/process-payment', { bookingId: booking.id, amount: cents(q.items), currency: 'usd', paymentMethodId }, alice.cookie);
    expect(short.statusCode).toBe(400);
    const chargesBefore = gateway.charged.length;
    const paid = await post('/api/process-payment', { bookingId: booking.id, amount: cents(q.total), currency: 'usd', paymentMethodId }, alice.cookie);
    expect(paid.statusCode).toBe(200);
    expect(gateway.charged.slice(chargesBefore)).toEqual([cents(q.total)]);
    const rows = await t.database.db.select().from(payments).where(eq(payments.bookingId, booking.id));
    expect(rows.map((p) => [p.status, p.amountCents])).toEqual([['succeeded', cents(q.total)]]);
    expect(paid.json().deliveries).toHaveLength(2);
  });

  it('a stored booking whose parts do not add up to its total is refused by the database', async () => {
    await expect(
      t.database.db.insert(bookings).values({ userId: alice.id, totalCents: 1000, subtotalCents: 900, taxCents: 50 }),
    ).rejects.toThrow();
  });
});

describe('delivery radius and restaurant location', () => {
  it('refuses an address beyond the restaurant’s radius, naming it, its radius and the distance', async () => {
    const [a] = await torontoRestaurants();
    const point = { lat: Number(a.restaurant.lat), lng: Number(a.restaurant.lng) };
    const far = { lat: point.lat + 0.0858, lng: point.lng, address: 'Far north, Toronto' };
    const message = `${a.restaurant.name} delivers within 10 km; this address is ${roadKm(point, far).toFixed(1)} km away`;
    expect(message).toContain('12.4 km away');
    for (const url of ['/api/bookings/quote', '/api/bookings']) {
      const res = await post(url, { items: [foodLine(a.item, 1, far)], totalAmount: 10 }, alice.cookie);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message, errors: { 'items.0.details.destination': message } });
    }
    // The restaurant that delivers farther takes it.
    await t.database.db.update(restaurants).set({ deliveryRadiusKm: '15' }).where(eq(restaurants.id, a.restaurant.id));
    try {
      const q = await quote(t, [foodLine(a.item, 1, far)]);
      expect((await post('/api/bookings', { items: [foodLine(a.item, 1, far)], totalAmount: q.total }, alice.cookie)).statusCode).toBe(201);
    } finally {
      await t.database.db.update(restaurants).set({ deliveryRadiusKm: '10' }).where(eq(restaurants.id, a.restaurant.id));
    }
  });

  it('refuses food from a restaurant with no point on the map: never priced from a missing point', async () => {
    const [r] = await t.database.db.insert(restaurants).values({ name: 'Pop-up Kitchen', cuisine: 'Fusion', address: '1 Somewhere St, Toronto, ON', deliveryFeeCents: 199 }).returning();
    const [m] = await t.database.db.insert(menuItems).values({ restaurantId: r.id, name: 'Bowl', priceCents: 1200 }).returning();
    const message = noLocationMessage('Pop-up Kitchen');
    const before = (await t.database.db.select().from(bookings).where(eq(bookings.userId, alice.id))).length;
    for (const url of ['/api/bookings/quote', '/api/bookings']) {
      const res = await post(url, { items: [foodLine(m, 1)], totalAmount: 12 }, alice.cookie);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message, errors: { 'items.0.details.restaurantId': message } });
    }
    expect((await t.database.db.select().from(bookings).where(eq(bookings.userId, alice.id))).length).toBe(before);
  });

  it('every seeded restaurant has a point and delivers to an address near it', async () => {
    const db = t.database.db;
    // Whatever the time of day: opening hours are not what this checks.
    await db.update(restaurants).set({ openingHours: null });
    const seeded = await db.select().from(restaurants).where(ne(restaurants.name, 'Pop-up Kitchen')).orderBy(asc(restaurants.id));
    expect(seeded.length).toBeGreaterThan(10);
    for (const r of seeded) {
      expect(r.lat, r.name).not.toBeNull();
      expect(r.lng, r.name).not.toBeNull();
      const [m] = await db.select().from(menuItems).where(eq(menuItems.restaurantId, r.id)).limit(1);
      const near = { lat: Number(r.lat) + 0.02, lng: Number(r.lng), address: `Near ${r.name}` };
      const q = await quote(t, [foodLine(m, 1, near)]);
      expect(q.deliveryFee, r.name).toBe(r.deliveryFeeCents / 100);
      // Seeded restaurants are in Canadian provinces: each shows its province's tax.
      expect(q.lines.find((l) => l.key === 'tax')?.label, r.name).toMatch(/^Tax \(.+, (Ontario|Saskatchewan|British Columbia)\)$/);
    }
  });
});

describe('the service fee is configured', () => {
  it('by SERVICE_FEE_PERCENT, SERVICE_FEE_MIN_CENTS and SERVICE_FEE_MAX_CENTS (5%, $1, $50 by default)', () => {
    expect(loadConfig({}).serviceFee).toEqual({ percent: 5, minCents: 100, maxCents: 5000 });
    expect(loadConfig({ SERVICE_FEE_PERCENT: '2.5', SERVICE_FEE_MIN_CENTS: '0', SERVICE_FEE_MAX_CENTS: '999' }).serviceFee).toEqual({ percent: 2.5, minCents: 0, maxCents: 999 });
    expect(() => loadConfig({ SERVICE_FEE_MIN_CENTS: '600', SERVICE_FEE_MAX_CENTS: '500' })).toThrow(/SERVICE_FEE_MIN_CENTS/);
    expect(() => loadConfig({ SERVICE_FEE_PERCENT: '-1' })).toThrow(/SERVICE_FEE_PERCENT/);
  });
});
