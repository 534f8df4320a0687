import { providerOrderIdOf } from '../../testing/provider-orders';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_RATE, MISSING_CHAT_INFO, type ChatConversation, type ChatServerMessage } from '../../../domain/chat/schemas';
import { chatMessages, deliveryOrders, hotels, restaurants } from '../../db/schema';
import { openLive, type LiveClient } from '../../testing/live-client';
import { createTestApp, signUp, type TestApp } from '../../testing/test-app';
import { firstRestaurantPoint, near, paidFood, requester } from '../orders/test-helpers';
import { firstMenuItem } from '../bookings/test-helpers';

let t: TestApp;
let api: ReturnType<typeof requester>;
let ws: string;
let provider: Awaited<ReturnType<typeof signUp>>;
let customer: Awaited<ReturnType<typeof signUp>>;
let restaurantId: number;

beforeAll(async () => {
  t = await createTestApp();
  api = requester(t);
  ws = (await t.app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws');
  provider = await signUp(t, { role: 'provider' });
  customer = await signUp(t);
  // The restaurant the test helpers order food from (paidFood: a Toronto one, within its delivery radius).
  const { restaurant: r } = await firstMenuItem(t);
  restaurantId = r.id;
  await t.database.db.update(restaurants).set({ ownerId: provider.id }).where(eq(restaurants.id, r.id));
});
afterAll(async () => t?.close());

const put = (url: string, cookie: string, payload: object = {}) => t.app.inject({ method: 'PUT', url, headers: { cookie }, payload });
async function start(cookie: string, body: object = { serviceType: 'food-delivery', serviceId: restaurantId }) {
  return api.post('/api/chat/conversations', body, cookie);
}
async function chatSocket(cookie: string): Promise<LiveClient<ChatServerMessage>> {
  const s = await openLive<ChatServerMessage>(`${ws}/ws/chat`, { cookie });
  await s.next((m) => m.type === 'connected');
  return s;
}
const say = (s: LiveClient<ChatServerMessage>, conversationId: number, message: string, clientMessageId: string) =>
  s.socket.send(JSON.stringify({ type: 'send_message', conversationId, message, clientMessageId }));

describe('starting a conversation', () => {
  it('joins the customer and the listing owner; starting again returns the same one', async () => {
    const first = await start(customer.cookie);
    expect(first.statusCode).toBe(201);
    const c = first.json() as ChatConversation;
    expect(c).toMatchObject({ kind: 'provider', serviceType: 'food-delivery', serviceId: restaurantId, myRole: 'user', otherParty: { id: provider.id, name: provider.username, role: 'provider' }, unreadCount: 0 });
    const again = await start(customer.cookie);
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(c.id);
    const providerList = (await api.get('/api/chat/conversations', provider.cookie)).json() as ChatConversation[];
    expect(providerList.find((x) => x.id === c.id)).toMatchObject({ myRole: 'provider', otherParty: { id: customer.id, role: 'user' } });
  });

  it('refuses missing information, unowned listings, one’s own listing and someone else’s userId', async () => {
    expect((await start(customer.cookie, { serviceType: 'hotels' })).json()).toMatchObject({ message: MISSING_CHAT_INFO });
    expect((await start(customer.cookie, {})).statusCode).toBe(400);
    const [h] = await t.database.db.select().from(hotels).limit(1);
    const unowned = await start(customer.cookie, { serviceType: 'hotels', serviceId: h.id });
    expect(unowned.statusCode).toBe(409);
    expect(unowned.json().message).toMatch(/no provider account on Go Live yet/);
    expect((await start(provider.cookie)).statusCode).toBe(409);
    expect((await start(customer.cookie, { serviceType: 'food-delivery', serviceId: restaurantId, userId: provider.id })).statusCode).toBe(403);
    expect((await api.get(`/api/chat/conversations?userId=${provider.id}`, customer.cookie)).statusCode).toBe(403);
    expect((await start(customer.cookie, { serviceType: 'hotels', serviceId: 999999 })).statusCode).toBe(404);
    expect((await api.get('/api/chat/conversations')).statusCode).toBe(401);
  });
});

describe('attaching a booking', () => {
  it("accepts the customer's own booking and refuses another customer's (404, said plainly), storing nothing", async () => {
    const owner = await signUp(t);
    const { bookingId } = await paidFood(t, owner.cookie);
    const other = await signUp(t);
    const refused = await start(other.cookie, { serviceType: 'food-delivery', serviceId: restaurantId, bookingId });
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({
      message: 'Booking not found: a conversation can only be attached to one of your own bookings',
      errors: { bookingId: 'Not one of your bookings' },
    });
    expect((await api.get('/api/chat/conversations', other.cookie)).json()).toEqual([]);
    expect((await start(other.cookie, { serviceType: 'food-delivery', serviceId: restaurantId, bookingId: 2_000_000_000 })).statusCode).toBe(404);
    const mine = await start(owner.cookie, { serviceType: 'food-delivery', serviceId: restaurantId, bookingId });
    expect(mine.statusCode).toBe(201);
    expect(mine.json()).toMatchObject({ bookingId });
  });
});

describe('/ws/chat', () => {
  it('refuses a socket without a session with an error', async () => {
    const s = await openLive<ChatServerMessage>(`${ws}/ws/chat`);
    expect(await s.next((m) => m.type === 'error')).toEqual({ type: 'error', message: 'Sign in to chat' });
    expect((await s.closed).code).toBe(4401);
  });

  it('stores then delivers each message once to both parties; a repeated clientMessageId stores one; typing reaches only the other party; read receipts', async () => {
    const c = (await start(customer.cookie)).json() as ChatConversation;
    const cust = await chatSocket(customer.cookie);
    const prov = await chatSocket(provider.cookie);
    cust.socket.send(JSON.stringify({ type: 'join_conversation', conversationId: c.id }));
    await cust.next((m) => m.type === 'conversation_joined');

    cust.socket.send(JSON.stringify({ type: 'user_typing', conversationId: c.id }));
    expect(await prov.next((m) => m.type === 'user_typing')).toEqual({ type: 'user_typing', conversationId: c.id, userId: customer.id });

    say(cust, c.id, '  Is the ramen spicy?  ', 'c-1');
    const ack = await cust.next((m) => m.type === 'new_message' && m.message.clientMessageId === 'c-1');
    const got = await prov.next((m) => m.type === 'new_message');
    if (ack.type !== 'new_message' || got.type !== 'new_message') throw new Error('unreachable');
    expect(got.message).toMatchObject({ message: 'Is the ramen spicy?', senderId: customer.id, senderType: 'user', isRead: false });
    // Sending stops the typing indicator.
    await prov.next((m) => m.type === 'user_stop_typing');

    say(cust, c.id, 'Is the ramen spicy?', 'c-1');
    await new Promise((r) => setTimeout(r, 300));
    expect(await t.database.db.$count(chatMessages, eq(chatMessages.clientMessageId, 'c-1'))).toBe(1);
    expect(cust.messages.filter((m) => m.type === 'new_message' && m.message.clientMessageId === 'c-1')).toHaveLength(2);
    // The resend is answered to its sender; the other party's socket is not sent the same message twice.
    expect(prov.messages.filter((m) => m.type === 'new_message')).toHaveLength(1);
    expect(cust.messages.filter((m) => m.type === 'user_typing')).toHaveLength(0);

    expect((await api.get('/api/chat/unread', provider.cookie)).json()).toEqual({ count: 1 });
    prov.socket.send(JSON.stringify({ type: 'mark_read', conversationId: c.id, upToId: got.message.id }));
    expect(await cust.next((m) => m.type === 'messages_read')).toEqual({ type: 'messages_read', conversationId: c.id, userId: provider.id, upToId: got.message.id });
    expect((await api.get('/api/chat/unread', provider.cookie)).json()).toEqual({ count: 0 });
    const mine = (await api.get(`/api/chat/conversations/${c.id}/messages`, customer.cookie)).json();
    expect(mine.messages.at(-1)).toMatchObject({ id: got.message.id, isRead: true });
    cust.close();
    prov.close();
  });

  it('a typing indicator lapses after 6 s without renewal', async () => {
    const c = (await start(customer.cookie)).json() as ChatConversation;
    const cust = await chatSocket(customer.cookie);
    const prov = await chatSocket(provider.cookie);
    cust.socket.send(JSON.stringify({ type: 'user_typing', conversationId: c.id }));
    await prov.next((m) => m.type === 'user_typing');
    const at = Date.now();
    await prov.next((m) => m.type === 'user_stop_typing', 8000);
    expect(Date.now() - at).toBeGreaterThan(5000);
    cust.close();
    prov.close();
  });

  it('a reconnect with sinceId gets exactly what it missed', async () => {
    const c = (await start(customer.cookie)).json() as ChatConversation;
    const prov = await chatSocket(provider.cookie);
    prov.socket.send(JSON.stringify({ type: 'join_conversation', conversationId: c.id }));
    const joined = await prov.next((m) => m.type === 'conversation_joined');
    const lastSeen = joined.type === 'conversation_joined' ? (joined.messages.at(-1)?.id ?? 0) : 0;
    prov.close();
    const cust = await chatSocket(customer.cookie);
    for (const n of [1, 2, 3]) say(cust, c.id, `while you were away ${n}`, `away-${n}`);
    await cust.next((m) => m.type === 'new_message' && m.message.clientMessageId === 'away-3');
    const back = await chatSocket(provider.cookie);
    back.socket.send(JSON.stringify({ type: 'join_conversation', conversationId: c.id, sinceId: lastSeen }));
    const missed = await back.next((m) => m.type === 'conversation_joined');
    expect(missed.type === 'conversation_joined' && missed.messages.map((m) => m.message)).toEqual(['while you were away 1', 'while you were away 2', 'while you were away 3']);
    cust.close();
    back.close();
  });

  it('a non-participant can neither join nor send, and nothing is stored', async () => {
    const c = (await start(customer.cookie)).json() as ChatConversation;
    const stranger = await signUp(t);
    const s = await chatSocket(stranger.cookie);
    s.socket.send(JSON.stringify({ type: 'join_conversation', conversationId: c.id }));
    expect(await s.next((m) => m.type === 'error')).toMatchObject({ message: 'Conversation not found', conversationId: c.id });
    const before = await t.database.db.$count(chatMessages);
    say(s, c.id, 'let me in', 'x-1');
    await s.next((m) => m.type === 'error' && m.clientMessageId === 'x-1');
    expect(await t.database.db.$count(chatMessages)).toBe(before);
    expect((await api.get(`/api/chat/conversations/${c.id}/messages`, stranger.cookie)).statusCode).toBe(404);
    s.close();
  });

  it(`allows at most ${CHAT_RATE.max} messages per 10 s per user`, async () => {
    const spammer = await signUp(t);
    const c = (await start(spammer.cookie)).json() as ChatConversation;
    const s = await chatSocket(spammer.cookie);
    for (let n = 0; n < CHAT_RATE.max + 2; n++) say(s, c.id, `msg ${n}`, `spam-${n}`);
    await s.next((m) => m.type === 'error' && m.clientMessageId === `spam-${CHAT_RATE.max}`);
    await new Promise((r) => setTimeout(r, 300));
    expect(await t.database.db.$count(chatMessages, eq(chatMessages.senderId, spammer.id))).toBe(CHAT_RATE.max);
    const tooFast = s.messages.find((m) => m.type === 'error');
    expect(tooFast).toMatchObject({ message: 'You are sending messages too fast. Wait a few seconds.' });
    // A resend of a stored message (its answer was lost) counts once: it is answered again, not refused, at the limit.
    const errors = s.messages.filter((m) => m.type === 'error').length;
    say(s, c.id, 'msg 0', 'spam-0');
    await s.next((m) => m.type === 'new_message' && m.message.clientMessageId === 'spam-0' && s.messages.filter((x) => x.type === 'new_message' && x.message.clientMessageId === 'spam-0').length === 2);
    expect(s.messages.filter((m) => m.type === 'error')).toHaveLength(errors);
    expect(await t.database.db.$count(chatMessages, eq(chatMessages.senderId, spammer.id))).toBe(CHAT_RATE.max);
    s.close();
  });
});

describe('history', () => {
  it('pages 50 at a time, oldest first within a page', async () => {
    const reader = await signUp(t);
    const c = (await start(reader.cookie)).json() as ChatConversation;
    await t.database.db.insert(chatMessages).values(Array.from({ length: 120 }, (_, n) => ({ conversationId: c.id, senderId: provider.id, senderType: 'provider', message: `m${n}` })));
    const page1 = (await api.get(`/api/chat/conversations/${c.id}/messages`, reader.cookie)).json();
    expect(page1.messages).toHaveLength(50);
    expect(page1.messages[0].message).toBe('m70');
    expect(page1.hasMore).toBe(true);
    const page3 = (await api.get(`/api/chat/conversations/${c.id}/messages?before=${page1.messages[0].id}&limit=100`, reader.cookie)).json();
    expect(page3.messages.map((m: { message: string }) => m.message)).toEqual(Array.from({ length: 70 }, (_, n) => `m${n}`));
    expect(page3.hasMore).toBe(false);
    expect((await put(`/api/chat/conversations/${c.id}/read`, reader.cookie)).json()).toEqual({ conversationId: c.id, upToId: page1.messages.at(-1).id });
    expect((await api.get('/api/chat/unread', reader.cookie)).json()).toEqual({ count: 0 });
  });
});

describe('the driver of a delivery', () => {
  it('gets a conversation with the customer once the order is accepted', async () => {
    const driver = await signUp(t, { role: 'driver' });
    const at = near(await firstRestaurantPoint(t), 0.5);
    await api.post('/api/driver/status', { online: true, lat: at.lat, lng: at.lng }, driver.cookie);
    const buyer = await signUp(t);
    const { deliveries } = await paidFood(t, buyer.cookie);
    const trackingId = deliveries[0].trackingId;
    expect((await start(buyer.cookie, { trackingId })).statusCode).toBe(409);
    const [order] = await t.database.db.select().from(deliveryOrders).where(eq(deliveryOrders.trackingId, trackingId));
    // The restaurant belongs to a provider: drivers are offered the order once it is ready for pickup (issue 15),
    // which comes after the restaurant accepted it (issue 26: steps in order).
    const mine = await providerOrderIdOf(t.database.db, order);
    expect((await api.post(`/api/provider/orders/${mine}/accept`, {}, provider.cookie)).statusCode).toBe(200);
    expect((await api.post(`/api/provider/orders/${mine}/ready`, {}, provider.cookie)).statusCode).toBe(200);
    expect((await api.post(`/api/driver/orders/${order.id}/accept`, {}, driver.cookie)).statusCode).toBe(200);
    const forDriver = (await api.get('/api/chat/conversations', driver.cookie)).json() as ChatConversation[];
    expect(forDriver).toEqual([expect.objectContaining({ kind: 'driver', trackingId, myRole: 'driver', otherParty: expect.objectContaining({ id: buyer.id }) })]);
    const opened = await start(buyer.cookie, { trackingId });
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toMatchObject({ id: forDriver[0].id, otherParty: { id: driver.id, role: 'driver' } });
    expect((await start((await signUp(t)).cookie, { trackingId })).statusCode).toBe(404);
    for (const s of ['pickup', 'transit', 'delivered', 'completed']) await api.post(`/api/driver/orders/${order.id}/status`, { status: s }, driver.cookie);
    await api.post('/api/driver/status', { online: false }, driver.cookie);
  });
});
