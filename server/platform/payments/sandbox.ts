import { createHash, randomBytes } from 'node:crypto';
import { checkCard, DECLINE_MESSAGES, type CardInput, type CardOutcome, type CheckedCard } from '../../../domain/payments/cards';
import type { ChargeRequest, ChargeResult, GatewayIntent, PaymentGateway, TransferRequest, TransferResult } from './gateway';

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

/** Transfers to a destination starting with this are refused (sandbox and the fake Stripe alike). */
export const SANDBOX_FAILING_DESTINATION = 'acct_fail';

/**
 * A gateway that behaves like Stripe test mode without a network: outcomes come from the test card numbers
 * (recorded on the token at tokenize time), so the whole checkout runs offline and deterministically.
 */
export class SandboxGateway implements PaymentGateway {
  readonly name = 'sandbox' as const;
  readonly publishableKey = null;

  /** Validates a card and decides its test outcome. The caller stores the token; the number goes nowhere. */
  tokenize(card: CardInput, now: Date = new Date()): { ok: true; id: string; card: CheckedCard } | { ok: false; errors: Record<string, string> } {
    const checked = checkCard(card, now);
    if (!checked.ok) return checked;
    return { ok: true, id: id('pm_sandbox'), card: checked.card };
  }

  async createIntent(): Promise<GatewayIntent> {
    const intentId = id('pi_sandbox');
    return { id: intentId, clientSecret: `${intentId}_secret_${randomBytes(12).toString('hex')}`, status: 'requires_payment_method' };
  }

  async charge(req: ChargeRequest): Promise<ChargeResult> {
    const { brand, last4 } = req.method;
    const outcome = (req.method.outcome ?? 'succeed') as CardOutcome;
    // As Stripe, a repeated idempotency key is the same charge: its reference follows from the key, in any process.
    if (outcome === 'succeed') return { ok: true, ref: req.intentId ?? `ch_sandbox_${createHash('sha256').update(req.idempotencyKey).digest('hex').slice(0, 24)}`, brand, last4 };
    const message = DECLINE_MESSAGES[outcome] ?? DECLINE_MESSAGES.card_declined;
    return { ok: false, code: outcome in DECLINE_MESSAGES ? outcome : 'card_declined', message, ref: null, brand, last4 };
  }

  async refund(): Promise<{ ref: string }> {
    return { ref: id('re_sandbox') };
  }

  /**
   * Transfers to a payee, with Stripe test mode's kind of magic value: a destination starting with 'acct_fail' is
   * refused as Stripe refuses an account that cannot receive transfers; any other succeeds.
   */
  async transfer(req: TransferRequest): Promise<TransferResult> {
    if (req.destination.startsWith(SANDBOX_FAILING_DESTINATION)) {
      return { ok: false, code: 'account_invalid', message: 'The destination account cannot receive transfers' };
    }
    return { ok: true, ref: id('tr_sandbox') };
  }
}
