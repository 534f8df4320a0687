import { and, asc, eq, gt, gte, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import { boundingBox, isPlaced, roadKm } from '../../../domain/orders/geo';
import { ACTIVE_ORDER_STATUSES } from '../../../domain/orders/states';
import type { LatLng } from '../../../domain/catalogue/pricing';
import type { Db, Tx } from '../../db/connect';
import { deliveryOrders, drivers, orderOffers, trackingRecords, trackingUpdates } from '../../db/schema';
import type { Emit, EventBus } from '../../platform/events/bus';
import { lockOrder } from './service';

/**
 * Dispatch rules: an order waiting for a driver is offered to the nearest free online drivers within RADIUS_KM road
 * km of its pickup (DISPATCH_RADIUS_KM), by their last known position, WAVE_SIZE at a time. A driver whose position is
 * unknown is offered nothing: nobody can tell how far away they are. An offer lapses after OFFER_TTL_MS and the order
 * moves on to the next wave. Drivers who declined are never asked again for that order; drivers whose offer lapsed
 * are asked again only once nobody new is left. An order nobody took within UNASSIGNED_AFTER_MS of becoming ready for
 * a driver (nobody in range, or nobody accepted) is flagged: the customer reads 'Looking for a driver' and the admin
 * sees it in the unassigned list. An order whose pickup or drop-off is not a placed point is never offered (no
 * distance, payout or ETA can be computed from it): it is flagged at once.
 */
export const DISPATCH = {
  WAVE_SIZE: 3,
  RADIUS_KM: 15,
  OFFER_TTL_MS: 30_000,
  UNASSIGNED_AFTER_MS: 10 * 60_000,
  TICK_MS: 2_000,
} as const;

/** radiusKm: DISPATCH_RADIUS_KM (config), DISPATCH.RADIUS_KM when not given. */
export type DispatchOptions = { waveSize?: number; radiusKm?: number };

/** What the customer reads when an order cannot be placed on the map. */
export const UNPLACED_MESSAGE = 'We could not place this order on the map; our team has been told and will contact you';

/**
 * Free online drivers near a point: online, with a known position inside the box around `pickup` (the database's
 * part, on drivers_online_position_idx), no order in an active status; then the exact road distance, within the
 * radius, nearest first.
 */
async function freeDriversNear(tx: Tx, pickup: LatLng, radiusKm: number) {
  const box = boundingBox(pickup, radiusKm);
  const rows = await tx
    .select({ userId: drivers.userId, lat: drivers.lat, lng: drivers.lng })
    .from(drivers)
    .where(
      and(
        eq(drivers.online, true),
        isNotNull(drivers.lat),
        isNotNull(drivers.lng),
        gte(drivers.lat, box.minLat),
        lte(drivers.lat, box.maxLat),
        ...(box.lng ? [gte(drivers.lng, box.lng.min), lte(drivers.lng, box.lng.max)] : []),
        sql`not exists (select 1 from ${deliveryOrders} o where o.driver_id = ${drivers.userId} and o.status in (${sql.join(
          ACTIVE_ORDER_STATUSES.map((s) => sql`${s}`),
          sql`, `,
        )}))`,
      ),
    );
  return rows
    .map((d) => ({ userId: d.userId, km: roadKm({ lat: Number(d.lat), lng: Number(d.lng) }, pickup) }))
    .filter((d) => d.km <= radiusKm)
    .sort((a, b) => a.km - b.km || a.userId - b.userId);
}

/** Flags an order that cannot be placed, once: the customer and the admin see it; no driver is asked. */
async function flagUnplaced(tx: Tx, emit: Emit, order: { id: number; trackingId: string; unassignedFlaggedAt: Date | null }, now: Date) {
  if (order.unassignedFlaggedAt) return;
  await tx.update(deliveryOrders).set({ unassignedFlaggedAt: now, updatedAt: now }).where(eq(deliveryOrders.id, order.id));
  await tx.insert(trackingUpdates).values({ trackingId: order.trackingId, status: 'pending', message: UNPLACED_MESSAGE, timestamp: now });
  await tx.update(trackingRecords).set({ updatedAt: now }).where(eq(trackingRecords.id, order.trackingId));
  await emit('order.unassigned', { orderId: order.id, trackingId: order.trackingId });
}

/**
 * Offers a pending order to its next wave of drivers in range, unless offers are still live. Runs under the order's
 * row lock, so two instances (or an expiry and a decline at once) never offer the same order twice.
 */
export async function offerNextWave(tx: Tx, emit: Emit, orderId: number, now: Date, opts: DispatchOptions = {}): Promise<number[]> {
  const order = await lockOrder(tx, orderId);
  if (!order || order.status !== 'pending') return [];
  // A provider's restaurant prepares the food first: no driver waits at the counter before 'Ready for pickup'.
  if (order.awaitsReady && !order.readyAt) return [];
  if (!isPlaced(order.pickup) || !isPlaced(order.dropoff)) {
    await flagUnplaced(tx, emit, order, now);
    return [];
  }
  const offers = await tx.select().from(orderOffers).where(eq(orderOffers.orderId, orderId));
  if (offers.some((o) => o.status === 'offered' && o.expiresAt > now)) return [];
  const asked = new Map(offers.map((o) => [o.driverId, o.status]));
  const candidates = (await freeDriversNear(tx, order.pickup, opts.radiusKm ?? DISPATCH.RADIUS_KM))
    .filter((d) => asked.get(d.userId) !== 'declined')
    .map((d) => ({ ...d, fresh: !asked.has(d.userId) }));
  const fresh = candidates.filter((c) => c.fresh);
  const chosen = (fresh.length > 0 ? fresh : candidates).slice(0, opts.waveSize ?? DISPATCH.WAVE_SIZE);
  if (chosen.length === 0) return [];
  const wave = offers.reduce((m, o) => Math.max(m, o.wave), 0) + 1;
  const expiresAt = new Date(now.getTime() + DISPATCH.OFFER_TTL_MS);
  for (const d of chosen) {
    await tx
      .insert(orderOffers)
      .values({ orderId, driverId: d.userId, wave, expiresAt, status: 'offered', createdAt: now })
      .onConflictDoUpdate({ target: [orderOffers.orderId, orderOffers.driverId], set: { status: 'offered', wave, expiresAt, createdAt: now } });
  }
  const driverIds = chosen.map((d) => d.userId);
  await emit('order.offered', { orderId, trackingId: order.trackingId, driverIds, expiresAt: expiresAt.toISOString() });
  return driverIds;
}

/** Offers one order now (reaction to order.created). */
export async function dispatchOrder(events: EventBus, orderId: number, now = new Date(), opts: DispatchOptions = {}): Promise<number[]> {
  return events.transaction((tx, emit) => offerNextWave(tx, emit, orderId, now, opts));
}

/**
 * One pass of the dispatcher, run every DISPATCH.TICK_MS on every instance (row locks and atomic updates make the
 * passes safe to overlap): lapse expired offers, offer waiting orders to their next wave (this also reaches drivers
 * who came online since), and flag orders nobody took in time.
 */
export async function dispatchTick(db: Db, events: EventBus, now = new Date(), opts: DispatchOptions = {}): Promise<void> {
  await events.transaction(async (tx, emit) => {
    const lapsed = await tx
      .update(orderOffers)
      .set({ status: 'expired' })
      .where(and(eq(orderOffers.status, 'offered'), lte(orderOffers.expiresAt, now)))
      .returning({ orderId: orderOffers.orderId, driverId: orderOffers.driverId });
    const byOrder = new Map<number, number[]>();
    for (const l of lapsed) byOrder.set(l.orderId, [...(byOrder.get(l.orderId) ?? []), l.driverId]);
    for (const [orderId, driverIds] of byOrder) await emit('order.offer_withdrawn', { orderId, driverIds });
  });

  const waiting = await db
    .select({ id: deliveryOrders.id })
    .from(deliveryOrders)
    .where(and(eq(deliveryOrders.status, 'pending'), or(eq(deliveryOrders.awaitsReady, false), isNotNull(deliveryOrders.readyAt))))
    // Orders still within their window first: flagged ones (often nobody in range) never crowd them out of a pass.
    .orderBy(sql`${deliveryOrders.unassignedFlaggedAt} is not null`, asc(deliveryOrders.id))
    .limit(200);
  for (const { id } of waiting) await dispatchOrder(events, id, now, opts);

  await events.transaction(async (tx, emit) => {
    const overdue = await tx
      .update(deliveryOrders)
      .set({ unassignedFlaggedAt: now })
      .where(
        and(
          eq(deliveryOrders.status, 'pending'),
          isNull(deliveryOrders.unassignedFlaggedAt),
          or(eq(deliveryOrders.awaitsReady, false), isNotNull(deliveryOrders.readyAt)),
          // Counted from when drivers could first be asked: a food order from when the restaurant marked it ready.
          sql`coalesce(${deliveryOrders.readyAt}, ${deliveryOrders.createdAt}) <= ${new Date(now.getTime() - DISPATCH.UNASSIGNED_AFTER_MS).toISOString()}::timestamptz`,
        ),
      )
      .returning({ id: deliveryOrders.id, trackingId: deliveryOrders.trackingId });
    for (const o of overdue) {
      await tx.insert(trackingUpdates).values({ trackingId: o.trackingId, status: 'pending', message: 'Looking for a driver', timestamp: now });
      await tx.update(trackingRecords).set({ updatedAt: now }).where(eq(trackingRecords.id, o.trackingId));
      await emit('order.unassigned', { orderId: o.id, trackingId: o.trackingId });
    }
  });
}

/** Live offers of a driver (not lapsed), newest first. */
export async function liveOffers(db: Db | Tx, driverId: number, now = new Date()) {
  return db
    .select()
    .from(orderOffers)
    .where(and(eq(orderOffers.driverId, driverId), eq(orderOffers.status, 'offered'), gt(orderOffers.expiresAt, now)))
    .orderBy(sql`${orderOffers.createdAt} desc`);
}

/** Withdraws every live offer of a driver (they went offline or took another order). */
export async function withdrawOffersOf(tx: Tx, emit: Emit, driverId: number, exceptOrderId?: number): Promise<void> {
  const rows = await tx
    .update(orderOffers)
    .set({ status: 'withdrawn' })
    .where(and(eq(orderOffers.driverId, driverId), eq(orderOffers.status, 'offered')))
    .returning({ orderId: orderOffers.orderId });
  for (const r of rows) {
    if (r.orderId !== exceptOrderId) await emit('order.offer_withdrawn', { orderId: r.orderId, driverIds: [driverId] });
  }
}
