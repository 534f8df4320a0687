import { partCalledOff } from '../money';
import { randomBytes, randomInt } from 'node:crypto';
import { and, asc, eq, notInArray, sql } from 'drizzle-orm';
import { BookingDetails } from '../../../domain/bookings/schemas';
import { etaMinutes, isPlaced, roadKm } from '../../../domain/orders/geo';
import { arrivalEstimate, firstMileUpdate, planShipment, type OrderLeg } from '../../../domain/orders/linehaul';
import { driverPayoutCents, type PayoutBasis } from '../../../domain/orders/payout';
import { deliversAnything } from '../../../domain/orders/deliverable';
import {
  FINAL_ORDER_STATUSES,
  orderStatusMessage,
  orderTransition,
  trackingStatusOf,
  type OrderKind,
  type OrderStatus,
} from '../../../domain/orders/states';
import type { Tx } from '../../db/connect';
import { preparedOn } from '../../db/statements';
import {
  bookingItems,
  bookings,
  deliveryOrders,
  lineHauls,
  orderOffers,
  restaurants,
  shippingRates,
  trackingRecords,
  trackingUpdates,
  users,
  type GeoPoint,
} from '../../db/schema';
import type { Emit, EventBus } from '../../platform/events/bus';
import { audit } from '../audit';
import { carrierHubs, hubPoint } from './linehaul';

export type OrderRow = typeof deliveryOrders.$inferSelect;

const TRACKING_TYPE: Record<OrderKind, 'delivery' | 'ride' | 'shipping'> = { food: 'delivery', taxi: 'ride', shipping: 'shipping' };
const NUMBER_PREFIX: Record<OrderKind, string> = { food: 'GLF', taxi: 'GLT', shipping: 'GLS' };

/** A tracking number customers can read out: prefix + 12 digits (the shipping lookup finds it, any case). */
function trackingNumber(kind: OrderKind): string {
  const digits = Array.from({ length: 12 }, () => randomInt(0, 10)).join('');
  return `${NUMBER_PREFIX[kind]}${digits}`;
}

type Part = {
  partKey: string;
  kind: OrderKind;
  serviceName: string;
  providerName: string;
  providerPhone: string;
  pickup: GeoPoint;
  dropoff: GeoPoint;
  payout: PayoutBasis;
  estimatedTime?: string;
  /** A restaurant run by a provider: drivers are asked only once it marks the order ready (order.ready). */
  awaitsReady?: boolean;
  /** The part of the journey the order covers (domain/orders/linehaul.ts); 'direct' unless told. */
  leg?: OrderLeg;
  /** Where the customer's tracking record says it is going, when the order ends elsewhere (a first mile: the hub). */
  destination?: GeoPoint;
  /** A parcel between cities: its line-haul, stored with the first-mile order (line_hauls). */
  lineHaul?: Omit<typeof lineHauls.$inferInsert, 'trackingId' | 'bookingId'>;
};

/** The distinct line types of a booking; runs on every paid booking, so prepared once per database (server/db/statements.ts). */
const lineTypesOf = preparedOn('booking_line_types', (db) =>
  db
    .selectDistinct({ serviceType: bookingItems.serviceType })
    .from(bookingItems)
    .where(eq(bookingItems.bookingId, sql.placeholder('bookingId'))),
);

/**
 * The deliverable parts of a booking: one per restaurant of food lines, one per taxi ride, one per shipment. A
 * shipment between cities (domain/orders/linehaul.ts planShipment) is its first mile only: sender -> the carrier's
 * hub in the origin city; its last mile is created when the destination hub scans it in (./linehaul.ts).
 * Every part is between placed points: a restaurant without coordinates is never guessed from its address text (the
 * checkout refuses it; should one slip through, no order is made and the admin's audit log says why).
 */
async function deliverableParts(tx: Tx, bookingId: number): Promise<Part[]> {
  const lines = await tx.select().from(bookingItems).where(eq(bookingItems.bookingId, bookingId)).orderBy(asc(bookingItems.id));
  const parts: Part[] = [];
  const seenRestaurants = new Set<number>();
  for (const line of lines) {
    if (line.serviceType === 'food-delivery') {
      const d = BookingDetails['food-delivery'].safeParse(line.details);
      if (!d.success || seenRestaurants.has(d.data.restaurantId)) continue;
      seenRestaurants.add(d.data.restaurantId);
      const [r] = await tx.select().from(restaurants).where(eq(restaurants.id, d.data.restaurantId));
      if (!r) continue;
      const at = r.lat !== null && r.lng !== null ? { lat: Number(r.lat), lng: Number(r.lng) } : null;
      const dropoff = d.data.destination;
      if (!isPlaced(at) || !isPlaced(dropoff)) {
        await reportUnplaced(tx, bookingId, `restaurant:${r.id}`, !isPlaced(at) ? `${r.name} has no map position` : 'The delivery address has no map position');
        continue;
      }
      const pickup = { ...at, address: r.address };
      const [owner] = r.ownerId === null ? [] : await tx.select({ role: users.role }).from(users).where(eq(users.id, r.ownerId));
      parts.push({
        awaitsReady: owner?.role === 'provider',
        partKey: `restaurant:${r.id}`,
        kind: 'food',
        serviceName: r.name,
        providerName: r.name,
        providerPhone: r.phone,
        pickup,
        dropoff,
        payout: { kind: 'food', deliveryFeeCents: r.deliveryFeeCents, distanceKm: roadKm(pickup, dropoff) },
        estimatedTime: r.deliveryTime,
      });
    } else if (line.serviceType === 'taxi') {
      const d = BookingDetails.taxi.safeParse(line.details);
      if (!d.success) continue;
      parts.push({
        partKey: `line:${line.id}`,
        kind: 'taxi',
        serviceName: line.name,
        providerName: 'Go Live Rides',
        providerPhone: '',
        pickup: d.data.pickup,
        dropoff: d.data.dropoff,
        payout: { kind: 'taxi', fareCents: line.lineTotalCents },
      });
    } else if (line.serviceType === 'shipping') {
      const d = BookingDetails.shipping.safeParse(line.details);
      if (!d.success) continue;
      const [rate] = await tx.select({ speed: shippingRates.speed }).from(shippingRates).where(eq(shippingRates.id, line.serviceId));
      const plan = planShipment(d.data.from, d.data.to, carrierHubs, d.data.speed ?? rate?.speed ?? 'standard');
      const shipment = { kind: 'shipping' as const, serviceName: line.name, providerName: line.name, providerPhone: '' };
      if (plan.route === 'direct') {
        parts.push({ ...shipment, partKey: `line:${line.id}`, pickup: d.data.from, dropoff: d.data.to, payout: { kind: 'shipping', chargeCents: line.lineTotalCents } });
        continue;
      }
      const hub = hubPoint(plan.origin);
      parts.push({
        ...shipment,
        partKey: `line:${line.id}:first-mile`,
        leg: 'first-mile',
        pickup: d.data.from,
        dropoff: hub,
        destination: d.data.to,
        payout: { kind: 'shipping', chargeCents: line.lineTotalCents, mile: 'first-mile', distanceKm: roadKm(d.data.from, hub) },
        estimatedTime: arrivalEstimate(plan.days),
        lineHaul: {
          lineId: line.id,
          originHub: plan.origin,
          destinationHub: plan.destination,
          recipient: d.data.to,
          chargeCents: line.lineTotalCents,
          minDays: plan.days.min,
          maxDays: plan.days.max,
        },
      });
    }
  }
  return parts;
}

/**
 * A paid part no driver can be sent for, because one of its ends is not a placed point: no order is made (nothing
 * is offered with a made-up distance, payout or ETA); the admin's audit log records it for the team to arrange.
 */
async function reportUnplaced(tx: Tx, bookingId: number, partKey: string, reason: string): Promise<void> {
  await audit(tx, { actor: 'system', action: 'order.unplaced', targetType: 'booking', targetId: bookingId, changes: { partKey, reason } });
}

/**
 * Reaction to booking.confirmed: every deliverable part of the paid booking becomes a pending delivery order with
 * its own tracking record, and order.created is announced for dispatch. Idempotent: parts that already have an
 * order (a retried event) are skipped.
 */
export async function createOrdersForBooking(events: EventBus, bookingId: number, serviceTypes?: string[]): Promise<void> {
  // Most bookings (hotels, flights, cars ...) deliver nothing: the line types the event carries settle it, or else
  // one read, without a transaction.
  const types = serviceTypes ?? (await lineTypesOf(events.db).execute({ bookingId })).map((t) => t.serviceType);
  if (!deliversAnything(types)) return;
  await events.transaction(async (tx, emit) => {
    const [booking] = await tx.select().from(bookings).where(eq(bookings.id, bookingId));
    if (!booking || booking.status !== 'confirmed') return;
    const existing = new Set(
      (await tx.select({ partKey: deliveryOrders.partKey }).from(deliveryOrders).where(eq(deliveryOrders.bookingId, bookingId))).map((r) => r.partKey),
    );
    for (const part of await deliverableParts(tx, bookingId)) {
      if (existing.has(part.partKey)) continue;
      // Its provider declined it (or it was cancelled) before a driver was asked: nothing to deliver.
      if (await partCalledOff(tx, bookingId, part.partKey)) continue;
      // The id is the capability to watch the delivery (the share link, the public socket): 128 random bits.
      const trackingId = `trk_${randomBytes(16).toString('hex')}`;
      const acceptedOnBehalf = part.kind === 'food' && !part.awaitsReady;
      const distanceKm = Math.round(roadKm(part.pickup, part.dropoff) * 100) / 100;
      await tx.insert(trackingRecords).values({
        id: trackingId,
        bookingId,
        userId: booking.userId,
        type: TRACKING_TYPE[part.kind],
        status: 'pending',
        serviceName: part.serviceName,
        trackingNumber: trackingNumber(part.kind),
        providerName: part.providerName,
        providerPhone: part.providerPhone,
        currentLocation: part.pickup,
        destination: part.destination ?? part.dropoff,
        estimatedTime: part.estimatedTime ?? `${etaMinutes(distanceKm, part.kind)} min`,
      });
      if (part.lineHaul) await tx.insert(lineHauls).values({ ...part.lineHaul, trackingId, bookingId });
      const [order] = await tx
        .insert(deliveryOrders)
        .values({
          bookingId,
          partKey: part.partKey,
          trackingId,
          kind: part.kind,
          customerId: booking.userId,
          pickup: part.pickup,
          dropoff: part.dropoff,
          distanceKm,
          payoutCents: driverPayoutCents(part.payout),
          awaitsReady: part.awaitsReady ?? false,
          leg: part.leg ?? 'direct',
          // A restaurant nobody runs in the portal takes every order it is sold: accepted on its behalf at payment.
          kitchenAcceptedAt: acceptedOnBehalf ? new Date() : null,
        })
        .returning({ id: deliveryOrders.id });
      await tx.insert(trackingUpdates).values({ trackingId, status: 'pending', message: orderStatusMessage('pending', part.kind), location: part.pickup });
      if (acceptedOnBehalf) {
        await tx.insert(trackingUpdates).values({ trackingId, status: 'restaurant_accepted', message: KITCHEN_ACCEPTED_MESSAGE, location: part.pickup });
      }
      await emit('order.created', { orderId: order.id, trackingId, bookingId, kind: part.kind });
    }
  });
}

const KITCHEN_ACCEPTED_MESSAGE = 'The restaurant accepted your order';
const KITCHEN_READY_MESSAGE = 'Your order is ready for pickup';

/**
 * Reaction to order.kitchen_accepted: records when the restaurant accepted the order, tells the customer in the
 * tracking updates and announces order.journey_changed, which open tracking pages receive.
 */
export async function markKitchenAccepted(events: EventBus, orderId: number, now = new Date()): Promise<void> {
  await events.transaction(async (tx, emit) => {
    const order = await lockOrder(tx, orderId);
    if (!order || order.kind !== 'food' || order.kitchenAcceptedAt || order.status === 'cancelled') return;
    await tx.update(deliveryOrders).set({ kitchenAcceptedAt: now, updatedAt: now }).where(eq(deliveryOrders.id, orderId));
    await tx.insert(trackingUpdates).values({ trackingId: order.trackingId, status: 'restaurant_accepted', message: KITCHEN_ACCEPTED_MESSAGE, location: order.pickup, timestamp: now });
    await tx.update(trackingRecords).set({ updatedAt: now }).where(eq(trackingRecords.id, order.trackingId));
    await emit('order.journey_changed', { orderId, trackingId: order.trackingId, bookingId: order.bookingId, customerId: order.customerId, step: 'restaurant_accepted' });
  });
}

/**
 * Reaction to order.ready (the restaurant marked a food order 'Ready for pickup' in the provider portal): records
 * when, so dispatch may offer it, and announces order.journey_changed. Steps happen in order: an order the
 * restaurant has not accepted is not marked (the portal refuses that with 'Accept the order first'). Idempotent;
 * returns true when the order now waits for a driver.
 */
export async function markOrderReady(events: EventBus, orderId: number, now = new Date()): Promise<boolean> {
  return events.transaction(async (tx, emit) => {
    const order = await lockOrder(tx, orderId);
    if (!order || order.kind !== 'food' || !order.kitchenAcceptedAt || order.status === 'cancelled') return false;
    if (!order.readyAt) {
      await tx.update(deliveryOrders).set({ readyAt: now, updatedAt: now }).where(eq(deliveryOrders.id, orderId));
      await tx.insert(trackingUpdates).values({ trackingId: order.trackingId, status: 'ready', message: KITCHEN_READY_MESSAGE, location: order.pickup, timestamp: now });
      await tx.update(trackingRecords).set({ updatedAt: now }).where(eq(trackingRecords.id, order.trackingId));
      await emit('order.journey_changed', { orderId, trackingId: order.trackingId, bookingId: order.bookingId, customerId: order.customerId, step: 'ready' });
    }
    return order.status === 'pending';
  });
}

/** Locks an order row for the rest of the transaction. */
export async function lockOrder(tx: Tx, orderId: number): Promise<OrderRow | undefined> {
  const [order] = await tx.select().from(deliveryOrders).where(eq(deliveryOrders.id, orderId)).for('update');
  return order;
}

/**
 * Moves a locked order to `to` (already checked against the state machine), mirrors it on the tracking record,
 * appends a tracking update and records order.status_changed.
 */
export async function applyOrderStatus(tx: Tx, emit: Emit, order: OrderRow, to: OrderStatus, extra: Partial<typeof deliveryOrders.$inferInsert> = {}, now = new Date()) {
  await tx
    .update(deliveryOrders)
    .set({ status: to, updatedAt: now, ...extra })
    .where(eq(deliveryOrders.id, order.id));
  const [rec] = await tx.select({ currentLocation: trackingRecords.currentLocation }).from(trackingRecords).where(eq(trackingRecords.id, order.trackingId));
  // A parcel's first mile ends at the origin hub, not at the recipient: its record stays active with the estimate in
  // days, and the update names the hub (domain/orders/linehaul.ts firstMileUpdate).
  const [haul] =
    order.leg === 'first-mile'
      ? await tx.select({ origin: lineHauls.originHub, destination: lineHauls.destinationHub }).from(lineHauls).where(eq(lineHauls.trackingId, order.trackingId))
      : [];
  const firstMile = haul ? firstMileUpdate(to, { origin: haul.origin.city, destination: haul.destination.city }) : null;
  await tx
    .update(trackingRecords)
    .set({
      status: firstMile?.trackingStatus ?? trackingStatusOf(to),
      updatedAt: now,
      ...(!firstMile && (to === 'completed' || to === 'delivered') ? { estimatedTime: 'Arrived', etaAt: null } : {}),
      ...(to === 'cancelled' ? { estimatedTime: 'Cancelled', etaAt: null } : {}),
    })
    .where(eq(trackingRecords.id, order.trackingId));
  await tx.insert(trackingUpdates).values({
    trackingId: order.trackingId,
    status: to,
    message: firstMile?.message ?? orderStatusMessage(to, order.kind),
    location: rec?.currentLocation ?? null,
    timestamp: now,
  });
  await emit('order.status_changed', {
    orderId: order.id,
    trackingId: order.trackingId,
    bookingId: order.bookingId,
    customerId: order.customerId,
    driverId: extra.driverId ?? order.driverId,
    from: order.status,
    to,
  });
}

/**
 * Reaction to order.declined: the declined order's deliveries (its restaurant's, or its rides' and parcels' lines)
 * are called off like a cancelled booking's.
 */
export async function cancelDeclinedParts(events: EventBus, p: { orderId: number; bookingId: number; listingKind: string; listingId: number }): Promise<void> {
  const { bookingId, listingKind, listingId } = p;
  const lineIds =
    listingKind === 'restaurants'
      ? []
      : (
          await events.db
            .select({ id: bookingItems.id })
            .from(bookingItems)
            .where(and(eq(bookingItems.bookingId, bookingId), eq(bookingItems.orderId, p.orderId)))
        ).map((l) => l.id);
  const belongs = (partKey: string) =>
    listingKind === 'restaurants' ? partKey === `restaurant:${listingId}` : lineIds.some((id) => partKey === `line:${id}` || partKey.startsWith(`line:${id}:`));
  await cancelOpenOrders(events, bookingId, belongs);
}

/**
 * Reaction to booking.cancelled: every unfinished order of the booking is cancelled, its open offers withdrawn, and
 * order.status_changed tells the assigned driver (if any) through their socket.
 */
export async function cancelOrdersForBooking(events: EventBus, bookingId: number): Promise<void> {
  await cancelOpenOrders(events, bookingId, () => true);
}

async function cancelOpenOrders(events: EventBus, bookingId: number, which: (partKey: string) => boolean): Promise<void> {
  await events.transaction(async (tx, emit) => {
    const open = await tx
      .select({ id: deliveryOrders.id, partKey: deliveryOrders.partKey })
      .from(deliveryOrders)
      .where(and(eq(deliveryOrders.bookingId, bookingId), notInArray(deliveryOrders.status, [...FINAL_ORDER_STATUSES])));
    for (const { id } of open.filter((o) => which(o.partKey))) {
      const order = await lockOrder(tx, id);
      if (!order) continue;
      const t = orderTransition(order.status, { type: 'cancel' });
      if (!t.ok) continue;
      await applyOrderStatus(tx, emit, order, 'cancelled');
      const withdrawn = await tx
        .update(orderOffers)
        .set({ status: 'withdrawn' })
        .where(and(eq(orderOffers.orderId, id), eq(orderOffers.status, 'offered')))
        .returning({ driverId: orderOffers.driverId });
      if (withdrawn.length > 0) await emit('order.offer_withdrawn', { orderId: id, driverIds: withdrawn.map((w) => w.driverId) });
    }
  });
}
