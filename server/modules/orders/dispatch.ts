import { and, asc, eq, gt, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import { greatCircleKm } from '../../../domain/catalogue/pricing';
import { ACTIVE_ORDER_STATUSES } from '../../../domain/orders/states';
import type { Db, Tx } from '../../db/connect';
import { deliveryOrders, drivers, orderOffers, trackingRecords, trackingUpdates } from '../../db/schema';
import type { Emit, EventBus } from '../../platform/events/bus';
import { lockOrder } from './service';

/**
 * Dispatch rules: an order waiting for a driver is offered to the nearest free online drivers (by last known
 * position; drivers without one come last), WAVE_SIZE at a time. An offer lapses after OFFER_TTL_MS and the order
 * moves on to the next wave. Drivers who declined are never asked again for that order; drivers whose offer lapsed
 * are asked again only once nobody new is left. An order nobody took within UNASSIGNED_AFTER_MS is flagged: the
 * customer reads 'Looking for a driver' and the admin sees it in the unassigned list.
 */
export const DISPATCH = {
  WAVE_SIZE: 3,
  OFFER_TTL_MS: 30_000,
  UNASSIGNED_AFTER_MS: 10 * 60_000,
  TICK_MS: 2_000,
} as const;

export type DispatchOptions = { waveSize?: number };

/** Free online drivers: online, and no order in an active status. */
async function freeOnlineDrivers(tx: Tx) {
  return tx
    .select({ userId: drivers.userId, lat: drivers.lat, lng: drivers.lng })
    .from(drivers)
    .where(
      and(
        eq(drivers.online, true),
        sql`not exists (select 1 from ${deliveryOrders} o where o.driver_id = ${drivers.userId} and o.status in (${sql.join(
          ACTIVE_ORDER_STATUSES.map((s) => sql`${s}`),
          sql`, `,
        )}))`,
      ),
    );
}

/**
 * Offers a pending order to its next wave of drivers, unless offers are still live. Runs under the order's row lock,
 * so two instances (or an expiry and a decline at once) never offer the same order twice.
 */
export async function offerNextWave(tx: Tx, emit: Emit, orderId: number, now: Date, opts: DispatchOptions = {}): Promise<number[]> {
  const order = await lockOrder(tx, orderId);
  if (!order || order.status !== 'pending') return [];
  // A provider's restaurant prepares the food first: no driver waits at the counter before 'Ready for pickup'.
  if (order.awaitsReady && !order.readyAt) return [];
  const offers = await tx.select().from(orderOffers).where(eq(orderOffers.orderId, orderId));
  if (offers.some((o) => o.status === 'offered' && o.expiresAt > now)) return [];
  const asked = new Map(offers.map((o) => [o.driverId, o.status]));
  const candidates = (await freeOnlineDrivers(tx))
    .filter((d) => asked.get(d.userId) !== 'declined')
    .map((d) => ({
      ...d,
      fresh: !asked.has(d.userId),
      km: d.lat !== null && d.lng !== null ? greatCircleKm({ lat: d.lat, lng: d.lng }, order.pickup) : Number.POSITIVE_INFINITY,
    }));
  const fresh = candidates.filter((c) => c.fresh);
  const pool = (fresh.length > 0 ? fresh : candidates).sort((a, b) => a.km - b.km || a.userId - b.userId);
  const chosen = pool.slice(0, opts.waveSize ?? DISPATCH.WAVE_SIZE);
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
    .where(and(eq(deliveryOrders.status, 'pending'), or(eq(deliveryOrders.awaitsReady, false), isNotNull(deliveryOrders.readyAt)))).orderBy(asc(deliveryOrders.id)).limit(200);
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
          lte(deliveryOrders.createdAt, new Date(now.getTime() - DISPATCH.UNASSIGNED_AFTER_MS)),
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
