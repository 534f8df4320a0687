import { providerOrderIdOf } from '../../testing/provider-orders';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatServerMessage } from '../../../domain/chat/schemas';
import type { DriverSocketMessage } from '../../../domain/orders/schemas';
import type { TrackingSocketMessage } from '../../../domain/tracking/live';
import { deliveryOrders, restaurants } from '../../db/schema';
import { openLive } from '../../testing/live-client';
import { signUp, type TestApp } from '../../testing/test-app';
import { createTwoInstances } from '../../testing/two-instances';
import { firstMenuItem } from '../bookings/test-helpers';
import { firstRestaurantPoint, near, paidFood, requester } from '../orders/test-helpers';

/**
 * Two app instances on one PostgreSQL database and one Redis, as in production behind a balancer: what one instance
 * writes reaches sockets held by the other, once. Runs where both exist (CI's PostgreSQL + Redis pass); PGlite is one
 * process by nature (ADR 009).
 */
const shared = process.env.DATABASE_URL && process.env.REDIS_URL;

describe.runIf(shared)('two instances on PostgreSQL + Redis', () => {
  let a: TestApp;
  let b: TestApp;
  let both: Awaited<ReturnType<typeof createTwoInstances>>;
  let wsB: string;

  beforeAll(async () => {
    both = await createTwoInstances();
    ({ a, b } = both);
    wsB = (await b.app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws');
    expect(a.ctx.pubsub.kind).toBe('redis');
  });
  afterAll(async () => both?.close());

  it('an offer made on A reaches the driver connected to B, and a position posted to A reaches a tracking socket on B, each once', async () => {
    const api = requester(a);
    const driver = await signUp(a, { role: 'driver' });
    const at = near(await firstRestaurantPoint(a), 0.3);
    await api.post('/api/driver/status', { online: true, lat: at.lat, lng: at.lng }, driver.cookie);
    const driverSocket = await openLive<DriverSocketMessage>(`${wsB}/ws/driver`, { cookie: driver.cookie });
    await driverSocket.next((m) => m.type === 'connected');

    const customer = await signUp(a);
    const { deliveries } = await paidFood(a, customer.cookie);
    const trackingId = deliveries[0].trackingId;
    const offer = await driverSocket.next((m) => m.type === 'offer' && m.order.trackingId === trackingId);
    if (offer.type !== 'offer') throw new Error('unreachable');

    const tracking = await openLive<TrackingSocketMessage>(`${wsB}/ws/tracking/${trackingId}`);
    await tracking.next((m) => m.type === 'snapshot');
    const [order] = await a.database.db.select().from(deliveryOrders).where(eq(deliveryOrders.trackingId, trackingId));
    expect((await api.post(`/api/driver/orders/${order.id}/accept`, {}, driver.cookie)).statusCode).toBe(200);
    await tracking.next((m) => m.type === 'status' && m.orderStatus === 'accepted');

    const p = near(at, 0.2);
    await api.post('/api/driver/positions', { positions: [{ lat: p.lat, lng: p.lng, recordedAt: new Date(Date.now() + 5000).toISOString() }] }, driver.cookie);
    await tracking.next((m) => m.type === 'position', 2000);

    // Give any duplicate time to arrive, then count.
    await new Promise((r) => setTimeout(r, 500));
    expect(tracking.messages.filter((m) => m.type === 'position')).toHaveLength(1);
    expect(tracking.messages.filter((m) => m.type === 'status' && m.orderStatus === 'accepted')).toHaveLength(1);
    expect(driverSocket.messages.filter((m) => m.type === 'offer' && m.order.trackingId === trackingId)).toHaveLength(1);
    tracking.close();
    driverSocket.close();
  });

  it("a restaurant's Accept and Ready pressed on A reach a tracking page open on B, each once, with the journey", async () => {
    const api = requester(a);
    const provider = await signUp(a, { role: 'provider' });
    const { restaurant } = await firstMenuItem(a);
    await a.database.db.update(restaurants).set({ ownerId: provider.id }).where(eq(restaurants.id, restaurant.id));
    const customer = await signUp(a);
    const { deliveries } = await paidFood(a, customer.cookie);
    const trackingId = deliveries[0].trackingId;
    const [order] = await a.database.db.select().from(deliveryOrders).where(eq(deliveryOrders.trackingId, trackingId));
    const page = await openLive<TrackingSocketMessage>(`${wsB}/ws/tracking/${trackingId}`);
    await page.next((m) => m.type === 'snapshot');

    const mine = await providerOrderIdOf(a.database.db, order);
    expect((await api.post(`/api/provider/orders/${mine}/ready`, {}, provider.cookie)).statusCode).toBe(409);
    expect((await api.post(`/api/provider/orders/${mine}/accept`, {}, provider.cookie)).statusCode).toBe(200);
    const accepted = await page.next((m) => m.type === 'status' && m.tracking.journey.current === 'restaurant_accepted', 2000);
    expect(accepted.type === 'status' && accepted.tracking.journey.label).toBe('Accepted by the restaurant');
    expect((await api.post(`/api/provider/orders/${mine}/ready`, {}, provider.cookie)).statusCode).toBe(200);
    await page.next((m) => m.type === 'status' && m.tracking.journey.current === 'ready', 2000);

    await new Promise((r) => setTimeout(r, 500));
    const steps = page.messages.flatMap((m) => (m.type === 'status' ? [m.tracking.journey.current] : []));
    expect(steps).toEqual(['restaurant_accepted', 'ready']);
    page.close();
  });

  it('a chat message sent through A reaches the other party connected to B exactly once', async () => {
    const provider = await signUp(a, { role: 'provider' });
    const customer = await signUp(a);
    const [r] = await a.database.db.select().from(restaurants).limit(1);
    await a.database.db.update(restaurants).set({ ownerId: provider.id }).where(eq(restaurants.id, r.id));
    const conversation = (await requester(a).post('/api/chat/conversations', { serviceType: 'food-delivery', serviceId: r.id }, customer.cookie)).json();
    const wsA = (await a.app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws');
    const onB = await openLive<ChatServerMessage>(`${wsB}/ws/chat`, { cookie: provider.cookie });
    const onA = await openLive<ChatServerMessage>(`${wsA}/ws/chat`, { cookie: customer.cookie });
    await onB.next((m) => m.type === 'connected');
    await onA.next((m) => m.type === 'connected');
    onA.socket.send(JSON.stringify({ type: 'user_typing', conversationId: conversation.id }));
    await onB.next((m) => m.type === 'user_typing');
    onA.socket.send(JSON.stringify({ type: 'send_message', conversationId: conversation.id, message: 'Across instances', clientMessageId: 'x-instance-1' }));
    const got = await onB.next((m) => m.type === 'new_message', 2000);
    expect(got.type === 'new_message' && got.message.message).toBe('Across instances');
    await new Promise((r) => setTimeout(r, 500));
    expect(onB.messages.filter((m) => m.type === 'new_message')).toHaveLength(1);
    expect(onA.messages.filter((m) => m.type === 'new_message')).toHaveLength(1);
    onA.close();
    onB.close();
  });
});
