import type { CardOutcome } from '../../../domain/payments/cards';

export type GatewayName = 'sandbox' | 'stripe';

/**
 * The payment method to charge, as this server recorded it. The sandbox decides from `outcome` (set when the card
 * was tokenized); Stripe only needs the id.
 */
export type MethodRef = { id: string; brand: string | null; last4: string | null; outcome?: CardOutcome | string };

export type ChargeRequest = {
  amountCents: number;
  currency: string;
  method: MethodRef;
  /** Sent to the gateway so a retried call never charges twice. */
  idempotencyKey: string;
  /** An intent created earlier for this payment (confirm it rather than create a new one). */
  intentId?: string;
  metadata: Record<string, string>;
};

export type ChargeResult =
  | { ok: true; ref: string; brand: string | null; last4: string | null }
  | { ok: false; code: string; message: string; ref: string | null; brand: string | null; last4: string | null };

export type GatewayIntent = { id: string; clientSecret: string; status: string };

/** A transfer of a payee's balance to its connected account (Stripe Connect Transfers). */
export type TransferRequest = {
  amountCents: number;
  currency: string;
  /** The payee's account at the gateway (Stripe: 'acct_...'). */
  destination: string;
  /** Sent to the gateway so a retried call never transfers twice. */
  idempotencyKey: string;
  metadata: Record<string, string>;
};

/** A refusal (the destination cannot receive it, the balance is short...) is a result; network and server errors throw. */
export type TransferResult = { ok: true; ref: string } | { ok: false; code: string; message: string };

/** What bookings and payments need from a card processor. Adapters: sandbox (default) and Stripe. */
export interface PaymentGateway {
  readonly name: GatewayName;
  /** The key the browser needs for Stripe Elements; null for the sandbox. */
  readonly publishableKey: string | null;
  createIntent(req: { amountCents: number; currency: string; idempotencyKey: string; metadata: Record<string, string> }): Promise<GatewayIntent>;
  /** Charges (captures) now. A decline is a result, not an exception; network and server errors throw. */
  charge(req: ChargeRequest): Promise<ChargeResult>;
  /** Refunds a captured charge (`ref` is what charge returned). */
  refund(req: { ref: string; amountCents: number; idempotencyKey: string }): Promise<{ ref: string }>;
  /** Transfers money to a payee's account (payouts to providers and drivers). */
  transfer(req: TransferRequest): Promise<TransferResult>;
}
