import { randomBytes, randomInt } from 'node:crypto';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { centsToDollars } from '../../../domain/catalogue/money';
import { todayUtc } from '../../../domain/catalogue/pricing';
import { bookingTotalCents, lineTotalCents, priceUnit, totalMatches, type CatalogueEntry } from '../../../domain/bookings/pricing';
import {
  BookingDetails,
  type Booking,
  type BookingLine,
  type BookingStatus,
  type CreateBookingSchema,
  type PaymentEntry,
  type ServiceType,
} from '../../../domain/bookings/schemas';
import { transition } from '../../../domain/bookings/state';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/connect';
import {
  additionalServices,
  bookingItems,
  bookings,
  cars,
  flights,
  generalServices,
  hotels,
  menuItems,
  payments,
  properties,
  restaurants,
  shippingRates,
  taxiRides,
  trackingRecords,
  trackingUpdates,
  type GeoPoint,
} from '../../db/schema';
import { badRequest, conflict, fieldErrors, notFound } from '../../platform/errors';
import type { PaymentGateway } from '../../platform/payments';

type Exec = Db | Tx;
type BookingRow = typeof bookings.$inferSelect;
type Viewer = { id: number; role: string };

/** The active catalogue row a line refers to, reduced to what pricing needs; null when unknown or inactive. */
async function catalogueEntry(db: Exec, type: ServiceType, id: number): Promise<CatalogueEntry | null> {
  switch (type) {
    case 'hotels': {
      const [r] = await db.select().from(hotels).where(and(eq(hotels.id, id), eq(hotels.isActive, true)));
      return r ? { serviceType: type, name: r.name, pricePerNightCents: r.pricePerNightCents, maxGuests: r.maxGuests } : null;
    }
    case 'cars': {
      const [r] = await db.select().from(cars).where(and(eq(cars.id, id), eq(cars.isActive, true)));
      return r ? { serviceType: type, name: r.company ? `${r.model} (${r.company})` : r.model, pricePerDayCents: r.pricePerDayCents } : null;
    }
    case 'flights': {
      const [r] = await db.select().from(flights).where(and(eq(flights.id, id), eq(flights.isActive, true)));
      return r
        ? { serviceType: type, name: `${r.airline} ${r.flightNumber} ${r.departureCity} - ${r.arrivalCity}`, priceCents: r.priceCents }
        : null;
    }
    case 'food-delivery': {
      const [r] = await db
        .select({ name: menuItems.name, priceCents: menuItems.priceCents, restaurantId: menuItems.restaurantId, restaurant: restaurants.name })
        .from(menuItems)
        .innerJoin(restaurants, eq(restaurants.id, menuItems.restaurantId))
        .where(and(eq(menuItems.id, id), eq(restaurants.isActive, true)));
      return r ? { serviceType: type, name: `${r.name} (${r.restaurant})`, priceCents: r.priceCents, restaurantId: r.restaurantId } : null;
    }
    case 'taxi': {
      const [r] = await db.select().from(taxiRides).where(and(eq(taxiRides.id, id), eq(taxiRides.isActive, true)));
      return r ? { serviceType: type, name: `Taxi: ${r.type}`, baseFareCents: r.baseFareCents, perKmCents: r.perKmCents } : null;
    }
    case 'properties': {
      const [r] = await db.select().from(properties).where(and(eq(properties.id, id), eq(properties.isActive, true)));
      return r ? { serviceType: type, name: r.title, pricePerMonthCents: r.pricePerMonthCents } : null;
    }
    case 'shipping': {
      const [r] = await db.select().from(shippingRates).where(and(eq(shippingRates.id, id), eq(shippingRates.isActive, true)));
      return r ? { serviceType: type, name: r.name, basePriceCents: r.basePriceCents, pricePerLbCents: r.pricePerLbCents } : null;
    }
    case 'services': {
      const [r] = await db.select().from(additionalServices).where(and(eq(additionalServices.id, id), eq(additionalServices.isActive, true)));
      return r ? { serviceType: type, name: r.name, priceCents: r.priceCents } : null;
    }
    case 'general-services': {
      const [r] = await db.select().from(generalServices).where(and(eq(generalServices.id, id), eq(generalServices.isActive, true)));
      return r ? { serviceType: type, name: r.name, priceCents: r.priceCents } : null;
    }
  }
}

type CreateBookingBody = z.output<typeof CreateBookingSchema>;

/**
 * Prices every line from the catalogue (the client's prices are ignored), checks the customer saw the same total,
 * and stores the booking as pending. The booking date is the server's clock; the client's bookingDate is ignored.
 */
export async function createBooking(db: Db, userId: number, body: CreateBookingBody, now: Date = new Date()): Promise<Booking> {
  const today = todayUtc(now);
  const lines: Array<{ serviceType: ServiceType; serviceId: number; name: string; quantity: number; unitPriceCents: number; lineTotalCents: number; details: Record<string, unknown> }> = [];
  for (const [i, item] of body.items.entries()) {
    const entry = await catalogueEntry(db, item.serviceType, item.serviceId);
    if (!entry) throw badRequest(`Unknown service: ${item.serviceType} #${item.serviceId}`, { [`items.${i}.serviceId`]: 'Unknown service' });
    const parsed = BookingDetails[item.serviceType].safeParse(item.details);
    if (!parsed.success) {
      const errors = fieldErrors(parsed.error.issues.map((iss) => ({ ...iss, path: ['items', i, 'details', ...iss.path] })));
      throw badRequest(`Validation failed: ${Object.values(errors)[0]}`, errors);
    }
    const price = priceUnit(entry, parsed.data, today);
    if (!price.ok) throw badRequest(price.message, { [`items.${i}.details.${price.field}`]: price.message });
    lines.push({
      serviceType: item.serviceType,
      serviceId: item.serviceId,
      name: entry.name,
      quantity: item.quantity,
      unitPriceCents: price.unitCents,
      lineTotalCents: lineTotalCents(price.unitCents, item.quantity),
      details: parsed.data as Record<string, unknown>,
    });
  }
  const totalCents = bookingTotalCents(lines);
  if (!totalMatches(body.totalAmount, totalCents)) throw conflict('The total has changed', { totalAmount: centsToDollars(totalCents) });

  const id = await db.transaction(async (tx) => {
    const [booking] = await tx.insert(bookings).values({ userId, totalCents, bookingDate: now }).returning({ id: bookings.id });
    await tx.insert(bookingItems).values(lines.map((l) => ({ ...l, bookingId: booking.id })));
    return booking.id;
  });
  const [view] = await bookingViews(db, [id]);
  return view;
}

const toPayment = (p: typeof payments.$inferSelect): PaymentEntry => ({
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
  const tracks = await db
    .select({ id: trackingRecords.id, bookingId: trackingRecords.bookingId })
    .from(trackingRecords)
    .where(and(inArray(trackingRecords.bookingId, ids), eq(trackingRecords.type, 'delivery')))
    .orderBy(asc(trackingRecords.createdAt), asc(trackingRecords.id));
  const byId = new Map(rows.map((b) => [b.id, b]));
  return ids.flatMap((id) => {
    const b = byId.get(id);
    if (!b) return [];
    const trackingId = tracks.find((t) => t.bookingId === id)?.id;
    const view: Booking = {
      id: b.id,
      status: b.status,
      totalAmount: centsToDollars(b.totalCents),
      currency: 'usd',
      bookingDate: b.bookingDate.toISOString(),
      createdAt: b.createdAt.toISOString(),
      items: items
        .filter((l) => l.bookingId === id)
        .map(
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
      payments: pays.filter((p) => p.bookingId === id).map(toPayment),
      ...(trackingId ? { trackingId } : {}),
    };
    return [view];
  });
}

/** The caller's bookings, newest first. */
export async function listBookings(db: Db, userId: number): Promise<Booking[]> {
  const rows = await db.select({ id: bookings.id }).from(bookings).where(eq(bookings.userId, userId)).orderBy(desc(bookings.createdAt), desc(bookings.id));
  return bookingViews(db, rows.map((r) => r.id));
}

/** A booking its owner or an admin may see; anyone else gets the same 404 as for a missing one. */
export async function getBooking(db: Exec, viewer: Viewer, id: number): Promise<Booking> {
  const [b] = await db.select({ userId: bookings.userId }).from(bookings).where(eq(bookings.id, id));
  if (!b || (b.userId !== viewer.id && viewer.role !== 'admin')) throw notFound('Booking not found');
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

async function setStatus(tx: Tx, id: number, status: BookingStatus) {
  await tx.update(bookings).set({ status, updatedAt: new Date() }).where(eq(bookings.id, id));
}

function applyOrConflict(from: BookingStatus, event: 'pay' | 'complete' | 'cancel') {
  const t = transition(from, event);
  if (!t.ok) throw conflict(t.message);
  return t;
}

const geo = (r: typeof restaurants.$inferSelect): GeoPoint => ({ lat: Number(r.lat ?? 0), lng: Number(r.lng ?? 0), address: r.address });

/**
 * Confirms a locked, pending booking after a successful payment. Food lines start a delivery: one tracking record per
 * restaurant (the booking's trackingId is the first), created in the caller's transaction so a confirmed food order
 * always has one. The delivery goes to the line's `destination` when the customer gave one; otherwise the restaurant's
 * own location stands in (a pick-up), since a tracking record needs a destination.
 */
export async function confirmPaid(tx: Tx, booking: BookingRow): Promise<{ trackingId?: string }> {
  applyOrConflict(booking.status, 'pay');
  await setStatus(tx, booking.id, 'confirmed');
  const food = await tx.select().from(bookingItems).where(and(eq(bookingItems.bookingId, booking.id), eq(bookingItems.serviceType, 'food-delivery'))).orderBy(asc(bookingItems.id));
  const seen = new Set<number>();
  let first: string | undefined;
  for (const line of food) {
    const details = BookingDetails['food-delivery'].safeParse(line.details);
    if (!details.success || seen.has(details.data.restaurantId)) continue;
    seen.add(details.data.restaurantId);
    const [r] = await tx.select().from(restaurants).where(eq(restaurants.id, details.data.restaurantId));
    if (!r) continue;
    const trackingId = `trk_${randomBytes(10).toString('hex')}`;
    const origin = geo(r);
    await tx.insert(trackingRecords).values({
      id: trackingId,
      bookingId: booking.id,
      userId: booking.userId,
      type: 'delivery',
      status: 'pending',
      serviceName: r.name,
      trackingNumber: `GLF${Date.now().toString().slice(-7)}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`,
      providerName: r.name,
      providerPhone: r.phone,
      currentLocation: origin,
      destination: details.data.destination ?? origin,
      estimatedTime: r.deliveryTime,
    });
    await tx.insert(trackingUpdates).values({ trackingId, status: 'pending', message: 'Order received', location: origin });
    first ??= trackingId;
  }
  return first ? { trackingId: first } : {};
}

async function ownedForUpdate(tx: Tx, viewer: Viewer, id: number): Promise<BookingRow> {
  const b = await lockBooking(tx, id);
  if (!b || (b.userId !== viewer.id && viewer.role !== 'admin')) throw notFound('Booking not found');
  return b;
}

/**
 * Cancels a pending or confirmed booking. Money captured for a confirmed one goes back through the gateway (one
 * refund per booking: the gateway idempotency key is derived from the booking) and is recorded as a 'refunded' row.
 */
export async function cancelBooking(db: Db, gateway: PaymentGateway, viewer: Viewer, id: number): Promise<{ id: number; status: 'cancelled'; refund?: { amount: number } }> {
  return db.transaction(async (tx) => {
    const b = await ownedForUpdate(tx, viewer, id);
    const t = applyOrConflict(b.status, 'cancel');
    let refund: { amount: number } | undefined;
    if (t.refund) {
      const rows = await tx.select().from(payments).where(eq(payments.bookingId, id)).orderBy(asc(payments.id));
      const captured = rows.filter((p) => p.status === 'succeeded');
      const capturedCents = captured.reduce((s, p) => s + p.amountCents, 0) - rows.filter((p) => p.status === 'refunded').reduce((s, p) => s + p.amountCents, 0);
      const charge = captured.at(-1);
      if (charge && capturedCents > 0) {
        if (!charge.gatewayRef) throw new Error(`Captured payment ${charge.id} has no gateway reference`);
        const done = await gateway.refund({ ref: charge.gatewayRef, amountCents: capturedCents, idempotencyKey: `refund:booking:${id}` });
        await tx.insert(payments).values({
          bookingId: id,
          status: 'refunded',
          amountCents: capturedCents,
          currency: charge.currency,
          brand: charge.brand,
          last4: charge.last4,
          gateway: gateway.name,
          gatewayRef: done.ref,
        });
        refund = { amount: centsToDollars(capturedCents) };
      }
    }
    await setStatus(tx, id, 'cancelled');
    return { id, status: 'cancelled' as const, ...(refund ? { refund } : {}) };
  });
}

/** Admin: a confirmed booking has been delivered. */
export async function completeBooking(db: Db, id: number): Promise<Booking> {
  await db.transaction(async (tx) => {
    const b = await lockBooking(tx, id);
    if (!b) throw notFound('Booking not found');
    applyOrConflict(b.status, 'complete');
    await setStatus(tx, id, 'completed');
  });
  const [view] = await bookingViews(db, [id]);
  return view;
}
