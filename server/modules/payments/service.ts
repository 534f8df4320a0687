import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { CardBody, PaymentIntentResponse } from '../../../domain/payments/schemas';
import type { Db, Tx } from '../../db/connect';
import { preparedOn } from '../../db/statements';
import { bookingItems, bookings, idempotencyKeys, paymentIntents, paymentMethods, payments, webhookEvents as webhookEventsTable } from '../../db/schema';
import { badRequest, conflict, HttpError, notFound } from '../../platform/errors';
import type { MethodRef, PaymentGateway } from '../../platform/payments';
import { SandboxGateway } from '../../platform/payments';
import type { Emit, EventBus } from '../../platform/events/bus';
import { confirmPaid, deliveriesOf, lockBooking, renewBookingHolds } from '../bookings';
import { BOOKING_EXPIRED_MESSAGE, isAbandoned, transition } from '../../../domain/bookings/state';
import { deliversAnything } from '../../../domain/orders/deliverable';

/** A response decided once and possibly replayed: status code and JSON body. */
export type Outcome = { status: number; body: Record<string, unknown> };

/** Sandbox card token for a signed-in user. Only brand, last4, expiry and the test outcome are stored. */
export async function createPaymentMethod(db: Db, gateway: PaymentGateway, userId: number, card: CardBody & { expMonth: number; expYear: number }) {
  if (!(gateway instanceof SandboxGateway)) {
    throw badRequest('Card details are collected by Stripe in this configuration; use Stripe Elements');
  }
  const result = gateway.tokenize({ number: card.number, expMonth: card.expMonth, expYear: card.expYear, cvc: card.cvc });
  if (!result.ok) throw badRequest(`Validation failed: ${Object.values(result.errors)[0]}`, result.errors);
  const { brand, last4, expMonth, expYear, outcome } = result.card;
  await db.insert(paymentMethods).values({ id: result.id, userId, brand, last4, expMonth, expYear, outcome });
  return { id: result.id, brand, last4 };
}

/**
 * Locks the booking (SELECT ... FOR UPDATE OF bookings, as lockBooking) and reads the caller's sandbox payment method
 * and the booking's line types in the same statement. Someone else's booking is as unknown as a missing one (404); an
 * unknown method is 400.
 */
async function lockBookingWithMethod(tx: Tx, gateway: PaymentGateway, userId: number, bookingId: number, methodId: string) {
  if (gateway.name === 'stripe') {
    const booking = await lockBooking(tx, bookingId);
    if (!booking || booking.userId !== userId) throw notFound('Booking not found');
    return { booking, method: { id: methodId, brand: null, last4: null } satisfies MethodRef, serviceTypes: undefined };
  }
  const [row] = await tx
    .select({
      booking: bookings,
      method: paymentMethods,
      serviceTypes: sql<string[]>`(select coalesce(json_agg(distinct ${bookingItems.serviceType}), '[]') from ${bookingItems} where ${bookingItems.bookingId} = ${bookings.id})`,
    })
    .from(bookings)
    .leftJoin(paymentMethods, and(eq(paymentMethods.id, methodId), eq(paymentMethods.userId, userId)))
    .where(eq(bookings.id, bookingId))
    .for('update', { of: bookings });
  if (!row || row.booking.userId !== userId) throw notFound('Booking not found');
  const m = row.method;
  // Someone else's token is as unknown as a made-up one.
  if (!m) throw badRequest('Unknown payment method', { paymentMethodId: 'Unknown payment method' });
  return { booking: row.booking, method: { id: m.id, brand: m.brand, last4: m.last4, outcome: m.outcome } satisfies MethodRef, serviceTypes: row.serviceTypes };
}

async function ownedBooking(db: Db, userId: number, id: number) {
  const [b] = await db.select().from(bookings).where(eq(bookings.id, id));
  if (!b || b.userId !== userId) throw notFound('Booking not found');
  return b;
}

export type PayRequest = {
  bookingId: number;
  amountCents: number;
  paymentMethodId: string;
  intentId?: string;
  requestKey?: string;
  /** How long a lapsed hold taken again before the charge is kept (BOOKING_HOLD_MINUTES); 15 minutes when unset. */
  holdMs?: number;
};
const DEFAULT_HOLD_MS = 15 * 60_000;

/**
 * Charges a pending booking once. The booking row is locked (SELECT ... FOR UPDATE) first in the transaction and
 * held for the whole charge, so of two simultaneous payments — a double click, on one instance or two — the second
 * waits and then finds the booking paid (409): it never reaches the gateway. The gateway call happens inside
 * that transaction on purpose: its result and the booking's new status commit together. A retry of the same request
 * is answered from its Idempotency-Key (withIdempotency). A decline is recorded as a failed payment and leaves the
 * booking pending and payable.
 */
export async function payBooking(db: Db, gateway: PaymentGateway, events: EventBus, userId: number, req: PayRequest): Promise<Outcome> {
  let lineTypes: string[] | undefined;
  const charge = async (tx: Tx, emit: Emit): Promise<Outcome> => {
    // One round trip: the booking, locked, with the caller's payment method beside it (the checks that used to run
    // before the transaction, in the same order: someone else's booking is 404, an unknown method 400).
    const { booking, method, serviceTypes } = await lockBookingWithMethod(tx, gateway, userId, req.bookingId, req.paymentMethodId);
    lineTypes = serviceTypes;
    if (isAbandoned(booking.status, booking.createdAt, new Date(), booking.holdExpiresAt)) throw conflict(BOOKING_EXPIRED_MESSAGE);
    const t = transition(booking.status, 'pay');
    if (!t.ok) throw conflict(t.message);
    if (req.amountCents !== booking.totalCents) {
      throw new HttpError(400, 'The amount does not match the booking total', { amount: 'The amount does not match the booking total' }, { totalAmount: booking.totalCents / 100 });
    }
    // What the booking holds must still be in force: a lapsed hold is taken again, or the payment is refused (409)
    // before anything is charged.
    await renewBookingHolds(tx, booking.id, req.holdMs ?? DEFAULT_HOLD_MS);
    const result = await gateway.charge({
      amountCents: booking.totalCents,
      currency: booking.currency,
      method,
      intentId: req.intentId,
      idempotencyKey: `charge:${booking.id}:${req.requestKey ?? randomUUID()}`,
      metadata: { bookingId: String(booking.id), userId: String(userId) },
    });
    const common = { bookingId: booking.id, amountCents: booking.totalCents, currency: booking.currency, brand: result.brand, last4: result.last4, gateway: gateway.name };
    if (!result.ok) {
      const [failed] = await tx.insert(payments).values({ ...common, status: 'failed', gatewayRef: result.ref, failureMessage: result.message }).returning({ id: payments.id });
      await emit('payment.failed', { bookingId: booking.id, userId, paymentId: failed.id, message: result.message });
      if (req.intentId) await tx.update(paymentIntents).set({ status: 'requires_payment_method', updatedAt: new Date() }).where(eq(paymentIntents.id, req.intentId));
      return { status: 402, body: { success: false, message: result.message } };
    }
    if (req.intentId) await tx.update(paymentIntents).set({ status: 'succeeded', updatedAt: new Date() }).where(eq(paymentIntents.id, req.intentId));
    const paymentId = await confirmPaid(tx, emit, booking, { ...common, gatewayRef: result.ref }, serviceTypes);
    return { status: 200, body: { success: true, paymentId, bookingId: booking.id, status: 'confirmed' } };
  };
  const outcome = await events.transaction(charge);
  if (outcome.status !== 200) return outcome;
  // booking.confirmed has been dispatched by now (the orders module created the deliveries), so they can be listed;
  // a booking none of whose lines is delivered has none (no read needed).
  const deliveries = lineTypes && !deliversAnything(lineTypes) ? [] : await deliveriesOf(db, req.bookingId);
  return { status: 200, body: { ...outcome.body, deliveries, ...(deliveries[0] ? { trackingId: deliveries[0].trackingId } : {}) } };
}

/**
 * An intent for the booking's own total (a client-sent amount is ignored: the server owns the price). An open intent
 * of the same gateway and amount is reused, so reopening the payment dialog does not pile up intents.
 */
export async function createIntent(db: Db, gateway: PaymentGateway, userId: number, bookingId: number, holdMs: number = DEFAULT_HOLD_MS): Promise<PaymentIntentResponse> {
  const booking = await ownedBooking(db, userId, bookingId);
  if (isAbandoned(booking.status, booking.createdAt, new Date(), booking.holdExpiresAt)) throw conflict(BOOKING_EXPIRED_MESSAGE);
  const t = transition(booking.status, 'pay');
  if (!t.ok) throw conflict(t.message);
  // The card is asked for only while what the booking holds is still its own (a lapsed hold is taken again or 409).
  await db.transaction((tx) => renewBookingHolds(tx, bookingId, holdMs));
  const answer = (id: string, clientSecret: string): PaymentIntentResponse => ({
    clientSecret,
    paymentIntentId: id,
    amount: booking.totalCents,
    publishableKey: gateway.publishableKey,
    gateway: gateway.name,
  });
  const [open] = await db
    .select()
    .from(paymentIntents)
    .where(
      and(
        eq(paymentIntents.bookingId, bookingId),
        eq(paymentIntents.gateway, gateway.name),
        eq(paymentIntents.status, 'requires_payment_method'),
        eq(paymentIntents.amountCents, booking.totalCents),
      ),
    );
  if (open) return answer(open.id, open.clientSecret);
  const intent = await gateway.createIntent({
    amountCents: booking.totalCents,
    currency: booking.currency,
    idempotencyKey: `intent:${bookingId}:${randomUUID()}`,
    metadata: { bookingId: String(bookingId), userId: String(userId) },
  });
  await db.insert(paymentIntents).values({
    id: intent.id,
    bookingId,
    gateway: gateway.name,
    amountCents: booking.totalCents,
    currency: booking.currency,
    status: intent.status,
    clientSecret: intent.clientSecret,
  });
  return answer(intent.id, intent.clientSecret);
}

/** Pays an intent created by createIntent with a payment method: same rules and answers as process-payment. */
export async function confirmIntent(
  db: Db,
  gateway: PaymentGateway,
  events: EventBus,
  userId: number,
  intentId: string,
  paymentMethodId: string,
  requestKey?: string,
  holdMs?: number,
): Promise<Outcome> {
  const [intent] = await db.select().from(paymentIntents).where(eq(paymentIntents.id, intentId));
  if (!intent) throw notFound('Payment intent not found');
  await ownedBooking(db, userId, intent.bookingId);
  return payBooking(db, gateway, events, userId, { bookingId: intent.bookingId, amountCents: intent.amountCents, paymentMethodId, intentId, requestKey, holdMs });
}

const IN_PROGRESS = 0;
const ABANDONED_AFTER_MS = 5 * 60_000;

/** What is kept per key: the request's fingerprint and, once decided, the response body. */
type StoredIdempotency = { request?: string; response?: Record<string, unknown> };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A stable text of the request parameters (keys sorted), so a reused key can be told apart from a retry. */
export function requestFingerprint(params: Record<string, unknown>): string {
  return JSON.stringify(Object.keys(params).sort().map((k) => [k, params[k] ?? null]));
}

/** The claim and the record of every keyed payment request, prepared once per database (server/db/statements.ts). */
const idempotencyClaim = preparedOn('idempotency_claim', (db) =>
  db
    .insert(idempotencyKeys)
    .values({ key: sql.placeholder('key'), userId: sql.placeholder('userId'), route: sql.placeholder('route'), statusCode: IN_PROGRESS, body: sql`${sql.placeholder('body')}::jsonb` })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key }),
);
const idempotencyRecord = preparedOn('idempotency_record', (db) =>
  db
    .update(idempotencyKeys)
    .set({ statusCode: sql`${sql.placeholder('statusCode')}::int`, body: sql`${sql.placeholder('body')}::jsonb` })
    .where(eq(idempotencyKeys.key, sql.placeholder('key'))),
);

/**
 * Runs `fn` once per (user, route, Idempotency-Key): the first result — success or client error — is stored and
 * replayed for the same key. A second request arriving while the first is still running gets 409. Like Stripe, a
 * key reused with different parameters (`request`, see {@link requestFingerprint}) is refused with 400 rather than
 * answered with another request's result.
 */
export async function withIdempotency(
  db: Db,
  userId: number,
  route: string,
  key: string | undefined,
  request: string,
  fn: () => Promise<Outcome>,
): Promise<Outcome & { replayed: boolean }> {
  if (key === undefined) return { ...(await fn()), replayed: false };
  if (key.length === 0 || key.length > 255) throw badRequest('Idempotency-Key must be 1 to 255 characters');
  const storeKey = `${userId}:${route}:${key}`;
  const claimed = await idempotencyClaim(db).execute({ key: storeKey, userId, route, body: JSON.stringify({ request } satisfies StoredIdempotency) });
  if (claimed.length === 0) {
    const [prior] = await db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, storeKey));
    if (prior && prior.statusCode !== IN_PROGRESS) {
      const stored: StoredIdempotency = isRecord(prior.body) ? prior.body : {};
      // Rows written before fingerprints were kept hold the bare response.
      if (stored.request === undefined) return { status: prior.statusCode, body: isRecord(prior.body) ? prior.body : {}, replayed: true };
      if (stored.request !== request) throw badRequest('This Idempotency-Key was already used with different request parameters');
      return { status: prior.statusCode, body: stored.response ?? {}, replayed: true };
    }
    // A claim left behind by a process that died mid-request is taken over after a while; a live one is refused.
    const takenOver =
      prior && Date.now() - prior.createdAt.getTime() > ABANDONED_AFTER_MS
        ? await db
            .update(idempotencyKeys)
            .set({ createdAt: new Date(), body: { request } satisfies StoredIdempotency })
            .where(and(eq(idempotencyKeys.key, storeKey), eq(idempotencyKeys.statusCode, IN_PROGRESS), eq(idempotencyKeys.createdAt, prior.createdAt)))
            .returning({ key: idempotencyKeys.key })
        : [];
    if (takenOver.length === 0) throw conflict('A request with this Idempotency-Key is still being processed');
  }
  let outcome: Outcome;
  try {
    outcome = await fn();
  } catch (err) {
    if (!(err instanceof HttpError) || err.statusCode >= 500) {
      // Nothing was decided: let the client retry with the same key.
      await db.delete(idempotencyKeys).where(eq(idempotencyKeys.key, storeKey));
      throw err;
    }
    outcome = { status: err.statusCode, body: { ...err.extra, message: err.message, ...(err.errors ? { errors: err.errors } : {}) } };
  }
  await idempotencyRecord(db).execute({ key: storeKey, statusCode: outcome.status, body: JSON.stringify({ request, response: outcome.body } satisfies StoredIdempotency) });
  return { ...outcome, replayed: false };
}

/** The booking a Stripe PaymentIntent pays: from its metadata, or from the intent we recorded. */
async function bookingOfIntent(db: Db, pi: Stripe.PaymentIntent): Promise<number | null> {
  const fromMeta = Number(pi.metadata?.bookingId);
  if (Number.isInteger(fromMeta) && fromMeta > 0) return fromMeta;
  const [row] = await db.select({ bookingId: paymentIntents.bookingId }).from(paymentIntents).where(eq(paymentIntents.id, pi.id));
  return row?.bookingId ?? null;
}

function cardOfIntent(pi: Stripe.PaymentIntent): { brand: string | null; last4: string | null } {
  const pm = pi.payment_method;
  if (pm && typeof pm === 'object' && pm.card) return { brand: pm.card.brand, last4: pm.card.last4 };
  return { brand: null, last4: null };
}

/**
 * Applies a verified Stripe event once. Its id goes into webhook_events in the same transaction as its effect, so a
 * redelivery is ignored. Events may arrive late or out of order: a success for a booking that is no longer pending
 * (already confirmed by process-payment, or cancelled) changes nothing.
 */
export async function handleStripeEvent(db: Db, events: EventBus, event: Stripe.Event): Promise<{ duplicate: boolean; applied: boolean }> {
  const pi = event.type === 'payment_intent.succeeded' || event.type === 'payment_intent.payment_failed' ? event.data.object : null;
  const bookingId = pi ? await bookingOfIntent(db, pi) : null;
  return events.transaction(async (tx, emit) => {
    const fresh = await tx.insert(webhookEventsTable).values({ id: event.id, type: event.type }).onConflictDoNothing().returning({ id: webhookEventsTable.id });
    if (fresh.length === 0) return { duplicate: true, applied: false };
    if (!pi || bookingId === null) return { duplicate: false, applied: false };
    const booking = await lockBooking(tx, bookingId);
    if (!booking || booking.status !== 'pending') return { duplicate: false, applied: false };
    const card = cardOfIntent(pi);
    const common = { bookingId, amountCents: pi.amount, currency: pi.currency, ...card, gateway: 'stripe', gatewayRef: pi.id };
    if (event.type === 'payment_intent.payment_failed') {
      const message = pi.last_payment_error?.message ?? 'Your card was declined.';
      const [failed] = await tx.insert(payments).values({ ...common, status: 'failed', failureMessage: message }).returning({ id: payments.id });
      await emit('payment.failed', { bookingId, userId: booking.userId, paymentId: failed.id, message });
      await tx.update(paymentIntents).set({ status: 'requires_payment_method', updatedAt: new Date() }).where(eq(paymentIntents.id, pi.id));
      return { duplicate: false, applied: true };
    }
    if (pi.amount !== booking.totalCents) return { duplicate: false, applied: false };
    try {
      await tx.transaction((sp) => renewBookingHolds(sp, bookingId, DEFAULT_HOLD_MS));
    } catch (err) {
      // The hold lapsed and its units were sold meanwhile: the booking is not confirmed (the event is recorded as
      // handled); the charge stays for the admin to refund from the booking.
      if (err instanceof HttpError && err.statusCode === 409) return { duplicate: false, applied: false };
      throw err;
    }
    await tx.update(paymentIntents).set({ status: 'succeeded', updatedAt: new Date() }).where(eq(paymentIntents.id, pi.id));
    await confirmPaid(tx, emit, booking, common);
    return { duplicate: false, applied: true };
  });
}
