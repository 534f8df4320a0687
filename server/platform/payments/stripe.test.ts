import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeStripe } from './fake-stripe';
import { StripeGateway } from './stripe';

let fake: Awaited<ReturnType<typeof startFakeStripe>>;
let gateway: StripeGateway;

beforeAll(async () => {
  fake = await startFakeStripe();
  gateway = new StripeGateway({ secretKey: 'sk_test_fake', publishableKey: 'pk_test_fake', webhookSecret: 'whsec_test' }, { host: '127.0.0.1', port: fake.port, protocol: 'http' });
});
afterAll(async () => fake?.close());

const method = (id: string) => ({ id, brand: null, last4: null });

describe('StripeGateway (against a local fake of the Stripe API)', () => {
  it('creates a PaymentIntent with an idempotency key and returns its client secret', async () => {
    const intent = await gateway.createIntent({ amountCents: 12_345, currency: 'usd', idempotencyKey: 'intent:1:abc', metadata: { bookingId: '1' } });
    expect(intent).toEqual({ id: expect.stringMatching(/^pi_fake_/), clientSecret: `${intent.id}_secret_fake`, status: 'requires_payment_method' });
    const call = fake.calls.at(-1);
    expect(call).toMatchObject({ method: 'POST', path: '/v1/payment_intents', idempotencyKey: 'intent:1:abc' });
    expect(call?.params).toMatchObject({ amount: '12345', currency: 'usd', 'metadata[bookingId]': '1' });
    expect(gateway.publishableKey).toBe('pk_test_fake');
  });

  it('charges with a confirmed PaymentIntent and reads the card', async () => {
    const r = await gateway.charge({ amountCents: 5_000, currency: 'usd', method: method('pm_card_visa'), idempotencyKey: 'charge:9:k', metadata: { bookingId: '9' } });
    expect(r).toEqual({ ok: true, ref: expect.stringMatching(/^pi_fake_/), brand: 'visa', last4: '4242' });
    expect(fake.calls.at(-1)).toMatchObject({ idempotencyKey: 'charge:9:k', params: { confirm: 'true', payment_method: 'pm_card_visa', amount: '5000' } });
  });

  it('turns a card error into a decline result with Stripe’s message', async () => {
    const r = await gateway.charge({ amountCents: 5_000, currency: 'usd', method: method('pm_card_chargeDeclinedInsufficientFunds'), idempotencyKey: 'charge:9:d', metadata: {} });
    expect(r).toMatchObject({ ok: false, code: 'insufficient_funds', message: 'Your card has insufficient funds.', brand: 'visa', last4: '9995' });
  });

  it('confirms an existing intent, and treats one already paid in the browser as paid', async () => {
    const intent = await gateway.createIntent({ amountCents: 700, currency: 'usd', idempotencyKey: 'i2', metadata: {} });
    const r = await gateway.charge({ amountCents: 700, currency: 'usd', method: method('pm_card_visa'), intentId: intent.id, idempotencyKey: 'c2', metadata: {} });
    expect(r).toMatchObject({ ok: true, ref: intent.id });
    const before = fake.calls.length;
    const again = await gateway.charge({ amountCents: 700, currency: 'usd', method: method('pm_card_visa'), intentId: intent.id, idempotencyKey: 'c3', metadata: {} });
    expect(again).toMatchObject({ ok: true, ref: intent.id });
    expect(fake.calls.slice(before).map((c) => c.method)).toEqual(['GET']);
  });

  it('refunds a PaymentIntent with an idempotency key', async () => {
    const r = await gateway.refund({ ref: 'pi_fake_1', amountCents: 5_000, idempotencyKey: 'refund:booking:9' });
    expect(r.ref).toMatch(/^re_fake_/);
    expect(fake.calls.at(-1)).toMatchObject({ path: '/v1/refunds', idempotencyKey: 'refund:booking:9', params: { payment_intent: 'pi_fake_1', amount: '5000' } });
  });

  it('transfers to a connected account with an idempotency key, and a repeated key transfers once', async () => {
    const req = { amountCents: 4_321, currency: 'usd', destination: 'acct_1Provider', idempotencyKey: 'payout:7', metadata: { payoutId: '7' } };
    const r = await gateway.transfer(req);
    expect(r).toEqual({ ok: true, ref: expect.stringMatching(/^tr_fake_/) });
    expect(fake.calls.at(-1)).toMatchObject({
      method: 'POST',
      path: '/v1/transfers',
      idempotencyKey: 'payout:7',
      params: { amount: '4321', currency: 'usd', destination: 'acct_1Provider', 'metadata[payoutId]': '7' },
    });
    const again = await gateway.transfer(req);
    expect(again).toEqual(r);
    expect([...fake.transfers.values()].filter((t) => t.destination === 'acct_1Provider')).toHaveLength(1);
  });

  it('turns a refused transfer into a result with Stripe’s message, and moves nothing', async () => {
    const before = fake.transfers.size;
    const r = await gateway.transfer({ amountCents: 100, currency: 'usd', destination: 'acct_fail_closed', idempotencyKey: 'payout:8', metadata: {} });
    expect(r).toEqual({ ok: false, code: 'account_invalid', message: 'The destination account cannot receive transfers' });
    expect(fake.transfers.size).toBe(before);
  });

  it('throws when Stripe cannot be reached (not a refusal: the payout is tried again later)', async () => {
    const offline = new StripeGateway({ secretKey: 'sk_test_fake', publishableKey: 'pk_test_fake' }, { host: '127.0.0.1', port: 1, protocol: 'http' });
    await expect(offline.transfer({ amountCents: 100, currency: 'usd', destination: 'acct_1', idempotencyKey: 'payout:9', metadata: {} })).rejects.toThrow();
  });

  it('verifies webhook signatures and refuses tampered or stale ones', () => {
    const payload = JSON.stringify({ id: 'evt_1', object: 'event', type: 'payment_intent.succeeded', data: { object: {} } });
    const header = gateway.client.webhooks.generateTestHeaderString({ payload, secret: 'whsec_test' });
    expect(gateway.verifyWebhook(Buffer.from(payload), header).id).toBe('evt_1');
    expect(() => gateway.verifyWebhook(Buffer.from(payload.replace('evt_1', 'evt_2')), header)).toThrow();
    const stale = gateway.client.webhooks.generateTestHeaderString({ payload, secret: 'whsec_test', timestamp: Math.floor(Date.now() / 1000) - 301 });
    expect(() => gateway.verifyWebhook(Buffer.from(payload), stale)).toThrow();
  });
});
