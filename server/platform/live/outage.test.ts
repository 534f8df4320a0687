import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatConversation, ChatServerMessage } from '../../../domain/chat/schemas';
import type { TrackingSocketMessage } from '../../../domain/tracking/live';
import { chatMessages, deliveryOrders, domainEvents, restaurants } from '../../db/schema';
import { openLive, type LiveClient } from '../../testing/live-client';
import { signUp, type TestApp } from '../../testing/test-app';
import { tcpProxy, type TcpProxy } from '../../testing/tcp-proxy';
import { createTwoInstances } from '../../testing/two-instances';
import { firstRestaurantPoint, near, paidFood, requester } from '../../modules/orders/test-helpers';
import { CLOSE } from './gateway';

/**
 * A Redis outage as one instance sees it, on PostgreSQL + Redis: instance A reaches Redis through a TCP proxy this
 * test cuts (the shared Redis server itself stays up for everyone else), instance B directly.
 */
const shared = process.env.DATABASE_URL && process.env.REDIS_URL;

describe.runIf(shared)('a Redis outage seen by one of two instances', () => {
  let a: TestApp;
  let b: TestApp;
  let both: Awaited<ReturnType<typeof createTwoInstances>>;
  let proxy: TcpProxy;
  let wsA: string;
  let wsB: string;

  beforeAll(async () => {
    proxy = await tcpProxy(new URL(process.env.REDIS_URL!), 6379);
    both = await createTwoInstances({ redisUrlA: proxy.url });
    ({ a, b } = both);
    wsA = (await a.app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws');
    wsB = (await b.app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws');
  });
  afterAll(async () => {
    proxy?.restore();
    await both?.close();
    await proxy?.close();
  });

  async function chatSocket(ws: string, cookie: string): Promise<LiveClient<ChatServerMessage>> {
    const s = await openLive<ChatServerMessage>(`${ws}/ws/chat`, { cookie });
    await s.next((m) => m.type === 'connected');
    return s;
  }

  it('writes answer within the bound, the other instance still gets the message by the outbox, and a rejoin with the last id gets what was missed', async () => {
    const provider = await signUp(a, { role: 'provider' });
    const customer = await signUp(a);
    // Not the restaurant paidFood orders from (an owned restaurant's orders wait for its kitchen).
    const [restaurant] = await a.database.db.select().from(restaurants).orderBy(desc(restaurants.id)).limit(1);
    await a.database.db.update(restaurants).set({ ownerId: provider.id }).where(eq(restaurants.id, restaurant.id));
    const conversation = (await requester(a).post('/api/chat/conversations', { serviceType: 'food-delivery', serviceId: restaurant.id }, customer.cookie)).json() as ChatConversation;
    const onA = await chatSocket(wsA, customer.cookie);
    const onB = await chatSocket(wsB, provider.cookie);
    onA.socket.send(JSON.stringify({ type: 'join_conversation', conversationId: conversation.id }));
    await onA.next((m) => m.type === 'conversation_joined');

    proxy.cut();
    // A says it should get no traffic while its Redis is out of reach; B, whose Redis is up, stays ready.
    await expect.poll(async () => (await a.app.inject({ method: 'GET', url: '/readyz' })).json()).toEqual({ status: 'unavailable', message: 'Redis unreachable' });
    expect((await b.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);

    // Five sends through A: each is answered at once (the publish gives up within LIVE_PUBLISH_TIMEOUT_MS).
    const ids: number[] = [];
    for (let n = 1; n <= 5; n++) {
      const at = Date.now();
      onA.socket.send(JSON.stringify({ type: 'send_message', conversationId: conversation.id, message: `cut ${n}`, clientMessageId: `cut-${n}` }));
      const ack = await onA.next((m) => m.type === 'new_message' && m.message.clientMessageId === `cut-${n}`, 2000);
      expect(Date.now() - at).toBeLessThan(1000);
      if (ack.type === 'new_message') ids.push(ack.message.id);
    }
    expect(onA.messages.filter((m) => m.type === 'error')).toEqual([]);
    const readAt = Date.now();
    const read = await a.app.inject({ method: 'PUT', url: `/api/chat/conversations/${conversation.id}/read`, headers: { cookie: customer.cookie }, payload: {} });
    expect(read.statusCode).toBe(200);
    expect(Date.now() - readAt).toBeLessThan(1000);

    // B's sweeper publishes what A kept in the outbox: the provider on B gets every message, once.
    for (const id of ids) await onB.next((m) => m.type === 'new_message' && m.message.id === id, 15_000);

    // The provider answers through B while A's subscription is still down: the customer on A cannot hear it live.
    onB.socket.send(JSON.stringify({ type: 'send_message', conversationId: conversation.id, message: 'got them', clientMessageId: 'reply-1' }));
    const reply = await onB.next((m) => m.type === 'new_message' && m.message.clientMessageId === 'reply-1');
    const replyId = reply.type === 'new_message' ? reply.message.id : 0;
    await new Promise((r) => setTimeout(r, 300));
    expect(onA.messages.some((m) => m.type === 'new_message' && m.message.id === replyId)).toBe(false);

    // Redis is back for A: its subscription returns, its sockets are told to reconnect, the rejoin catches up.
    proxy.restore();
    expect((await onA.closed).code).toBe(CLOSE.serviceRestart);
    await expect.poll(async () => (await a.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    const back = await chatSocket(wsA, customer.cookie);
    back.socket.send(JSON.stringify({ type: 'join_conversation', conversationId: conversation.id, sinceId: ids.at(-1) }));
    const rejoined = await back.next((m) => m.type === 'conversation_joined');
    // The reply it missed, and the five whose push was late (replayed by id: the client merges them).
    expect(rejoined.type === 'conversation_joined' && rejoined.messages.map((m) => m.id)).toEqual([...ids, replyId]);

    await new Promise((r) => setTimeout(r, 1000));
    for (const id of ids) expect(onB.messages.filter((m) => m.type === 'new_message' && m.message.id === id)).toHaveLength(1);
    expect(await a.database.db.$count(chatMessages, eq(chatMessages.conversationId, conversation.id))).toBe(6);
    back.close();
    onB.close();
  });

  it("a driver's accept and position through A answer within the bound; the tracking page on B gets the step by the outbox", async () => {
    const api = requester(a);
    const driver = await signUp(a, { role: 'driver' });
    const at = near(await firstRestaurantPoint(a), 0.3);
    await api.post('/api/driver/status', { online: true, lat: at.lat, lng: at.lng }, driver.cookie);
    const customer = await signUp(a);
    const { deliveries } = await paidFood(a, customer.cookie);
    const trackingId = deliveries[0].trackingId;
    const [order] = await a.database.db.select().from(deliveryOrders).where(eq(deliveryOrders.trackingId, trackingId));
    const page = await openLive<TrackingSocketMessage>(`${wsB}/ws/tracking/${trackingId}`);
    await page.next((m) => m.type === 'snapshot');

    proxy.cut();
    await new Promise((r) => setTimeout(r, 200));
    let started = Date.now();
    expect((await api.post(`/api/driver/orders/${order.id}/accept`, {}, driver.cookie)).statusCode).toBe(200);
    expect(Date.now() - started).toBeLessThan(1000);
    const p = near(at, 0.2);
    started = Date.now();
    const posted = await api.post('/api/driver/positions', { positions: [{ lat: p.lat, lng: p.lng, recordedAt: new Date(Date.now() + 5000).toISOString() }] }, driver.cookie);
    expect(posted.statusCode).toBe(200);
    expect(Date.now() - started).toBeLessThan(1000);

    // The step was kept for publishing only (its reactions ran once, on A) and B's sweeper published it.
    await page.next((m) => m.type === 'status' && m.orderStatus === 'accepted', 15_000);
    const kept = await a.database.db.select().from(domainEvents).where(eq(domainEvents.publishOnly, true));
    expect(kept.some((e) => e.type === 'order.status_changed')).toBe(true);
    proxy.restore();
    page.close();
    await api.post('/api/driver/status', { online: false }, driver.cookie);
  });
});
