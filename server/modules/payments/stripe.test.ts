import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { bookings, payments, webhookEvents } from '../../db/schema';
import { startFakeStripe } from '../../platform/payments/fake-stripe';
import { StripeGateway } from '../../platform/payments';
import { createContext } from '../../platform/context';
import { createTestDatabase } from '../../testing/test-db';
import { signUp, type TestApp } from '../../testing/test-app';
import { bookFood, bookHotel } from '../bookings/test-helpers';
import { finishStaleCharges, STALE_CLAIM_MS } from './service';

let t: TestApp;
let fake: Awaited<ReturnType<typeof startFakeStripe>>;
let gateway: StripeGateway;
let alice: Awaited<ReturnType<typeof signUp>>;
const SECRET = 'whsec_test_secret';

beforeAll(async () => {
  fake = await startFakeStripe();
  const { database, drop } = await createTestDatabase({ seeded: true });
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DIST_DIR: '/nonexistent-dist',
    STRIPE_SECRET_KEY: 'sk_test_fake',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_fake',
    STRIPE_WEBHOOK_SECRET: SECRET,
  });
  gateway = new StripeGateway(config.stripe!, { host: '127.0.0.1', port: fake.port, protocol: 'http' });
  const ctx = await createContext(config, database, { payments: gateway });
  const app = await buildApp(ctx);
  await app.ready();
  t = {
    app,
    ctx,
    database,
    config,
    async close() {
      await app.close();
      await drop();
    },
  };
  alice = await signUp(t);
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const post = (url: string, payload: unknown, cookie?: string) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: cookie ? { cookie } : {} });
const cents = (b: { totalAmount: number }) => Math.round(b.totalAmount * 100);
const bookingStatus = async (id: number) => (await t.database.db.select().from(bookings).where(eq(bookings.id, id)))[0].status;
const paymentRows = (id: number) => t.database.db.select().from(payments).where(eq(payments.bookingId, id)).orderBy(asc(payments.id));

let eventSeq = 0;
function event(type: string, pi: Record<string, unknown>, id = `evt_${++eventSeq}_${Date.now()}`) {
  return JSON.stringify({ id, object: 'event', type, data: { object: { object: 'payment_intent', currency: 'usd', ...pi } } });
}
function sendWebhook(payload: string, signature = gateway.client.webhooks.generateTestHeaderString({ payload, secret: SECRET })) {
  return t.app.inject({ method: 'POST', url: '/api/payments/webhook', payload, headers: { 'content-type': 'application/json', 'stripe-signature': signature } });
}

describe('with Stripe configured', () => {
  it('tells the client to use Stripe Elements with the publishable key', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/payments/config' })).json()).toEqual({ gateway: 'stripe', publishableKey: 'pk_test_fake' });
    const card = await post('/api/payments/methods', { number: '4242424242424242', expMonth: 12, expYear: 2040, cvc: '123' }, alice.cookie);
    expect(card.statusCode).toBe(400);
  });

  it('creates a PaymentIntent for the booking total', async () => {
    const b = await bookHotel(t, alice.cookie);
    const res = await post('/api/create-payment-intent', { bookingId: b.id, amount: 1 }, alice.cookie);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({ clientSecret: `${body.paymentIntentId}_secret_fake`, paymentIntentId: expect.stringMatching(/^pi_fake_/), amount: cents(b), publishableKey: 'pk_test_fake', gateway: 'stripe' });
    const call = fake.calls.find((c) => c.path === '/v1/payment_intents' && c.params['metadata[bookingId]'] === String(b.id));
    expect(call?.params.amount).toBe(String(cents(b)));
    expect(call?.idempotencyKey).toMatch(new RegExp(`^intent:${b.id}:`));
  });

  it('asks Stripe for exactly the breakdown’s total: food with its delivery fee, service fee, tax and tip', async () => {
    const { booking } = await bookFood(t, alice.cookie, undefined, { tip: 3.5 });
    const { breakdown } = booking;
    expect(breakdown.tip).toBe(3.5);
    expect([breakdown.deliveryFee, breakdown.serviceFee, breakdown.tax].every((x) => x > 0)).toBe(true);
    expect(cents({ totalAmount: breakdown.total })).toBe(breakdown.lines.reduce((s, l) => s + Math.round(l.amount * 100), 0));
    const res = await post('/api/create-payment-intent', { bookingId: booking.id }, alice.cookie);
    expect(res.json().amount).toBe(cents({ totalAmount: breakdown.total }));
    const call = fake.calls.find((c) => c.path === '/v1/payment_intents' && c.params['metadata[bookingId]'] === String(booking.id));
    expect(call?.params.amount).toBe(String(cents({ totalAmount: breakdown.total })));
  });

  it('charges through Stripe, declines with Stripe’s message and refunds on cancel', async () => {
    const b = await bookHotel(t, alice.cookie, 2);
    const declined = await post('/api/process-payment', { bookingId: b.id, amount: cents(b), currency: 'usd', paymentMethodId: 'pm_card_chargeDeclined' }, alice.cookie);
    expect(declined.statusCode).toBe(402);
    expect(declined.json()).toEqual({ success: false, message: 'Your card was declined.' });
    const ok = await post('/api/process-payment', { bookingId: b.id, amount: cents(b), currency: 'usd', paymentMethodId: 'pm_card_visa' }, alice.cookie);
    expect(ok.statusCode).toBe(200);
    expect(await bookingStatus(b.id)).toBe('confirmed');
    const charge = (await paymentRows(b.id)).find((p) => p.status === 'succeeded');
    expect(charge).toMatchObject({ gateway: 'stripe', brand: 'visa', last4: '4242', amountCents: cents(b) });

    const cancel = await post(`/api/bookings/${b.id}/cancel`, {}, alice.cookie);
    expect(cancel.json()).toEqual({ id: b.id, status: 'cancelled', refund: { amount: b.totalAmount } });
    expect(fake.calls.at(-1)).toMatchObject({ path: '/v1/refunds', idempotencyKey: `refund:booking:${b.id}`, params: { payment_intent: charge?.gatewayRef, amount: String(cents(b)) } });
    expect((await paymentRows(b.id)).map((p) => p.status)).toEqual(['failed', 'succeeded', 'refunded']);
  });
});

describe('POST /api/payments/webhook', () => {
  it('confirms the booking on payment_intent.succeeded and ignores a duplicate delivery', async () => {
    const { booking } = await bookFood(t, alice.cookie);
    const intent = (await post('/api/create-payment-intent', { bookingId: booking.id }, alice.cookie)).json();
    const payload = event('payment_intent.succeeded', {
      id: intent.paymentIntentId,
      amount: cents(booking),
      status: 'succeeded',
      metadata: { bookingId: String(booking.id) },
      payment_method: { id: 'pm_card_visa', object: 'payment_method', card: { brand: 'visa', last4: '4242' } },
    });
    const first = await sendWebhook(payload);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ received: true, duplicate: false, applied: true });
    const view = (await t.app.inject({ method: 'GET', url: `/api/bookings/${booking.id}`, headers: { cookie: alice.cookie } })).json();
    expect(view.status).toBe('confirmed');
    expect(view.trackingId).toMatch(/^trk_/);
    expect(view.payments).toMatchObject([{ status: 'succeeded', amount: booking.totalAmount, brand: 'visa', last4: '4242' }]);

    const again = await sendWebhook(payload);
    expect(again.json()).toEqual({ received: true, duplicate: true, applied: false });
    expect(await paymentRows(booking.id)).toHaveLength(1);
    const id = JSON.parse(payload).id as string;
    expect(await t.database.db.select().from(webhookEvents).where(eq(webhookEvents.id, id))).toHaveLength(1);
  });

  it('refuses a bad, missing or stale signature with 400 and records nothing', async () => {
    const b = await bookHotel(t, alice.cookie);
    const payload = event('payment_intent.succeeded', { id: 'pi_x', amount: cents(b), status: 'succeeded', metadata: { bookingId: String(b.id) } });
    const forged = gateway.client.webhooks.generateTestHeaderString({ payload, secret: 'whsec_wrong' });
    const bad = await sendWebhook(payload, forged);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Invalid Stripe signature');
    const stale = gateway.client.webhooks.generateTestHeaderString({ payload, secret: SECRET, timestamp: Math.floor(Date.now() / 1000) - 400 });
    expect((await sendWebhook(payload, stale)).statusCode).toBe(400);
    const missing = await t.app.inject({ method: 'POST', url: '/api/payments/webhook', payload, headers: { 'content-type': 'application/json' } });
    expect(missing.statusCode).toBe(400);
    expect(await bookingStatus(b.id)).toBe('pending');
    expect(await t.database.db.select().from(webhookEvents).where(eq(webhookEvents.id, JSON.parse(payload).id))).toHaveLength(0);
  });

  it('tolerates events out of order: late success after cancel or after confirmation changes nothing', async () => {
    const cancelled = await bookHotel(t, alice.cookie);
    await post(`/api/bookings/${cancelled.id}/cancel`, {}, alice.cookie);
    const late = await sendWebhook(event('payment_intent.succeeded', { id: 'pi_late', amount: cents(cancelled), status: 'succeeded', metadata: { bookingId: String(cancelled.id) } }));
    expect(late.json()).toEqual({ received: true, duplicate: false, applied: false });
    expect(await bookingStatus(cancelled.id)).toBe('cancelled');
    expect(await paymentRows(cancelled.id)).toHaveLength(0);

    const paid = await bookHotel(t, alice.cookie);
    expect((await post('/api/process-payment', { bookingId: paid.id, amount: cents(paid), paymentMethodId: 'pm_card_visa' }, alice.cookie)).statusCode).toBe(200);
    const [charge] = await paymentRows(paid.id);
    for (const type of ['payment_intent.succeeded', 'payment_intent.payment_failed']) {
      const res = await sendWebhook(event(type, { id: charge.gatewayRef, amount: cents(paid), status: 'succeeded', metadata: { bookingId: String(paid.id) } }));
      expect(res.json().applied).toBe(false);
    }
    expect(await bookingStatus(paid.id)).toBe('confirmed');
    expect(await paymentRows(paid.id)).toHaveLength(1);
  });

  it('records a failed payment and keeps the booking payable', async () => {
    const b = await bookHotel(t, alice.cookie);
    const res = await sendWebhook(
      event('payment_intent.payment_failed', {
        id: 'pi_failed_1',
        amount: cents(b),
        status: 'requires_payment_method',
        metadata: { bookingId: String(b.id) },
        last_payment_error: { message: 'Your card was declined.' },
      }),
    );
    expect(res.json().applied).toBe(true);
    expect(await bookingStatus(b.id)).toBe('pending');
    expect((await paymentRows(b.id)).map((p) => [p.status, p.failureMessage])).toEqual([['failed', 'Your card was declined.']]);
  });
});

describe('a Stripe charge in flight (ADR 035)', () => {
  it('defers a webhook for the booking until the charge is recorded', async () => {
    const b = await bookHotel(t, alice.cookie);
    const original = gateway.charge.bind(gateway);
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let reached!: () => void;
    const atGateway = new Promise<void>((r) => (reached = r));
    const spy = vi.spyOn(gateway, 'charge').mockImplementationOnce(async (req) => {
      const result = await original(req);
      reached();
      await gate;
      return result;
    });
    try {
      const paying = post('/api/process-payment', { bookingId: b.id, amount: cents(b), currency: 'usd', paymentMethodId: 'pm_card_visa' }, alice.cookie);
      await atGateway;
      // Stripe has charged and tells us so before process-payment has recorded it: refused, nothing stored, so that
      // Stripe delivers it again.
      const pi = [...fake.intents.values()].find((i) => i.metadata.bookingId === String(b.id));
      const payload = event('payment_intent.succeeded', { id: pi?.id, amount: cents(b), status: 'succeeded', metadata: { bookingId: String(b.id) } });
      const early = await sendWebhook(payload);
      expect([early.statusCode, early.json().message]).toEqual([409, 'A payment for this booking is already in progress']);
      expect(await t.database.db.select().from(webhookEvents).where(eq(webhookEvents.id, JSON.parse(payload).id))).toHaveLength(0);
      release();
      expect((await paying).statusCode).toBe(200);
      // Delivered again: the booking is paid, nothing changes.
      expect((await sendWebhook(payload)).json()).toEqual({ received: true, duplicate: false, applied: false });
      expect((await paymentRows(b.id)).map((p) => [p.status, p.gatewayRef])).toEqual([['succeeded', pi?.id]]);
    } finally {
      release();
      spy.mockRestore();
    }
  });

  it('finishes a claim whose process died after Stripe charged: the same key, the same PaymentIntent, one charge', async () => {
    const b = await bookHotel(t, alice.cookie);
    const key = `charge:${b.id}:died`;
    const request = { amountCents: cents(b), currency: 'usd', method: { id: 'pm_card_visa', brand: null, last4: null }, idempotencyKey: key, metadata: { bookingId: String(b.id), userId: String(alice.id) } };
    const charged = await gateway.charge(request);
    expect(charged.ok).toBe(true);
    await t.database.db.insert(payments).values({
      bookingId: b.id,
      status: 'processing',
      amountCents: cents(b),
      gateway: 'stripe',
      idempotencyKey: key,
      methodId: 'pm_card_visa',
      attemptedAt: new Date(Date.now() - STALE_CLAIM_MS - 1000),
    });
    // The first finishing pass (this one, or the app's own worker pass) records it; the next has nothing to do.
    await finishStaleCharges({ db: t.database.db, gateway, events: t.ctx.events });
    expect(await finishStaleCharges({ db: t.database.db, gateway, events: t.ctx.events }, new Date(Date.now() + 10 * STALE_CLAIM_MS))).toBe(0);
    const sent = fake.calls.filter((c) => c.idempotencyKey === key);
    expect(sent).toHaveLength(2);
    expect([...fake.intents.values()].filter((i) => i.metadata.bookingId === String(b.id)).map((i) => i.id)).toEqual([charged.ref]);
    expect((await paymentRows(b.id)).map((p) => [p.status, p.gatewayRef, p.brand, p.last4])).toEqual([['succeeded', charged.ref, 'visa', '4242']]);
    expect(await bookingStatus(b.id)).toBe('confirmed');
  });
});
