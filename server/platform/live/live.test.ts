import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatConversation, ChatServerMessage } from '../../../domain/chat/schemas';
import type { TrackingSocketMessage } from '../../../domain/tracking/live';
import { chatMessages, domainEvents, restaurants } from '../../db/schema';
import { openLive, refusedUpgrade, type LiveClient } from '../../testing/live-client';
import { createTestApp, signUp, type TestApp } from '../../testing/test-app';
import { firstMenuItem } from '../../modules/bookings/test-helpers';
import { paidFood, requester } from '../../modules/orders/test-helpers';
import { InProcessPubSub, type PubSub } from '../pubsub';
import { CLOSE, DEFAULT_LIVE_LIMITS, TOO_MANY_MESSAGES } from './gateway';

/** Sockets of one app: a customer and a provider with a conversation about the provider's restaurant. */
async function chatPair(t: TestApp) {
  const provider = await signUp(t, { role: 'provider' });
  const customer = await signUp(t);
  const { restaurant } = await firstMenuItem(t);
  await t.database.db.update(restaurants).set({ ownerId: provider.id }).where(eq(restaurants.id, restaurant.id));
  const conversation = (await requester(t).post('/api/chat/conversations', { serviceType: 'food-delivery', serviceId: restaurant.id }, customer.cookie)).json() as ChatConversation;
  return { provider, customer, conversation };
}

async function chatSocket(ws: string, cookie: string): Promise<LiveClient<ChatServerMessage>> {
  const s = await openLive<ChatServerMessage>(`${ws}/ws/chat`, { cookie });
  await s.next((m) => m.type === 'connected');
  return s;
}

describe('frame budgets', () => {
  let t: TestApp;
  let ws: string;
  beforeAll(async () => {
    t = await createTestApp();
    ws = (await t.app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws');
  });
  afterAll(async () => t?.close());

  it('20,000 join frames on one socket are cut off after a bounded number reach the database; other users keep working', async () => {
    const { provider, customer, conversation } = await chatPair(t);
    const flooder = await chatSocket(ws, customer.cookie);
    const other = await chatSocket(ws, provider.cookie);
    const passedBefore = t.ctx.live.frames.passed;
    const frame = JSON.stringify({ type: 'join_conversation', conversationId: conversation.id, sinceId: 1 });
    for (let n = 0; n < 20_000; n++) flooder.socket.send(frame);

    // The other user's join is answered promptly while the flood is refused.
    const at = Date.now();
    other.socket.send(JSON.stringify({ type: 'join_conversation', conversationId: conversation.id }));
    await other.next((m) => m.type === 'conversation_joined', 2000);
    expect(Date.now() - at).toBeLessThan(1500);

    expect((await flooder.closed).code).toBe(CLOSE.tooManyMessages);
    expect(flooder.messages).toContainEqual({ type: 'error', message: TOO_MANY_MESSAGES });
    // At most the socket's burst (and a little refill) reached the chat route; repeats of a waiting join were answered
    // once, so the joins that cost queries are fewer still.
    const passed = t.ctx.live.frames.passed - passedBefore;
    expect(passed).toBeLessThanOrEqual(DEFAULT_LIVE_LIMITS.socketFrames.burst + 5);
    expect(flooder.messages.filter((m) => m.type === 'conversation_joined').length).toBeLessThanOrEqual(DEFAULT_LIVE_LIMITS.socketFrames.burst + 5);
    other.close();
  });

  it('a socket of any kind is budgeted: garbage frames on a tracking socket close it with 4429', async () => {
    const customer = await signUp(t);
    const { deliveries } = await paidFood(t, customer.cookie);
    const live = await openLive<TrackingSocketMessage>(`${ws}/ws/tracking/${deliveries[0].trackingId}`);
    await live.next((m) => m.type === 'snapshot');
    for (let n = 0; n < 1000; n++) live.socket.send('x');
    expect((await live.closed).code).toBe(CLOSE.tooManyMessages);
    // A well-behaved socket to the same record still opens and gets its snapshot.
    const again = await openLive<TrackingSocketMessage>(`${ws}/ws/tracking/${deliveries[0].trackingId}`);
    await again.next((m) => m.type === 'snapshot');
    again.close();
  });

  it('frames at a person’s pace all pass', async () => {
    const { customer, conversation } = await chatPair(t);
    const s = await chatSocket(ws, customer.cookie);
    for (let n = 0; n < 12; n++) {
      s.socket.send(JSON.stringify({ type: 'join_conversation', conversationId: conversation.id, sinceId: n + 1 }));
      await new Promise((r) => setTimeout(r, 120));
    }
    await s.next((m) => m.type === 'conversation_joined' && s.messages.filter((x) => x.type === 'conversation_joined').length === 12, 3000);
    expect(s.messages.filter((m) => m.type === 'error')).toEqual([]);
    s.close();
  });
});

describe('open sockets per address and per account', () => {
  let t: TestApp;
  let ws: string;
  beforeAll(async () => {
    t = await createTestApp({ env: { LIVE_SOCKETS_PER_ADDRESS: '4', LIVE_SOCKETS_PER_USER: '2' } });
    ws = (await t.app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws');
  });
  afterAll(async () => t?.close());

  it('refuses the upgrade with 429 past LIVE_SOCKETS_PER_USER, and past LIVE_SOCKETS_PER_ADDRESS; a closed socket frees its place', async () => {
    const one = await signUp(t);
    const two = await signUp(t);
    const a1 = await chatSocket(ws, one.cookie);
    const a2 = await chatSocket(ws, one.cookie);
    expect(await refusedUpgrade(`${ws}/ws/chat`, { cookie: one.cookie })).toBe(429);
    // Another account from the same address still gets its own.
    const b1 = await chatSocket(ws, two.cookie);
    const b2 = await chatSocket(ws, two.cookie);
    // Four open from 127.0.0.1: even a signed-out tracking socket is refused now.
    expect(await refusedUpgrade(`${ws}/ws/tracking/trk_anything`)).toBe(429);
    expect(t.ctx.live.openSockets('127.0.0.1', one.id)).toEqual({ address: 4, user: 2 });
    a1.close();
    await a1.closed;
    await new Promise((r) => setTimeout(r, 100));
    const a3 = await chatSocket(ws, one.cookie);
    for (const s of [a2, a3, b1, b2]) s.close();
    await Promise.all([a2, a3, b1, b2].map((s) => s.closed));
    await new Promise((r) => setTimeout(r, 100));
    expect(t.ctx.live.openSockets('127.0.0.1', one.id)).toEqual({ address: 0, user: 0 });
  });
});

/** Pub/sub that can be taken down: publishes then fail (as RedisPubSub's do past their bound) and nothing is delivered. */
class BreakablePubSub implements PubSub {
  readonly kind = 'in-process' as const;
  private readonly inner = new InProcessPubSub();
  private readonly listeners = new Set<() => void>();
  down = false;

  async publish(channel: string, message: string): Promise<number> {
    if (this.down) {
      await new Promise((r) => setTimeout(r, 50));
      throw new Error('Redis is not reachable');
    }
    return this.inner.publish(channel, message);
  }

  subscribe(channel: string, handler: (message: string) => void) {
    return this.inner.subscribe(channel, (m) => {
      if (!this.down) handler(m);
    });
  }

  onResubscribed(listener: () => void) {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  available() {
    return !this.down;
  }

  /** Back up: subscriptions are back, which the gateway hears. */
  restore() {
    this.down = false;
    for (const l of this.listeners) l();
  }

  close() {
    return this.inner.close();
  }
}

describe('pub/sub down', () => {
  let t: TestApp;
  let ws: string;
  const pubsub = new BreakablePubSub();
  beforeAll(async () => {
    t = await createTestApp({ overrides: { pubsub } });
    ws = (await t.app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws');
  });
  afterAll(async () => t?.close());

  it('a chat send answers at once, is kept in the outbox, pushed once pub/sub is back, and a rejoin with the last id gets it', async () => {
    const { provider, customer, conversation } = await chatPair(t);
    const cust = await chatSocket(ws, customer.cookie);
    const prov = await chatSocket(ws, provider.cookie);
    prov.socket.send(JSON.stringify({ type: 'join_conversation', conversationId: conversation.id }));
    await prov.next((m) => m.type === 'conversation_joined');
    cust.socket.send(JSON.stringify({ type: 'send_message', conversationId: conversation.id, message: 'before', clientMessageId: 'out-0' }));
    const before = await prov.next((m) => m.type === 'new_message');
    const lastSeen = before.type === 'new_message' ? before.message.id : 0;

    pubsub.down = true;
    const at = Date.now();
    cust.socket.send(JSON.stringify({ type: 'send_message', conversationId: conversation.id, message: 'during the outage', clientMessageId: 'out-1' }));
    // The sender's answer comes from its own instance, not by pub/sub: at once.
    const ack = await cust.next((m) => m.type === 'new_message' && m.message.clientMessageId === 'out-1', 1000);
    expect(Date.now() - at).toBeLessThan(1000);
    const stored = ack.type === 'new_message' ? ack.message.id : 0;
    expect(await t.database.db.$count(chatMessages, eq(chatMessages.id, stored))).toBe(1);
    // A REST write answers within the bound too.
    const readAt = Date.now();
    expect((await t.app.inject({ method: 'PUT', url: `/api/chat/conversations/${conversation.id}/read`, headers: { cookie: customer.cookie }, payload: {} })).statusCode).toBe(200);
    expect(Date.now() - readAt).toBeLessThan(1000);
    // Kept for the sweeper, to publish without running anything again.
    const kept = await t.database.db.select().from(domainEvents).where(eq(domainEvents.publishOnly, true));
    expect(kept.some((e) => e.type === 'chat.message' && (e.payload as { message: { id: number } }).message.id === stored)).toBe(true);
    await new Promise((r) => setTimeout(r, 300));
    expect(prov.messages.some((m) => m.type === 'new_message' && m.message.id === stored)).toBe(false);

    // Back: the sockets that may have missed events are told to reconnect (1012) ...
    pubsub.restore();
    expect((await prov.closed).code).toBe(CLOSE.serviceRestart);
    // ... and a rejoin with the last id seen gets what was stored meanwhile.
    const back = await chatSocket(ws, provider.cookie);
    back.socket.send(JSON.stringify({ type: 'join_conversation', conversationId: conversation.id, sinceId: lastSeen }));
    const rejoined = await back.next((m) => m.type === 'conversation_joined');
    expect(rejoined.type === 'conversation_joined' && rejoined.messages.map((m) => m.message)).toEqual(['during the outage']);
    // The sweeper publishes the kept event: a socket connected now receives it live, once.
    await back.next((m) => m.type === 'new_message' && m.message.id === stored, 8000);
    // Nothing more of it: its row is claimed (no sweep publishes it again), and a later message, pushed on the same
    // channel after anything still in flight, arrives after it alone.
    const [event] = kept.filter((e) => e.type === 'chat.message' && (e.payload as { message: { id: number } }).message.id === stored);
    await expect.poll(async () => (await t.database.db.select().from(domainEvents).where(eq(domainEvents.id, event.id)))[0].dispatchedAt).not.toBeNull();
    const marker = await chatSocket(ws, customer.cookie);
    marker.socket.send(JSON.stringify({ type: 'send_message', conversationId: conversation.id, message: 'marker', clientMessageId: 'out-marker' }));
    await back.next((m) => m.type === 'new_message' && m.message.clientMessageId === 'out-marker');
    expect(back.messages.filter((m) => m.type === 'new_message' && m.message.id === stored)).toHaveLength(1);
    marker.close();
    back.close();
  });

  it('a rejoin from a newer message still gets one whose push was late (stored while pub/sub was down)', async () => {
    const { provider, customer, conversation } = await chatPair(t);
    const cust = await chatSocket(ws, customer.cookie);
    const prov = await chatSocket(ws, provider.cookie);
    pubsub.down = true;
    cust.socket.send(JSON.stringify({ type: 'send_message', conversationId: conversation.id, message: 'late', clientMessageId: 'late-1' }));
    const late = await cust.next((m) => m.type === 'new_message' && m.message.clientMessageId === 'late-1');
    // Pub/sub is back (without this instance's subscription having dropped): the next message is pushed at once,
    // before the sweeper publishes the late one.
    pubsub.down = false;
    cust.socket.send(JSON.stringify({ type: 'send_message', conversationId: conversation.id, message: 'newer', clientMessageId: 'late-2' }));
    const newer = await prov.next((m) => m.type === 'new_message' && m.message.clientMessageId === 'late-2');
    if (late.type !== 'new_message' || newer.type !== 'new_message') throw new Error('unreachable');
    expect(prov.messages.some((m) => m.type === 'new_message' && m.message.id === late.message.id)).toBe(false);
    prov.close();
    const back = await chatSocket(ws, provider.cookie);
    back.socket.send(JSON.stringify({ type: 'join_conversation', conversationId: conversation.id, sinceId: newer.message.id }));
    const rejoined = await back.next((m) => m.type === 'conversation_joined');
    expect(rejoined.type === 'conversation_joined' && rejoined.messages.map((m) => m.message)).toEqual(['late']);
    cust.close();
    back.close();
  });
});
