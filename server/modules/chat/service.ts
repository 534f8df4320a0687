import { and, asc, desc, eq, gt, inArray, lt, or, sql } from 'drizzle-orm';
import { CHAT_MESSAGE_MAX, CHAT_RATE, MISSING_CHAT_INFO, type ChatConversation, type ChatMessage, type ChatServiceType, type HistoryPage } from '../../../domain/chat/schemas';
import type { Db, Tx } from '../../db/connect';
import {
  bookings,
  chatConversations,
  chatMessages,
  deliveryOrders,
  drivers,
  trackingRecords,
  users,
} from '../../db/schema';
import { badRequest, conflict, HttpError, notFound } from '../../platform/errors';
import type { EventBus } from '../../platform/events/bus';
import { ownerOf, serverKindOfServiceType } from '../catalogue';

type Exec = Db | Tx;
/** The advisory-lock namespace of the per-sender chat rate limit. */
const CHAT_RATE_LOCK = 7_431_001;
type ConversationRow = typeof chatConversations.$inferSelect;
type MessageRow = typeof chatMessages.$inferSelect;

/** The listing a chat is about: its owner account and display name (null owner: nobody to talk to). */
async function listingOf(db: Exec, serviceType: ChatServiceType, id: number): Promise<{ ownerId: number | null; name: string } | null> {
  const kind = serverKindOfServiceType(serviceType);
  return kind ? ownerOf(db, kind, id) : null;
}

const KIND_OF_ORDER: Record<string, ChatServiceType> = { food: 'food-delivery', taxi: 'taxi', shipping: 'shipping' };

/** The conversation of a delivery with its driver, created when a driver takes the order (idempotent). */
export async function ensureDriverConversation(db: Exec, orderId: number): Promise<ConversationRow | null> {
  const [o] = await db.select().from(deliveryOrders).where(eq(deliveryOrders.id, orderId));
  if (!o || !o.driverId || !o.customerId) return null;
  const topicKey = `order:${o.id}:driver:${o.driverId}`;
  await db
    .insert(chatConversations)
    .values({ userId: o.customerId, providerId: o.driverId, kind: 'driver', serviceType: KIND_OF_ORDER[o.kind] ?? 'food-delivery', serviceId: o.id, bookingId: o.bookingId, orderId: o.id, topicKey })
    .onConflictDoNothing({ target: chatConversations.topicKey });
  const [c] = await db.select().from(chatConversations).where(eq(chatConversations.topicKey, topicKey));
  return c ?? null;
}

export type Viewer = { id: number; role: string };

/**
 * Starts (or reopens) a conversation. With a listing: customer <-> its owner. With a tracking id: the order's
 * customer <-> its driver. 201 when new, 200 when it existed.
 */
export async function startConversation(
  db: Db,
  viewer: Viewer,
  input: { serviceType?: ChatServiceType; serviceId?: number; trackingId?: string; bookingId?: number; providerId?: number },
): Promise<{ created: boolean; conversation: ConversationRow }> {
  if (input.trackingId) {
    const [o] = await db
      .select({ id: deliveryOrders.id, customerId: deliveryOrders.customerId, driverId: deliveryOrders.driverId })
      .from(deliveryOrders)
      .innerJoin(trackingRecords, eq(trackingRecords.id, deliveryOrders.trackingId))
      .where(or(eq(trackingRecords.id, input.trackingId), eq(trackingRecords.trackingNumber, input.trackingId)));
    if (!o || (o.customerId !== viewer.id && o.driverId !== viewer.id)) throw notFound('Order not found');
    if (!o.driverId) throw conflict('No driver has accepted this order yet');
    const existed = await db.$count(chatConversations, eq(chatConversations.topicKey, `order:${o.id}:driver:${o.driverId}`));
    const c = await ensureDriverConversation(db, o.id);
    if (!c) throw conflict('No driver has accepted this order yet');
    return { created: existed === 0, conversation: c };
  }
  if (!input.serviceType || !input.serviceId) throw badRequest(MISSING_CHAT_INFO);
  const listing = await listingOf(db, input.serviceType, input.serviceId);
  if (!listing) throw notFound('This listing does not exist');
  if (!listing.ownerId) throw conflict(`${listing.name} has no provider account on Go Live yet, so chat is not available. Please call them instead.`);
  if (input.providerId !== undefined && input.providerId !== listing.ownerId) throw badRequest('providerId is not the provider of this listing', { providerId: 'Not the provider of this listing' });
  if (listing.ownerId === viewer.id) throw conflict('This is your own listing');
  // A conversation names a booking only of the customer starting it: anyone else's booking id is refused the same
  // way as a missing one (404), so ids cannot be probed.
  if (input.bookingId !== undefined) {
    const [booking] = await db.select({ userId: bookings.userId }).from(bookings).where(eq(bookings.id, input.bookingId));
    if (!booking || booking.userId !== viewer.id) throw new HttpError(404, 'Booking not found: a conversation can only be attached to one of your own bookings', { bookingId: 'Not one of your bookings' });
  }
  const topicKey = `listing:${input.serviceType}:${input.serviceId}:customer:${viewer.id}`;
  const inserted = await db
    .insert(chatConversations)
    .values({ userId: viewer.id, providerId: listing.ownerId, kind: 'provider', serviceType: input.serviceType, serviceId: input.serviceId, bookingId: input.bookingId ?? null, topicKey })
    .onConflictDoNothing({ target: chatConversations.topicKey })
    .returning();
  if (inserted[0]) return { created: true, conversation: inserted[0] };
  const [c] = await db.select().from(chatConversations).where(eq(chatConversations.topicKey, topicKey));
  return { created: false, conversation: c };
}

/** A conversation the viewer takes part in; anyone else gets the same 404 as for a missing one. */
export async function participantConversation(db: Exec, viewerId: number, id: number): Promise<ConversationRow> {
  const [c] = await db.select().from(chatConversations).where(eq(chatConversations.id, id));
  if (!c || (c.userId !== viewerId && c.providerId !== viewerId)) throw notFound('Conversation not found');
  return c;
}

const otherOf = (c: ConversationRow, me: number) => (c.userId === me ? c.providerId : c.userId);
const sideOf = (c: ConversationRow, userId: number): 'user' | 'provider' | 'driver' => (c.userId === userId ? 'user' : c.kind === 'driver' ? 'driver' : 'provider');

export function messageView(c: ConversationRow, m: MessageRow): ChatMessage {
  const readUpTo = m.senderId === c.userId ? c.providerReadUpTo : c.customerReadUpTo;
  return {
    id: m.id,
    conversationId: m.conversationId,
    senderId: m.senderId,
    senderType: sideOf(c, m.senderId),
    message: m.message,
    messageType: 'text',
    isRead: m.id <= readUpTo,
    createdAt: m.createdAt.toISOString(),
    clientMessageId: m.clientMessageId,
  };
}

/** My conversations with the other party, the service, the last message and my unread count; newest activity first. */
export async function listConversations(db: Db, viewerId: number): Promise<ChatConversation[]> {
  const rows = await db
    .select()
    .from(chatConversations)
    .where(or(eq(chatConversations.userId, viewerId), eq(chatConversations.providerId, viewerId)))
    .orderBy(desc(sql`coalesce(${chatConversations.lastMessageAt}, ${chatConversations.createdAt})`), desc(chatConversations.id))
    .limit(200);
  if (rows.length === 0) return [];
  const otherIds = [...new Set(rows.map((c) => otherOf(c, viewerId)))];
  const people = await db.select({ id: users.id, username: users.username }).from(users).where(inArray(users.id, otherIds));
  const driverNames = await db.select({ userId: drivers.userId, name: drivers.name }).from(drivers).where(inArray(drivers.userId, otherIds));
  const out: ChatConversation[] = [];
  for (const c of rows) {
    const [last] = await db.select().from(chatMessages).where(eq(chatMessages.conversationId, c.id)).orderBy(desc(chatMessages.id)).limit(1);
    const myReadUpTo = c.userId === viewerId ? c.customerReadUpTo : c.providerReadUpTo;
    const other = otherOf(c, viewerId);
    const unreadCount = await db.$count(chatMessages, and(eq(chatMessages.conversationId, c.id), gt(chatMessages.id, myReadUpTo), sql`${chatMessages.senderId} <> ${viewerId}`));
    const tracking = c.orderId ? (await db.select({ id: deliveryOrders.trackingId }).from(deliveryOrders).where(eq(deliveryOrders.id, c.orderId)))[0] : undefined;
    const serviceName =
      c.kind === 'driver'
        ? ((await db.select({ name: trackingRecords.serviceName }).from(trackingRecords).where(eq(trackingRecords.id, tracking?.id ?? '')))[0]?.name ?? 'Delivery')
        : ((await listingOf(db, c.serviceType as ChatServiceType, c.serviceId))?.name ?? c.serviceType);
    const otherName = (c.kind === 'driver' && other === c.providerId ? driverNames.find((d) => d.userId === other)?.name : undefined) ?? people.find((p) => p.id === other)?.username ?? 'Someone';
    out.push({
      id: c.id,
      kind: c.kind,
      serviceType: c.serviceType,
      serviceId: c.serviceId,
      serviceName,
      bookingId: c.bookingId,
      trackingId: tracking?.id ?? null,
      status: 'active',
      myRole: sideOf(c, viewerId),
      otherParty: { id: other, name: otherName, role: sideOf(c, other) },
      lastMessage: last ? messageView(c, last) : null,
      unreadCount,
      otherReadUpTo: c.userId === viewerId ? c.providerReadUpTo : c.customerReadUpTo,
      updatedAt: (c.lastMessageAt ?? c.createdAt).toISOString(),
    });
  }
  return out;
}

/** One conversation in the list shape (after starting it). */
export async function conversationView(db: Db, viewerId: number, id: number): Promise<ChatConversation> {
  const all = await listConversations(db, viewerId);
  const found = all.find((c) => c.id === id);
  if (!found) throw notFound('Conversation not found');
  return found;
}

/** History, oldest first: the page before `before` (or the latest), and whether older messages exist. */
export async function history(db: Db, viewerId: number, id: number, opts: { before?: number; limit: number }): Promise<HistoryPage> {
  const c = await participantConversation(db, viewerId, id);
  const rows = await db
    .select()
    .from(chatMessages)
    .where(and(eq(chatMessages.conversationId, id), opts.before ? lt(chatMessages.id, opts.before) : undefined))
    .orderBy(desc(chatMessages.id))
    .limit(opts.limit + 1);
  const hasMore = rows.length > opts.limit;
  return { messages: rows.slice(0, opts.limit).reverse().map((m) => messageView(c, m)), hasMore };
}

/**
 * Messages after `sinceId` (a reconnect), or the latest page; at most 500. A reconnect also gets the messages up to
 * `sinceId` whose push was late in the last hour (stored while pub/sub was down, published by the outbox later): the
 * client may have got a newer message first, so "after my last id" alone would skip them. The client merges by id.
 */
export async function messagesSince(events: EventBus, viewerId: number, id: number, sinceId?: number): Promise<ChatMessage[]> {
  const db = events.db;
  if (sinceId === undefined) return (await history(db, viewerId, id, { limit: 50 })).messages;
  const c = await participantConversation(db, viewerId, id);
  const late = (await events.latePublished('chat.message', { message: { conversationId: id } })).map((p) => p.message.id).filter((m) => m <= sinceId);
  const rows = await db
    .select()
    .from(chatMessages)
    .where(and(eq(chatMessages.conversationId, id), late.length > 0 ? or(gt(chatMessages.id, sinceId), inArray(chatMessages.id, late)) : gt(chatMessages.id, sinceId)))
    .orderBy(asc(chatMessages.id))
    .limit(500);
  return rows.map((m) => messageView(c, m));
}

/**
 * Stores a message (once per clientMessageId) and then publishes it to both participants on every instance. The
 * rate limit counts the sender's stored messages in the window, so it holds across devices and instances.
 */
export async function sendMessage(events: EventBus, senderId: number, input: { conversationId: number; message: string; clientMessageId: string }, now = new Date()): Promise<ChatMessage> {
  const text = input.message.trim();
  if (text.length === 0) throw badRequest('A message cannot be empty', { message: 'A message cannot be empty' });
  if (text.length > CHAT_MESSAGE_MAX) throw badRequest(`A message can have at most ${CHAT_MESSAGE_MAX} characters`, { message: `At most ${CHAT_MESSAGE_MAX} characters` });
  const db = events.db;
  const c = await participantConversation(db, senderId, input.conversationId);
  const row = await db.transaction(async (tx) => {
    // One sender's messages are counted and stored one at a time (a transaction-scoped advisory lock), so
    // concurrent sends from several tabs or instances cannot all slip under the limit.
    await tx.execute(sql`select pg_advisory_xact_lock(${CHAT_RATE_LOCK}, ${senderId})`);
    const [again] = await tx.select().from(chatMessages).where(and(eq(chatMessages.senderId, senderId), eq(chatMessages.clientMessageId, input.clientMessageId)));
    if (again) return again;
    const recent = await tx.$count(chatMessages, and(eq(chatMessages.senderId, senderId), gt(chatMessages.createdAt, new Date(now.getTime() - CHAT_RATE.windowMs))));
    if (recent >= CHAT_RATE.max) throw new HttpError(429, 'You are sending messages too fast. Wait a few seconds.');
    const [inserted] = await tx
      .insert(chatMessages)
      .values({ conversationId: c.id, senderId, senderType: sideOf(c, senderId), message: text, clientMessageId: input.clientMessageId, createdAt: now })
      .returning();
    // The sender has read everything up to their own message.
    const mine = c.userId === senderId ? { customerReadUpTo: sql`greatest(${chatConversations.customerReadUpTo}, ${inserted.id})` } : { providerReadUpTo: sql`greatest(${chatConversations.providerReadUpTo}, ${inserted.id})` };
    await tx.update(chatConversations).set({ lastMessageAt: inserted.createdAt, updatedAt: now, ...mine }).where(eq(chatConversations.id, c.id));
    return inserted;
  });
  if (row.conversationId !== c.id) throw conflict('This message id was already used in another conversation');
  // The other side's read marker is what decides isRead; this send did not move it.
  const view = messageView(c, row);
  // Kept: if pub/sub cannot take it now, the outbox publishes it once it is back (the send answers either way).
  await events.announce('chat.message', { to: [c.userId, c.providerId], message: view }, { keep: true });
  return view;
}

/** Marks a conversation read up to `upToId` (default: its latest message) and tells the other party. */
export async function markRead(events: EventBus, viewerId: number, id: number, upToId?: number): Promise<{ conversationId: number; upToId: number }> {
  const db = events.db;
  const c = await participantConversation(db, viewerId, id);
  const [last] = await db.select({ id: chatMessages.id }).from(chatMessages).where(eq(chatMessages.conversationId, id)).orderBy(desc(chatMessages.id)).limit(1);
  const target = Math.min(upToId ?? last?.id ?? 0, last?.id ?? 0);
  const column = c.userId === viewerId ? 'customerReadUpTo' : 'providerReadUpTo';
  const [updated] = await db
    .update(chatConversations)
    .set({ [column]: sql`greatest(${chatConversations[column]}, ${target})` })
    .where(eq(chatConversations.id, id))
    .returning();
  const upTo = updated[column];
  await db
    .update(chatMessages)
    .set({ isRead: true })
    .where(and(eq(chatMessages.conversationId, id), sql`${chatMessages.senderId} <> ${viewerId}`, sql`${chatMessages.id} <= ${upTo}`, eq(chatMessages.isRead, false)));
  await events.announce('chat.read', { conversationId: id, userId: viewerId, to: otherOf(c, viewerId), upToId: upTo }, { keep: true });
  return { conversationId: id, upToId: upTo };
}

/** My unread messages across all conversations. */
export async function unreadCount(db: Db, viewerId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<string>`count(*)` })
    .from(chatMessages)
    .innerJoin(chatConversations, eq(chatConversations.id, chatMessages.conversationId))
    .where(
      and(
        or(eq(chatConversations.userId, viewerId), eq(chatConversations.providerId, viewerId)),
        sql`${chatMessages.senderId} <> ${viewerId}`,
        sql`${chatMessages.id} > case when ${chatConversations.userId} = ${viewerId} then ${chatConversations.customerReadUpTo} else ${chatConversations.providerReadUpTo} end`,
      ),
    );
  return Number(row?.n ?? 0);
}

/** The other participant of a conversation (for typing and read relays). */
export async function otherParticipant(db: Db, viewerId: number, id: number): Promise<number> {
  return otherOf(await participantConversation(db, viewerId, id), viewerId);
}
