import { providerOrderIdOf } from '../../testing/provider-orders';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TrackingView } from '../../../domain/catalogue/types';
import type { DriverOrder } from '../../../domain/orders/schemas';
import type { TrackingSocketMessage } from '../../../domain/tracking/live';
import { deliveryOrders, mailOutbox, restaurants } from '../../db/schema';
import { openLive, type LiveClient } from '../../testing/live-client';
import { createTestApp, signUp, type TestApp } from '../../testing/test-app';
import { firstMenuItem } from '../bookings/test-helpers';
import { firstRestaurantPoint, near, paidFood, requester } from '../orders/test-helpers';

/**
 * Issue 26, "Status at every step": one journey (domain/orders/journey.ts) in GET /api/tracking/:id, My bookings, the
 * provider's orders, the driver's orders and the status mails; steps only in order; every step pushed over
 * /ws/tracking to a page that is already open.
 */
let t: TestApp;
let base: string;
let api: ReturnType<typeof requester>;
let provider: Awaited<ReturnType<typeof signUp>>;

beforeAll(async () => {
  t = await createTestApp();
  api = requester(t);
  base = (await t.app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws');
  // The restaurant the helpers order from is run by a provider: it accepts and marks ready in the portal.
  provider = await signUp(t, { role: 'provider' });
  const { restaurant } = await firstMenuItem(t);
  await t.database.db.update(restaurants).set({ ownerId: provider.id }).where(eq(restaurants.id, restaurant.id));
});
afterAll(async () => t?.close());

const tracking = async (id: string) => (await api.get(`/api/tracking/${id}`)).json() as TrackingView;
const stepOfStatus = (live: LiveClient<TrackingSocketMessage>, current: string) =>
  live.next((m) => m.type === 'status' && m.tracking.journey.current === current);

describe('the food journey of a provider’s restaurant, step by step', () => {
  let trackingId: string;
  let bookingId: number;
  let orderId: number;
  /** The restaurant's provider order (issue 28): what /api/provider/orders/:id/* take. */
  let providerOrderId: number;
  let customer: Awaited<ReturnType<typeof signUp>>;
  let driver: Awaited<ReturnType<typeof signUp>>;
  let live: LiveClient<TrackingSocketMessage>;
  const restaurantAt = async () => firstRestaurantPoint(t);
  const booking = async () => (await api.get(`/api/bookings/${bookingId}`, customer.cookie)).json() as { deliveries: Array<{ step: string; stepLabel: string; status: string }> };
  const providerOrder = async () =>
    ((await api.get('/api/provider/orders', provider.cookie)).json() as Array<{ id: number; delivery: { step: string; stepLabel: string } | null }>).find((o) => o.id === bookingId)?.delivery;
  const driverStep = (status: string) => api.post(`/api/driver/orders/${orderId}/status`, { status }, driver.cookie);

  beforeAll(async () => {
    driver = await signUp(t, { role: 'driver' });
    const at = near(await restaurantAt(), 1.5);
    expect((await api.post('/api/driver/status', { online: true, lat: at.lat, lng: at.lng }, driver.cookie)).statusCode).toBe(200);
    customer = await signUp(t);
    const paid = await paidFood(t, customer.cookie);
    bookingId = paid.bookingId;
    trackingId = paid.deliveries[0].trackingId;
    const [order] = await t.database.db.select().from(deliveryOrders).where(eq(deliveryOrders.trackingId, trackingId));
    orderId = order.id;
    providerOrderId = await providerOrderIdOf(t.database.db, order);
    live = await openLive<TrackingSocketMessage>(`${base}/ws/tracking/${trackingId}`);
  });
  afterAll(async () => {
    live?.close();
    await api.post('/api/driver/status', { online: false }, driver.cookie);
  });

  it('starts at Order received everywhere: the tracking record, the open page, My bookings, the provider', async () => {
    const view = await tracking(trackingId);
    expect(view.journey).toEqual({
      current: 'received',
      label: 'Order received',
      steps: [
        { key: 'received', label: 'Order received', state: 'current' },
        { key: 'restaurant_accepted', label: 'Accepted by the restaurant', state: 'upcoming' },
        { key: 'ready', label: 'Ready for pickup', state: 'upcoming' },
        { key: 'driver_to_pickup', label: 'Driver on the way to pickup', state: 'upcoming' },
        { key: 'driver_at_restaurant', label: 'Driver at the restaurant', state: 'upcoming' },
        { key: 'picked_up', label: 'Picked up', state: 'upcoming' },
        { key: 'arriving', label: 'Arriving', state: 'upcoming' },
        { key: 'delivered', label: 'Delivered', state: 'upcoming' },
      ],
    });
    const snapshot = await live.next((m) => m.type === 'snapshot');
    expect(snapshot.type === 'snapshot' && snapshot.tracking.journey.current).toBe('received');
    expect((await booking()).deliveries).toEqual([expect.objectContaining({ status: 'pending', step: 'received', stepLabel: 'Order received' })]);
    expect(await providerOrder()).toMatchObject({ step: 'received', stepLabel: 'Order received' });
  });

  it("refuses 'Ready for pickup' before 'Accept order' (409), and nothing changes", async () => {
    const early = await api.post(`/api/provider/orders/${providerOrderId}/ready`, {}, provider.cookie);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ message: 'Accept the order first' });
    expect((await tracking(trackingId)).journey.current).toBe('received');
    const [row] = await t.database.db.select().from(deliveryOrders).where(eq(deliveryOrders.id, orderId));
    expect(row).toMatchObject({ readyAt: null, kitchenAcceptedAt: null });
  });

  it("pushes the restaurant's Accept to the open page at once, and every screen says it", async () => {
    expect((await api.post(`/api/provider/orders/${providerOrderId}/accept`, {}, provider.cookie)).statusCode).toBe(200);
    const pushed = await stepOfStatus(live, 'restaurant_accepted');
    expect(pushed).toMatchObject({ type: 'status', status: 'pending', update: { message: 'The restaurant accepted your order' }, tracking: { journey: { label: 'Accepted by the restaurant' } } });
    expect((await tracking(trackingId)).journey.label).toBe('Accepted by the restaurant');
    expect((await booking()).deliveries[0]).toMatchObject({ step: 'restaurant_accepted', stepLabel: 'Accepted by the restaurant' });
    expect(await providerOrder()).toMatchObject({ step: 'restaurant_accepted', stepLabel: 'Accepted by the restaurant' });
  });

  it("pushes 'Ready for pickup', and only then is a driver asked", async () => {
    expect((await api.get('/api/driver/orders', driver.cookie)).json().available).toEqual([]);
    expect((await api.post(`/api/provider/orders/${providerOrderId}/ready`, {}, provider.cookie)).statusCode).toBe(200);
    const pushed = await stepOfStatus(live, 'ready');
    expect(pushed).toMatchObject({ update: { message: 'Your order is ready for pickup' }, tracking: { journey: { label: 'Ready for pickup' } } });
    expect((await booking()).deliveries[0].stepLabel).toBe('Ready for pickup');
    const offers = (await api.get('/api/driver/orders', driver.cookie)).json().available as DriverOrder[];
    expect(offers).toEqual([expect.objectContaining({ id: orderId, step: 'ready', stepLabel: 'Ready for pickup', nextStepLabel: 'Accept' })]);
  });

  it("pushes each of the driver's steps, under the button's meaning", async () => {
    const accepted = (await api.post(`/api/driver/orders/${orderId}/accept`, {}, driver.cookie)).json() as DriverOrder;
    expect(accepted).toMatchObject({ step: 'driver_to_pickup', stepLabel: 'Driver on the way to pickup', nextStepLabel: 'Arrived at the restaurant' });
    await stepOfStatus(live, 'driver_to_pickup');
    expect((await driverStep('pickup')).json()).toMatchObject({ step: 'driver_at_restaurant', nextStepLabel: 'Picked up' });
    await stepOfStatus(live, 'driver_at_restaurant');
    expect((await driverStep('transit')).json()).toMatchObject({ step: 'picked_up', stepLabel: 'Picked up', nextStepLabel: 'Delivered' });
    const pickedUp = await stepOfStatus(live, 'picked_up');
    expect(pickedUp).toMatchObject({ status: 'active', update: { message: 'Picked up and on the way to you' } });
    expect((await booking()).deliveries[0]).toMatchObject({ status: 'active', step: 'picked_up', stepLabel: 'Picked up' });
  });

  it("turns to 'Arriving' from the driver's positions, pushed with the position and as a step, and keeps it on a detour", async () => {
    const r = await restaurantAt();
    const t0 = Date.now();
    const fix = (p: { lat: number; lng: number }, ms: number) => ({ positions: [{ lat: p.lat, lng: p.lng, recordedAt: new Date(t0 + ms).toISOString() }] });
    const at = (p: { lat: number; lng: number }) => (m: TrackingSocketMessage) => m.type === 'position' && m.point.lat === p.lat && m.point.lng === p.lng;
    // 1.2 km from the drop-off (near(r, 3)): over 1 km and over 3 minutes away.
    const away = near(r, 1.8);
    expect((await api.post('/api/driver/positions', fix(away, 5_000), driver.cookie)).json().accepted).toBe(1);
    const far = await live.next(at(away));
    expect(far.type === 'position' && far.journey?.current).toBe('picked_up');
    expect((await tracking(trackingId)).journey.current).toBe('picked_up');

    // 0.4 km away: arriving, in the position itself and as a step with its update.
    const close = near(r, 2.6);
    expect((await api.post('/api/driver/positions', fix(close, 18_000), driver.cookie)).json().accepted).toBe(1);
    expect(await live.next(at(close))).toMatchObject({ journey: { current: 'arriving', label: 'Arriving' } });
    const arriving = await stepOfStatus(live, 'arriving');
    expect(arriving).toMatchObject({ update: { status: 'arriving', message: 'Your driver is arriving' } });
    expect((await booking()).deliveries[0].stepLabel).toBe('Arriving');

    // A detour back out of range does not take the step back.
    const detour = near(r, 1.85);
    expect((await api.post('/api/driver/positions', fix(detour, 29_000), driver.cookie)).json().accepted).toBe(1);
    expect(await live.next(at(detour))).toMatchObject({ journey: { current: 'arriving' } });
    const view = await tracking(trackingId);
    expect(view.journey.current).toBe('arriving');
    expect(view.updates.filter((u) => u.status === 'arriving')).toHaveLength(1);
  });

  it('ends Delivered: never "En Route" beside it, and the mail says the same', async () => {
    expect((await driverStep('delivered')).statusCode).toBe(200);
    const delivered = await stepOfStatus(live, 'delivered');
    expect(delivered).toMatchObject({ status: 'completed', orderStatus: 'delivered', tracking: { journey: { label: 'Delivered' } } });
    const done = delivered.type === 'status' ? delivered.tracking.journey : null;
    expect(done?.steps.every((s) => (s.key === 'delivered' ? s.state === 'current' : s.state === 'done'))).toBe(true);
    expect((await booking()).deliveries[0]).toMatchObject({ status: 'completed', step: 'delivered', stepLabel: 'Delivered' });
    // Complete Order is the driver's paperwork: the customer's journey stays Delivered.
    expect((await driverStep('completed')).json()).toMatchObject({ step: 'delivered', nextStepLabel: null });
    expect((await tracking(trackingId)).journey.current).toBe('delivered');

    // The steps the open page was sent, in order, none missed, none out of order. (A push carries the record as it is
    // when relayed, so a repeat of the same step may follow: the driver's Complete Order re-sends 'Delivered'.)
    const pushed = live.messages.flatMap((m) => (m.type === 'status' ? [m.tracking.journey.current] : []));
    expect(pushed.filter((step, i) => step !== pushed[i - 1])).toEqual(['restaurant_accepted', 'ready', 'driver_to_pickup', 'driver_at_restaurant', 'picked_up', 'arriving', 'delivered']);

    // The status mails name the journey's steps, as the tracking page does.
    const mails = await t.database.db
      .select({ template: mailOutbox.template, html: mailOutbox.html })
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, customer.email));
    const heading = (template: string) => mails.find((m) => m.template === template)?.html.match(/<h1[^>]*>([^<]*)<\/h1>/)?.[1];
    expect(heading('order-accepted')).toBe('Driver on the way to pickup');
    expect(heading('order-on-the-way')).toBe('Picked up');
    expect(heading('order-delivered')).toBe('Delivered');
  });
});

describe('a restaurant nobody runs in the portal', () => {
  it('accepts on the restaurant’s behalf when paid and has no Ready step; a driver is asked at once', async () => {
    const { restaurant } = await firstMenuItem(t);
    await t.database.db.update(restaurants).set({ ownerId: null }).where(eq(restaurants.id, restaurant.id));
    try {
      const customer = await signUp(t);
      const { deliveries } = await paidFood(t, customer.cookie);
      const view = await tracking(deliveries[0].trackingId);
      expect(view.journey.current).toBe('restaurant_accepted');
      expect(view.journey.steps.map((s) => s.key)).not.toContain('ready');
      expect(view.updates.map((u) => u.message)).toEqual(['The restaurant accepted your order', 'Order received']);
      expect(deliveries[0]).toMatchObject({ step: 'restaurant_accepted', stepLabel: 'Accepted by the restaurant' });
    } finally {
      await t.database.db.update(restaurants).set({ ownerId: provider.id }).where(eq(restaurants.id, restaurant.id));
    }
  });
});

describe('a cancelled order', () => {
  it('keeps the steps it reached and ends Cancelled, pushed to the open page', async () => {
    const customer = await signUp(t);
    const { bookingId, deliveries } = await paidFood(t, customer.cookie);
    const trackingId = deliveries[0].trackingId;
    const [order] = await t.database.db.select().from(deliveryOrders).where(eq(deliveryOrders.trackingId, trackingId));
    const mine = await providerOrderIdOf(t.database.db, order);
    expect((await api.post(`/api/provider/orders/${mine}/accept`, {}, provider.cookie)).statusCode).toBe(200);
    const live = await openLive<TrackingSocketMessage>(`${base}/ws/tracking/${trackingId}`);
    await live.next((m) => m.type === 'snapshot');
    expect((await api.post(`/api/bookings/${bookingId}/cancel`, {}, customer.cookie)).statusCode).toBe(200);
    const cancelled = await stepOfStatus(live, 'cancelled');
    expect(cancelled.type === 'status' && cancelled.tracking.journey.steps).toEqual([
      { key: 'received', label: 'Order received', state: 'done' },
      { key: 'restaurant_accepted', label: 'Accepted by the restaurant', state: 'done' },
      { key: 'cancelled', label: 'Cancelled', state: 'current' },
    ]);
    live.close();
    // Ready after the end is refused, and the restaurant's late Accept changes nothing.
    expect((await api.post(`/api/provider/orders/${mine}/ready`, {}, provider.cookie)).statusCode).toBe(409);
  });
});
