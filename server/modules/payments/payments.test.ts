import { and, eq, gte, lt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { availabilityDays, availabilityHolds, bookings, idempotencyKeys, paymentMethods, payments } from '../../db/schema';
import { createTestApp, signUp, type TestApp } from '../../testing/test-app';
import { bookHotel, cardToken, pay } from '../bookings/test-helpers';
import { finishStaleCharges, STALE_CLAIM_MS } from './service';

let t: TestApp;
let alice: Awaited<ReturnType<typeof signUp>>;
let bob: Awaited<ReturnType<typeof signUp>>;

beforeAll(async () => {
  t = await createTestApp();
  alice = await signUp(t);
  bob = await signUp(t);
});
afterAll(async () => t?.close());

const post = (url: string, payload: unknown, cookie?: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: { ...(cookie ? { cookie } : {}), ...headers } });
const nextYear = new Date().getUTCFullYear() + 1;
const cents = (b: { totalAmount: number }) => Math.round(b.totalAmount * 100);
/** Holds the next charge at the gateway until released; `reached` resolves when a payment is waiting there. */
function holdCharges() {
  const gateway = t.ctx.payments;
  const original = gateway.charge.bind(gateway);
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  let reached!: () => void;
  const reachedP = new Promise<void>((r) => (reached = r));
  const spy = vi.spyOn(gateway, 'charge').mockImplementationOnce(async (req) => {
    reached();
    await gate;
    return original(req);
  });
  return {
    reached: reachedP,
    release: () => {
      spy.mockRestore();
      release();
    },
  };
}
const paymentRows = (bookingId: number) => t.database.db.select().from(payments).where(eq(payments.bookingId, bookingId));

describe('GET /api/payments/config', () => {
  it('tells the client the sandbox is in use', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/payments/config' });
    expect(res.json()).toEqual({ gateway: 'sandbox', publishableKey: null });
  });
});

describe('POST /api/payments/methods', () => {
  it('needs a signed-in user', async () => {
    expect((await post('/api/payments/methods', { number: '4242424242424242', expMonth: 12, expYear: nextYear, cvc: '123' })).statusCode).toBe(401);
  });

  it('returns a token with brand and last4 and never stores or echoes the number', async () => {
    const res = await post('/api/payments/methods', { number: '4242 4242 4242 4242', expMonth: 12, expYear: nextYear, cvc: '123' }, alice.cookie);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({ id: expect.stringMatching(/^pm_sandbox_/), brand: 'visa', last4: '4242' });
    expect(res.body).not.toContain('424242424242');
    const [row] = await t.database.db.select().from(paymentMethods).where(eq(paymentMethods.id, body.id));
    expect(row).toMatchObject({ userId: alice.id, brand: 'visa', last4: '4242', outcome: 'succeed' });
    expect(JSON.stringify(row)).not.toContain('424242424242');
  });

  it('answers 400 with the field at fault', async () => {
    const bad = async (card: object) => (await post('/api/payments/methods', { number: '4242424242424242', expMonth: 12, expYear: nextYear, cvc: '123', ...card }, alice.cookie)).json();
    expect((await bad({ number: '4242424242424241' })).errors).toEqual({ number: 'Your card number is invalid.' });
    expect((await bad({ expMonth: 13 })).errors).toEqual({ expMonth: 'Your card’s expiration month is invalid.' });
    expect((await bad({ expMonth: 1, expYear: 2020 })).errors).toEqual({ expYear: 'Your card’s expiration date is in the past.' });
    expect((await bad({ cvc: '12' })).errors).toEqual({ cvc: 'Your card’s security code is invalid.' });
    expect((await bad({ number: '378282246310005', cvc: '123' })).errors).toEqual({ cvc: 'Your card’s security code is invalid.' });
    const res = await post('/api/payments/methods', { number: '1234', expMonth: 12, expYear: nextYear, cvc: '123' }, alice.cookie);
    expect(res.statusCode).toBe(400);
    expect(res.body).not.toContain('1234');
  });
});

describe('POST /api/process-payment', () => {
  it('charges the booking, confirms it and lists the payment', async () => {
    const b = await bookHotel(t, alice.cookie);
    const res = await pay(t, alice.cookie, b);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, paymentId: expect.any(Number), bookingId: b.id, status: 'confirmed', deliveries: [] });
    const view = (await t.app.inject({ method: 'GET', url: `/api/bookings/${b.id}`, headers: { cookie: alice.cookie } })).json();
    expect(view.status).toBe('confirmed');
    expect(view.payments).toEqual([{ id: res.json().paymentId, status: 'succeeded', amount: b.totalAmount, brand: 'visa', last4: '4242', createdAt: expect.any(String) }]);
  });

  it.each([
    ['4000000000000002', 'Your card was declined.'],
    ['4000000000009995', 'Your card has insufficient funds.'],
    ['4000000000000069', 'Your card has expired.'],
  ])('declines %s with 402 and leaves the booking payable', async (number, message) => {
    const b = await bookHotel(t, alice.cookie);
    const res = await pay(t, alice.cookie, b, number);
    expect(res.statusCode).toBe(402);
    expect(res.json()).toEqual({ success: false, message });
    const rows = await paymentRows(b.id);
    expect(rows.map((r) => [r.status, r.failureMessage])).toEqual([['failed', message]]);
    const [row] = await t.database.db.select().from(bookings).where(eq(bookings.id, b.id));
    expect(row.status).toBe('pending');
    expect((await pay(t, alice.cookie, b)).statusCode).toBe(200);
  });

  it('refuses a wrong amount, a second payment and other people', async () => {
    const b = await bookHotel(t, alice.cookie);
    const pm = await cardToken(t, alice.cookie);
    const wrong = await post('/api/process-payment', { bookingId: b.id, amount: cents(b) - 1, currency: 'usd', paymentMethodId: pm }, alice.cookie);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual({ amount: 'The amount does not match the booking total' });

    const bobPm = await cardToken(t, bob.cookie);
    expect((await post('/api/process-payment', { bookingId: b.id, amount: cents(b), paymentMethodId: bobPm }, bob.cookie)).statusCode).toBe(404);
    expect((await post('/api/process-payment', { bookingId: b.id, amount: cents(b), paymentMethodId: pm })).statusCode).toBe(401);
    // Bob's card token is not Alice's to use.
    const stolen = await post('/api/process-payment', { bookingId: b.id, amount: cents(b), paymentMethodId: bobPm }, alice.cookie);
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().errors).toEqual({ paymentMethodId: 'Unknown payment method' });

    expect((await post('/api/process-payment', { bookingId: b.id, amount: cents(b), currency: 'usd', paymentMethodId: pm }, alice.cookie)).statusCode).toBe(200);
    const again = await post('/api/process-payment', { bookingId: b.id, amount: cents(b), currency: 'usd', paymentMethodId: pm }, alice.cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This booking is already paid');
    expect((await paymentRows(b.id)).filter((p) => p.status === 'succeeded')).toHaveLength(1);
  });

  it('replays the first result for the same Idempotency-Key and charges once', async () => {
    const b = await bookHotel(t, alice.cookie);
    const pm = await cardToken(t, alice.cookie);
    const send = (key: string, cookie = alice.cookie) =>
      post('/api/process-payment', { bookingId: b.id, amount: cents(b), currency: 'usd', paymentMethodId: pm }, cookie, { 'idempotency-key': key });
    const first = await send('key-1');
    const second = await send('key-1');
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect((await paymentRows(b.id)).filter((p) => p.status === 'succeeded')).toHaveLength(1);
    // A new key is a new attempt: the booking is already paid.
    expect((await send('key-2')).statusCode).toBe(409);
    // Keys are per user: Bob's identical key is not Alice's result.
    expect((await send('key-1', bob.cookie)).statusCode).toBe(404);
  });

  it('refuses an Idempotency-Key reused with different parameters instead of replaying another request', async () => {
    const paid = await bookHotel(t, alice.cookie);
    const unpaid = await bookHotel(t, alice.cookie);
    const pm = await cardToken(t, alice.cookie);
    const send = (b: { id: number; totalAmount: number }) =>
      post('/api/process-payment', { bookingId: b.id, amount: cents(b), currency: 'usd', paymentMethodId: pm }, alice.cookie, { 'idempotency-key': 'reused-1' });
    expect((await send(paid)).statusCode).toBe(200);
    const reused = await send(unpaid);
    expect(reused.statusCode).toBe(400);
    expect(reused.json().message).toBe('This Idempotency-Key was already used with different request parameters');
    expect(reused.headers['idempotent-replayed']).toBeUndefined();
    // Nothing claims the second booking was paid.
    expect((await t.app.inject({ method: 'GET', url: `/api/bookings/${unpaid.id}`, headers: { cookie: alice.cookie } })).json().status).toBe('pending');
    expect(await paymentRows(unpaid.id)).toHaveLength(0);
  });

  it('replays a decline too, without charging again', async () => {
    const b = await bookHotel(t, alice.cookie);
    const pm = await cardToken(t, alice.cookie, '4000000000000002');
    const send = () => post('/api/process-payment', { bookingId: b.id, amount: cents(b), paymentMethodId: pm }, alice.cookie, { 'idempotency-key': 'decline-1' });
    const first = await send();
    const second = await send();
    expect([first.statusCode, second.statusCode]).toEqual([402, 402]);
    expect(second.json()).toEqual(first.json());
    expect(await paymentRows(b.id)).toHaveLength(1);
  });

  it('refuses a key whose first request is still running, and takes over an abandoned one', async () => {
    const b = await bookHotel(t, alice.cookie);
    const pm = await cardToken(t, alice.cookie);
    const send = (key: string) =>
      post('/api/process-payment', { bookingId: b.id, amount: cents(b), paymentMethodId: pm }, alice.cookie, { 'idempotency-key': key });
    await t.database.db.insert(idempotencyKeys).values({ key: `${alice.id}:process-payment:busy`, userId: alice.id, route: 'process-payment', statusCode: 0, body: {} });
    const busy = await send('busy');
    expect(busy.statusCode).toBe(409);
    expect(busy.json().message).toBe('A request with this Idempotency-Key is still being processed');
    await t.database.db.insert(idempotencyKeys).values({
      key: `${alice.id}:process-payment:dead`,
      userId: alice.id,
      route: 'process-payment',
      statusCode: 0,
      body: {},
      createdAt: new Date(Date.now() - 10 * 60_000),
    });
    expect((await send('dead')).statusCode).toBe(200);
    expect((await send('dead')).headers['idempotent-replayed']).toBe('true');
  });

  it('never charges twice when two payments race for one booking', async () => {
    // Several rounds, so that on PostgreSQL (a real pool) an unprotected check-then-charge would be caught.
    for (let round = 0; round < 5; round += 1) {
      const b = await bookHotel(t, alice.cookie);
      const [pm1, pm2] = [await cardToken(t, alice.cookie), await cardToken(t, alice.cookie)];
      const send = (pm: string, key: string) =>
        post('/api/process-payment', { bookingId: b.id, amount: cents(b), currency: 'usd', paymentMethodId: pm }, alice.cookie, { 'idempotency-key': key });
      const results = await Promise.all([send(pm1, `race-${round}-a`), send(pm2, `race-${round}-b`)]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      const rows = await paymentRows(b.id);
      expect(rows.filter((p) => p.status === 'succeeded')).toHaveLength(1);
      expect(rows).toHaveLength(1);
    }
  });

  it('answers a double click’s second payment at once while the first is at the gateway: in progress, unknown card, someone else’s booking', async () => {
    const pm = await cardToken(t, alice.cookie);
    const bobPm = await cardToken(t, bob.cookie);
    const cases = [
      { second: { cookie: alice.cookie, pm }, status: 409, body: { message: 'A payment for this booking is already in progress' } },
      { second: { cookie: alice.cookie, pm: 'pm_sandbox_unknown' }, status: 400, body: { message: 'Unknown payment method', errors: { paymentMethodId: 'Unknown payment method' } } },
      { second: { cookie: bob.cookie, pm: bobPm }, status: 404, body: { message: 'Booking not found' } },
    ];
    for (const [i, c] of cases.entries()) {
      const b = await bookHotel(t, alice.cookie);
      const send = (cookie: string, paymentMethodId: string, key: string) =>
        post('/api/process-payment', { bookingId: b.id, amount: cents(b), currency: 'usd', paymentMethodId }, cookie, { 'idempotency-key': key });
      // The order is made certain: the first payment is held at the gateway, its claim recorded; the second is
      // answered while it is still there (nothing waits for it: no lock is held during the charge).
      const held = holdCharges();
      const firstSent = send(alice.cookie, pm, `click-${i}-1`);
      await held.reached;
      const second = await send(c.second.cookie, c.second.pm, `click-${i}-2`);
      expect([second.statusCode, second.json()]).toEqual([c.status, c.body]);
      held.release();
      expect((await firstSent).statusCode).toBe(200);
      expect((await paymentRows(b.id)).map((p) => p.status)).toEqual(['succeeded']);
      // The refusal is stored for its key like any other answer.
      const replay = await send(c.second.cookie, c.second.pm, `click-${i}-2`);
      expect([replay.statusCode, replay.headers['idempotent-replayed']]).toEqual([c.status, 'true']);
      // Once the first is recorded, a new attempt finds the booking paid.
      const later = await send(alice.cookie, pm, `click-${i}-3`);
      expect([later.statusCode, later.json().message]).toEqual([409, 'This booking is already paid']);
    }
  });

  it('holds no lock while the charge is at the gateway: the booking and its days can be taken, a cancellation is refused at once', async () => {
    const b = await bookHotel(t, bob.cookie);
    const pm = await cardToken(t, bob.cookie);
    const [hold] = await t.database.db.select().from(availabilityHolds).where(eq(availabilityHolds.bookingId, b.id));
    const held = holdCharges();
    const paying = post('/api/process-payment', { bookingId: b.id, amount: cents(b), currency: 'usd', paymentMethodId: pm }, bob.cookie, { 'idempotency-key': 'in-flight-1' });
    await held.reached;
    // Another transaction locks the booking's row and the hotel's days it holds, without waiting (NOWAIT fails at
    // once on a row someone holds), and writes to them. On PGlite's single connection it could not even begin while
    // the payment's transaction were open.
    const days = and(eq(availabilityDays.kind, hold.kind), eq(availabilityDays.listingId, hold.listingId), gte(availabilityDays.day, hold.startDay), lt(availabilityDays.day, hold.endDay));
    await t.database.db.transaction(async (tx) => {
      expect(await tx.select({ id: bookings.id }).from(bookings).where(eq(bookings.id, b.id)).for('update', { noWait: true })).toEqual([{ id: b.id }]);
      expect((await tx.select().from(availabilityDays).where(days).for('update', { noWait: true })).length).toBeGreaterThan(0);
      await tx.update(availabilityDays).set({ capacity: sql`${availabilityDays.capacity} + 1` }).where(days);
      await tx.update(availabilityDays).set({ capacity: sql`${availabilityDays.capacity} - 1` }).where(days);
    });
    const cancel = await post(`/api/bookings/${b.id}/cancel`, {}, bob.cookie);
    expect([cancel.statusCode, cancel.json().message]).toEqual([409, 'A payment for this booking is already in progress']);
    // The claim is not a payment yet: the booking shows none, and is still pending.
    const view = (await t.app.inject({ method: 'GET', url: `/api/bookings/${b.id}`, headers: { cookie: bob.cookie } })).json();
    expect([view.status, view.payments]).toEqual(['pending', []]);
    held.release();
    const paid = await paying;
    expect(paid.statusCode).toBe(200);
    expect((await paymentRows(b.id)).map((p) => [p.id, p.status])).toEqual([[paid.json().paymentId, 'succeeded']]);
  });
});

describe('a charge whose process died before recording it', () => {
  const deps = () => ({ db: t.database.db, gateway: t.ctx.payments, events: t.ctx.events });
  // A customer of its own: bookings are rate-limited per customer.
  let carol: Awaited<ReturnType<typeof signUp>>;
  beforeAll(async () => {
    carol = await signUp(t);
  });

  it('is finished once by the workers, repeating the charge with its own key: no second charge', async () => {
    const b = await bookHotel(t, carol.cookie);
    const pm = await cardToken(t, carol.cookie);
    const [method] = await t.database.db.select().from(paymentMethods).where(eq(paymentMethods.id, pm));
    const key = `charge:${b.id}:died`;
    // The process claimed the payment and charged the card, then died: the gateway has the charge, the database the claim.
    const charged = await t.ctx.payments.charge({
      amountCents: cents(b),
      currency: 'usd',
      method: { id: pm, brand: method.brand, last4: method.last4, outcome: method.outcome },
      idempotencyKey: key,
      metadata: { bookingId: String(b.id), userId: String(carol.id) },
    });
    // Every charge from here on is counted (the app's own worker pass may be the one that finishes the claim).
    const charge = vi.spyOn(t.ctx.payments, 'charge');
    const sentAt = new Date(Date.now() - STALE_CLAIM_MS - 1000);
    const [claim] = await t.database.db
      .insert(payments)
      .values({ bookingId: b.id, status: 'processing', amountCents: cents(b), brand: 'visa', last4: '4242', idempotencyKey: key, methodId: pm, attemptedAt: sentAt })
      .returning();
    // Until it is finished the booking is neither payable again, nor cancellable, nor expired.
    const again = await post('/api/process-payment', { bookingId: b.id, amount: cents(b), currency: 'usd', paymentMethodId: pm }, carol.cookie);
    expect([again.statusCode, again.json().message]).toEqual([409, 'A payment for this booking is already in progress']);
    expect((await post(`/api/bookings/${b.id}/cancel`, {}, carol.cookie)).statusCode).toBe(409);
    try {
      // Not before it is stale.
      expect(await finishStaleCharges(deps(), new Date(sentAt.getTime() + STALE_CLAIM_MS - 1000))).toBe(0);
      expect(charge).not.toHaveBeenCalled();
      // Two workers at once: one takes the claim, the other finds nothing to do; the gateway is asked once, with
      // the claim's key.
      const finished = await Promise.all([finishStaleCharges(deps()), finishStaleCharges(deps())]);
      expect(finished.reduce((n, x) => n + x, 0)).toBeLessThanOrEqual(1);
      expect(charge.mock.calls.map(([req]) => req.idempotencyKey)).toEqual([key]);
      expect(await finishStaleCharges(deps(), new Date(Date.now() + 10 * STALE_CLAIM_MS))).toBe(0);
    } finally {
      charge.mockRestore();
    }
    // The gateway answered the first charge again: the claim became that payment, and the booking is paid.
    expect((await paymentRows(b.id)).map((p) => [p.id, p.status, p.gatewayRef])).toEqual([[claim.id, 'succeeded', charged.ok ? charged.ref : null]]);
    const view = (await t.app.inject({ method: 'GET', url: `/api/bookings/${b.id}`, headers: { cookie: carol.cookie } })).json();
    expect(view.status).toBe('confirmed');
    expect(view.payments).toEqual([{ id: claim.id, status: 'succeeded', amount: b.totalAmount, brand: 'visa', last4: '4242', createdAt: expect.any(String) }]);
  });

  it('records a declined charge as failed and leaves the booking payable', async () => {
    const b = await bookHotel(t, carol.cookie);
    const declining = await cardToken(t, carol.cookie, '4000000000000002');
    await t.database.db.insert(payments).values({
      bookingId: b.id,
      status: 'processing',
      amountCents: cents(b),
      brand: 'visa',
      last4: '0002',
      idempotencyKey: `charge:${b.id}:died-declined`,
      methodId: declining,
      attemptedAt: new Date(Date.now() - STALE_CLAIM_MS - 1000),
    });
    expect(await finishStaleCharges(deps())).toBe(1);
    expect((await paymentRows(b.id)).map((p) => [p.status, p.failureMessage])).toEqual([['failed', 'Your card was declined.']]);
    expect((await pay(t, carol.cookie, b)).statusCode).toBe(200);
  });
});

describe('payment intents (sandbox)', () => {
  it('creates an intent for the booking total and confirms it with a card token', async () => {
    const b = await bookHotel(t, alice.cookie, 4);
    const res = await post('/api/create-payment-intent', { bookingId: b.id, amount: 1, serviceName: 'Hotel', serviceType: 'hotels', serviceId: 1 }, alice.cookie);
    expect(res.statusCode).toBe(200);
    const intent = res.json();
    expect(intent).toEqual({
      clientSecret: expect.stringContaining(`${intent.paymentIntentId}_secret_`),
      paymentIntentId: expect.stringMatching(/^pi_sandbox_/),
      amount: cents(b),
      publishableKey: null,
      gateway: 'sandbox',
    });
    // Reopening the dialog reuses the open intent.
    expect((await post('/api/create-payment-intent', { bookingId: b.id }, alice.cookie)).json().paymentIntentId).toBe(intent.paymentIntentId);
    expect((await post('/api/create-payment-intent', { bookingId: b.id }, bob.cookie)).statusCode).toBe(404);

    const declinedPm = await cardToken(t, alice.cookie, '4000000000009995');
    const declined = await post('/api/payments/confirm', { paymentIntentId: intent.paymentIntentId, paymentMethodId: declinedPm }, alice.cookie);
    expect(declined.statusCode).toBe(402);
    expect(declined.json()).toEqual({ success: false, message: 'Your card has insufficient funds.' });

    const bobPm = await cardToken(t, bob.cookie);
    expect((await post('/api/payments/confirm', { paymentIntentId: intent.paymentIntentId, paymentMethodId: bobPm }, bob.cookie)).statusCode).toBe(404);

    const pm = await cardToken(t, alice.cookie);
    const ok = await post('/api/payments/confirm', { paymentIntentId: intent.paymentIntentId, paymentMethodId: pm }, alice.cookie);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ success: true, bookingId: b.id, status: 'confirmed' });
    expect((await post('/api/payments/confirm', { paymentIntentId: intent.paymentIntentId, paymentMethodId: pm }, alice.cookie)).statusCode).toBe(409);
    expect((await post('/api/create-payment-intent', { bookingId: b.id }, alice.cookie)).statusCode).toBe(409);
  });

  it('answers 404 for an unknown intent and 404 for the webhook without Stripe', async () => {
    const pm = await cardToken(t, alice.cookie);
    expect((await post('/api/payments/confirm', { paymentIntentId: 'pi_nope', paymentMethodId: pm }, alice.cookie)).statusCode).toBe(404);
    expect((await post('/api/payments/webhook', {}, undefined, { 'stripe-signature': 't=1,v1=x' })).statusCode).toBe(404);
  });
});
