import type { Db } from '../db/connect';
import { bookings, chatConversations, deliveryOrders, drivers, trackingRecords, users } from '../db/schema';

/**
 * The people of a load run (the chat and positions benches, the rolling-restart harness), straight into the database
 * with a session each: signing up is not what they measure. `session` makes a user's session token (a SessionStore's
 * create, on whichever instance or database the run uses). Names carry `tag`, so several runs share one database.
 */
type MakeSession = (userId: number) => Promise<{ token: string }>;

export type SeededPerson = { id: number; cookie: string };
export type ChatPair = { conversationId: number; customer: string; provider: string };
export type DeliveryOnTheWay = { trackingId: string; cookie: string; lat: number; lng: number };

export async function seedPerson(db: Db, session: MakeSession, role: 'user' | 'provider' | 'driver', username: string): Promise<SeededPerson> {
  const [u] = await db.insert(users).values({ username, email: `${username}@example.com`, passwordHash: 'x', role }).returning({ id: users.id });
  return { id: u.id, cookie: `sid=${(await session(u.id)).token}` };
}

/** `count` conversations, a customer and a provider each, about hotel 1..count. */
export async function seedChatPairs(db: Db, session: MakeSession, count: number, tag: string): Promise<ChatPair[]> {
  const pairs: ChatPair[] = [];
  for (let i = 0; i < count; i++) {
    const c = await seedPerson(db, session, 'user', `${tag}c${i}`);
    const p = await seedPerson(db, session, 'provider', `${tag}p${i}`);
    const [conv] = await db
      .insert(chatConversations)
      .values({ userId: c.id, providerId: p.id, serviceType: 'hotels', serviceId: i + 1, topicKey: `${tag}:${i}` })
      .returning({ id: chatConversations.id });
    pairs.push({ conversationId: conv.id, customer: c.cookie, provider: p.cookie });
  }
  return pairs;
}

/**
 * `count` online drivers around Toronto, each carrying a food order in transit for one customer's confirmed booking,
 * with a tracking record the customer's page (or a tracking socket) follows.
 */
export async function seedDeliveries(db: Db, session: MakeSession, count: number, tag: string): Promise<DeliveryOnTheWay[]> {
  const customer = await seedPerson(db, session, 'user', `${tag}customer`);
  const [booking] = await db.insert(bookings).values({ userId: customer.id, totalCents: 1000, subtotalCents: 1000, status: 'confirmed' }).returning({ id: bookings.id });
  const out: DeliveryOnTheWay[] = [];
  for (let i = 0; i < count; i++) {
    const d = await seedPerson(db, session, 'driver', `${tag}driver${i}`);
    const lat = 43.6 + (i % 20) * 0.01;
    const lng = -79.4 + Math.floor(i / 20) * 0.01;
    await db.insert(drivers).values({ userId: d.id, name: `Driver ${i}`, online: true, lat, lng, positionAt: new Date() });
    const trackingId = `trk_${tag}_${i}`;
    const point = { lat, lng, address: 'Load run' };
    await db.insert(trackingRecords).values({
      id: trackingId,
      bookingId: booking.id,
      userId: customer.id,
      type: 'delivery',
      status: 'active',
      serviceName: 'Load run',
      trackingNumber: `${tag}X${i}`.toUpperCase(),
      destination: { ...point, lat: lat + 0.05 },
    });
    await db.insert(deliveryOrders).values({
      bookingId: booking.id,
      partKey: `${tag}:${i}`,
      trackingId,
      kind: 'food',
      status: 'transit',
      customerId: customer.id,
      driverId: d.id,
      pickup: point,
      dropoff: { ...point, lat: lat + 0.05 },
      distanceKm: 5,
      payoutCents: 500,
    });
    out.push({ trackingId, cookie: d.cookie, lat, lng });
  }
  return out;
}
