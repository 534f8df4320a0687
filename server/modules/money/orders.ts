/**
 * Orders per provider (issue 28, ADR 029): a paid booking becomes one order per provider's listing, in the payment's
 * own transaction, with the commission in force fixed on it and the capture posted to the ledger. Providers accept,
 * decline (refunding exactly that order), and complete reservations; customers cancel under the per-kind policies
 * (domain/money/cancellation.ts) and see the refund before confirming; a driver's finished delivery posts their
 * earning and completes the order it served. Every money event posts to the ledger in the transaction of the state
 * change that causes it.
 */
import { and, asc, desc, eq, inArray, lt, notInArray, sql } from 'drizzle-orm';
import { addDays, todayUtc } from '../../../domain/catalogue/pricing';
import { lineSpan } from '../../../domain/availability/spans';
import { DAY_KINDS, type DayKind } from '../../../domain/availability/schemas';
import { TIPPABLE_SERVICE_TYPES } from '../../../domain/bookings/breakdown';
import { cancellationTerms, DECLINE_WINDOW_HOURS, type CancellableOrder } from '../../../domain/money/cancellation';
import { capturePostings, earningPosting, refundPostings, type Posting } from '../../../domain/money/ledger';
import { orderCommission, providerNetCents, refundOf, splitBooking, type OrderPart } from '../../../domain/money/split';
import type { BookingOrder, CancellationQuote, DeclinedOrder, OrderMoneyView, OrderStatus } from '../../../domain/money/schemas';
import type { Db, Tx } from '../../db/connect';
import { bookingItems, bookings, deliveryOrders, ledgerPostings, payments, providerOrders } from '../../db/schema';
import { conflict, HttpError, notFound } from '../../platform/errors';
import type { EventBus } from '../../platform/events/bus';
import type { PaymentGateway } from '../../platform/payments';
import { listingOfLine, ownerOf } from '../catalogue';
import { releaseListingHolds } from '../availability';
import { audit } from '../audit';
import { post, postAll } from './ledger';
import { ruleFor } from './commission';

type Exec = Db | Tx;
type OrderRow = typeof providerOrders.$inferSelect;
type BookingRow = typeof bookings.$inferSelect;
type LineRow = typeof bookingItems.$inferSelect;

/** The kinds that are reservations: they start and end on days, and their provider marks them completed. */
const RESERVATION_KINDS = ['hotels', 'cars', 'properties', 'flights', 'general-services'] as const;
export const isReservation = (kind: string) => (RESERVATION_KINDS as readonly string[]).includes(kind);
/** The kinds delivered by the platform's drivers: they complete when their deliveries are done. */
const DELIVERED_KINDS = ['restaurants', 'taxi-rides', 'shipping-rates'] as const;
const isDelivered = (kind: string) => (DELIVERED_KINDS as readonly string[]).includes(kind);
const STANDING: OrderStatus[] = ['confirmed', 'accepted'];

/** The first and the end day of a line that has them ('YYYY-MM-DD'; the end is the day it is over). */
function daysOf(collection: string, line: LineRow, paidOn: string): { startsOn: string | null; endsOn: string | null } {
  const d = line.details as Record<string, unknown>;
  try {
    if ((DAY_KINDS as readonly string[]).includes(collection)) {
      const span = lineSpan(collection as DayKind, d);
      if (/^\d{4}-\d{2}-\d{2}$/.test(span.start) && /^\d{4}-\d{2}-\d{2}$/.test(span.end)) return { startsOn: span.start, endsOn: span.end };
    }
  } catch {
    // A line without its dates (older bookings): no days.
  }
  if (collection === 'general-services') {
    const at = typeof d.startAt === 'string' ? d.startAt.slice(0, 10) : typeof d.date === 'string' ? d.date : null;
    if (at && /^\d{4}-\d{2}-\d{2}$/.test(at)) return { startsOn: at, endsOn: addDays(at, 1) };
  }
  // Extras nobody delivers and nothing dates are done once paid.
  if (!isDelivered(collection) && !isReservation(collection)) return { startsOn: null, endsOn: paidOn };
  return { startsOn: null, endsOn: null };
}

/**
 * Opens the orders of a booking being paid (called by bookings' confirmPaid in the payment's transaction): its lines
 * grouped by listing, each group an order of the listing's owner with its share of the fees (domain/money/split.ts)
 * and the commission rule in force, then the charge and its allocation posted. Idempotent: a booking's orders and
 * postings are created once.
 */
export async function openOrders(tx: Tx, booking: BookingRow, now: Date = new Date()): Promise<void> {
  const lines = await tx.select().from(bookingItems).where(eq(bookingItems.bookingId, booking.id)).orderBy(asc(bookingItems.id));
  type Group = { collection: string; listingId: number; lines: LineRow[]; part: OrderPart; name: string; providerId: number | null };
  const groups = new Map<string, Group>();
  const deliveryFees = new Map<number, number>();
  for (const l of booking.priceLines) if (l.key === 'delivery' && l.restaurantId !== undefined) deliveryFees.set(l.restaurantId, l.amountCents);
  for (const line of lines) {
    const listing = listingOfLine(line);
    const collection = listing?.kind.info.collection ?? line.serviceType;
    const listingId = listing?.id ?? line.serviceId;
    const key = `${collection}:${listingId}`;
    let g = groups.get(key);
    if (!g) {
      const owner = listing ? await ownerOf(tx, listing.kind, listing.id) : null;
      g = {
        collection,
        listingId,
        lines: [],
        name: owner?.name ?? line.name,
        providerId: owner?.ownerId ?? null,
        part: { listingKind: collection, listingId, itemsCents: 0, deliveryFeeCents: collection === 'restaurants' ? (deliveryFees.get(listingId) ?? 0) : 0, tippable: false },
      };
      groups.set(key, g);
    }
    g.lines.push(line);
    g.part.itemsCents += line.lineTotalCents;
    if ((TIPPABLE_SERVICE_TYPES as readonly string[]).includes(line.serviceType)) g.part.tippable = true;
  }
  const list = [...groups.values()];
  const money = splitBooking(
    list.map((g) => g.part),
    { serviceFeeCents: booking.serviceFeeCents, taxCents: booking.taxCents, tipCents: booking.tipCents },
  );
  const paidOn = todayUtc(now);
  const rows: Array<typeof providerOrders.$inferInsert> = [];
  for (const [i, g] of list.entries()) {
    const rule = g.providerId === null ? null : await ruleFor(tx, g.collection);
    const days = g.lines.map((l) => daysOf(g.collection, l, paidOn));
    const starts = days.map((d) => d.startsOn).filter((d): d is string => d !== null).sort();
    const ends = days.map((d) => d.endsOn).filter((d): d is string => d !== null).sort();
    rows.push({
      bookingId: booking.id,
      providerId: g.providerId,
      listingKind: g.collection,
      listingId: g.listingId,
      listingName: g.name,
      currency: booking.currency,
      ...money[i],
      commissionPercent: rule?.percent ?? 0,
      commissionMinCents: rule?.minCents ?? 0,
      commissionCents: orderCommission(money[i].itemsCents, rule),
      startsOn: starts[0] ?? null,
      endsOn: ends.at(-1) ?? null,
      createdAt: now,
    });
  }
  if (rows.length === 0) return;
  const created = await tx.insert(providerOrders).values(rows).onConflictDoNothing().returning();
  if (created.length === 0) return;
  for (const o of created) {
    const g = groups.get(`${o.listingKind}:${o.listingId}`);
    if (g) await tx.update(bookingItems).set({ orderId: o.id }).where(inArray(bookingItems.id, g.lines.map((l) => l.id)));
  }
  await postAll(
    tx,
    capturePostings(
      booking.id,
      booking.totalCents,
      created.map((o) => ({
        orderId: o.id,
        providerId: o.providerId,
        itemsCents: o.itemsCents,
        commissionCents: o.commissionCents,
        deliveryFeeCents: o.deliveryFeeCents,
        serviceFeeCents: o.serviceFeeCents,
        taxCents: o.taxCents,
        tipCents: o.tipCents,
      })),
    ),
    booking.currency,
  );
}

// ---------------------------------------------------------------- views

/** The customer's view of each booking's orders, by booking id. */
export async function bookingOrdersOf(db: Exec, bookingIds: number[]): Promise<Map<number, BookingOrder[]>> {
  const out = new Map<number, BookingOrder[]>();
  if (bookingIds.length === 0) return out;
  const orders = await db.select().from(providerOrders).where(inArray(providerOrders.bookingId, bookingIds)).orderBy(asc(providerOrders.id));
  if (orders.length === 0) return out;
  const lines = await db
    .select({ orderId: bookingItems.orderId, name: bookingItems.name, quantity: bookingItems.quantity, lineTotalCents: bookingItems.lineTotalCents })
    .from(bookingItems)
    .where(inArray(bookingItems.orderId, orders.map((o) => o.id)))
    .orderBy(asc(bookingItems.id));
  for (const o of orders) {
    const list = out.get(o.bookingId) ?? [];
    list.push({
      id: o.id,
      provider: o.listingName,
      listingKind: o.listingKind,
      listingId: o.listingId,
      status: o.status,
      items: lines.filter((l) => l.orderId === o.id).map(({ name, quantity, lineTotalCents }) => ({ name, quantity, lineTotalCents })),
      totalCents: o.totalCents,
      refundedCents: o.refundedCents,
      cancellationFeeCents: o.cancellationFeeCents,
      declineReason: o.declineReason,
    });
    out.set(o.bookingId, list);
  }
  return out;
}

/** An order's money as its provider sees it. */
export function orderMoneyView(o: OrderRow): OrderMoneyView {
  return {
    grossCents: o.itemsCents,
    commissionPercent: Number(o.commissionPercent),
    commissionMinCents: o.commissionMinCents,
    feeCents: o.commissionCents,
    netCents: o.itemsCents - o.commissionCents,
    refundedCents: o.refundedCents,
    netRefundedCents: o.netRefundedCents,
    fulfilmentCents: o.fulfilmentCents,
    earnedCents: providerNetCents(o),
  };
}

/** What a provider may do with an order now. */
export function orderActions(o: OrderRow, delivery: DeliveryProgress | null, now: Date): { canAccept: boolean; canDecline: boolean; canComplete: boolean } {
  return {
    canAccept: o.status === 'confirmed' && !(delivery?.pickedUp ?? false),
    canDecline: declineRefusal(o, delivery, now) === null,
    canComplete: isReservation(o.listingKind) && STANDING.includes(o.status) && (o.startsOn === null || o.startsOn <= todayUtc(now)),
  };
}

// ---------------------------------------------------------------- deliveries of an order

export type DeliveryProgress = { kitchenAccepted: boolean; driverAssigned: boolean; pickedUp: boolean };

/** The delivery orders of a provider order (food: its restaurant's; rides and parcels: its lines'). */
async function deliveriesOfOrder(db: Exec, o: Pick<OrderRow, 'id' | 'bookingId' | 'listingKind' | 'listingId'>) {
  if (!isDelivered(o.listingKind)) return [];
  const all = await db.select().from(deliveryOrders).where(eq(deliveryOrders.bookingId, o.bookingId));
  if (o.listingKind === 'restaurants') return all.filter((d) => d.partKey === `restaurant:${o.listingId}`);
  const lineIds = (await db.select({ id: bookingItems.id }).from(bookingItems).where(eq(bookingItems.orderId, o.id))).map((l) => l.id);
  return all.filter((d) => lineIds.some((id) => d.partKey === `line:${id}` || d.partKey.startsWith(`line:${id}:`)));
}

/** How far an order's deliveries have gone (null for orders nobody delivers). */
export async function deliveryProgress(db: Exec, o: Pick<OrderRow, 'id' | 'bookingId' | 'listingKind' | 'listingId'>): Promise<DeliveryProgress | null> {
  if (!isDelivered(o.listingKind)) return null;
  return progressOf(await deliveriesOfOrder(db, o));
}

/** How far some delivery orders (an order's) have gone: the one rule the policies, declines and the portal read. */
export function progressOf(ds: ReadonlyArray<Pick<typeof deliveryOrders.$inferSelect, 'awaitsReady' | 'kitchenAcceptedAt' | 'driverId' | 'status'>>): DeliveryProgress {
  return {
    // A restaurant not run in the portal was accepted on its behalf when paid: its kitchen starts once a driver does.
    kitchenAccepted: ds.some((d) => (d.awaitsReady ? d.kitchenAcceptedAt !== null : d.driverId !== null && d.status !== 'cancelled')),
    driverAssigned: ds.some((d) => d.driverId !== null && d.status !== 'cancelled'),
    pickedUp: ds.some((d) => ['transit', 'delivered', 'completed'].includes(d.status)),
  };
}

// ---------------------------------------------------------------- decline

/** Why a provider may not decline this order now, or null when it may. */
function declineRefusal(o: OrderRow, delivery: DeliveryProgress | null, now: Date): string | null {
  if (o.status === 'declined') return 'This order is already declined';
  if (o.status === 'cancelled') return 'The customer cancelled this order';
  if (o.status === 'completed') return 'This order is already completed';
  if (o.status === 'accepted' || delivery?.kitchenAccepted) return 'You accepted this order; it can no longer be declined';
  if (delivery?.pickedUp) return 'This order is on its way; it can no longer be declined';
  if (now.getTime() - o.createdAt.getTime() > DECLINE_WINDOW_HOURS * 3_600_000) return `Orders can be declined within ${DECLINE_WINDOW_HOURS} hours of payment`;
  if (o.startsOn !== null && o.startsOn <= todayUtc(now)) return 'This reservation has begun; it can no longer be declined';
  return null;
}

async function lockOrder(tx: Tx, id: number): Promise<OrderRow | undefined> {
  const [o] = await tx.select().from(providerOrders).where(eq(providerOrders.id, id)).for('update');
  return o;
}

/** The booking's captured charge (the payment a refund goes back through). */
async function capturedCharge(tx: Tx, bookingId: number) {
  const rows = await tx.select().from(payments).where(eq(payments.bookingId, bookingId)).orderBy(asc(payments.id));
  const charge = rows.filter((p) => p.status === 'succeeded').at(-1);
  if (!charge?.gatewayRef) throw new Error(`Booking ${bookingId} has no captured charge to refund`);
  return charge;
}

/** Sends a refund back to the card and records it as the gateway did (a 'refunded' payments row). */
async function refundToCard(tx: Tx, gateway: PaymentGateway, bookingId: number, amountCents: number, idempotencyKey: string): Promise<void> {
  if (amountCents <= 0) return;
  const charge = await capturedCharge(tx, bookingId);
  const done = await gateway.refund({ ref: charge.gatewayRef as string, amountCents, idempotencyKey });
  await tx.insert(payments).values({
    bookingId,
    status: 'refunded',
    amountCents,
    currency: charge.currency,
    brand: charge.brand,
    last4: charge.last4,
    gateway: gateway.name,
    gatewayRef: done.ref,
  });
}

/** Applies a refund to an order row and posts it (or, with `postings`, adds its postings there); returns the refund. */
async function refundOrderRow(tx: Tx, o: OrderRow, feeCents: number, set: Partial<typeof providerOrders.$inferInsert>, postings?: Posting[]) {
  const r = refundOf(o, feeCents);
  await tx
    .update(providerOrders)
    .set({
      ...set,
      refundedCents: r.refundCents,
      netRefundedCents: r.netCents,
      commissionRefundedCents: r.commissionCents,
      cancellationFeeCents: r.feeCents,
    })
    .where(eq(providerOrders.id, o.id));
  // Its rooms, cars, seats, dates or appointment are free again: released before the ledger is touched, so days are
  // locked before accounts here as in a payment (booking, days, accounts), never the other way round.
  await releaseListingHolds(tx, o.bookingId, o.listingKind, o.listingId);
  const mine = refundPostings(o.bookingId, o.id, o.providerId, r);
  if (postings) postings.push(...mine);
  else await postAll(tx, mine, o.currency);
  return r;
}

/** When every order of a booking is declined or cancelled, the booking is cancelled too. */
async function closeBookingIfEmpty(tx: Tx, bookingId: number, now: Date): Promise<boolean> {
  const standing = await tx
    .select({ id: providerOrders.id })
    .from(providerOrders)
    .where(and(eq(providerOrders.bookingId, bookingId), notInArray(providerOrders.status, ['declined', 'cancelled'])));
  if (standing.length > 0) return false;
  await tx.update(bookings).set({ status: 'cancelled', updatedAt: now }).where(and(eq(bookings.id, bookingId), eq(bookings.status, 'confirmed')));
  return true;
}

/**
 * A provider declines its own order: within DECLINE_WINDOW_HOURS of payment, before accepting it, before a
 * reservation begins or a delivery is picked up. Exactly that order's amount goes back to the customer's card (one
 * refund, idempotent by the order), the other orders stand, and order.declined tells the customer (mail) and the
 * orders module (its delivery is called off). The booking's row is locked first, so a decline and a cancellation
 * of the same booking run one after the other; 50 declines at once refund once.
 */
export async function declineOrder(events: EventBus, gateway: PaymentGateway, providerId: number, orderId: number, reason: string, now: Date = new Date()): Promise<DeclinedOrder> {
  const [peek] = await events.db.select({ bookingId: providerOrders.bookingId, providerId: providerOrders.providerId }).from(providerOrders).where(eq(providerOrders.id, orderId));
  if (!peek || peek.providerId !== providerId) throw notFound('Order not found');
  return events.transaction(async (tx, emit) => {
    await tx.select({ id: bookings.id }).from(bookings).where(eq(bookings.id, peek.bookingId)).for('update');
    const o = await lockOrder(tx, orderId);
    if (!o || o.providerId !== providerId) throw notFound('Order not found');
    const refusal = declineRefusal(o, await deliveryProgress(tx, o), now);
    if (refusal) throw conflict(refusal);
    const r = refundOf(o, 0);
    await refundToCard(tx, gateway, o.bookingId, r.refundCents, `refund:order:${o.id}`);
    await refundOrderRow(tx, o, 0, { status: 'declined', declinedAt: now, declineReason: reason });
    const [b] = await tx.select({ userId: bookings.userId }).from(bookings).where(eq(bookings.id, o.bookingId));
    await closeBookingIfEmpty(tx, o.bookingId, now);
    await audit(tx, {
      actor: { id: providerId },
      action: 'order.declined',
      targetType: 'order',
      targetId: o.id,
      changes: { status: [o.status, 'declined'], bookingId: o.bookingId, refundCents: r.refundCents, reason },
    });
    await emit('order.declined', {
      orderId: o.id,
      bookingId: o.bookingId,
      userId: b.userId,
      provider: o.listingName,
      listingKind: o.listingKind,
      listingId: o.listingId,
      refundCents: r.refundCents,
      reason,
    });
    return { orderId: o.id, status: 'declined' as const, refundedCents: r.refundCents };
  });
}

// ---------------------------------------------------------------- accept and complete

/** The provider's own order, locked, or 404. */
export async function lockMyOrder(tx: Tx, providerId: number, orderId: number): Promise<OrderRow> {
  const o = await lockOrder(tx, orderId);
  if (!o || o.providerId !== providerId) throw notFound('Order not found');
  return o;
}

/** Marks a standing order accepted (the caller has checked it may be; food also records the kitchen's acceptance). */
export async function markAccepted(tx: Tx, o: OrderRow, now: Date): Promise<void> {
  if (o.status === 'accepted') throw conflict('This order is already accepted');
  if (o.status !== 'confirmed') throw conflict(`This order is already ${o.status}`);
  await tx.update(providerOrders).set({ status: 'accepted', acceptedAt: now }).where(eq(providerOrders.id, o.id));
}

/** A provider marks a reservation completed (once it has begun). */
export async function completeOrder(events: EventBus, providerId: number, orderId: number, now: Date = new Date()) {
  return events.transaction(async (tx) => {
    const o = await lockMyOrder(tx, providerId, orderId);
    if (!isReservation(o.listingKind)) throw conflict('Deliveries complete when they are delivered');
    if (o.status === 'completed') throw conflict('This order is already completed');
    if (!STANDING.includes(o.status)) throw conflict(`This order was ${o.status}`);
    if (o.startsOn !== null && o.startsOn > todayUtc(now)) throw conflict('A reservation can be completed once it has begun');
    await tx.update(providerOrders).set({ status: 'completed', completedAt: now }).where(eq(providerOrders.id, o.id));
    await audit(tx, { actor: { id: providerId }, action: 'order.completed', targetType: 'order', targetId: o.id, changes: { status: [o.status, 'completed'] } });
    return { orderId: o.id, status: 'completed' as const };
  });
}

/** Completes standing reservations (and undated extras) whose end day has come. Returns how many. */
export async function completeEndedOrders(db: Db, now: Date = new Date()): Promise<number> {
  const done = await db
    .update(providerOrders)
    .set({ status: 'completed', completedAt: now })
    .where(and(inArray(providerOrders.status, STANDING), sql`${providerOrders.endsOn} <= ${todayUtc(now)}`))
    .returning({ id: providerOrders.id });
  return done.length;
}

/** Admin: a booking marked completed completes its standing orders. */
export async function completeBookingOrders(tx: Tx, bookingId: number, now: Date = new Date()): Promise<void> {
  await tx
    .update(providerOrders)
    .set({ status: 'completed', completedAt: now })
    .where(and(eq(providerOrders.bookingId, bookingId), inArray(providerOrders.status, STANDING)));
}

// ---------------------------------------------------------------- cancellation

type Viewer = { id: number; role: string };

/** The terms of each order of a booking, now. Admin refunds waive the fees. */
async function termsOf(exec: Exec, orders: OrderRow[], now: Date, admin: boolean) {
  const out: Array<{ o: OrderRow; terms: ReturnType<typeof cancellationTerms> }> = [];
  for (const o of orders) {
    const c: CancellableOrder = { listingKind: o.listingKind, status: o.status, itemsCents: o.itemsCents, startsOn: o.startsOn, delivery: await deliveryProgress(exec, o) };
    let terms = cancellationTerms(c, now);
    // An admin's refund waives the fee and the deadlines, but never gives back what was delivered or completed.
    if (admin && !terms.ok && STANDING.includes(o.status) && !c.delivery?.pickedUp) terms = { ok: true, feeCents: 0, free: true, policy: terms.policy, freeUntil: null };
    if (admin && terms.ok) terms = { ...terms, feeCents: 0, free: true };
    out.push({ o, terms });
  }
  return out;
}

function quoteOf(terms: Awaited<ReturnType<typeof termsOf>>): CancellationQuote {
  const rows = terms.map(({ o, terms: t }) => {
    const standing = STANDING.includes(o.status);
    const r = t.ok && standing ? refundOf(o, t.feeCents) : null;
    return {
      orderId: o.id,
      provider: o.listingName,
      status: o.status,
      cancellable: t.ok && standing,
      refundCents: r?.refundCents ?? 0,
      feeCents: r?.feeCents ?? 0,
      policy: t.policy,
      freeUntil: t.ok ? t.freeUntil : null,
      message: t.ok ? null : t.message,
    };
  });
  const standing = rows.filter((r) => STANDING.includes(r.status));
  const blocked = standing.find((r) => !r.cancellable) ?? (standing.length === 0 ? rows[0] : undefined);
  const message = blocked ? `${blocked.provider}: ${blocked.message ?? 'This order cannot be cancelled'}` : null;
  return {
    cancellable: standing.length > 0 && !blocked,
    message: standing.length === 0 ? 'Nothing in this booking can be cancelled any more' : message,
    refundCents: standing.reduce((s, r) => s + r.refundCents, 0),
    feeCents: standing.reduce((s, r) => s + r.feeCents, 0),
    orders: rows,
  };
}

/** Whether a booking has orders (bookings paid before orders existed have none and cancel as before). */
export async function ordersOfBooking(exec: Exec, bookingId: number, lock = false): Promise<OrderRow[]> {
  const q = exec.select().from(providerOrders).where(eq(providerOrders.bookingId, bookingId)).orderBy(asc(providerOrders.id));
  return lock && 'rollback' in exec ? q.for('update') : q;
}

/** GET /api/bookings/:id/cancellation (the caller has checked the booking is the viewer's). */
export async function cancellationQuote(db: Db, booking: { id: number; status: string; totalCents: number }, viewer: Viewer, now: Date = new Date()): Promise<CancellationQuote> {
  const none = (cancellable: boolean, message: string | null, refundCents = 0): CancellationQuote => ({ cancellable, message, refundCents, feeCents: 0, orders: [] });
  if (booking.status === 'pending') return none(true, null);
  if (booking.status === 'cancelled') return none(false, 'This booking is already cancelled');
  if (booking.status === 'completed') return none(false, 'A completed booking cannot be cancelled');
  const orders = await ordersOfBooking(db, booking.id);
  // A booking paid before orders existed gives back what was captured.
  if (orders.length === 0) return none(true, null, booking.totalCents);
  return quoteOf(await termsOf(db, orders, now, viewer.role === 'admin'));
}

/**
 * Cancels every standing order of a confirmed booking under its policy (called by bookings' cancelBooking with the
 * booking locked): refuses with 409 when one of them cannot be cancelled or the refund differs from the one the
 * customer was shown; otherwise one refund of the sum goes back to the card, each order's refund and fee are posted,
 * and their holds released. Returns the refund and the fees kept.
 */
export async function cancelOrders(
  tx: Tx,
  gateway: PaymentGateway,
  booking: BookingRow,
  viewer: Viewer,
  opts: { expectedRefundCents?: number; now?: Date } = {},
): Promise<{ refundCents: number; feeCents: number }> {
  const now = opts.now ?? new Date();
  const orders = await ordersOfBooking(tx, booking.id, true);
  const quote = quoteOf(await termsOf(tx, orders, now, viewer.role === 'admin'));
  if (!quote.cancellable) throw new HttpError(409, quote.message ?? 'This booking cannot be cancelled', undefined, { quote });
  if (opts.expectedRefundCents !== undefined && opts.expectedRefundCents !== quote.refundCents) {
    throw new HttpError(409, 'The refund has changed since it was shown; please review it again', undefined, { quote });
  }
  await refundToCard(tx, gateway, booking.id, quote.refundCents, `refund:booking:${booking.id}`);
  // Every order's postings go in together: their accounts are locked at once (ledger.ts).
  const postings: Posting[] = [];
  for (const row of quote.orders) {
    if (!row.cancellable) continue;
    const o = orders.find((x) => x.id === row.orderId) as OrderRow;
    await refundOrderRow(tx, o, row.feeCents, { status: 'cancelled', cancelledAt: now }, postings);
  }
  await postAll(tx, postings, booking.currency);
  return { refundCents: quote.refundCents, feeCents: quote.feeCents };
}

// ---------------------------------------------------------------- deliveries done

/**
 * A driver finished a delivery (drivers' stepOrder, in its transaction): their earning is posted — the pay rule's
 * payout plus the order's tip, from the delivery fee and tip collected for it; for a ride or parcel the pay is charged
 * to its provider's order up to what the provider still has of it; the platform covers or keeps the rest — and the
 * order it served completes once none of its deliveries is still under way (a parcel between cities: after its last
 * mile).
 */
export async function recordDeliveryDone(
  tx: Tx,
  d: { id: number; bookingId: number; partKey: string; kind: string; leg: string; payoutCents: number },
  driverId: number,
  now: Date = new Date(),
): Promise<void> {
  const o = await orderOfDelivery(tx, d);
  if (!o) {
    // A delivery of a booking paid before orders existed: the driver is still paid, by the platform.
    await post(tx, earningPosting({ deliveryOrderId: d.id, driverId, payoutCents: d.payoutCents, tipCents: 0, collectedCents: 0, providerId: null, fromProviderCents: 0, bookingId: d.bookingId }));
    return;
  }
  const locked = (await lockOrder(tx, o.id)) as OrderRow;
  // The delivery fee and the tip are collected once per order: its first finished delivery takes them.
  const [earlier] = await tx
    .select({ id: ledgerPostings.id })
    .from(ledgerPostings)
    .where(and(eq(ledgerPostings.orderId, o.id), eq(ledgerPostings.kind, 'earning')));
  const collectedOnce = earlier ? 0 : locked.deliveryFeeCents + locked.tipCents;
  const tipCents = earlier ? 0 : locked.tipCents;
  const fromProvider = locked.listingKind === 'restaurants' || locked.providerId === null ? 0 : Math.min(d.payoutCents, Math.max(0, providerNetCents(locked)));
  const wrote = await post(
    tx,
    earningPosting({
      deliveryOrderId: d.id,
      driverId,
      payoutCents: d.payoutCents,
      tipCents,
      collectedCents: collectedOnce,
      providerId: locked.providerId,
      fromProviderCents: fromProvider,
      bookingId: o.bookingId,
      orderId: o.id,
    }),
    locked.currency,
  );
  if (wrote && fromProvider > 0) await tx.update(providerOrders).set({ fulfilmentCents: sql`${providerOrders.fulfilmentCents} + ${fromProvider}` }).where(eq(providerOrders.id, o.id));
  if (!STANDING.includes(locked.status)) return;
  if (d.kind === 'shipping' && d.leg === 'first-mile') return;
  const open = (await deliveriesOfOrder(tx, locked)).filter((x) => x.id !== d.id && !['completed', 'cancelled'].includes(x.status));
  if (open.length === 0) await tx.update(providerOrders).set({ status: 'completed', completedAt: now }).where(eq(providerOrders.id, o.id));
}

/** The provider order a delivery serves: a restaurant's by its part key, a ride's or parcel's by its line. */
async function orderOfDelivery(tx: Tx, d: { bookingId: number; partKey: string }): Promise<OrderRow | undefined> {
  const restaurant = /^restaurant:(\d+)$/.exec(d.partKey);
  if (restaurant) {
    const [o] = await tx
      .select()
      .from(providerOrders)
      .where(and(eq(providerOrders.bookingId, d.bookingId), eq(providerOrders.listingKind, 'restaurants'), eq(providerOrders.listingId, Number(restaurant[1]))));
    return o;
  }
  const line = /^line:(\d+)/.exec(d.partKey);
  if (!line) return undefined;
  const [row] = await tx
    .select({ order: providerOrders })
    .from(bookingItems)
    .innerJoin(providerOrders, eq(providerOrders.id, bookingItems.orderId))
    .where(eq(bookingItems.id, Number(line[1])));
  return row?.order;
}

/** Whether a part of a booking (a delivery to create) belongs to a declined or cancelled order. */
export async function partCalledOff(exec: Exec, bookingId: number, partKey: string): Promise<boolean> {
  const o = await orderOfDelivery(exec as Tx, { bookingId, partKey });
  return o !== undefined && (o.status === 'declined' || o.status === 'cancelled');
}

// ---------------------------------------------------------------- provider's list

/** A page of a provider's orders, newest first (at most `page.limit`), with their lines and bookings. */
export async function providerOrderRows(db: Db, providerId: number, page: { limit: number; before?: number }) {
  // Newest first by id (keyset, issue 29): the rows before `page.before`, the id the previous page ended at.
  const orders = await db
    .select({ order: providerOrders, booking: bookings })
    .from(providerOrders)
    .innerJoin(bookings, eq(bookings.id, providerOrders.bookingId))
    .where(and(eq(providerOrders.providerId, providerId), page.before === undefined ? undefined : lt(providerOrders.id, page.before)))
    .orderBy(desc(providerOrders.id))
    .limit(page.limit);
  const lines =
    orders.length === 0
      ? []
      : await db
          .select()
          .from(bookingItems)
          .where(inArray(bookingItems.orderId, orders.map((o) => o.order.id)))
          .orderBy(asc(bookingItems.id));
  return { orders, lines };
}

/** Gross, commission and net of a provider's orders that stand (not declined or fully refunded), from the orders. */
export async function providerTotals(db: Db, providerId: number): Promise<{ grossCents: number; feeCents: number; netCents: number; orders: number }> {
  const [row] = await db
    .select({
      gross: sql<string>`coalesce(sum(${providerOrders.itemsCents} - ${providerOrders.netRefundedCents} - ${providerOrders.commissionRefundedCents}), 0)`,
      fee: sql<string>`coalesce(sum(${providerOrders.commissionCents} - ${providerOrders.commissionRefundedCents}), 0)`,
      net: sql<string>`coalesce(sum(${providerOrders.itemsCents} - ${providerOrders.commissionCents} - ${providerOrders.netRefundedCents} - ${providerOrders.fulfilmentCents}), 0)`,
      orders: sql<string>`count(*) filter (where ${providerOrders.status} not in ('declined', 'cancelled'))`,
    })
    .from(providerOrders)
    .where(eq(providerOrders.providerId, providerId));
  return { grossCents: Number(row.gross), feeCents: Number(row.fee), netCents: Number(row.net), orders: Number(row.orders) };
}


// ---------------------------------------------------------------- bookings paid before orders existed

/**
 * Opens the orders of bookings paid before this module existed (a database upgraded to migration 0010), so their
 * providers see them, their money is in the ledger and they can be paid out: each confirmed or completed booking
 * without orders gets them as if paid now (the commission in force, the capture posted), a completed booking's orders
 * are completed, and each delivery already finished posts its driver's earning. Idempotent (bookings that have orders
 * are skipped; postings are written once); run at start. Returns how many bookings it opened.
 */
export async function openOrdersOfEarlierBookings(db: Db, now: Date = new Date()): Promise<number> {
  const waiting = await db
    .select()
    .from(bookings)
    .where(
      and(
        inArray(bookings.status, ['confirmed', 'completed']),
        sql`not exists (select 1 from ${providerOrders} where ${providerOrders.bookingId} = ${bookings.id})`,
        sql`exists (select 1 from ${payments} where ${payments.bookingId} = ${bookings.id} and ${payments.status} = 'succeeded')`,
      ),
    )
    .orderBy(asc(bookings.id));
  for (const b of waiting) {
    await db.transaction(async (tx) => {
      const [locked] = await tx.select().from(bookings).where(eq(bookings.id, b.id)).for('update');
      if ((await ordersOfBooking(tx, b.id)).length > 0) return;
      await openOrders(tx, locked, locked.updatedAt ?? now);
      if (locked.status === 'completed') await completeBookingOrders(tx, b.id, now);
      const done = await tx
        .select()
        .from(deliveryOrders)
        .where(and(eq(deliveryOrders.bookingId, b.id), eq(deliveryOrders.status, 'completed')))
        .orderBy(asc(deliveryOrders.id));
      for (const d of done) if (d.driverId !== null) await recordDeliveryDone(tx, d, d.driverId, d.completedAt ?? now);
    });
  }
  return waiting.length;
}
