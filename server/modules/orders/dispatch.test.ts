import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { roadKm } from '../../../domain/orders/geo';
import { driverPayoutCents } from '../../../domain/orders/payout';
import type { DriverOrder, DriverOrdersResponse } from '../../../domain/orders/schemas';
import type { LineHaulView } from '../../../domain/orders/scans';
import { deliveryOrders, orderOffers, restaurants } from '../../db/schema';
import { createAdmin, createTestApp, signUp, type TestApp } from '../../testing/test-app';
import { DISPATCH, UNPLACED_MESSAGE, dispatchTick } from './dispatch';
import { lineHaulFacts } from './linehaul';
import { firstRestaurantPoint, near, paidFood, paidShipment, requester } from './test-helpers';

let t: TestApp;
let api: ReturnType<typeof requester>;
let customer: Awaited<ReturnType<typeof signUp>>;
let admin: Awaited<ReturnType<typeof createAdmin>>;

beforeAll(async () => {
  t = await createTestApp();
  api = requester(t);
  customer = await signUp(t);
  admin = await createAdmin(t, 'dispatch-admin@example.com');
});
afterAll(async () => t?.close());

type Driver = Awaited<ReturnType<typeof signUp>>;

/** A driver online at `at`, or online without any known position. */
async function onlineAt(at: { lat: number; lng: number } | null): Promise<Driver> {
  const d = await signUp(t, { role: 'driver' });
  const res = await api.post('/api/driver/status', at ? { online: true, lat: at.lat, lng: at.lng } : { online: true }, d.cookie);
  expect(res.statusCode).toBe(200);
  return d;
}
const offline = async (...drivers: Driver[]) => {
  for (const d of drivers) await api.post('/api/driver/status', { online: false }, d.cookie);
};
const driverOrders = async (d: Driver) => (await api.get('/api/driver/orders', d.cookie)).json() as DriverOrdersResponse;
const offerOf = async (d: Driver, orderId: number) => (await driverOrders(d)).available.find((o) => o.id === orderId);
const ordersOf = (trackingId: string) => t.database.db.select().from(deliveryOrders).where(eq(deliveryOrders.trackingId, trackingId)).orderBy(deliveryOrders.id);
const tracking = async (id: string) => (await api.get(`/api/tracking/${id}`)).json();

describe('the dispatch radius (DISPATCH_RADIUS_KM)', () => {
  it('is 15 road km unless configured', () => {
    expect(loadConfig({}).dispatchRadiusKm).toBe(15);
    expect(loadConfig({ DISPATCH_RADIUS_KM: '25' }).dispatchRadiusKm).toBe(25);
    expect(() => loadConfig({ DISPATCH_RADIUS_KM: '0' })).toThrow(/DISPATCH_RADIUS_KM/);
  });

  it('offers a Toronto order to a driver 3 km from the pickup, never to one 50 km away or one whose position is unknown', async () => {
    const pickup = await firstRestaurantPoint(t);
    const far = await onlineAt(near(pickup, 50));
    const unknown = await onlineAt(null);
    const close = await onlineAt(near(pickup, 3));
    const { deliveries } = await paidFood(t, customer.cookie);
    const [order] = await ordersOf(deliveries[0].trackingId);

    const offer = (await offerOf(close, order.id)) as DriverOrder;
    expect(offer).toBeDefined();
    // A sane offer: the 3 km trip from the restaurant to the customer, its payout and minutes.
    expect(offer.distanceKm).toBeCloseTo(3 * 1.3, 0);
    expect(offer.price).toBe(order.payoutCents / 100);
    expect(offer.price).toBeLessThan(10);
    expect(offer.estimatedTime).toBeGreaterThan(0);
    expect(offer.estimatedTime).toBeLessThan(60);
    expect(await offerOf(far, order.id)).toBeUndefined();
    expect(await offerOf(unknown, order.id)).toBeUndefined();

    // Once the offer lapses, the next wave still asks nobody out of range: only the driver in range again.
    await dispatchTick(t.ctx.db, t.ctx.events, new Date(Date.now() + DISPATCH.OFFER_TTL_MS + 1000));
    const offers = await t.database.db.select().from(orderOffers).where(eq(orderOffers.orderId, order.id));
    expect(offers.map((o) => o.driverId)).toEqual([close.id]);
    expect(offers[0].wave).toBe(2);
    await offline(far, unknown, close);
  });

  it('leaves an order with nobody in range unassigned, and flags it to the admin', async () => {
    const pickup = await firstRestaurantPoint(t);
    const far = await onlineAt(near(pickup, 40));
    const { deliveries } = await paidFood(t, customer.cookie);
    const trackingId = deliveries[0].trackingId;
    const [order] = await ordersOf(trackingId);
    expect(await t.database.db.select().from(orderOffers).where(eq(orderOffers.orderId, order.id))).toEqual([]);
    expect(await offerOf(far, order.id)).toBeUndefined();

    await dispatchTick(t.ctx.db, t.ctx.events, new Date(Date.now() + DISPATCH.UNASSIGNED_AFTER_MS + 1000));
    expect(await tracking(trackingId)).toMatchObject({ status: 'pending', lookingForDriver: true });
    const list = (await api.get('/api/admin/deliveries', admin.cookie)).json() as Array<{ trackingId: string; unassigned: boolean }>;
    expect(list.find((d) => d.trackingId === trackingId)).toMatchObject({ unassigned: true });
    expect(await offerOf(far, order.id)).toBeUndefined();
    await offline(far);
  });
});

describe('points that cannot be placed', () => {
  it('a paid food order from a restaurant without coordinates becomes no order, and the admin is told', async () => {
    const pickup = await firstRestaurantPoint(t);
    const close = await onlineAt(near(pickup, 1));
    const { firstMenuItem, quote, pay } = await import('../bookings/test-helpers');
    const { restaurant, item } = await firstMenuItem(t);
    const items = [{ serviceType: 'food-delivery', serviceId: item.id, quantity: 1, details: { restaurantId: restaurant.id, destination: near(pickup, 2, '5 Lost Lane') } }];
    const booked = await api.post('/api/bookings', { items, totalAmount: (await quote(t, items, undefined, customer.cookie)).total }, customer.cookie);
    expect(booked.statusCode).toBe(201);
    // The restaurant loses its map position between checkout and payment.
    await t.database.db.update(restaurants).set({ lat: null, lng: null }).where(eq(restaurants.id, restaurant.id));
    try {
      const paid = await pay(t, customer.cookie, booked.json());
      expect(paid.statusCode).toBe(200);
      expect(paid.json().deliveries).toEqual([]);
      expect(await t.database.db.select().from(deliveryOrders).where(eq(deliveryOrders.bookingId, booked.json().id))).toEqual([]);
      expect((await driverOrders(close)).available.map((o) => o.dropoffAddress)).not.toContain('5 Lost Lane');
      const audit = (await api.get('/api/admin/audit?action=order.unplaced', admin.cookie)).json() as Array<{ targetId: string; changes: Record<string, unknown> }>;
      expect(audit).toEqual([expect.objectContaining({ targetId: String(booked.json().id), changes: { partKey: `restaurant:${restaurant.id}`, reason: `${restaurant.name} has no map position` } })]);
    } finally {
      await t.database.db.update(restaurants).set({ lat: restaurant.lat, lng: restaurant.lng }).where(eq(restaurants.id, restaurant.id));
      await offline(close);
    }
  });

  it('an order whose pickup is not a placed point is never offered: it is flagged at once', async () => {
    const pickup = await firstRestaurantPoint(t);
    const { deliveries } = await paidFood(t, customer.cookie);
    const trackingId = deliveries[0].trackingId;
    const [order] = await ordersOf(trackingId);
    // An order whose pickup was stored as zeros for a point nobody had (0, 0 is open sea off Africa).
    await t.database.db
      .update(deliveryOrders)
      .set({ pickup: { address: order.pickup.address, lat: 0, lng: 0 } })
      .where(eq(deliveryOrders.id, order.id));
    const close = await onlineAt(near(pickup, 1));
    await dispatchTick(t.ctx.db, t.ctx.events);
    expect(await t.database.db.select().from(orderOffers).where(eq(orderOffers.orderId, order.id))).toEqual([]);
    expect(await offerOf(close, order.id)).toBeUndefined();
    const res = await api.get(`/api/tracking/${trackingId}`);
    expect(res.statusCode, res.body).toBe(200);
    const view = res.json();
    expect(view.lookingForDriver).toBe(true);
    expect(view.updates[0].message).toBe(UNPLACED_MESSAGE);
    const list = (await api.get('/api/admin/deliveries', admin.cookie)).json() as Array<{ trackingId: string; unassigned: boolean }>;
    expect(list.find((d) => d.trackingId === trackingId)).toMatchObject({ unassigned: true });
    // Flagged once, however often the dispatcher passes.
    await dispatchTick(t.ctx.db, t.ctx.events);
    expect((await tracking(trackingId)).updates.filter((u: { message: string }) => u.message === UNPLACED_MESSAGE)).toHaveLength(1);
    await offline(close);
  });
});

describe('a parcel between cities', () => {
  const YORKVILLE = { lat: 43.6709, lng: -79.3933, address: '100 Yorkville Ave, Toronto' };
  const GASTOWN = { lat: 49.2838, lng: -123.109, address: '1 Water St, Vancouver' };
  const scan = (id: string, body: unknown, cookie = admin.cookie) => api.post(`/api/admin/shipments/${id}/scans`, body, cookie);
  const step = (d: Driver, id: number, status: string) => api.post(`/api/driver/orders/${id}/status`, { status }, d.cookie);

  // One parcel, Yorkville (Toronto) -> Gastown (Vancouver), followed step by step by the tests below.
  let toronto: Driver;
  let vancouver: Driver;
  let parcel: Awaited<ReturnType<typeof paidShipment>>;
  let trackingId: string;
  let firstMile: typeof deliveryOrders.$inferSelect;
  let lastMile: typeof deliveryOrders.$inferSelect;
  beforeAll(async () => {
    toronto = await onlineAt(near(YORKVILLE, 2));
    vancouver = await onlineAt(near(GASTOWN, 3));
    parcel = await paidShipment(t, customer.cookie, YORKVILLE, GASTOWN);
    trackingId = parcel.delivery.trackingId;
  });
  afterAll(async () => offline(toronto, vancouver));

  it('is offered first to a Toronto driver, for the first mile only: Yorkville to the Toronto hub, in minutes, paid by the mile', async () => {
    const rows = await ordersOf(trackingId);
    expect(rows).toHaveLength(1);
    [firstMile] = rows;
    expect(firstMile).toMatchObject({ leg: 'first-mile', pickup: YORKVILLE, dropoff: { address: expect.stringMatching(/^Toronto hub \(city centre\), Toronto/) } });
    expect(firstMile.distanceKm).toBeLessThan(15);
    const offer = (await offerOf(toronto, firstMile.id)) as DriverOrder;
    expect(offer).toMatchObject({ kind: 'shipping', pickupAddress: YORKVILLE.address, dropoffAddress: firstMile.dropoff.address, distanceKm: firstMile.distanceKm });
    expect(Math.round(offer.price * 100)).toBe(driverPayoutCents({ kind: 'shipping', chargeCents: parcel.chargeCents, mile: 'first-mile', distanceKm: roadKm(YORKVILLE, firstMile.dropoff) }));
    expect(offer.estimatedTime).toBeLessThan(60);
    // Nothing cross-country is offered to anyone, and nothing at all in Vancouver yet.
    expect((await driverOrders(vancouver)).available).toEqual([]);
    // The customer's record goes to Gastown and reads in days, not minutes.
    expect(await tracking(trackingId)).toMatchObject({ status: 'pending', destination: GASTOWN, estimatedTime: '6–8 days' });
  });

  it('takes scans from an admin only, validated, in order', async () => {
    expect((await scan(trackingId, { scan: 'in_transit' }, '')).statusCode).toBe(401);
    expect((await scan(trackingId, { scan: 'in_transit' }, customer.cookie)).statusCode).toBe(403);
    expect((await api.get(`/api/admin/shipments/${trackingId}/scans`, customer.cookie)).statusCode).toBe(403);
    const bad = await scan(trackingId, { scan: 'teleported', at: 'yesterday' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['at', 'scan']);
    expect((await scan('GLS000000000000', { scan: 'in_transit' })).statusCode).toBe(404);
    const early = await scan(trackingId, { scan: 'in_transit' });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('The parcel has not reached the Toronto hub yet');
    expect((await scan(trackingId, { scan: 'at_hub' })).json().message).toBe('The parcel has not departed the Toronto hub yet');
    expect((await api.get(`/api/admin/shipments/${parcel.delivery.trackingNumber}/scans`, admin.cookie)).json()).toMatchObject({ leg: 'first-mile', scans: [] });
  });

  it('is taken to the Toronto hub by the Toronto driver, who is paid for that mile', async () => {
    expect((await api.post(`/api/driver/orders/${firstMile.id}/accept`, {}, toronto.cookie)).statusCode).toBe(200);
    for (const s of ['pickup', 'transit', 'delivered', 'completed']) expect((await step(toronto, firstMile.id, s)).statusCode).toBe(200);
    expect(Math.round((await api.get('/api/driver/earnings', toronto.cookie)).json().today * 100)).toBe(firstMile.payoutCents);
  });

  it('is not delivered when handed over at the Toronto hub: still on its way, in days', async () => {
    const view = await tracking(trackingId);
    expect(view).toMatchObject({ status: 'active', estimatedTime: '6–8 days' });
    expect(view.updates[0].message).toMatch(/Toronto hub/);
  });

  it('departs Toronto: the customer reads it, and still nobody in Vancouver is asked', async () => {
    const departed = await scan(trackingId, { scan: 'in_transit' });
    expect(departed.statusCode).toBe(201);
    expect(departed.json()).toMatchObject({
      trackingNumber: parcel.delivery.trackingNumber,
      leg: 'line-haul',
      origin: { city: 'Toronto' },
      destination: { city: 'Vancouver' },
      estimate: '6–8 days',
      scans: [{ scan: 'in_transit', hub: 'Toronto', message: 'Departed Toronto hub' }],
    } satisfies Partial<Record<keyof LineHaulView, unknown>>);
    const view = await tracking(trackingId);
    expect(view).toMatchObject({ status: 'active', estimatedTime: '6–8 days' });
    expect(view.updates[0]).toMatchObject({ status: 'in_transit', message: 'Departed Toronto hub' });
    expect(await ordersOf(trackingId)).toHaveLength(1);
    expect((await driverOrders(vancouver)).available).toEqual([]);
    expect((await scan(parcel.delivery.trackingNumber.toLowerCase(), { scan: 'in_transit' })).json().message).toBe('Already scanned: Departed Toronto hub');
    const future = await scan(trackingId, { scan: 'at_hub', at: new Date(Date.now() + 3_600_000).toISOString() });
    expect(future.statusCode).toBe(400);
    expect(future.json().errors).toEqual({ at: 'The scan time cannot be in the future' });
  });

  it('arrives in Vancouver: the last mile is offered to the Vancouver driver, never to the Toronto one', async () => {
    const arrived = await scan(parcel.delivery.trackingNumber, { scan: 'at_hub' });
    expect(arrived.statusCode).toBe(201);
    expect((arrived.json() as LineHaulView).leg).toBe('last-mile');
    const rows = await ordersOf(trackingId);
    expect(rows).toHaveLength(2);
    lastMile = rows[1];
    expect(lastMile).toMatchObject({ leg: 'last-mile', status: 'pending', pickup: { address: expect.stringMatching(/^Vancouver hub \(city centre\), Vancouver/) }, dropoff: GASTOWN });
    expect(lastMile.distanceKm).toBeLessThan(15);
    const offer = (await offerOf(vancouver, lastMile.id)) as DriverOrder;
    expect(offer).toMatchObject({ pickupAddress: lastMile.pickup.address, dropoffAddress: GASTOWN.address, distanceKm: lastMile.distanceKm });
    expect(Math.round(offer.price * 100)).toBe(driverPayoutCents({ kind: 'shipping', chargeCents: parcel.chargeCents, mile: 'last-mile', distanceKm: lastMile.distanceKm }));
    expect(offer.estimatedTime).toBeLessThan(60);
    expect((await driverOrders(toronto)).available).toEqual([]);
    const view = await tracking(trackingId);
    expect(view.status).toBe('active');
    expect(view.estimatedTime).toMatch(/^\d+ min after collection$/);
    expect(view.updates[0]).toMatchObject({ status: 'at_hub', message: 'Arrived at Vancouver hub' });
  });

  it('is one delivery of the booking, under way, whichever mile it is on', async () => {
    const booking = (await api.get(`/api/bookings/${parcel.bookingId}`, customer.cookie)).json();
    expect(booking.deliveries).toEqual([expect.objectContaining({ trackingId, kind: 'shipping', status: 'active' })]);
  });

  it('is out for delivery once the Vancouver driver collects it at the hub, then delivered to Gastown', async () => {
    expect((await api.post(`/api/driver/orders/${lastMile.id}/accept`, {}, vancouver.cookie)).statusCode).toBe(200);
    for (const s of ['pickup', 'transit']) expect((await step(vancouver, lastMile.id, s)).statusCode).toBe(200);
    const view = await tracking(trackingId);
    expect(view.updates.map((u: { message: string }) => u.message)).toContain('Out for delivery from the Vancouver hub');
    expect(view.route).toMatchObject({ pickup: { address: lastMile.pickup.address }, destination: GASTOWN });
    expect((await lineHaulFacts(t.ctx.db, [trackingId])).get(trackingId)).toEqual({ hubCity: 'Vancouver', scans: ['in_transit', 'at_hub', 'out_for_delivery'] });
    for (const s of ['delivered', 'completed']) expect((await step(vancouver, lastMile.id, s)).statusCode).toBe(200);
    expect(await tracking(trackingId)).toMatchObject({ status: 'completed', orderStatus: 'completed' });
    expect(Math.round((await api.get('/api/driver/earnings', vancouver.cookie)).json().today * 100)).toBe(lastMile.payoutCents);
  });
});

describe('a parcel across town', () => {
  const YORKVILLE = { lat: 43.6709, lng: -79.3933, address: '100 Yorkville Ave, Toronto' };
  const scan = (id: string, body: unknown, cookie = admin.cookie) => api.post(`/api/admin/shipments/${id}/scans`, body, cookie);

  it('a parcel across town stays one door-to-door order, and has no hub scans', async () => {
    const { delivery } = await paidShipment(t, customer.cookie, YORKVILLE, { lat: 43.6453, lng: -79.3806, address: 'Union Station, Toronto' });
    const rows = await ordersOf(delivery.trackingId);
    expect(rows).toEqual([expect.objectContaining({ leg: 'direct', dropoff: expect.objectContaining({ address: 'Union Station, Toronto' }) })]);
    expect((await tracking(delivery.trackingId)).estimatedTime).toMatch(/^\d+ min$/);
    const res = await scan(delivery.trackingId, { scan: 'in_transit' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Only parcels between cities are scanned at hubs; this one is delivered door to door');
    expect(await lineHaulFacts(t.ctx.db, [delivery.trackingId])).toEqual(new Map());
  });
});

describe('a configured radius', () => {
  let small: TestApp;
  beforeAll(async () => {
    small = await createTestApp({ env: { DISPATCH_RADIUS_KM: '5' } });
  });
  afterAll(async () => small?.close());

  it('DISPATCH_RADIUS_KM=5 asks a driver 3 km away but not one 8 km away', async () => {
    const call = requester(small);
    const c = await signUp(small);
    const pickup = await firstRestaurantPoint(small);
    const at = async (km: number) => {
      const d = await signUp(small, { role: 'driver' });
      const p = near(pickup, km);
      expect((await call.post('/api/driver/status', { online: true, lat: p.lat, lng: p.lng }, d.cookie)).statusCode).toBe(200);
      return d;
    };
    const eight = await at(8);
    const three = await at(3);
    const { deliveries } = await paidFood(small, c.cookie);
    const [order] = await small.database.db.select().from(deliveryOrders).where(eq(deliveryOrders.trackingId, deliveries[0].trackingId));
    const offered = await small.database.db.select({ driverId: orderOffers.driverId }).from(orderOffers).where(and(eq(orderOffers.orderId, order.id), eq(orderOffers.status, 'offered')));
    expect(offered).toEqual([{ driverId: three.id }]);
    expect(eight.id).not.toBe(three.id);
  });
});
