import { and, asc, desc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { centsToDollars } from '../../../domain/catalogue/money';
import { todayUtc } from '../../../domain/catalogue/pricing';
import { lineTotalCents, priceUnit, totalMatches, type CatalogueEntry } from '../../../domain/bookings/pricing';
import {
  breakdownOf,
  computeBreakdown,
  TIP_NOT_ALLOWED,
  TIPPABLE_SERVICE_TYPES,
  tipAllowed,
  toPriceBreakdown,
  type BreakdownCents,
  type BreakdownLine,
  type PriceBreakdown,
  type ServiceFeePolicy,
} from '../../../domain/bookings/breakdown';
import { DEFAULT_DELIVERY_RADIUS_KM, deliveryReach, noLocationMessage } from '../../../domain/orders/reach';
import { taxPlaceOfListingText, taxPlaceOfPlace, taxPlaceOfPoint } from './tax-place';
import {
  BookingDetails,
  DELIVERY_ADDRESS_REQUIRED,
  DELIVERY_ADDRESS_UNKNOWN,
  type Booking,
  type Delivery,
  type BookingLine,
  type BookingStatus,
  type CancelledBooking,
  type CreateBookingSchema,
  type PaymentEntry,
  type Place,
  type QuoteBookingSchema,
  type ServiceType,
} from '../../../domain/bookings/schemas';
import { PENDING_BOOKING_TTL_MS, transition } from '../../../domain/bookings/state';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/connect';
import { bookingItems, bookings, payments, deliveryOrders, restaurants, trackingRecords } from '../../db/schema';
import { journeysOf, orderJourney } from '../orders';
import { badRequest, conflict, fieldErrors, HttpError, notFound } from '../../platform/errors';
import type { Emit, EventBus } from '../../platform/events/bus';
import type { PaymentGateway } from '../../platform/payments';
import { serverKindOfServiceType } from '../catalogue';
import { placeText } from '../locations';
import { audit, type AuditActor } from '../audit';
import { closedReason, confirmHolds, holdForBooking, holdRequestOf, releaseBookingHolds, renewHolds, type HoldRequest } from '../availability';
import { bookingOrdersOf, cancelOrders, completeBookingOrders, ordersOfBooking, openOrders } from '../money';
import type { BookingOrder } from '../../../domain/money/schemas';

type Exec = Db | Tx;
type BookingRow = typeof bookings.$inferSelect;
type Viewer = { id: number; role: string };

/** The active catalogue row a line refers to, reduced to what pricing needs; null when unknown or inactive. */
async function catalogueEntry(db: Exec, type: ServiceType, id: number): Promise<CatalogueEntry | null> {
  const kind = serverKindOfServiceType(type);
  return kind ? kind.bookingEntry(db, id) : null;
}

type CreateBookingBody = z.output<typeof CreateBookingSchema>;
type QuoteBody = z.output<typeof QuoteBookingSchema>;

/** A booking line priced from the catalogue, with what the breakdown needs of it. */
type PricedLine = {
  serviceType: ServiceType;
  serviceId: number;
  name: string;
  quantity: number;
  unitPriceCents: number;
  lineTotalCents: number;
  details: Record<string, unknown>;
} & Pick<BreakdownLine, 'taxPlace' | 'restaurant'>;

/** What the breakdown reads of a restaurant: its fee, its point, how far it delivers and where it is (for tax). */
const restaurantFacts = (db: Exec, id: number) =>
  db
    .select({
      id: restaurants.id,
      name: restaurants.name,
      deliveryFeeCents: restaurants.deliveryFeeCents,
      lat: restaurants.lat,
      lng: restaurants.lng,
      radiusKm: restaurants.deliveryRadiusKm,
      address: restaurants.address,
    })
    .from(restaurants)
    .where(eq(restaurants.id, id));

type RestaurantFacts = { id: number; name: string; deliveryFeeCents: number; lat: string | null; lng: string | null; radiusKm: string; address: string };

/** The tax place of a priced line: food where its restaurant is, rides and parcels where they are picked up. */
function taxPlaceOfLine(entry: CatalogueEntry, details: Record<string, unknown>, restaurant: { address: string; lat: string | null; lng: string | null } | null): string | null {
  switch (entry.serviceType) {
    case 'food-delivery':
      if (!restaurant) return null;
      return taxPlaceOfListingText(restaurant.address) ?? (restaurant.lat !== null && restaurant.lng !== null ? taxPlaceOfPoint({ lat: Number(restaurant.lat), lng: Number(restaurant.lng) }) : null);
    case 'taxi':
      return taxPlaceOfPlace(details.pickup as Place | undefined);
    case 'shipping':
      return taxPlaceOfPlace(details.from as Place | undefined);
    default:
      return taxPlaceOfListingText(entry.place);
  }
}

/**
 * Prices every line from the catalogue (the client's prices are ignored) and works out the breakdown: delivery fees,
 * service fee, taxes and tip (domain/bookings/breakdown.ts). Refuses what cannot be booked with a field error: an
 * unknown service, invalid details, a food address it cannot place or that its restaurant does not deliver to, a
 * restaurant with no point on the map or closed now, a tip on a booking with neither food nor a ride.
 *
 * A quote (`quote: true`) prices food lines that have no address yet (the cart, before checkout asks for one): the
 * breakdown does not depend on the address; the booking does need it, and an address given is checked either way.
 */
async function priceBooking(
  db: Exec,
  body: { items: CreateBookingBody['items']; tip?: number },
  opts: { now: Date; serviceFee: ServiceFeePolicy; quote?: boolean },
): Promise<{ lines: PricedLine[]; breakdown: BreakdownCents }> {
  const { now } = opts;
  const today = todayUtc(now);
  const lines: PricedLine[] = [];
  const facts = new Map<number, RestaurantFacts | null>();
  for (const [i, item] of body.items.entries()) {
    const entry = await catalogueEntry(db, item.serviceType, item.serviceId);
    if (!entry) throw badRequest(`Unknown service: ${item.serviceType} #${item.serviceId}`, { [`items.${i}.serviceId`]: 'Unknown service' });
    const parsed = BookingDetails[item.serviceType].safeParse(item.details);
    if (!parsed.success) {
      const errors = fieldErrors(parsed.error.issues.map((iss) => ({ ...iss, path: ['items', i, 'details', ...iss.path] })));
      throw badRequest(`Validation failed: ${Object.values(errors)[0]}`, errors);
    }
    let restaurant: RestaurantFacts | null = null;
    let food: z.output<(typeof BookingDetails)['food-delivery']> | null = null;
    if (item.serviceType === 'food-delivery') {
      food = parsed.data as z.output<(typeof BookingDetails)['food-delivery']>;
      if (!food.destination) {
        const placed = food.address ? placeText(food.address) : null;
        const field = `items.${i}.details.destination`;
        if (!food.address && !opts.quote) throw badRequest(DELIVERY_ADDRESS_REQUIRED, { [field]: DELIVERY_ADDRESS_REQUIRED });
        if (food.address && !placed) throw badRequest(DELIVERY_ADDRESS_UNKNOWN, { [field]: DELIVERY_ADDRESS_UNKNOWN });
        // The address stays as typed; the coordinates are the place's (its city, for a street address).
        if (placed && food.address) food.destination = { ...placed, address: food.address };
      }
      // A restaurant takes orders while it is open only.
      const closed = await closedReason(db, food.restaurantId, now);
      if (closed) throw new HttpError(409, closed, { [`items.${i}.details.restaurantId`]: closed });
    }
    const price = priceUnit(entry, parsed.data, today);
    if (!price.ok) throw badRequest(price.message, { [`items.${i}.details.${price.field}`]: price.message });
    if (entry.serviceType === 'food-delivery' && food) {
      if (!facts.has(entry.restaurantId)) facts.set(entry.restaurantId, (await restaurantFacts(db, entry.restaurantId))[0] ?? null);
      restaurant = facts.get(entry.restaurantId) ?? null;
      const name = restaurant?.name ?? 'This restaurant';
      const point = restaurant && restaurant.lat !== null && restaurant.lng !== null ? { lat: Number(restaurant.lat), lng: Number(restaurant.lng) } : null;
      // Never priced or dispatched from a missing point.
      if (!point) throw new HttpError(409, noLocationMessage(name), { [`items.${i}.details.restaurantId`]: noLocationMessage(name) });
      if (food.destination) {
        const reach = deliveryReach(point, Number(restaurant?.radiusKm ?? DEFAULT_DELIVERY_RADIUS_KM), food.destination, name);
        if (!reach.ok) throw badRequest(reach.message, { [`items.${i}.details.destination`]: reach.message });
      }
    }
    const details = parsed.data as Record<string, unknown>;
    lines.push({
      serviceType: item.serviceType,
      serviceId: item.serviceId,
      name: entry.name,
      quantity: item.quantity,
      unitPriceCents: price.unitCents,
      lineTotalCents: lineTotalCents(price.unitCents, item.quantity),
      details,
      taxPlace: taxPlaceOfLine(entry, details, restaurant),
      ...(restaurant ? { restaurant: { id: restaurant.id, name: restaurant.name, deliveryFeeCents: restaurant.deliveryFeeCents } } : {}),
    });
  }
  const tipCents = body.tip ? Math.round(body.tip * 100) : 0;
  if (tipCents > 0 && !tipAllowed(lines.map((l) => l.serviceType))) throw badRequest(TIP_NOT_ALLOWED, { tip: TIP_NOT_ALLOWED });
  return { lines, breakdown: computeBreakdown(lines, tipCents, opts.serviceFee) };
}

/**
 * POST /api/bookings/quote: the breakdown the lines (and tip) would be booked at, with the same checks as a booking;
 * nothing is stored or held (whether dated lines are still free is answered when booking).
 */
export async function quoteBooking(db: Db, body: QuoteBody, opts: { serviceFee: ServiceFeePolicy; now?: Date }): Promise<PriceBreakdown> {
  const { breakdown } = await priceBooking(db, body, { now: opts.now ?? new Date(), serviceFee: opts.serviceFee, quote: true });
  return breakdownOf(breakdown);
}

/**
 * Prices the lines and works out the breakdown (see priceBooking), checks the customer saw the same total, and
 * stores the booking as pending with its breakdown. The booking date is the server's clock; the client's
 * bookingDate is ignored.
 */
export async function createBooking(db: Db, userId: number, body: CreateBookingBody, opts: { holdMs: number; serviceFee: ServiceFeePolicy; now?: Date }): Promise<Booking> {
  const now = opts.now ?? new Date();
  const { lines, breakdown } = await priceBooking(db, body, { now, serviceFee: opts.serviceFee });
  const totalCents = breakdown.totalCents;
  if (!totalMatches(body.totalAmount, totalCents)) throw conflict('The total has changed', { totalAmount: centsToDollars(totalCents) });
  const holds = (await Promise.all(lines.map((l, i) => holdRequestOf(db, l, i)))).filter((h): h is HoldRequest => h !== null);
  const holdExpiresAt = holds.length > 0 ? new Date(now.getTime() + opts.holdMs) : null;

  // The booking, its lines and what it holds, in one transaction: a line that does not fit (409, from the database's
  // availability constraints: ADR 027) leaves nothing behind. The answer is built from the inserted rows: a new
  // booking has no payments or deliveries yet.
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(bookings)
      .values({
        userId,
        totalCents,
        bookingDate: now,
        holdExpiresAt,
        subtotalCents: breakdown.itemsCents,
        deliveryFeeCents: breakdown.deliveryFeeCents,
        serviceFeeCents: breakdown.serviceFeeCents,
        taxCents: breakdown.taxCents,
        tipCents: breakdown.tipCents,
        priceLines: breakdown.lines,
      })
      .returning();
    const items = await tx
      .insert(bookingItems)
      .values(lines.map(({ taxPlace: _t, restaurant: _r, ...l }) => ({ ...l, bookingId: row.id })))
      .returning();
    // Lines are read in id order everywhere (bookingViews); one insert numbers them in the order given.
    items.sort((a, b) => a.id - b.id);
    if (holdExpiresAt) await holdForBooking(tx, row.id, holds, holdExpiresAt, now);
    return toView(row, items, [], []);
  });
}

type PaymentRow = typeof payments.$inferSelect;
/** A charge still in flight (a 'processing' claim) is not a payment yet: the booking shows it once recorded. */
const recorded = (p: PaymentRow): p is PaymentRow & { status: PaymentEntry['status'] } => p.status !== 'processing';
const toPayment = (p: PaymentRow & { status: PaymentEntry['status'] }): PaymentEntry => ({
  id: p.id,
  status: p.status,
  amount: centsToDollars(p.amountCents),
  brand: p.brand,
  last4: p.last4,
  createdAt: p.createdAt.toISOString(),
});

/** Bookings with their lines, payments and delivery tracking id, in the order of `ids`. */
async function bookingViews(db: Exec, ids: number[]): Promise<Booking[]> {
  if (ids.length === 0) return [];
  const rows = await db.select().from(bookings).where(inArray(bookings.id, ids));
  const items = await db.select().from(bookingItems).where(inArray(bookingItems.bookingId, ids)).orderBy(asc(bookingItems.id));
  const pays = await db.select().from(payments).where(inArray(payments.bookingId, ids)).orderBy(asc(payments.id));
  const deliveries = await deliveryRows(db, ids);
  const orders = await bookingOrdersOf(db, ids);
  const byId = new Map(rows.map((b) => [b.id, b]));
  return ids.flatMap((id) => {
    const b = byId.get(id);
    if (!b) return [];
    return [
      toView(
        b,
        items.filter((l) => l.bookingId === id),
        pays.filter((p) => p.bookingId === id),
        deliveries.filter((d) => d.bookingId === id).map(({ bookingId: _b, ...d }) => d),
        orders.get(id) ?? [],
      ),
    ];
  });
}

/** One booking as its owner sees it, from its row, lines (in id order), payments and deliveries. */
function toView(
  b: BookingRow,
  items: Array<typeof bookingItems.$inferSelect>,
  pays: Array<typeof payments.$inferSelect>,
  deliveries: Delivery[],
  orders: BookingOrder[] = [],
): Booking {
  const trackingId = deliveries[0]?.trackingId;
  return {
    id: b.id,
    status: b.status,
    totalAmount: centsToDollars(b.totalCents),
    currency: 'usd',
    bookingDate: b.bookingDate.toISOString(),
    createdAt: b.createdAt.toISOString(),
    items: items.map(
      (l): BookingLine => ({
        id: l.id,
        serviceType: l.serviceType as ServiceType,
        serviceId: l.serviceId,
        name: l.name,
        quantity: l.quantity,
        unitPrice: centsToDollars(l.unitPriceCents),
        lineTotal: centsToDollars(l.lineTotalCents),
        details: l.details,
      }),
    ),
    payments: pays.filter(recorded).map(toPayment),
    deliveries,
    ...(trackingId ? { trackingId } : {}),
    holdExpiresAt: b.status === 'pending' && b.holdExpiresAt ? b.holdExpiresAt.toISOString() : null,
    breakdown: bookingBreakdown(b, items),
    orders,
  };
}

/** A booking's breakdown as it was booked (the stored columns and lines; the tip base from its food and ride lines). */
export function bookingBreakdown(b: BookingRow, items: ReadonlyArray<{ serviceType: string; lineTotalCents: number }>): PriceBreakdown {
  const tippableCents = tipAllowed(items.map((i) => i.serviceType))
    ? items.filter((i) => (TIPPABLE_SERVICE_TYPES as readonly string[]).includes(i.serviceType)).reduce((s, i) => s + i.lineTotalCents, 0)
    : 0;
  return toPriceBreakdown({ ...b, lines: b.priceLines, tippableCents });
}

/** The delivery orders of some bookings, in creation order, as the customer sees them (with their journey step). */
async function deliveryRows(db: Exec, bookingIds: number[]): Promise<Array<Delivery & { bookingId: number }>> {
  if (bookingIds.length === 0) return [];
  const rows = await db
    .select({
      id: deliveryOrders.id,
      bookingId: deliveryOrders.bookingId,
      trackingId: deliveryOrders.trackingId,
      kind: deliveryOrders.kind,
      status: deliveryOrders.status,
      awaitsReady: deliveryOrders.awaitsReady,
      kitchenAcceptedAt: deliveryOrders.kitchenAcceptedAt,
      readyAt: deliveryOrders.readyAt,
      arrivingAt: deliveryOrders.arrivingAt,
      trackingNumber: trackingRecords.trackingNumber,
      name: trackingRecords.serviceName,
      trackingStatus: trackingRecords.status,
    })
    .from(deliveryOrders)
    .innerJoin(trackingRecords, eq(trackingRecords.id, deliveryOrders.trackingId))
    .where(inArray(deliveryOrders.bookingId, bookingIds))
    .orderBy(asc(deliveryOrders.id));
  const journeys = await journeysOf(db, rows);
  // A parcel between cities has an order per local mile on one tracking record: it is one delivery (the newest mile).
  const newest = new Map(rows.map((r) => [r.trackingId, r.id]));
  return rows.filter((r) => newest.get(r.trackingId) === r.id).map((r) => {
    const journey = journeys.get(r.id) ?? orderJourney(r);
    return {
      bookingId: r.bookingId,
      trackingId: r.trackingId,
      trackingNumber: r.trackingNumber,
      kind: r.kind,
      name: r.name,
      // The record's status (a parcel between the hubs is active whatever its miles' orders say).
      status: r.trackingStatus,
      step: journey.current,
      stepLabel: journey.label,
    };
  });
}

/** Every delivery of one booking (after payment: one per restaurant, taxi ride and shipment). */
export async function deliveriesOf(db: Exec, bookingId: number): Promise<Delivery[]> {
  return (await deliveryRows(db, [bookingId])).map(({ bookingId: _b, ...d }) => d);
}

/**
 * Expires abandoned bookings: pending ones older than PENDING_BOOKING_TTL_MS become cancelled (nothing was charged,
 * so there is nothing to refund and no event) and whatever they still hold is released. Runs before bookings are
 * read, so one is never shown as open.
 */
export async function expireAbandonedBookings(db: Db, opts: { userId?: number; bookingId?: number } = {}, now: Date = new Date()): Promise<number> {
  return db.transaction(async (tx) => {
    const expired = await tx
      .update(bookings)
      .set({ status: 'cancelled', updatedAt: now })
      .where(
        and(
          eq(bookings.status, 'pending'),
          lte(bookings.createdAt, new Date(now.getTime() - PENDING_BOOKING_TTL_MS)),
          // A hold set to last longer (BOOKING_HOLD_MINUTES over 30) keeps its booking open until it lapses.
          or(isNull(bookings.holdExpiresAt), lte(bookings.holdExpiresAt, now)),
          // One being charged is decided by the charge's result (ADR 035).
          sql`not exists (select 1 from ${payments} where ${payments.bookingId} = ${bookings.id} and ${payments.status} = 'processing')`,
          opts.userId !== undefined ? eq(bookings.userId, opts.userId) : undefined,
          opts.bookingId !== undefined ? eq(bookings.id, opts.bookingId) : undefined,
        ),
      )
      .returning({ id: bookings.id });
    await releaseBookingHolds(tx, expired.map((e) => e.id), now);
    return expired.length;
  });
}

/** The caller's bookings, newest first (abandoned ones expired first). */
export async function listBookings(db: Db, userId: number): Promise<Booking[]> {
  await expireAbandonedBookings(db, { userId });
  const rows = await db.select({ id: bookings.id }).from(bookings).where(eq(bookings.userId, userId)).orderBy(desc(bookings.createdAt), desc(bookings.id));
  return bookingViews(db, rows.map((r) => r.id));
}

/** A booking its owner or an admin may see; anyone else gets the same 404 as for a missing one. */
export async function getBooking(db: Db, viewer: Viewer, id: number): Promise<Booking> {
  const [b] = await db.select({ userId: bookings.userId }).from(bookings).where(eq(bookings.id, id));
  if (!b || (b.userId !== viewer.id && viewer.role !== 'admin')) throw notFound('Booking not found');
  await expireAbandonedBookings(db, { bookingId: id });
  const [view] = await bookingViews(db, [id]);
  return view;
}

/**
 * Locks the booking row for the rest of the transaction, so concurrent payments, cancellations and webhooks for the
 * same booking run one after the other (on PostgreSQL a second caller waits here, then sees the first one's result).
 */
export async function lockBooking(tx: Tx, id: number): Promise<BookingRow | undefined> {
  const [b] = await tx.select().from(bookings).where(eq(bookings.id, id)).for('update');
  return b;
}

/**
 * Takes a pending booking's lapsed holds again and keeps them all until `holdMs` from now (before a payment or an
 * intent: 409 when their units have gone); the booking shows the new time.
 */
export async function renewBookingHolds(tx: Tx, id: number, holdMs: number, now: Date = new Date()): Promise<void> {
  const until = new Date(now.getTime() + holdMs);
  await renewHolds(tx, id, until, now);
  await tx.update(bookings).set({ holdExpiresAt: until }).where(and(eq(bookings.id, id), eq(bookings.status, 'pending'), sql`${bookings.holdExpiresAt} is not null`));
}

async function setStatus(tx: Tx, id: number, status: BookingStatus) {
  await tx.update(bookings).set({ status, updatedAt: new Date() }).where(eq(bookings.id, id));
}

function applyOrConflict(from: BookingStatus, event: 'pay' | 'complete' | 'cancel') {
  const t = transition(from, event);
  if (!t.ok) throw conflict(t.message);
  return t;
}

/** What a second payment or a cancellation is told while a charge for the booking is at the gateway (ADR 035). */
export const PAYMENT_IN_PROGRESS = 'A payment for this booking is already in progress';

/** Whether a charge for the booking has been claimed and not yet recorded (a 'processing' payments row). */
export async function chargeInFlight(tx: Exec, bookingId: number): Promise<boolean> {
  const [row] = await tx.select({ id: payments.id }).from(payments).where(and(eq(payments.bookingId, bookingId), eq(payments.status, 'processing')));
  return row !== undefined;
}

/** A successful charge, as the payments table records it. */
export type Charge = { amountCents: number; currency: string; brand: string | null; last4: string | null; gateway: string; gatewayRef: string | null };

/**
 * Confirms a locked, pending booking after a successful charge: records the charge, the new status and the
 * booking.confirmed event (emitted in the same transaction); the orders module reacts to the event by creating the deliveries
 * once the transaction has committed (platform/events). `serviceTypes` (the booking's line types, when the caller read them) travel in the event.
 * A charge claimed beforehand (`claimId`, its 'processing' row) becomes the succeeded payment; otherwise one is added.
 * Returns the payment's id.
 */
export async function confirmPaid(tx: Tx, emit: Emit, booking: BookingRow, charge: Charge, serviceTypes?: string[], claimId?: number): Promise<number> {
  applyOrConflict(booking.status, 'pay');
  // What it holds is its own for good (the caller renewed lapsed holds before charging).
  await confirmHolds(tx, booking.id);
  await tx.update(bookings).set({ status: 'confirmed', updatedAt: new Date() }).where(eq(bookings.id, booking.id));
  const [paid] =
    claimId === undefined
      ? await tx
          .insert(payments)
          .values({ bookingId: booking.id, status: 'succeeded', ...charge })
          .returning({ id: payments.id })
      : await tx
          .update(payments)
          .set({ status: 'succeeded', ...charge })
          .where(and(eq(payments.id, claimId), eq(payments.status, 'processing')))
          .returning({ id: payments.id });
  if (!paid) throw new Error(`Payment claim ${claimId} was not processing`);
  await emit('booking.confirmed', { bookingId: booking.id, userId: booking.userId, ...(serviceTypes ? { serviceTypes } : {}) });
  // One order per provider's listing, the commission fixed on each, the charge posted to the ledger (issue 28).
  await openOrders(tx, booking);
  return paid.id;
}

async function ownedForUpdate(tx: Tx, viewer: Viewer, id: number): Promise<BookingRow> {
  const b = await lockBooking(tx, id);
  if (!b || (b.userId !== viewer.id && viewer.role !== 'admin')) throw notFound('Booking not found');
  return b;
}

/**
 * Cancels a pending or confirmed booking. A confirmed one with orders (issue 28) cancels each standing order under its
 * kind's policy (free until a deadline, then a fee; nothing delivered or begun comes back): the refund is computed
 * by the money module, must equal `expectedRefundCents` when the customer was shown one, goes back to the card once
 * and is posted to the ledger per order. A booking paid before orders existed refunds what was captured, as before.
 */
export async function cancelBooking(
  events: EventBus,
  gateway: PaymentGateway,
  viewer: Viewer,
  id: number,
  opts: { expectedRefundCents?: number; now?: Date } = {},
): Promise<CancelledBooking> {
  return events.transaction(async (tx, emit) => {
    const b = await ownedForUpdate(tx, viewer, id);
    const t = applyOrConflict(b.status, 'cancel');
    // A charge at the gateway decides first: cancelling now could leave a captured charge on a cancelled booking.
    if (b.status === 'pending' && (await chargeInFlight(tx, id))) throw conflict(PAYMENT_IN_PROGRESS);
    let refundCents = 0;
    let feeCents = 0;
    // Its rooms, cars, seats, dates or appointment are free again (before the ledger is touched: a payment locks
    // days before accounts too).
    await releaseBookingHolds(tx, [id]);
    if (t.refund) {
      const orders = await ordersOfBooking(tx, id);
      if (orders.length > 0) {
        ({ refundCents, feeCents } = await cancelOrders(tx, gateway, b, viewer, opts));
      } else {
        refundCents = await refundCaptured(tx, gateway, b);
      }
    }
    await setStatus(tx, id, 'cancelled');
    const refund = t.refund && refundCents > 0 ? { amount: centsToDollars(refundCents) } : undefined;
    // Money moved: audited in the same transaction (ADR 017).
    if (refund) {
      await audit(tx, {
        actor: { id: viewer.id },
        action: 'booking.refunded',
        targetType: 'booking',
        targetId: id,
        changes: { status: [b.status, 'cancelled'], refund: refund.amount, ...(feeCents ? { fee: centsToDollars(feeCents) } : {}), customerId: b.userId },
      });
    }
    await emit('booking.cancelled', { bookingId: id, userId: b.userId, refundCents: refund ? refundCents : null });
    return { id, status: 'cancelled' as const, ...(refund ? { refund } : {}), ...(feeCents > 0 ? { fee: { amount: centsToDollars(feeCents) } } : {}) };
  });
}

/** A booking paid before orders existed: what was captured (less refunds) goes back, one refund per booking. */
async function refundCaptured(tx: Tx, gateway: PaymentGateway, b: BookingRow): Promise<number> {
  const rows = await tx.select().from(payments).where(eq(payments.bookingId, b.id)).orderBy(asc(payments.id));
  const captured = rows.filter((p) => p.status === 'succeeded');
  const capturedCents = captured.reduce((s, p) => s + p.amountCents, 0) - rows.filter((p) => p.status === 'refunded').reduce((s, p) => s + p.amountCents, 0);
  const charge = captured.at(-1);
  if (!charge || capturedCents <= 0) return 0;
  if (!charge.gatewayRef) throw new Error(`Captured payment ${charge.id} has no gateway reference`);
  const done = await gateway.refund({ ref: charge.gatewayRef, amountCents: capturedCents, idempotencyKey: `refund:booking:${b.id}` });
  await tx.insert(payments).values({
    bookingId: b.id,
    status: 'refunded',
    amountCents: capturedCents,
    currency: charge.currency,
    brand: charge.brand,
    last4: charge.last4,
    gateway: gateway.name,
    gatewayRef: done.ref,
  });
  return capturedCents;
}

/** Admin: a confirmed booking has been delivered. */
export async function completeBooking(db: Db, id: number, actor?: AuditActor): Promise<Booking> {
  await db.transaction(async (tx) => {
    const b = await lockBooking(tx, id);
    if (!b) throw notFound('Booking not found');
    applyOrConflict(b.status, 'complete');
    await setStatus(tx, id, 'completed');
    await completeBookingOrders(tx, id);
    if (actor) await audit(tx, { actor, action: 'booking.completed', targetType: 'booking', targetId: id, changes: { status: [b.status, 'completed'] } });
  });
  const [view] = await bookingViews(db, [id]);
  return view;
}
