import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { CardBody, PaymentIntentResponse } from '../../../domain/payments/schemas';
import type { Db, Tx } from '../../db/connect';
import { preparedOn } from '../../db/statements';
import { bookingItems, bookings, idempotencyKeys, paymentIntents, paymentMethods, payments, webhookEvents as webhookEventsTable } from '../../db/schema';
import { badRequest, conflict, HttpError, isUniqueViolation, notFound } from '../../platform/errors';
import type { AppContext } from '../../platform/context';
import type { ChargeResult, MethodRef, PaymentGateway } from '../../platform/payments';
import { SandboxGateway } from '../../platform/payments';
import type { EventBus } from '../../platform/events/bus';
import { chargeInFlight, confirmPaid, deliveriesOf, lockBooking, PAYMENT_IN_PROGRESS, renewBookingHolds } from '../bookings';
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

/** The booking's charge in flight, if any (its claim's id and key), read beside the locked booking. */
const claimInFlight = {
  claimId: sql<number | null>`(select ${payments.id} from ${payments} where ${payments.bookingId} = ${bookings.id} and ${payments.status} = 'processing')`,
  claimKey: sql<string | null>`(select ${payments.idempotencyKey} from ${payments} where ${payments.bookingId} = ${bookings.id} and ${payments.status} = 'processing')`,
};

/**
 * Locks the booking (SELECT ... FOR UPDATE OF bookings, as lockBooking) and reads the caller's sandbox payment method,
 * the booking's line types and its charge in flight in the same statement. Someone else's booking is as unknown as a
 * missing one (404); an unknown method is 400.
 */
async function lockBookingWithMethod(tx: Tx, gateway: PaymentGateway, userId: number, bookingId: number, methodId: string) {
  if (gateway.name === 'stripe') {
    const [row] = await tx
      .select({ booking: bookings, ...claimInFlight })
      .from(bookings)
      .where(eq(bookings.id, bookingId))
      .for('update');
    if (!row || row.booking.userId !== userId) throw notFound('Booking not found');
    return { booking: row.booking, method: { id: methodId, brand: null, last4: null } satisfies MethodRef, serviceTypes: undefined, inFlight: inFlightOf(row) };
  }
  const [row] = await tx
    .select({
      booking: bookings,
      method: paymentMethods,
      serviceTypes: sql<string[]>`(select coalesce(json_agg(distinct ${bookingItems.serviceType}), '[]') from ${bookingItems} where ${bookingItems.bookingId} = ${bookings.id})`,
      ...claimInFlight,
    })
    .from(bookings)
    .leftJoin(paymentMethods, and(eq(paymentMethods.id, methodId), eq(paymentMethods.userId, userId)))
    .where(eq(bookings.id, bookingId))
    .for('update', { of: bookings });
  if (!row || row.booking.userId !== userId) throw notFound('Booking not found');
  const m = row.method;
  // Someone else's token is as unknown as a made-up one.
  if (!m) throw badRequest('Unknown payment method', { paymentMethodId: 'Unknown payment method' });
  return { booking: row.booking, method: { id: m.id, brand: m.brand, last4: m.last4, outcome: m.outcome } satisfies MethodRef, serviceTypes: row.serviceTypes, inFlight: inFlightOf(row) };
}

function inFlightOf(row: { claimId: number | null; claimKey: string | null }): { id: number; idempotencyKey: string | null } | null {
  return row.claimId === null ? null : { id: Number(row.claimId), idempotencyKey: row.claimKey };
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
 * A claim still 'processing' this long after its charge was sent is taken to be orphaned (its process died between
 * the charge and its record) and is finished by the workers. Longer than a charge can last: the Stripe SDK gives up
 * after three attempts of 20 s (server/platform/payments/stripe.ts).
 */
export const STALE_CLAIM_MS = 2 * 60_000;
/** How often the workers look for orphaned claims. */
export const CLAIM_RECOVERY_CHECK_MS = 30_000;
/** What a claim holds the booking's units for at least, so they are still its own when a worker finishes it. */
const CLAIM_HOLD_MIN_MS = 2 * STALE_CLAIM_MS + CLAIM_RECOVERY_CHECK_MS;

/** A charge claimed for a booking (its 'processing' payments row) with what sending it to the gateway needs. */
type Claim = {
  id: number;
  bookingId: number;
  userId: number;
  amountCents: number;
  currency: string;
  method: MethodRef;
  intentId?: string;
  idempotencyKey: string;
};

/** The request sent to the gateway for a claim: the same on every attempt, as Stripe requires for a repeated key. */
function chargeOf(claim: Claim) {
  return {
    amountCents: claim.amountCents,
    currency: claim.currency,
    method: claim.method,
    intentId: claim.intentId,
    idempotencyKey: claim.idempotencyKey,
    metadata: { bookingId: String(claim.bookingId), userId: String(claim.userId) },
  };
}

/**
 * Step 1, a short transaction: the booking is locked, checked (in today's order, with today's answers), what it holds
 * is renewed to outlast the charge, and the charge is claimed as a 'processing' payments row carrying its idempotency
 * key and what repeating it needs. A second claim for the booking while one is processing is refused (409); the
 * unique index payments_one_processing_idx makes it impossible even without the lock. The same request sent again
 * (same Idempotency-Key, hence the same charge key) takes its own claim up again: repeating that charge is harmless.
 */
async function claimCharge(db: Db, gateway: PaymentGateway, userId: number, req: PayRequest): Promise<{ claim: Claim; serviceTypes: string[] | undefined }> {
  return db.transaction(async (tx) => {
    // One round trip: the booking, locked, with the caller's payment method beside it (someone else's booking is
    // 404, an unknown method 400).
    const { booking, method, serviceTypes, inFlight: open } = await lockBookingWithMethod(tx, gateway, userId, req.bookingId, req.paymentMethodId);
    if (isAbandoned(booking.status, booking.createdAt, new Date(), booking.holdExpiresAt)) throw conflict(BOOKING_EXPIRED_MESSAGE);
    const t = transition(booking.status, 'pay');
    if (!t.ok) throw conflict(t.message);
    if (req.amountCents !== booking.totalCents) {
      throw new HttpError(400, 'The amount does not match the booking total', { amount: 'The amount does not match the booking total' }, { totalAmount: booking.totalCents / 100 });
    }
    const idempotencyKey = `charge:${booking.id}:${req.requestKey ?? randomUUID()}`;
    if (open && open.idempotencyKey !== idempotencyKey) throw conflict(PAYMENT_IN_PROGRESS);
    const now = new Date();
    let claimId: number;
    if (open) {
      await tx.update(payments).set({ attemptedAt: now }).where(eq(payments.id, open.id));
      claimId = open.id;
    } else {
      try {
        [{ id: claimId }] = await tx
          .insert(payments)
          .values({
            bookingId: booking.id,
            status: 'processing',
            amountCents: booking.totalCents,
            currency: booking.currency,
            brand: method.brand,
            last4: method.last4,
            gateway: gateway.name,
            idempotencyKey,
            methodId: method.id,
            intentId: req.intentId ?? null,
            attemptedAt: now,
          })
          .returning({ id: payments.id });
      } catch (err) {
        if (isUniqueViolation(err)) throw conflict(PAYMENT_IN_PROGRESS);
        throw err;
      }
    }
    // What the booking holds must still be in force, and stay so until the charge is recorded (by this request or,
    // should it die, by a worker): a lapsed hold is taken again, or the payment is refused (409) before any charge
    // (the claim goes with the transaction). Renewed after the claim, so a second click that waited for the first's
    // lock is refused by the claim's unique index before it renews anything: its read of the claims, taken with the
    // lock's statement, predates the first click's commit.
    await renewBookingHolds(tx, booking.id, Math.max(req.holdMs ?? DEFAULT_HOLD_MS, CLAIM_HOLD_MIN_MS));
    const claim: Claim = { id: claimId, bookingId: booking.id, userId: booking.userId, amountCents: booking.totalCents, currency: booking.currency, method, intentId: req.intentId, idempotencyKey };
    return { claim, serviceTypes };
  });
}

/**
 * Step 3, a short transaction: the booking is locked again and the claim becomes the payment the gateway reported —
 * succeeded (confirmPaid: the booking confirmed, its orders and ledger entries, booking.confirmed) or failed (the
 * booking stays pending and payable, payment.failed). A claim recorded meanwhile by someone else (a worker finishing
 * it, see finishStaleCharges) is answered as it was recorded. A success that can no longer confirm the booking (its
 * units went while a worker was late) is not recorded here: it is refunded first (see settleCharge).
 */
async function recordCharge(
  events: EventBus,
  gateway: PaymentGateway,
  claim: Claim,
  result: ChargeResult,
  serviceTypes: string[] | undefined,
): Promise<Outcome | { refund: string }> {
  return events.transaction(async (tx, emit) => {
    // The booking locked, with the claim beside it (one statement).
    const [locked] = await tx
      .select({ booking: bookings, payment: payments })
      .from(bookings)
      .innerJoin(payments, eq(payments.bookingId, bookings.id))
      .where(and(eq(bookings.id, claim.bookingId), eq(payments.id, claim.id)))
      .for('update', { of: bookings });
    if (!locked) throw new Error(`Payment claim ${claim.id} has gone`);
    const { booking, payment: row } = locked;
    if (row.status !== 'processing') return recordedOutcome(row);
    const card = { brand: result.brand ?? row.brand, last4: result.last4 ?? row.last4 };
    if (!result.ok) {
      await tx.update(payments).set({ status: 'failed', ...card, gatewayRef: result.ref, failureMessage: result.message }).where(eq(payments.id, claim.id));
      await emit('payment.failed', { bookingId: booking.id, userId: booking.userId, paymentId: claim.id, message: result.message });
      if (claim.intentId) await tx.update(paymentIntents).set({ status: 'requires_payment_method', updatedAt: new Date() }).where(eq(paymentIntents.id, claim.intentId));
      return { status: 402, body: { success: false, message: result.message } };
    }
    // The claim held the units for longer than a charge lasts; only a worker finishing a claim late finds them lapsed.
    if (booking.status !== 'pending') return { refund: result.ref };
    if (booking.holdExpiresAt && booking.holdExpiresAt <= new Date()) {
      try {
        await tx.transaction((sp) => renewBookingHolds(sp, booking.id, DEFAULT_HOLD_MS));
      } catch (err) {
        if (err instanceof HttpError && err.statusCode === 409) return { refund: result.ref };
        throw err;
      }
    }
    if (claim.intentId) await tx.update(paymentIntents).set({ status: 'succeeded', updatedAt: new Date() }).where(eq(paymentIntents.id, claim.intentId));
    const charge = { amountCents: claim.amountCents, currency: claim.currency, ...card, gateway: gateway.name, gatewayRef: result.ref };
    const paymentId = await confirmPaid(tx, emit, booking, charge, serviceTypes, claim.id);
    return { status: 200, body: { success: true, paymentId, bookingId: booking.id, status: 'confirmed' } };
  });
}

/** The answer for a claim someone else recorded. */
function recordedOutcome(row: typeof payments.$inferSelect): Outcome {
  if (row.status === 'succeeded') return { status: 200, body: { success: true, paymentId: row.id, bookingId: row.bookingId, status: 'confirmed' } };
  return { status: 402, body: { success: false, message: row.failureMessage ?? 'Your card was declined.' } };
}

const REFUNDED_UNCONFIRMED = 'The booking could not be confirmed before this payment was recorded; the charge was refunded.';

/**
 * Records a charge's result; a success that can no longer confirm the booking is refunded (outside any transaction,
 * with a key derived from the charge's, so repeating it refunds once) and its claim recorded as failed.
 */
async function settleCharge(events: EventBus, gateway: PaymentGateway, claim: Claim, result: ChargeResult, serviceTypes: string[] | undefined): Promise<Outcome> {
  const recorded = await recordCharge(events, gateway, claim, result, serviceTypes);
  if (!('refund' in recorded)) return recorded;
  await gateway.refund({ ref: recorded.refund, amountCents: claim.amountCents, idempotencyKey: `refund:${claim.idempotencyKey}` });
  return recordCharge(events, gateway, claim, { ok: false, code: 'refunded', message: REFUNDED_UNCONFIRMED, ref: recorded.refund, brand: result.brand, last4: result.last4 }, serviceTypes) as Promise<Outcome>;
}

/**
 * Charges a pending booking once, in three steps so that no lock is held while the gateway (Stripe, remote) answers
 * (ADR 035):
 * 1. claim: a short transaction locks the booking, runs the checks, renews its holds and records a 'processing'
 *    payment (claimCharge). Of two simultaneous payments — a double click, on one instance or two — the second finds
 *    that claim and is refused at once (409, PAYMENT_IN_PROGRESS), or finds the booking paid (409): it never reaches
 *    the gateway. A cancellation meanwhile is refused the same way.
 * 2. charge: the gateway is called outside any transaction with the key `charge:<booking>:<Idempotency-Key or a
 *    random one>`; the booking row, its listings' days and holds are free meanwhile.
 * 3. record: a short transaction turns the claim into the succeeded or failed payment (recordCharge).
 * Should the process die between 2 and 3, or the gateway call throw (its outcome unknown), the claim stays
 * 'processing' and a worker finishes it later by repeating the charge with the same key, which the gateway answers
 * with the first result (finishStaleCharges). A retry of the same request is answered from its Idempotency-Key
 * (withIdempotency). A decline is recorded as a failed payment and leaves the booking pending and payable.
 */
export async function payBooking(db: Db, gateway: PaymentGateway, events: EventBus, userId: number, req: PayRequest): Promise<Outcome> {
  const { claim, serviceTypes } = await claimCharge(db, gateway, userId, req);
  const result = await gateway.charge(chargeOf(claim));
  const outcome = await settleCharge(events, gateway, claim, result, serviceTypes);
  if (outcome.status !== 200) return outcome;
  // booking.confirmed has been dispatched by now (the orders module created the deliveries), so they can be listed;
  // a booking none of whose lines is delivered has none (no read needed).
  const deliveries = serviceTypes && !deliversAnything(serviceTypes) ? [] : await deliveriesOf(db, req.bookingId);
  return { status: 200, body: { ...outcome.body, deliveries, ...(deliveries[0] ? { trackingId: deliveries[0].trackingId } : {}) } };
}

/**
 * The workers' pass over orphaned claims: payments still 'processing' STALE_CLAIM_MS after their charge was sent
 * (the process died between charge and record, or the gateway call threw). Each is leased first — its attempted_at
 * moved to now in a short transaction over rows taken FOR UPDATE SKIP LOCKED — so two workers never take the same
 * claim; then its charge is sent again with the same idempotency key (the gateway answers the first charge's result
 * and charges nothing more) and recorded as payBooking records it. Returns how many claims were recorded. A gateway
 * that throws again leaves the claim for a later pass.
 */
export async function finishStaleCharges(
  deps: { db: Db; gateway: PaymentGateway; events: EventBus; log?: { warn(obj: object, msg: string): void } },
  now: Date = new Date(),
  staleMs: number = STALE_CLAIM_MS,
): Promise<number> {
  const { db, gateway, events } = deps;
  const leased = await db.transaction(async (tx) => {
    const rows = await tx
      .select({ payment: payments, userId: bookings.userId })
      .from(payments)
      .innerJoin(bookings, eq(bookings.id, payments.bookingId))
      .where(and(eq(payments.status, 'processing'), lte(payments.attemptedAt, new Date(now.getTime() - staleMs))))
      .orderBy(asc(payments.id))
      .limit(20)
      .for('update', { of: payments, skipLocked: true });
    if (rows.length > 0) await tx.update(payments).set({ attemptedAt: now }).where(inArray(payments.id, rows.map((r) => r.payment.id)));
    return rows;
  });
  let finished = 0;
  for (const { payment: p, userId } of leased) {
    try {
      if (!p.idempotencyKey || !p.methodId) throw new Error(`Payment claim ${p.id} has no idempotency key or method`);
      const [stored] = gateway.name === 'sandbox' ? await db.select().from(paymentMethods).where(eq(paymentMethods.id, p.methodId)) : [];
      const method: MethodRef = { id: p.methodId, brand: p.brand, last4: p.last4, ...(stored ? { outcome: stored.outcome } : {}) };
      const claim: Claim = { id: p.id, bookingId: p.bookingId, userId, amountCents: p.amountCents, currency: p.currency, method, intentId: p.intentId ?? undefined, idempotencyKey: p.idempotencyKey };
      const result = await gateway.charge(chargeOf(claim));
      await settleCharge(events, gateway, claim, result, undefined);
      finished += 1;
    } catch (err) {
      deps.log?.warn({ paymentId: p.id, error: err instanceof Error ? err.message : String(err) }, 'finishing an orphaned payment claim failed');
    }
  }
  return finished;
}

/** Starts the workers' pass over orphaned payment claims (finishStaleCharges) every CLAIM_RECOVERY_CHECK_MS. */
export function registerPayments(ctx: AppContext) {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    finishStaleCharges({ db: ctx.db, gateway: ctx.payments, events: ctx.events, log: ctx.log })
      .catch((err: unknown) => ctx.log.warn({ error: err instanceof Error ? err.message : String(err) }, 'finishing orphaned payment claims failed'))
      .finally(() => {
        running = false;
      });
  }, CLAIM_RECOVERY_CHECK_MS);
  timer.unref();
  ctx.timers.add(timer);
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
 * (already confirmed by process-payment, or cancelled) changes nothing. An event for a booking whose charge is in
 * flight is refused with 409 (Stripe retries it later).
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
    // A charge for the booking is at the gateway (quite possibly this very intent): its claim records the result.
    // The event is refused (nothing is stored, not even its id) and Stripe delivers it again later, when it will
    // find the booking paid, or still payable after a decline.
    if (await chargeInFlight(tx, bookingId)) throw conflict(PAYMENT_IN_PROGRESS);
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
