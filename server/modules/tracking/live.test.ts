import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DriverSocketMessage } from '../../../domain/orders/schemas';
import type { TrackingSocketMessage } from '../../../domain/tracking/live';
import { deliveryOrders } from '../../db/schema';
import { openLive, refusedUpgrade } from '../../testing/live-client';
import { createTestApp, signUp, type TestApp } from '../../testing/test-app';
import { firstRestaurantPoint, near, paidFood, requester } from '../orders/test-helpers';

let t: TestApp;
let base: string;
let api: ReturnType<typeof requester>;

beforeAll(async () => {
  t = await createTestApp();
  api = requester(t);
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = address.replace('http', 'ws');
});
afterAll(async () => t?.close());

async function onlineDriver(km: number) {
  const d = await signUp(t, { role: 'driver' });
  const at = near(await firstRestaurantPoint(t), km);
  await api.post('/api/driver/status', { online: true, lat: at.lat, lng: at.lng }, d.cookie);
  return d;
}

describe('/ws/tracking/{id}', () => {
  it('sends a snapshot, then each position within a second of its POST, then status changes', async () => {
    const driver = await onlineDriver(0.5);
    const customer = await signUp(t);
    const { deliveries } = await paidFood(t, customer.cookie);
    const trackingId = deliveries[0].trackingId;
    const [order] = await t.database.db.select().from(deliveryOrders).where(eq(deliveryOrders.trackingId, trackingId));

    const live = await openLive<TrackingSocketMessage>(`${base}/ws/tracking/${trackingId}`);
    const snapshot = await live.next((m) => m.type === 'snapshot');
    expect(snapshot).toMatchObject({ type: 'snapshot', tracking: { id: trackingId, status: 'pending', orderStatus: 'pending' } });

    expect((await api.post(`/api/driver/orders/${order.id}/accept`, {}, driver.cookie)).statusCode).toBe(200);
    const accepted = await live.next((m) => m.type === 'status' && m.orderStatus === 'accepted');
    expect(accepted).toMatchObject({
      status: 'active',
      update: { message: 'A driver accepted your order and is on the way to the restaurant' },
      tracking: { driver: { name: driver.username }, journey: { current: 'driver_to_pickup', label: 'Driver on the way to pickup' } },
    });

    // 10 m from where the driver went online, recorded 2 s on (within the 30 s clock-drift tolerance): a plausible
    // step however quickly the steps above ran (10 m within 144 ms would be faster than 250 km/h and dropped).
    const at = near(await firstRestaurantPoint(t), 0.51);
    const recordedAt = new Date(Date.now() + 2000).toISOString();
    const posted = await api.post('/api/driver/positions', { positions: [{ lat: at.lat, lng: at.lng, recordedAt }] }, driver.cookie);
    expect(posted.json().accepted).toBe(1);
    // The promise: the position reaches the socket within a second of the POST.
    const position = await live.next((m) => m.type === 'position', 1000);
    expect(position).toMatchObject({ type: 'position', currentLocation: { lat: at.lat, lng: at.lng }, point: { lat: at.lat, lng: at.lng }, journey: { current: 'driver_to_pickup' } });
    if (position.type === 'position') expect(position.estimatedTime).toMatch(/^\d+ min$/);
    live.close();
  });

  it('answers an unknown id with an error message and closes', async () => {
    const live = await openLive<TrackingSocketMessage>(`${base}/ws/tracking/trk_nope`);
    expect(await live.next((m) => m.type === 'error')).toEqual({ type: 'error', message: 'Tracking Not Found' });
    expect((await live.closed).code).toBe(4404);
  });

  it('refuses a socket opened from another site', async () => {
    expect(await refusedUpgrade(`${base}/ws/tracking/trk_demo_1`, { origin: 'https://evil.example' })).toBe(403);
  });
});

describe('/ws/driver', () => {
  it('is for drivers only: 401 for a visitor, 403 for a customer', async () => {
    expect(await refusedUpgrade(`${base}/ws/driver`)).toBe(401);
    expect(await refusedUpgrade(`${base}/ws/driver`, { cookie: (await signUp(t)).cookie })).toBe(403);
  });

  it('pushes new offers and a cancellation of the active order', async () => {
    const driver = await onlineDriver(0.2);
    const live = await openLive<DriverSocketMessage>(`${base}/ws/driver`, { cookie: driver.cookie });
    await live.next((m) => m.type === 'connected');
    const customer = await signUp(t);
    const { bookingId, deliveries } = await paidFood(t, customer.cookie);
    const offer = await live.next((m) => m.type === 'offer');
    expect(offer).toMatchObject({ type: 'offer', order: { trackingId: deliveries[0].trackingId, kind: 'food', customerName: customer.username } });
    if (offer.type !== 'offer') throw new Error('unreachable');
    expect((await api.post(`/api/driver/orders/${offer.order.id}/accept`, {}, driver.cookie)).statusCode).toBe(200);
    await api.post(`/api/bookings/${bookingId}/cancel`, {}, customer.cookie);
    expect(await live.next((m) => m.type === 'order_cancelled')).toEqual({ type: 'order_cancelled', orderId: offer.order.id, trackingId: deliveries[0].trackingId });
    live.close();
    await api.post('/api/driver/status', { online: false }, driver.cookie);
  });
});

describe('shutdown', () => {
  it('closes sockets with 1012 so clients reconnect elsewhere', async () => {
    const other = await createTestApp({ seed: false });
    const address = await other.app.listen({ port: 0, host: '127.0.0.1' });
    const d = await signUp(other, { role: 'driver' });
    const driverSocket = await openLive<DriverSocketMessage>(`${address.replace('http', 'ws')}/ws/driver`, { cookie: d.cookie });
    await driverSocket.next((m) => m.type === 'connected');
    await other.close();
    expect((await driverSocket.closed).code).toBe(1012);
  });
});
