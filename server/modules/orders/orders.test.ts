import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { driverPayoutCents } from '../../../domain/orders/payout';
import type { AdminDelivery, DriverOrder, DriverOrdersResponse } from '../../../domain/orders/schemas';
import { deliveryOrders, orderOffers, trackingRecords } from '../../db/schema';
import { createAdmin, createTestApp, signUp, type TestApp } from '../../testing/test-app';
import { TORONTO_ADDRESS, quote } from '../bookings/test-helpers';
import { DISPATCH, dispatchTick } from './dispatch';
import { firstRestaurantPoint, near, paidFood, requester, rideAndShipmentLines } from './test-helpers';

let t: TestApp;
let api: ReturnType<typeof requester>;
let customer: Awaited<ReturnType<typeof signUp>>;

beforeAll(async () => {
  t = await createTestApp();
  api = requester(t);
  customer = await signUp(t);
});
afterAll(async () => t?.close());

const orders = async (cookie: string) => (await api.get('/api/driver/orders', cookie)).json() as DriverOrdersResponse;

/** A driver account, online `km` from the first restaurant. */
async function onlineDriver(km: number) {
  const d = await signUp(t, { role: 'driver' });
  const at = near(await firstRestaurantPoint(t), km);
  const res = await api.post('/api/driver/status', { online: true, lat: at.lat, lng: at.lng }, d.cookie);
  expect(res.json()).toEqual({ online: true });
  return d;
}

async function offline(cookie: string) {
  await api.post('/api/driver/status', { online: false }, cookie);
}

describe('paid bookings become delivery orders', () => {
  it('creates one order per restaurant, taxi ride and shipment, each tracked, listed on the booking', async () => {
    const food = await paidFood(t, customer.cookie);
    expect(food.deliveries).toEqual([expect.objectContaining({ kind: 'food', status: 'pending', trackingId: expect.stringMatching(/^trk_[0-9a-f]{32}$/) })]);

    const lines = await rideAndShipmentLines(t);
    const booking = await api.post('/api/bookings', { items: lines.items, totalAmount: (await quote(t, lines.items, undefined, customer.cookie)).total }, customer.cookie);
    expect(booking.statusCode).toBe(201);
    const { pay } = await import('../bookings/test-helpers');
    const paid = await pay(t, customer.cookie, booking.json());
    expect(paid.statusCode).toBe(200);
    const deliveries = paid.json().deliveries as Array<{ kind: string; trackingId: string; trackingNumber: string }>;
    expect(deliveries.map((d) => d.kind)).toEqual(['taxi', 'shipping']);
    expect(paid.json().trackingId).toBe(deliveries[0].trackingId);

    const view = (await api.get(`/api/bookings/${booking.json().id}`, customer.cookie)).json();
    expect(view.deliveries).toEqual(deliveries);
    // The shipment's tracking number is what the Shipping section's lookup finds.
    const shipment = deliveries[1];
    const lookup = await api.get(`/api/tracking/${shipment.trackingNumber.toLowerCase()}`);
    expect(lookup.statusCode).toBe(200);
    expect(lookup.json()).toMatchObject({ id: shipment.trackingId, type: 'shipping', status: 'pending', orderStatus: 'pending', driver: null });
    expect(lookup.json().route).toMatchObject({ pickup: { address: 'Union Station, Toronto' }, destination: { address: 'High Park, Toronto' }, path: [] });
  });

  it('refuses a shipment without addresses', async () => {
    const lines = await rideAndShipmentLines(t);
    const shipping = { ...lines.items[1], details: { weight: 4, length: 12, width: 10, height: 6 } };
    const res = await api.post('/api/bookings', { items: [shipping], totalAmount: 1 }, customer.cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({ 'items.0.details.from': 'Sender address is required', 'items.0.details.to': 'Recipient address is required' });
  });
});

describe('the driver API', () => {
  const routes: Array<[string, string, unknown?]> = [
    ['GET', '/api/driver/me'],
    ['POST', '/api/driver/status', { online: true }],
    ['GET', '/api/driver/orders'],
    ['POST', '/api/driver/orders/1/accept', {}],
    ['POST', '/api/driver/orders/1/decline', {}],
    ['POST', '/api/driver/orders/1/status', { status: 'pickup' }],
    ['GET', '/api/driver/earnings'],
    ['POST', '/api/driver/positions', { positions: [{ lat: 1, lng: 1, recordedAt: new Date().toISOString() }] }],
  ];
  it.each(routes)('%s %s: 401 for a visitor, 403 for a customer, a provider and an admin', async (method, url, body) => {
    const send = (cookie?: string) => (method === 'GET' ? api.get(url, cookie) : api.post(url, body ?? {}, cookie));
    expect((await send()).statusCode).toBe(401);
    for (const role of ['user', 'provider'] as const) expect((await send((await signUp(t, { role })).cookie)).statusCode).toBe(403);
    expect((await send((await createAdmin(t, `admin${Math.random()}@example.com`)).cookie)).statusCode).toBe(403);
  });

  it('rejects malformed bodies with field errors', async () => {
    const d = await signUp(t, { role: 'driver' });
    const bad = await api.post('/api/driver/status', { online: 'yes', lat: 200 }, d.cookie);
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toEqual(expect.arrayContaining(['online', 'lat']));
    expect((await api.post('/api/driver/orders/abc/accept', {}, d.cookie)).statusCode).toBe(400);
    expect((await api.post('/api/driver/orders/1/status', { status: 'flying' }, d.cookie)).statusCode).toBe(400);
  });
});

describe('dispatch', () => {
  it('offers to the nearest free online drivers in waves; an expired offer moves on to the next driver', async () => {
    const far = await onlineDriver(9);
    const close = [await onlineDriver(1), await onlineDriver(2), await onlineDriver(3)];
    const { deliveries } = await paidFood(t, customer.cookie);
    const [order] = await t.database.db.select().from(deliveryOrders).where(eq(deliveryOrders.trackingId, deliveries[0].trackingId));

    for (const d of close) expect((await orders(d.cookie)).available.map((o) => o.id)).toContain(order.id);
    expect((await orders(far.cookie)).available.map((o) => o.id)).not.toContain(order.id);

    const offered = (await orders(close[0].cookie)).available.find((o) => o.id === order.id) as DriverOrder;
    expect(offered).toMatchObject({ kind: 'food', status: 'pending', customerName: customer.username, dropoffAddress: '12 Customer Lane' });
    expect(Date.parse(offered.offerExpiresAt!) - Date.now()).toBeGreaterThan(20_000);

    // 31 s later the first wave has lapsed and the next nearest driver is asked.
    await dispatchTick(t.ctx.db, t.ctx.events, new Date(Date.now() + DISPATCH.OFFER_TTL_MS + 1000));
    const offers = await t.database.db.select().from(orderOffers).where(eq(orderOffers.orderId, order.id));
    expect(offers.filter((o) => o.status === 'expired').map((o) => o.driverId).sort()).toEqual(close.map((d) => d.id).sort());
    expect(offers.find((o) => o.driverId === far.id)?.status).toBe('offered');
    for (const d of [far, ...close]) await offline(d.cookie);
  });

  it('a decline moves the order on at once and the decliner is not asked again', async () => {
    const a = await onlineDriver(1);
    const { deliveries } = await paidFood(t, customer.cookie);
    const [order] = await t.database.db.select().from(deliveryOrders).where(eq(deliveryOrders.trackingId, deliveries[0].trackingId));
    expect((await orders(a.cookie)).available.map((o) => o.id)).toContain(order.id);
    expect((await api.post(`/api/driver/orders/${order.id}/decline`, {}, a.cookie)).json()).toEqual({ ok: true });
    expect((await orders(a.cookie)).available.map((o) => o.id)).not.toContain(order.id);
    const b = await onlineDriver(5);
    expect((await orders(b.cookie)).available.map((o) => o.id)).toContain(order.id);
    await dispatchTick(t.ctx.db, t.ctx.events, new Date(Date.now() + DISPATCH.OFFER_TTL_MS + 1000));
    expect((await orders(a.cookie)).available.map((o) => o.id)).not.toContain(order.id);
    for (const d of [a, b]) await offline(d.cookie);
  });

  it('of 50 concurrent accepts exactly one wins; the winner may hold only one active order', async () => {
    const drivers = await Promise.all(Array.from({ length: 10 }, (_, i) => onlineDriver(1 + i / 10)));
    const { deliveries } = await paidFood(t, customer.cookie);
    const [order] = await t.database.db.select().from(deliveryOrders).where(eq(deliveryOrders.trackingId, deliveries[0].trackingId));
    // Dispatch asked the three nearest; offer it to all ten so that every accept below is a legitimate one.
    for (const d of drivers) {
      await t.database.db
        .insert(orderOffers)
        .values({ orderId: order.id, driverId: d.id, expiresAt: new Date(Date.now() + 30_000) })
        .onConflictDoUpdate({ target: [orderOffers.orderId, orderOffers.driverId], set: { status: 'offered' } });
    }
    const offered = await t.database.db.select().from(orderOffers).where(eq(orderOffers.orderId, order.id));
    expect(offered.filter((o) => o.status === 'offered')).toHaveLength(10);

    const attempts = drivers.flatMap((d) => Array.from({ length: 5 }, () => api.post(`/api/driver/orders/${order.id}/accept`, {}, d.cookie)));
    const results = await Promise.all(attempts);
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(49);
    const winner = results.find((r) => r.statusCode === 200)!.json() as DriverOrder;
    expect(winner).toMatchObject({ id: order.id, status: 'accepted' });

    const [row] = await t.database.db.select().from(deliveryOrders).where(eq(deliveryOrders.id, order.id));
    const winnerDriver = drivers.find((d) => d.id === row.driverId)!;
    expect((await orders(winnerDriver.cookie)).active?.id).toBe(order.id);
    // Everyone else's offer is gone.
    for (const d of drivers.filter((x) => x !== winnerDriver)) expect((await orders(d.cookie)).available.map((o) => o.id)).not.toContain(order.id);

    // A second order cannot be accepted while this one is active.
    const second = await paidFood(t, customer.cookie);
    const [o2] = await t.database.db.select().from(deliveryOrders).where(eq(deliveryOrders.trackingId, second.deliveries[0].trackingId));
    await t.database.db.insert(orderOffers).values({ orderId: o2.id, driverId: winnerDriver.id, expiresAt: new Date(Date.now() + 30_000) }).onConflictDoNothing();
    const again = await api.post(`/api/driver/orders/${o2.id}/accept`, {}, winnerDriver.cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Finish your active order first');
    expect((await api.post('/api/driver/status', { online: false }, winnerDriver.cookie)).statusCode).toBe(409);

    // Tidy: finish the order so the drivers are free for later tests.
    for (const s of ['pickup', 'transit', 'delivered', 'completed']) {
      expect((await api.post(`/api/driver/orders/${order.id}/status`, { status: s }, winnerDriver.cookie)).statusCode).toBe(200);
    }
    for (const d of drivers) await offline(d.cookie);
  });
});

describe('a delivery from accept to complete', () => {
  it('steps in order (409 otherwise), moves tracking with positions, and pays the driver into the ledger', async () => {
    const d = await onlineDriver(0.5);
    const { deliveries } = await paidFood(t, customer.cookie);
    const trackingId = deliveries[0].trackingId;
    const [order] = await t.database.db.select().from(deliveryOrders).where(eq(deliveryOrders.trackingId, trackingId));
    const step = (status: string) => api.post(`/api/driver/orders/${order.id}/status`, { status }, d.cookie);

    expect((await step('pickup')).statusCode).toBe(409); // not accepted yet
    // A restaurant nobody runs in the portal (the test catalogue has no provider) accepted it on being paid.
    let tracking = (await api.get(`/api/tracking/${trackingId}`)).json();
    expect(tracking.journey).toMatchObject({ current: 'restaurant_accepted', label: 'Accepted by the restaurant' });
    expect(tracking.updates.map((u: { message: string }) => u.message)).toEqual(['The restaurant accepted your order', 'Order received']);
    expect((await api.post(`/api/driver/orders/${order.id}/accept`, {}, d.cookie)).statusCode).toBe(200);
    tracking = (await api.get(`/api/tracking/${trackingId}`)).json();
    expect(tracking).toMatchObject({ status: 'active', orderStatus: 'accepted', driver: { name: d.username }, journey: { current: 'driver_to_pickup', label: 'Driver on the way to pickup' } });
    expect(tracking.updates[0].message).toBe('A driver accepted your order and is on the way to the restaurant');

    const skip = await step('transit');
    expect(skip.statusCode).toBe(409);
    expect(skip.json().message).toMatch(/next step is pickup/);
    // The driver's screen reads the customer's words: the step, and the next button saying what it records.
    expect((await step('pickup')).json()).toMatchObject({ status: 'pickup', step: 'driver_at_restaurant', stepLabel: 'Driver at the restaurant', nextStepLabel: 'Picked up' });
    expect((await api.get(`/api/tracking/${trackingId}`)).json().journey.label).toBe('Driver at the restaurant');
    expect((await step('transit')).json()).toMatchObject({ status: 'transit', step: 'picked_up', stepLabel: 'Picked up', nextStepLabel: 'Delivered' });

    // Positions: one plausible fix halfway, plus implausible ones that are dropped and counted.
    const pickup = await firstRestaurantPoint(t);
    const half = near(pickup, 1.5);
    // The driver went online 1 km from `half` a moment ago; 20 s later (device clocks may run up to 30 s ahead)
    // is a plausible 180 km/h at most, while a 111 km jump 5 s after that is not.
    const at = (ms: number) => new Date(Date.now() + ms).toISOString();
    const res = await api.post(
      '/api/driver/positions',
      {
        positions: [
          { lat: half.lat, lng: half.lng, accuracy: 8, speed: 8, heading: 45, recordedAt: at(20_000) },
          { lat: 95, lng: 0, recordedAt: at(0) },
          { lat: half.lat, lng: half.lng, recordedAt: at(3_600_000) },
          { lat: half.lat, lng: half.lng, recordedAt: at(-2 * 3_600_000) },
          { lat: half.lat + 1, lng: half.lng, recordedAt: at(25_000) },
        ],
      },
      d.cookie,
    );
    expect(res.json()).toEqual({ accepted: 1, dropped: { 'out-of-range': 1, future: 1, stale: 1, 'too-fast': 1 } });
    tracking = (await api.get(`/api/tracking/${trackingId}`)).json();
    expect(tracking.currentLocation).toMatchObject({ lat: half.lat, lng: half.lng });
    expect(tracking.route.path).toEqual([{ lat: expect.closeTo(half.lat, 5), lng: expect.closeTo(half.lng, 5) }]);
    expect(tracking.progress).toBeGreaterThan(0.3);
    expect(tracking.progress).toBeLessThan(0.7);
    expect(tracking.estimatedTime).toMatch(/^\d+ min$/);
    expect(Date.parse(tracking.etaAt)).toBeGreaterThan(Date.now());

    expect((await step('delivered')).statusCode).toBe(200);
    // Delivered is the customer's end of it (the record is completed); Complete Order is the driver's paperwork.
    expect((await api.get(`/api/tracking/${trackingId}`)).json()).toMatchObject({ status: 'completed', orderStatus: 'delivered', progress: 1, journey: { current: 'delivered', label: 'Delivered' } });
    expect((await step('completed')).statusCode).toBe(200);
    expect((await step('completed')).statusCode).toBe(409);
    expect((await api.get(`/api/tracking/${trackingId}`)).json()).toMatchObject({ status: 'completed', orderStatus: 'completed' });

    const earnings = (await api.get('/api/driver/earnings', d.cookie)).json();
    const expected = driverPayoutCents({ kind: 'food', deliveryFeeCents: (await firstRestaurantRow()).deliveryFeeCents, distanceKm: Number(order.distanceKm) });
    expect(earnings.today).toBe(expected / 100);
    expect(earnings.week).toBe(expected / 100);
    expect(earnings.recent).toEqual([expect.objectContaining({ orderId: order.id, amount: expected / 100, trackingId })]);
    const list = await orders(d.cookie);
    expect(list.active).toBeNull();
    expect(list.recent.map((o) => o.id)).toEqual([order.id]);
    expect(list.recent[0].price).toBe(expected / 100);
    await offline(d.cookie);
  });

  it('refuses positions from an offline driver', async () => {
    const d = await signUp(t, { role: 'driver' });
    const res = await api.post('/api/driver/positions', { positions: [{ lat: 43, lng: -79, recordedAt: new Date().toISOString() }] }, d.cookie);
    expect(res.statusCode).toBe(409);
  });
});

describe('cancellation', () => {
  it('cancelling the booking cancels its open order for the customer and the driver', async () => {
    const d = await onlineDriver(0.5);
    const { bookingId, deliveries } = await paidFood(t, customer.cookie, TORONTO_ADDRESS);
    const trackingId = deliveries[0].trackingId;
    const [order] = await t.database.db.select().from(deliveryOrders).where(eq(deliveryOrders.trackingId, trackingId));
    expect((await api.post(`/api/driver/orders/${order.id}/accept`, {}, d.cookie)).statusCode).toBe(200);
    expect((await api.post(`/api/bookings/${bookingId}/cancel`, {}, customer.cookie)).statusCode).toBe(200);

    const [rec] = await t.database.db.select().from(trackingRecords).where(eq(trackingRecords.id, trackingId));
    expect(rec.status).toBe('cancelled');
    expect((await api.get(`/api/tracking/${trackingId}`)).json()).toMatchObject({ status: 'cancelled', orderStatus: 'cancelled' });
    expect((await orders(d.cookie)).active).toBeNull();
    expect((await api.post(`/api/driver/orders/${order.id}/status`, { status: 'pickup' }, d.cookie)).statusCode).toBe(409);
    expect((await api.get(`/api/bookings/${bookingId}`, customer.cookie)).json().deliveries[0].status).toBe('cancelled');
    await offline(d.cookie);
  });
});

describe('orders nobody takes', () => {
  it('are flagged after 10 minutes and read "Looking for a driver"', async () => {
    const { deliveries } = await paidFood(t, customer.cookie);
    const trackingId = deliveries[0].trackingId;
    expect((await api.get(`/api/tracking/${trackingId}`)).json().lookingForDriver).toBe(false);
    await dispatchTick(t.ctx.db, t.ctx.events, new Date(Date.now() + DISPATCH.UNASSIGNED_AFTER_MS + 1000));
    const tracking = (await api.get(`/api/tracking/${trackingId}`)).json();
    expect(tracking.lookingForDriver).toBe(true);
    expect(tracking.updates[0].message).toBe('Looking for a driver');

    // The admin sees it flagged, ahead of orders that are merely waiting.
    await paidFood(t, customer.cookie);
    expect((await api.get('/api/admin/deliveries', customer.cookie)).statusCode).toBe(403);
    const admin = await createAdmin(t, `flag-admin-${Date.now()}@example.com`);
    const list = (await api.get('/api/admin/deliveries', admin.cookie)).json() as Array<{ trackingId: string; unassigned: boolean }>;
    const flagged = list.filter((d) => d.unassigned);
    expect(flagged.map((d) => d.trackingId)).toContain(trackingId);
    expect(list.slice(0, flagged.length).every((d) => d.unassigned)).toBe(true);
    expect(list.length).toBeGreaterThan(flagged.length);
  });
});

describe("the admin's Deliveries list", () => {
  it("says each order's journey step as the customer's tracking does", async () => {
    const d = await onlineDriver(0.5);
    const admin = await createAdmin(t, `steps-admin-${Date.now()}@example.com`);
    const { bookingId, deliveries } = await paidFood(t, customer.cookie, TORONTO_ADDRESS);
    const trackingId = deliveries[0].trackingId;
    const listed = async () => ((await api.get('/api/admin/deliveries', admin.cookie)).json() as AdminDelivery[]).find((x) => x.trackingId === trackingId);
    // A restaurant with no provider account accepts by itself: the customer reads 'Accepted by the restaurant'.
    expect(await listed()).toMatchObject({ status: 'pending', step: 'restaurant_accepted', stepLabel: 'Accepted by the restaurant' });

    const [order] = await t.database.db.select().from(deliveryOrders).where(eq(deliveryOrders.trackingId, trackingId));
    expect((await api.post(`/api/driver/orders/${order.id}/accept`, {}, d.cookie)).statusCode).toBe(200);
    const accepted = await listed();
    const tracking = (await api.get(`/api/tracking/${trackingId}`)).json();
    expect(accepted).toMatchObject({ status: 'accepted', step: 'driver_to_pickup', stepLabel: 'Driver on the way to pickup' });
    expect(accepted?.stepLabel).toBe(tracking.journey.label);
    expect((await api.post(`/api/driver/orders/${order.id}/status`, { status: 'pickup' }, d.cookie)).statusCode).toBe(200);
    expect(await listed()).toMatchObject({ stepLabel: (await api.get(`/api/tracking/${trackingId}`)).json().journey.label });
    expect((await listed())?.stepLabel).not.toBe('Driver on the way to pickup');
    await api.post(`/api/bookings/${bookingId}/cancel`, {}, customer.cookie);
    await offline(d.cookie);
  });
});

async function firstRestaurantRow() {
  const { firstMenuItem } = await import('../bookings/test-helpers');
  return (await firstMenuItem(t)).restaurant;
}
