import Stripe from 'stripe';
import type { ChargeRequest, ChargeResult, GatewayIntent, PaymentGateway, TransferRequest, TransferResult } from './gateway';

export type StripeKeys = { secretKey: string; publishableKey: string; webhookSecret?: string };

/** Where the SDK sends requests; tests point it at a local fake of the Stripe API. */
export type StripeEndpoint = { host: string; port: number; protocol: 'http' | 'https' };

/** Webhook signatures older than this many seconds are refused (replay protection). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

type PaymentIntentLike = {
  id: string;
  status: string;
  client_secret: string | null;
  payment_method?: string | { id: string; card?: { brand?: string; last4?: string } | null } | null;
  last_payment_error?: { code?: string; decline_code?: string; message?: string } | null;
};

function cardOf(pi: PaymentIntentLike): { brand: string | null; last4: string | null } {
  const pm = pi.payment_method;
  if (pm && typeof pm === 'object' && pm.card) return { brand: pm.card.brand ?? null, last4: pm.card.last4 ?? null };
  return { brand: null, last4: null };
}

/** A card decline from the SDK (HTTP 402, type card_error), as opposed to a network or server failure. */
function asCardError(err: unknown): { code: string; message: string; paymentIntent?: PaymentIntentLike } | null {
  if (!err || typeof err !== 'object') return null;
  const e = err as { type?: string; code?: string; decline_code?: string; message?: string; raw?: { payment_intent?: PaymentIntentLike } };
  if (e.type !== 'StripeCardError') return null;
  return {
    code: e.decline_code ?? e.code ?? 'card_declined',
    message: e.message ?? 'Your card was declined.',
    paymentIntent: e.raw?.payment_intent,
  };
}

/**
 * Errors of a transfer Stripe refused (the destination cannot receive it, the platform balance is short, Connect is
 * not enabled...): a result for the payout to record. Connection, API (5xx), authentication, rate-limit and
 * idempotency errors are not refusals: they throw, and the payout is tried again later.
 */
const TRANSFER_REFUSALS = new Set(['StripeInvalidRequestError', 'StripePermissionError', 'StripeCardError']);

function asTransferRefusal(err: unknown): { code: string; message: string } | null {
  if (!err || typeof err !== 'object') return null;
  const e = err as { type?: string; code?: string; message?: string };
  if (!e.type || !TRANSFER_REFUSALS.has(e.type)) return null;
  return { code: e.code ?? 'transfer_refused', message: e.message ?? 'The transfer was refused' };
}

/** PaymentIntents through the official SDK, every write with an idempotency key. */
export class StripeGateway implements PaymentGateway {
  readonly name = 'stripe' as const;
  readonly publishableKey: string;
  readonly client: Stripe;
  readonly webhookSecret?: string;

  constructor(keys: StripeKeys, endpoint?: StripeEndpoint) {
    this.publishableKey = keys.publishableKey;
    this.webhookSecret = keys.webhookSecret;
    this.client = new Stripe(keys.secretKey, {
      maxNetworkRetries: 2,
      timeout: 20_000,
      ...(endpoint ? { host: endpoint.host, port: endpoint.port, protocol: endpoint.protocol } : {}),
    });
  }

  async createIntent(req: { amountCents: number; currency: string; idempotencyKey: string; metadata: Record<string, string> }): Promise<GatewayIntent> {
    const pi = await this.client.paymentIntents.create(
      { amount: req.amountCents, currency: req.currency, metadata: req.metadata, automatic_payment_methods: { enabled: true } },
      { idempotencyKey: req.idempotencyKey },
    );
    return { id: pi.id, clientSecret: pi.client_secret ?? '', status: pi.status };
  }

  async charge(req: ChargeRequest): Promise<ChargeResult> {
    try {
      let pi: PaymentIntentLike;
      if (req.intentId) {
        const current = (await this.client.paymentIntents.retrieve(req.intentId, { expand: ['payment_method'] })) as PaymentIntentLike;
        // Elements may already have confirmed it in the browser; then there is nothing left to charge.
        pi =
          current.status === 'succeeded'
            ? current
            : ((await this.client.paymentIntents.confirm(
                req.intentId,
                { payment_method: req.method.id, expand: ['payment_method'] },
                { idempotencyKey: req.idempotencyKey },
              )) as PaymentIntentLike);
      } else {
        pi = (await this.client.paymentIntents.create(
          {
            amount: req.amountCents,
            currency: req.currency,
            payment_method: req.method.id,
            confirm: true,
            metadata: req.metadata,
            // A server-side confirmation cannot follow a redirect (3-D Secure pages and the like).
            automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
            expand: ['payment_method'],
          },
          { idempotencyKey: req.idempotencyKey },
        )) as PaymentIntentLike;
      }
      const card = cardOf(pi);
      if (pi.status === 'succeeded') return { ok: true, ref: pi.id, ...card };
      const e = pi.last_payment_error;
      return {
        ok: false,
        code: e?.decline_code ?? e?.code ?? pi.status,
        message: e?.message ?? 'Your card was declined.',
        ref: pi.id,
        ...card,
      };
    } catch (err) {
      const declined = asCardError(err);
      if (!declined) throw err;
      const card = declined.paymentIntent ? cardOf(declined.paymentIntent) : { brand: req.method.brand, last4: req.method.last4 };
      return { ok: false, code: declined.code, message: declined.message, ref: declined.paymentIntent?.id ?? null, ...card };
    }
  }

  async refund(req: { ref: string; amountCents: number; idempotencyKey: string }): Promise<{ ref: string }> {
    const refund = await this.client.refunds.create({ payment_intent: req.ref, amount: req.amountCents }, { idempotencyKey: req.idempotencyKey });
    return { ref: refund.id };
  }

  /** A Connect Transfer to the payee's account, with the payout's idempotency key. */
  async transfer(req: TransferRequest): Promise<TransferResult> {
    try {
      const transfer = await this.client.transfers.create(
        { amount: req.amountCents, currency: req.currency, destination: req.destination, metadata: req.metadata },
        { idempotencyKey: req.idempotencyKey },
      );
      return { ok: true, ref: transfer.id };
    } catch (err) {
      const refused = asTransferRefusal(err);
      if (!refused) throw err;
      return { ok: false, ...refused };
    }
  }

  /** Verifies a webhook's Stripe-Signature over the raw body; throws when it does not match or is too old. */
  verifyWebhook(rawBody: Buffer | string, signature: string): Stripe.Event {
    if (!this.webhookSecret) throw new Error('STRIPE_WEBHOOK_SECRET is not set');
    return this.client.webhooks.constructEvent(rawBody, signature, this.webhookSecret, WEBHOOK_TOLERANCE_SECONDS);
  }
}
