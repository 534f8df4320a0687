import { and, desc, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import { centsToDollars } from '../../../domain/catalogue/money';
import { etaMinutes, remainingKm, routeProgress, type RouteLeg } from '../../../domain/orders/geo';
import { filterFixes, type PositionFix } from '../../../domain/orders/positions';
import type { DriverEarnings, DriverOrder, DriverOrdersResponse, DriverProfileView } from '../../../domain/orders/schemas';
import { ACTIVE_ORDER_STATUSES, nextStepLabel, orderTransition, type OrderStatus } from '../../../domain/orders/states';
import { isArriving } from '../../../domain/orders/journey';
import type { Db, Tx } from '../../db/connect';
import { recordDeliveryDone } from '../money';
import { deliveryOrders, driverEarnings, driverPositions, drivers, orderOffers, trackingRecords, trackingUpdates, users } from '../../db/schema';
import { conflict, HttpError, isUniqueViolation, notFound } from '../../platform/errors';
import type { EventBus } from '../../platform/events/bus';
import { applyOrderStatus, journeysOf, liveOffers, lockOrder, offerNextWave, orderJourney, withdrawOffersOf, type DispatchOptions, type OrderRow } from '../orders';

type Exec = Db | Tx;
type DriverRow = typeof drivers.$inferSelect;

/** The tracking update when the driver first comes within the arriving threshold (domain/orders/journey.ts). */
const ARRIVING_MESSAGE: Record<OrderRow['kind'], string> = {
  food: 'Your driver is arriving',
  taxi: 'Arriving at your destination',
  shipping: 'Your parcel is arriving',
};

/** How many fixes of an order's path are kept (older ones are deleted as new ones arrive). */
export const PATH_LIMIT = 500;
const TRIM_EVERY = 50;

/** The driver's profile row, created from the account on first use (demo or pre-existing drivers). */
export async function driverProfile(db: Exec, userId: number): Promise<DriverRow> {
  const [row] = await db.select().from(drivers).where(eq(drivers.userId, userId));
  if (row) return row;
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw notFound('Driver not found');
  await db.insert(drivers).values({ userId, name: user.username, phone: user.phone ?? '' }).onConflictDoNothing();
  const [created] = await db.select().from(drivers).where(eq(drivers.userId, userId));
  return created;
}

export function profileView(d: DriverRow): DriverProfileView {
  return { online: d.online, name: d.name, phone: d.phone, vehicle: d.vehicle, plate: d.plate };
}

function legOf(status: OrderStatus): RouteLeg {
  return status === 'pending' || status === 'accepted' || status === 'pickup' ? 'to-pickup' : 'to-dropoff';
}

/** An order as the driver screen shows it. `from` is the driver's position, for the ETA. */
async function driverOrderViews(db: Exec, orders: OrderRow[], from: { lat: number; lng: number } | null, offerExpiry = new Map<number, Date>()): Promise<DriverOrder[]> {
  if (orders.length === 0) return [];
  const customerIds = [...new Set(orders.map((o) => o.customerId).filter((id): id is number => id !== null))];
  const customers = customerIds.length
    ? await db.select({ id: users.id, username: users.username, phone: users.phone }).from(users).where(inArray(users.id, customerIds))
    : [];
  const journeys = await journeysOf(db, orders);
  return orders.map((o) => {
    const journey = journeys.get(o.id) ?? orderJourney(o);
    const c = customers.find((u) => u.id === o.customerId);
    const km = remainingKm({ current: from, pickup: o.pickup, dropoff: o.dropoff, leg: legOf(o.status) });
    const expires = offerExpiry.get(o.id);
    return {
      id: o.id,
      trackingId: o.trackingId,
      kind: o.kind,
      status: o.status,
      customerName: c?.username ?? 'Customer',
      customerPhone: c?.phone ?? '',
      pickupAddress: o.pickup.address,
      dropoffAddress: o.dropoff.address,
      pickup: { lat: o.pickup.lat, lng: o.pickup.lng },
      dropoff: { lat: o.dropoff.lat, lng: o.dropoff.lng },
      price: centsToDollars(o.payoutCents),
      distanceKm: Number(o.distanceKm),
      estimatedTime: etaMinutes(km, o.kind),
      createdAt: o.createdAt.toISOString(),
      step: journey.current,
      stepLabel: journey.label,
      nextStepLabel: nextStepLabel(o.status, o.kind),
      ...(expires ? { offerExpiresAt: expires.toISOString() } : {}),
      ...(o.completedAt ? { completedAt: o.completedAt.toISOString() } : {}),
    };
  });
}

const position = (d: DriverRow) => (d.lat !== null && d.lng !== null ? { lat: d.lat, lng: d.lng } : null);

/** One order as offered to a driver (the socket's offer message). */
export async function offeredOrderView(db: Db, driverId: number, orderId: number): Promise<DriverOrder | null> {
  const [order] = await db.select().from(deliveryOrders).where(eq(deliveryOrders.id, orderId));
  const [offer] = await db.select().from(orderOffers).where(and(eq(orderOffers.orderId, orderId), eq(orderOffers.driverId, driverId)));
  if (!order || !offer) return null;
  const d = await driverProfile(db, driverId);
  const [view] = await driverOrderViews(db, [order], position(d), new Map([[orderId, offer.expiresAt]]));
  return view;
}

async function activeOrder(db: Exec, driverId: number): Promise<OrderRow | undefined> {
  const [o] = await db
    .select()
    .from(deliveryOrders)
    .where(and(eq(deliveryOrders.driverId, driverId), inArray(deliveryOrders.status, [...ACTIVE_ORDER_STATUSES])));
  return o;
}

/** GET /api/driver/orders: the active order, live offers (only while online) and the last 5 completed. */
export async function listDriverOrders(db: Db, driverId: number, now = new Date()): Promise<DriverOrdersResponse> {
  const d = await driverProfile(db, driverId);
  const from = position(d);
  const active = await activeOrder(db, driverId);
  const offers = d.online ? await liveOffers(db, driverId, now) : [];
  const offered = offers.length
    ? await db.select().from(deliveryOrders).where(and(inArray(deliveryOrders.id, offers.map((o) => o.orderId)), eq(deliveryOrders.status, 'pending')))
    : [];
  const recent = await db
    .select()
    .from(deliveryOrders)
    .where(and(eq(deliveryOrders.driverId, driverId), eq(deliveryOrders.status, 'completed')))
    .orderBy(desc(deliveryOrders.completedAt))
    .limit(5);
  const [activeView] = active ? await driverOrderViews(db, [active], from) : [];
  return {
    active: activeView ?? null,
    available: await driverOrderViews(db, offered, from, new Map(offers.map((o) => [o.orderId, o.expiresAt]))),
    recent: await driverOrderViews(db, recent, from),
  };
}

/**
 * Goes online or offline. Online places the driver (when a position is given) and lets dispatch offer waiting orders
 * at once; offline withdraws the driver's live offers. A driver with an active order cannot go offline.
 */
export async function setOnline(events: EventBus, driverId: number, input: { online: boolean; lat?: number; lng?: number }, now = new Date()): Promise<{ online: boolean }> {
  await events.transaction(async (tx, emit) => {
    await driverProfile(tx, driverId);
    if (!input.online && (await activeOrder(tx, driverId))) throw conflict('Finish your active order before going offline');
    const placed = input.lat !== undefined && input.lng !== undefined ? { lat: input.lat, lng: input.lng, positionAt: now } : {};
    await tx.update(drivers).set({ online: input.online, updatedAt: now, ...placed }).where(eq(drivers.userId, driverId));
    if (!input.online) await withdrawOffersOf(tx, emit, driverId);
    await emit('driver.online', { driverId, online: input.online });
  });
  return { online: input.online };
}

/**
 * Accepts an offered order. The order row is locked, so of any number of concurrent accepts exactly one finds it
 * pending; the rest get 409. The one-active-order rule is enforced by a unique partial index as well.
 */
export async function acceptOrder(events: EventBus, driverId: number, orderId: number, now = new Date()): Promise<DriverOrder> {
  try {
    await events.transaction(async (tx, emit) => {
      const d = await driverProfile(tx, driverId);
      const order = await lockOrder(tx, orderId);
      if (!order) throw notFound('Order not found');
      const t = orderTransition(order.status, { type: 'accept' });
      if (!t.ok) throw conflict(t.message);
      if (!d.online) throw conflict('Go online to accept orders');
      const [offer] = await tx.select().from(orderOffers).where(and(eq(orderOffers.orderId, orderId), eq(orderOffers.driverId, driverId)));
      if (!offer || offer.status !== 'offered' || offer.expiresAt <= now) throw conflict('This offer is no longer available');
      if (await activeOrder(tx, driverId)) throw conflict('Finish your active order first');
      await applyOrderStatus(tx, emit, order, 'accepted', { driverId, acceptedAt: now }, now);
      await tx.update(orderOffers).set({ status: 'accepted' }).where(eq(orderOffers.id, offer.id));
      const others = await tx
        .update(orderOffers)
        .set({ status: 'withdrawn' })
        .where(and(eq(orderOffers.orderId, orderId), eq(orderOffers.status, 'offered')))
        .returning({ driverId: orderOffers.driverId });
      if (others.length) await emit('order.offer_withdrawn', { orderId, driverIds: others.map((o) => o.driverId) });
      await withdrawOffersOf(tx, emit, driverId, orderId);
      await emit('order.accepted', { orderId, trackingId: order.trackingId, driverId });
    });
  } catch (err) {
    // The partial index allowing one active order per driver.
    if (isUniqueViolation(err)) throw conflict('Finish your active order first');
    throw err;
  }
  const { active } = await listDriverOrders(events.db, driverId, now);
  if (!active) throw conflict('This order is no longer yours');
  return active;
}

/** Declines an offer; dispatch offers the order to the next wave right away when no other offer is live. */
export async function declineOrder(events: EventBus, driverId: number, orderId: number, now = new Date(), dispatch: DispatchOptions = {}): Promise<{ ok: true }> {
  await events.transaction(async (tx, emit) => {
    const [offer] = await tx.select().from(orderOffers).where(and(eq(orderOffers.orderId, orderId), eq(orderOffers.driverId, driverId)));
    if (!offer) throw notFound('Order not found');
    if (offer.status !== 'offered') return;
    await tx.update(orderOffers).set({ status: 'declined' }).where(eq(orderOffers.id, offer.id));
    await offerNextWave(tx, emit, orderId, now, dispatch);
  });
  return { ok: true };
}

/** The driver's next step on their own order; completing it writes the payout to the earnings ledger. */
export async function stepOrder(events: EventBus, driverId: number, orderId: number, to: OrderStatus, now = new Date()): Promise<DriverOrder> {
  await events.transaction(async (tx, emit) => {
    const order = await lockOrder(tx, orderId);
    // A waiting order is nobody's yet: stepping it is an illegal transition; someone else's order does not exist.
    if (!order || (order.status !== 'pending' && order.driverId !== driverId)) throw notFound('Order not found');
    const t = orderTransition(order.status, { type: 'step', to });
    if (!t.ok) throw conflict(t.message);
    await applyOrderStatus(tx, emit, order, to, to === 'completed' ? { completedAt: now } : {}, now);
    if (to === 'completed') {
      await tx.insert(driverEarnings).values({ driverId, orderId, amountCents: order.payoutCents, createdAt: now }).onConflictDoNothing();
      // The earning in the ledger, and the provider's order completed once its deliveries are done (issue 28).
      await recordDeliveryDone(tx, order, driverId, now);
    }
  });
  const [order] = await events.db.select().from(deliveryOrders).where(eq(deliveryOrders.id, orderId));
  const d = await driverProfile(events.db, driverId);
  const [view] = await driverOrderViews(events.db, [order], position(d));
  return view;
}

/** Start of the UTC day and of the UTC week (Monday) containing `now`. */
export function earningsWindows(now: Date): { dayStart: Date; weekStart: Date } {
  const dayStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const weekday = (now.getUTCDay() + 6) % 7;
  return { dayStart, weekStart: new Date(dayStart.getTime() - weekday * 86_400_000) };
}

/** Earnings today and this week (UTC) from the ledger, and the latest entries. */
export async function driverEarningsView(db: Db, driverId: number, now = new Date()): Promise<DriverEarnings> {
  const { dayStart, weekStart } = earningsWindows(now);
  const sum = async (from: Date) => {
    const [row] = await db
      .select({ cents: sql<string>`coalesce(sum(${driverEarnings.amountCents}), 0)` })
      .from(driverEarnings)
      .where(and(eq(driverEarnings.driverId, driverId), gte(driverEarnings.createdAt, from)));
    return Number(row.cents);
  };
  const recent = await db
    .select({ orderId: driverEarnings.orderId, amountCents: driverEarnings.amountCents, createdAt: driverEarnings.createdAt, trackingId: deliveryOrders.trackingId, kind: deliveryOrders.kind })
    .from(driverEarnings)
    .innerJoin(deliveryOrders, eq(deliveryOrders.id, driverEarnings.orderId))
    .where(eq(driverEarnings.driverId, driverId))
    .orderBy(desc(driverEarnings.createdAt), desc(driverEarnings.id))
    .limit(10);
  return {
    today: centsToDollars(await sum(dayStart)),
    week: centsToDollars(await sum(weekStart)),
    recent: recent.map((r) => ({ orderId: r.orderId, trackingId: r.trackingId, kind: r.kind, amount: centsToDollars(r.amountCents), createdAt: r.createdAt.toISOString() })),
  };
}

export type { PositionsResult } from '../../../domain/orders/schemas';
import type { PositionsResult } from '../../../domain/orders/schemas';

/**
 * Takes a batch of fixes: drops the implausible ones (counted on the driver), places the driver for dispatch with
 * the latest, and — with an active order — moves its tracking (current location, ETA, path, bounded to PATH_LIMIT).
 * The position is announced after commit for live sockets (a transient event: the rows are the record).
 */
export async function recordPositions(events: EventBus, driverId: number, fixes: PositionFix[], now = new Date()): Promise<PositionsResult> {
  const result = await events.transaction(async (tx, emit) => {
    const d = await driverProfile(tx, driverId);
    if (!d.online) throw new HttpError(409, 'Go online to share your position');
    const last = d.lat !== null && d.lng !== null && d.positionAt ? { lat: d.lat, lng: d.lng, at: d.positionAt.getTime() } : null;
    const { accepted, dropped } = filterFixes(fixes, now.getTime(), last);
    const droppedCount = Object.values(dropped).reduce((a, b) => a + b, 0);
    const latest = accepted.at(-1);
    if (!latest) {
      if (droppedCount) await tx.update(drivers).set({ droppedFixes: sql`${drivers.droppedFixes} + ${droppedCount}` }).where(eq(drivers.userId, driverId));
      return { accepted: 0, dropped, announce: null };
    }
    await tx
      .update(drivers)
      .set({ lat: latest.lat, lng: latest.lng, positionAt: new Date(latest.at), droppedFixes: sql`${drivers.droppedFixes} + ${droppedCount}`, updatedAt: now })
      .where(eq(drivers.userId, driverId));
    const order = await activeOrder(tx, driverId);
    if (!order) return { accepted: accepted.length, dropped, announce: null };
    const stored = await tx.insert(driverPositions).values(
      accepted.map((f) => ({
        driverId,
        orderId: order.id,
        lat: f.lat,
        lng: f.lng,
        accuracy: f.accuracy ?? null,
        speed: f.speed ?? null,
        heading: f.heading ?? null,
        recordedAt: new Date(f.at),
      })),
    ).returning({ id: driverPositions.id });
    // Trimming the path is a range delete; doing it every TRIM_EVERY fixes keeps it cheap and the path bounded.
    if (stored.some((r) => r.id % TRIM_EVERY === 0)) {
      await tx.execute(
        sql`delete from ${driverPositions} where ${driverPositions.orderId} = ${order.id} and ${driverPositions.id} <= (select id from ${driverPositions} where ${driverPositions.orderId} = ${order.id} order by id desc offset ${PATH_LIMIT} limit 1)`,
      );
    }
    const here = { lat: latest.lat, lng: latest.lng };
    const leg = legOf(order.status);
    const km = remainingKm({ current: here, pickup: order.pickup, dropoff: order.dropoff, leg });
    const minutes = etaMinutes(km, order.kind);
    // 'Arriving' once the driver first comes this near the recipient after pickup; noted once (a detour does not take
    // it back). A parcel's first mile ends at the carrier's hub: nobody is arriving anywhere the customer waits.
    let arrivingAt = order.arrivingAt;
    if (order.status === 'transit' && order.leg !== 'first-mile' && !arrivingAt && isArriving({ km, minutes })) {
      const [noted] = await tx
        .update(deliveryOrders)
        .set({ arrivingAt: now, updatedAt: now })
        .where(and(eq(deliveryOrders.id, order.id), isNull(deliveryOrders.arrivingAt)))
        .returning({ id: deliveryOrders.id });
      if (noted) {
        arrivingAt = now;
        await tx.insert(trackingUpdates).values({ trackingId: order.trackingId, status: 'arriving', message: ARRIVING_MESSAGE[order.kind], location: { ...here, address: '' }, timestamp: now });
        await emit('order.journey_changed', { orderId: order.id, trackingId: order.trackingId, bookingId: order.bookingId, customerId: order.customerId, step: 'arriving' });
      }
    }
    const journey = (await journeysOf(tx, [{ ...order, arrivingAt }])).get(order.id) ?? null;
    // A first mile ends at the carrier's origin hub, not at the recipient: the parcel's record keeps its day-based
    // estimate ('6–8 days', domain/orders/linehaul.ts) instead of the minutes to the hub.
    const toHub = order.leg === 'first-mile';
    const [rec] = await tx
      .update(trackingRecords)
      .set({ currentLocation: { ...here, address: '' }, ...(toHub ? {} : { estimatedTime: `${minutes} min`, etaAt: new Date(now.getTime() + minutes * 60_000) }), updatedAt: now })
      .where(eq(trackingRecords.id, order.trackingId))
      .returning({ estimatedTime: trackingRecords.estimatedTime, etaAt: trackingRecords.etaAt });
    const estimatedTime = rec?.estimatedTime ?? '';
    const etaAt = rec?.etaAt ?? null;
    const progress = routeProgress({ current: here, pickup: order.pickup, dropoff: order.dropoff, leg });
    return {
      accepted: accepted.length,
      dropped,
      announce: { driverId, orderId: order.id, trackingId: order.trackingId, lat: here.lat, lng: here.lng, at: new Date(latest.at).toISOString(), estimatedTime, etaAt: etaAt ? etaAt.toISOString() : null, progress, address: null, journey },
    };
  });
  if (result.announce) await events.announce('driver.position', result.announce);
  return { accepted: result.accepted, dropped: result.dropped };
}
