import { and, asc, eq, sql } from 'drizzle-orm';
import { centsToDollars } from '../../../domain/catalogue/money';
import { toPriceBreakdown } from '../../../domain/bookings/breakdown';
import { DRIVER_REVIEW_TIME, type RegistrationKind } from '../../../domain/onboarding';
import type { Db, Tx } from '../../db/connect';
import { preparedOn } from '../../db/statements';
import { deliversAnything } from '../../../domain/orders/deliverable';
import {
  bookingItems,
  bookings,
  deliveryOrders,
  drivers,
  payments,
  trackingRecords,
  users,
} from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { listingOfLine, ownerOf } from '../catalogue';
import type { EnqueueOptions, NewMail } from '../../platform/mailer/mailer';
import { templates, type ReceiptLine, type Template } from './templates';
import { journeyFinished } from '../../../domain/orders/journey';
import { journeysOf } from '../orders';

/** How a registration kind reads in mail. */
const KIND_LABEL: Record<RegistrationKind, string> = {
  restaurant: 'restaurant',
  hotel: 'hotel',
  airline: 'airline',
  'car-rental': 'car rental company',
  courier: 'shipping service',
  taxi: 'taxi company',
  property: 'property owner',
  'general-service': 'service provider',
  driver: 'driver',
  'fashion-designer': 'fashion designer',
  'driver-application': 'driver',
};
const kindLabel = (kind: string) => KIND_LABEL[kind as RegistrationKind] ?? 'provider';

/** Spec 001: listings hear back within 24 hours; every driver form promises the one driver review time (issue 26). */
function reviewPromise(kind: string): string {
  if (kind === 'driver' || kind === 'driver-application') return DRIVER_REVIEW_TIME;
  return 'within 24 hours';
}

type Recipient = { to: string; userId?: number | null };

/**
 * Renders and stores one mail, unless it is non-essential and its recipient turned such mail off. The dedupe key
 * makes a retried reaction store it once.
 */
async function queue(ctx: AppContext, tx: Db | Tx, dedupeKey: string, recipient: Recipient, template: Template, opts: EnqueueOptions = {}): Promise<void> {
  const mail = await compose(ctx, tx, dedupeKey, recipient, template);
  if (mail) await ctx.mailer.enqueue(tx, mail, opts);
}

/** Mail that answers an unauthenticated request: counted against the address's and the site's hourly budgets. */
const PUBLIC: EnqueueOptions = { publicTrigger: true };
const today = () => new Date().toISOString().slice(0, 10);

/** Renders one mail for `queue` or `Mailer.enqueueAll`; null when it is non-essential and the recipient opted out. */
async function compose(ctx: AppContext, db: Db | Tx, dedupeKey: string, recipient: Recipient, template: Template): Promise<NewMail | null> {
  if (!template.essential) {
    const [u] = recipient.userId
      ? await db.select({ optOut: users.emailOptOut }).from(users).where(eq(users.id, recipient.userId))
      : await db.select({ optOut: users.emailOptOut }).from(users).where(eq(users.email, recipient.to.toLowerCase()));
    if (u?.optOut) return null;
  }
  const rendered = template.render(ctx.config.siteUrl);
  return { dedupeKey, to: recipient.to, userId: recipient.userId ?? null, template: template.name, ...rendered };
}

async function userOf(db: Db | Tx, id: number | null | undefined) {
  if (!id) return undefined;
  const [u] = await db.select({ id: users.id, username: users.username, email: users.email }).from(users).where(eq(users.id, id));
  return u;
}

async function admins(db: Db | Tx) {
  return db.select({ id: users.id, email: users.email }).from(users).where(eq(users.role, 'admin')).orderBy(asc(users.id));
}

type ReceiptItem = Pick<typeof bookingItems.$inferSelect, 'name' | 'quantity' | 'lineTotalCents' | 'serviceType' | 'serviceId' | 'details'>;

function receiptRows(rows: ReceiptItem[]): Array<ReceiptLine & { serviceType: string; serviceId: number; details: Record<string, unknown> }> {
  return rows.map((l) => ({ name: l.name, quantity: l.quantity, lineTotal: centsToDollars(l.lineTotalCents), serviceType: l.serviceType, serviceId: l.serviceId, details: l.details }));
}

/**
 * The receipt's reads (every paid booking), prepared once per database (server/db/statements.ts): the booking with its
 * customer and its first successful charge (a left join: a booking confirmed without a charge has none), then its
 * lines and its deliveries.
 */
const receiptBooking = preparedOn('receipt_booking', (db) =>
  db
    .select({
      id: bookings.id,
      totalCents: bookings.totalCents,
      currency: bookings.currency,
      subtotalCents: bookings.subtotalCents,
      deliveryFeeCents: bookings.deliveryFeeCents,
      serviceFeeCents: bookings.serviceFeeCents,
      taxCents: bookings.taxCents,
      tipCents: bookings.tipCents,
      lines: bookings.priceLines,
      userId: users.id,
      username: users.username,
      email: users.email,
      brand: payments.brand,
      last4: payments.last4,
      paymentId: payments.id,
    })
    .from(bookings)
    .innerJoin(users, eq(users.id, sql.placeholder('userId')))
    .leftJoin(payments, and(eq(payments.bookingId, bookings.id), eq(payments.status, 'succeeded')))
    .where(eq(bookings.id, sql.placeholder('bookingId')))
    .orderBy(asc(payments.id))
    .limit(1),
);
const receiptLines = preparedOn('receipt_lines', (db) =>
  db
    .select({ name: bookingItems.name, quantity: bookingItems.quantity, lineTotalCents: bookingItems.lineTotalCents, serviceType: bookingItems.serviceType, serviceId: bookingItems.serviceId, details: bookingItems.details })
    .from(bookingItems)
    .where(eq(bookingItems.bookingId, sql.placeholder('bookingId')))
    .orderBy(asc(bookingItems.id)),
);
const receiptDeliveries = preparedOn('receipt_deliveries', (db) =>
  db
    .select({ trackingId: deliveryOrders.trackingId, name: trackingRecords.serviceName, trackingNumber: trackingRecords.trackingNumber })
    .from(deliveryOrders)
    .innerJoin(trackingRecords, eq(trackingRecords.id, deliveryOrders.trackingId))
    .where(eq(deliveryOrders.bookingId, sql.placeholder('bookingId')))
    .orderBy(asc(deliveryOrders.id)),
);

/**
 * The read of the booking.confirmed reaction (every paid booking): the booking with the customer `userId`, its first
 * successful charge (if any), its lines and its deliveries, in order. Undefined when either is gone. Deliveries are
 * not looked for when the event's line types say nothing is delivered. A failed query is logged by its name.
 */
async function receipt(db: Db, bookingId: number, userId: number, serviceTypes: readonly string[] | undefined) {
  const [row] = await receiptBooking(db).execute({ bookingId, userId });
  if (!row) return undefined;
  const { brand, last4, paymentId, ...b } = row;
  const [items, deliveries] = await Promise.all([
    receiptLines(db).execute({ bookingId }),
    serviceTypes && !deliversAnything(serviceTypes) ? [] : receiptDeliveries(db).execute({ bookingId }),
  ]);
  return { ...b, paid: paymentId === null ? null : { brand, last4 }, items, deliveries };
}

/** The owner account of the listing a booking line refers to, if it has one. */
async function ownerOfLine(db: Db | Tx, line: { name: string; serviceType: string; serviceId: number; details: Record<string, unknown> }): Promise<{ ownerId: number; listing: string } | null> {
  const target = listingOfLine(line);
  if (!target || !target.kind.info.chat || !target.kind.ownerNotifiedOfBookings) return null;
  const r = await ownerOf(db, target.kind, target.id);
  if (!r?.ownerId) return null;
  // A food line names a menu item; the mail names its restaurant. Other lines are named as booked.
  return { ownerId: r.ownerId, listing: target.kind.info.kind === 'restaurant' ? r.name : line.name };
}

/**
 * The notifications module's reactions: each domain event that matters becomes mail for the right people, stored
 * in the mail outbox in the reaction's transaction (or, for booking.confirmed, one INSERT: ADR 020) and sent by the
 * mailer's worker (ADR 011).
 */
export function registerNotifications(ctx: AppContext) {
  const on = ctx.events.on.bind(ctx.events);
  /** Runs a reaction in a transaction, then nudges the worker. */
  const react = async (fn: (tx: Tx) => Promise<void>) => {
    await ctx.db.transaction(fn);
    ctx.mailer.kick();
  };

  // Sign-up is open to anyone, for any address: one welcome per address per day, within the public budgets.
  on('account.registered', (p) =>
    react(async (tx) => {
      const u = await userOf(tx, p.userId);
      if (u) await queue(ctx, tx, `welcome:${u.email.toLowerCase()}:${today()}`, { to: u.email, userId: u.id }, templates.welcome({ name: u.username }), PUBLIC);
    }),
  );

  on('account.signup_with_existing_email', (p) =>
    react(async (tx) => {
      const u = await userOf(tx, p.userId);
      // At most one such mail per account per day, however often it is tried, within the public budgets.
      if (u) await queue(ctx, tx, `signup-existing:${u.id}:${today()}`, { to: u.email, userId: u.id }, templates.signupWithExistingEmail({ name: u.username }), PUBLIC);
    }),
  );

  // Runs on every paid booking, before the payment is answered (ADR 008), so it reads without a transaction and
  // stores its mails with one INSERT (atomic on its own; the dedupe keys make a retry store each mail once).
  on('booking.confirmed', async (p) => {
    // The orders module reacts to booking.confirmed first (registered earlier), so the deliveries exist by now.
    const b = await receipt(ctx.db, p.bookingId, p.userId, p.serviceTypes);
    if (!b) return;
    const u = { id: b.userId, username: b.username, email: b.email };
    const paid = b.paid;
    const lines = receiptRows(b.items);
    const deliveries = b.deliveries;
    const mails: Array<NewMail | null> = [
      await compose(
        ctx,
        ctx.db,
        `booking-confirmed:${b.id}`,
        { to: u.email, userId: u.id },
        templates.bookingConfirmed({
          name: u.username,
          bookingId: b.id,
          lines,
          // The same breakdown lines as the receipt screen (domain/bookings/breakdown.ts), the total last.
          charges: toPriceBreakdown(b).lines.map((l) => ({ label: l.label, amount: l.amount })),
          total: centsToDollars(b.totalCents),
          currency: b.currency,
          brand: paid?.brand ?? null,
          last4: paid?.last4 ?? null,
          deliveries,
        }),
      ),
    ];
    // Each provider whose listing was booked hears about it once per booking.
    const byOwner = new Map<number, { listing: string; lines: ReceiptLine[] }>();
    for (const line of lines) {
      const owner = await ownerOfLine(ctx.db, line);
      if (!owner || owner.ownerId === u.id) continue;
      const entry = byOwner.get(owner.ownerId) ?? { listing: owner.listing, lines: [] };
      entry.lines.push(line);
      byOwner.set(owner.ownerId, entry);
    }
    for (const [ownerId, entry] of byOwner) {
      const owner = await userOf(ctx.db, ownerId);
      if (!owner) continue;
      mails.push(
        await compose(
          ctx,
          ctx.db,
          `provider-new-booking:${b.id}:${ownerId}`,
          { to: owner.email, userId: owner.id },
          templates.providerNewBooking({ providerName: owner.username, listingName: entry.listing, bookingId: b.id, customerName: u.username, lines: entry.lines }),
        ),
      );
    }
    await ctx.mailer.enqueueAll(ctx.db, mails.filter((m) => m !== null));
    ctx.mailer.kick();
  });

  on('payment.failed', (p) =>
    react(async (tx) => {
      const [b] = await tx.select().from(bookings).where(eq(bookings.id, p.bookingId));
      const u = await userOf(tx, p.userId);
      if (b && u)
        await queue(ctx, tx, `payment-failed:${p.paymentId}`, { to: u.email, userId: u.id }, templates.paymentFailed({ name: u.username, bookingId: b.id, total: centsToDollars(b.totalCents), currency: b.currency, message: p.message }));
    }),
  );

  on('booking.cancelled', (p) =>
    react(async (tx) => {
      const u = await userOf(tx, p.userId);
      const [b] = await tx.select({ currency: bookings.currency }).from(bookings).where(eq(bookings.id, p.bookingId));
      if (u)
        await queue(
          ctx,
          tx,
          `booking-cancelled:${p.bookingId}`,
          { to: u.email, userId: u.id },
          templates.bookingCancelled({ name: u.username, bookingId: p.bookingId, refund: p.refundCents === null ? null : centsToDollars(p.refundCents), currency: b?.currency }),
        );
    }),
  );

  on('order.declined', (p) =>
    react(async (tx) => {
      const u = await userOf(tx, p.userId);
      const [b] = await tx.select({ status: bookings.status, currency: bookings.currency }).from(bookings).where(eq(bookings.id, p.bookingId));
      if (u)
        await queue(
          ctx,
          tx,
          `order-declined:${p.orderId}`,
          { to: u.email, userId: u.id },
          templates.orderDeclined({ name: u.username, bookingId: p.bookingId, provider: p.provider, reason: p.reason, refund: centsToDollars(p.refundCents), currency: b?.currency, rest: b?.status !== 'cancelled' }),
        );
    }),
  );

  on('order.accepted', (p) =>
    react(async (tx) => {
      const [o] = await tx
        .select({ order: deliveryOrders, serviceName: trackingRecords.serviceName })
        .from(deliveryOrders)
        .innerJoin(trackingRecords, eq(trackingRecords.id, deliveryOrders.trackingId))
        .where(eq(deliveryOrders.id, p.orderId));
      const [d] = await tx.select().from(drivers).where(eq(drivers.userId, p.driverId));
      if (!o || !d) return;
      const customer = await userOf(tx, o.order.customerId);
      if (customer)
        await queue(
          ctx,
          tx,
          `order-accepted:${o.order.id}`,
          { to: customer.email, userId: customer.id },
          templates.orderAccepted({
            name: customer.username,
            kind: o.order.kind,
            serviceName: o.serviceName,
            driverName: d.name,
            vehicle: d.vehicle,
            plate: d.plate,
            trackingId: o.order.trackingId,
            // The journey's step, the words the tracking page shows ('Driver on the way to pickup').
            stepLabel: (await journeysOf(tx, [o.order])).get(o.order.id)?.label,
          }),
        );
      const driverUser = await userOf(tx, p.driverId);
      if (driverUser)
        await queue(
          ctx,
          tx,
          `driver-order-assigned:${o.order.id}:${p.driverId}`,
          { to: driverUser.email, userId: driverUser.id },
          templates.driverOrderAssigned({
            driverName: d.name,
            kind: o.order.kind === 'taxi' ? 'ride' : o.order.kind === 'food' ? 'food delivery' : 'shipment',
            pickup: o.order.pickup.address,
            dropoff: o.order.dropoff.address,
            payout: centsToDollars(o.order.payoutCents),
            trackingId: o.order.trackingId,
          }),
        );
    }),
  );

  on('order.status_changed', (p) =>
    react(async (tx) => {
      if (p.to !== 'transit' && p.to !== 'delivered') return;
      const customer = await userOf(tx, p.customerId);
      const [t] = await tx.select().from(trackingRecords).where(eq(trackingRecords.id, p.trackingId));
      const [order] = await tx.select().from(deliveryOrders).where(eq(deliveryOrders.id, p.orderId));
      if (!customer || !t) return;
      const kind = order?.kind ?? 'food';
      // The mail says the journey's step (the tracking page's words); a parcel's first mile handed over at the origin
      // hub is not its delivery, so no 'Delivered' mail for it.
      const journey = order ? (await journeysOf(tx, [order])).get(order.id) : undefined;
      if (p.to === 'delivered' && journey && !journeyFinished(journey)) return;
      const stepLabel = journey?.label;
      const template =
        p.to === 'transit'
          ? templates.orderOnTheWay({ name: customer.username, kind, serviceName: t.serviceName, eta: t.estimatedTime, etaAt: t.etaAt ? t.etaAt.toISOString() : null, trackingId: t.id, stepLabel })
          : templates.orderDelivered({ name: customer.username, kind, serviceName: t.serviceName, trackingId: t.id, stepLabel });
      await queue(ctx, tx, `order-${p.to}:${p.orderId}`, { to: customer.email, userId: customer.id }, template);
    }),
  );

  // Emitted once the applicant confirmed the form's address (or at once for a form without one): the registration
  // now waits for review.
  on('registration.submitted', (p) =>
    react(async (tx) => {
      if (p.email) {
        const reference = p.kind === 'driver-application' ? `DRV-APP-${Date.now()}` : undefined;
        await queue(ctx, tx, `registration-received:${p.registrationId}`, { to: p.email }, templates.registrationReceived({ name: p.name, kindLabel: kindLabel(p.kind), promise: reviewPromise(p.kind), reference }));
      }
      for (const a of await admins(tx)) {
        await queue(ctx, tx, `admin-new-registration:${p.registrationId}:${a.id}`, { to: a.email, userId: a.id }, templates.adminNewRegistration({ kindLabel: kindLabel(p.kind), name: p.name, registrationId: p.registrationId }));
      }
    }),
  );

  // registration.approved is mailed by the approval itself (queueRegistrationApproved, in its transaction): the mail
  // may carry a set-password link, whose token never travels in an event.

  on('registration.rejected', (p) =>
    react(async (tx) => {
      if (p.email) await queue(ctx, tx, `registration-rejected:${p.registrationId}`, { to: p.email }, templates.registrationRejected({ name: p.name, kindLabel: kindLabel(p.kind), reason: p.reason }));
    }),
  );

  on('contact.received', (p) =>
    react(async (tx) => {
      for (const a of await admins(tx)) {
        await queue(ctx, tx, `admin-contact-message:${p.messageId}:${a.id}`, { to: a.email, userId: a.id }, templates.adminContactMessage({ name: p.name, email: p.email, subject: p.subject }));
      }
    }),
  );
}

/**
 * The confirmation mail of a registration form, stored in the submission's transaction (its token never travels in an
 * event). A public trigger: over the address's or the site's hourly budget nothing is stored (the form answers the
 * same). Returns whether it was stored.
 */
export async function queueRegistrationConfirmation(ctx: AppContext, tx: Tx, d: { registrationId: number; to: string; token: string; hours: number }): Promise<boolean> {
  const template = templates.registrationConfirm({ token: d.token, hours: d.hours });
  const id = await ctx.mailer.enqueue(tx, { dedupeKey: `registration-confirm:${d.registrationId}`, to: d.to, template: template.name, ...template.render(ctx.config.siteUrl) }, PUBLIC);
  return id !== null;
}

/**
 * A one-time link mail of the accounts module (issue 27), stored in the transaction that created its token, so the
 * token is never in domain_events or on pub/sub: the password-reset link, and the sign-in link of an account under
 * attack. Both are essential mail. `renderLinkMail` is separate so that forgot-password can render before it knows
 * whether the address has an account (the same work either way).
 */
export type LinkMail = { kind: 'password-reset' | 'sign-in-link'; token: string; minutes: number; name: string };
export function renderLinkMail(ctx: AppContext, d: LinkMail): { template: string; subject: string; html: string; text: string } {
  const template = d.kind === 'password-reset' ? templates.passwordReset(d) : templates.signInLink(d);
  return { template: template.name, ...template.render(ctx.config.siteUrl) };
}
export async function queueLinkMail(
  ctx: AppContext,
  tx: Tx,
  d: { dedupeKey: string; to: string; userId: number; mail: ReturnType<typeof renderLinkMail> },
): Promise<void> {
  await ctx.mailer.enqueue(tx, { dedupeKey: d.dedupeKey, to: d.to, userId: d.userId, ...d.mail });
}

/**
 * The approval mail, stored in the approval's transaction: for an account the approval created it carries the
 * one-time set-password link, so the token is never in domain_events or on pub/sub.
 */
export async function queueRegistrationApproved(
  ctx: AppContext,
  tx: Tx,
  d: { registrationId: number; kind: string; name: string | undefined; email: string | null; userId: number | null; driverName?: string; setPasswordPath?: string },
): Promise<void> {
  const to = d.email ?? (await userOf(tx, d.userId))?.email;
  if (!to) return;
  const isDriver = d.kind === 'driver' || d.kind === 'driver-application';
  await queue(
    ctx,
    tx,
    `registration-approved:${d.registrationId}`,
    { to, userId: d.userId },
    templates.registrationApproved({ name: d.driverName || d.name || 'there', kindLabel: kindLabel(d.kind), setPasswordPath: d.setPasswordPath, isDriver }),
  );
}
