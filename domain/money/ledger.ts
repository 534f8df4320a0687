import { z } from 'zod';
import type { OrderRefund } from './split';

/**
 * The marketplace's double-entry ledger (issue 28, ADR 029). Amounts are integer cents, debits positive and credits
 * negative; every posting's entries sum to zero (the database refuses one that does not), so the sum of all balances
 * (the trial balance) is zero always.
 *
 * Accounts:
 * - gateway              money held at the payment gateway (debit: cards charged; credit: refunds and transfers out)
 * - customer:clearing    a charge on its way to the orders it pays (zero once allocated)
 * - provider:<user id>   what the platform owes a provider (credit balance)
 * - driver:<user id>     what the platform owes a driver (credit balance)
 * - platform:revenue     commission and service fees
 * - platform:delivery    the platform's share of delivery fees: the fee collected less the driver's pay (a debit
 *                        when the pay rule gives a driver more than the fee)
 * - tax                  tax collected, owed to the tax authorities
 * - deliveries           delivery fees and tips collected for deliveries not yet done
 * - refunds              refunds decided and not yet sent back through the gateway
 * - payouts:in-transit   transfers to payees started and not yet confirmed
 */
export const PLATFORM_ACCOUNTS = ['gateway', 'customer:clearing', 'platform:revenue', 'platform:delivery', 'tax', 'deliveries', 'refunds', 'payouts:in-transit'] as const;
export type PlatformAccount = (typeof PLATFORM_ACCOUNTS)[number];
export type PayeeKind = 'provider' | 'driver';
export type AccountCode = PlatformAccount | `provider:${number}` | `driver:${number}`;

export const payeeAccount = (kind: PayeeKind, userId: number): AccountCode => `${kind}:${userId}`;

export const POSTING_KINDS = ['charge', 'allocation', 'refund', 'refund_paid', 'earning', 'payout', 'payout_failure', 'reversal'] as const;
export type PostingKind = (typeof POSTING_KINDS)[number];

export type Entry = { account: AccountCode; amountCents: number };
export type Posting = {
  /** What caused it, unique: the posting is written once however often its cause is retried. */
  source: string;
  kind: PostingKind;
  memo: string;
  entries: Entry[];
  bookingId?: number;
  orderId?: number;
  payoutId?: number;
};

/** Drops zero entries and merges entries of one account; throws when the posting does not balance. */
export function posting(p: Posting): Posting {
  const byAccount = new Map<AccountCode, number>();
  for (const e of p.entries) {
    if (!Number.isSafeInteger(e.amountCents)) throw new Error(`Posting ${p.source}: ${e.amountCents} is not whole cents`);
    byAccount.set(e.account, (byAccount.get(e.account) ?? 0) + e.amountCents);
  }
  const entries = [...byAccount.entries()].filter(([, a]) => a !== 0).map(([account, amountCents]) => ({ account, amountCents }));
  const sum = entries.reduce((s, e) => s + e.amountCents, 0);
  if (sum !== 0) throw new Error(`Posting ${p.source} does not balance (${sum})`);
  return { ...p, entries };
}

/** An order of a paid booking, as the capture allocates it. providerId null: the platform's own listing. */
export type CapturedOrder = {
  orderId: number;
  providerId: number | null;
  itemsCents: number;
  commissionCents: number;
  deliveryFeeCents: number;
  serviceFeeCents: number;
  taxCents: number;
  tipCents: number;
};

/**
 * A captured charge: the card's money reaches the gateway (charge), then is allocated to those it is for
 * (allocation): each provider its items less commission, the platform the commission and service fees (and the
 * items of listings nobody owns), the tax account the tax, the deliveries account the delivery fees and tips.
 */
export function capturePostings(bookingId: number, totalCents: number, orders: readonly CapturedOrder[]): Posting[] {
  const charge = posting({
    source: `charge:booking:${bookingId}`,
    kind: 'charge',
    memo: `Card charged for booking #${bookingId}`,
    bookingId,
    entries: [
      { account: 'gateway', amountCents: totalCents },
      { account: 'customer:clearing', amountCents: -totalCents },
    ],
  });
  const entries: Entry[] = [{ account: 'customer:clearing', amountCents: totalCents }];
  for (const o of orders) {
    const net = o.itemsCents - o.commissionCents;
    if (o.providerId === null) entries.push({ account: 'platform:revenue', amountCents: -o.itemsCents });
    else entries.push({ account: payeeAccount('provider', o.providerId), amountCents: -net }, { account: 'platform:revenue', amountCents: -o.commissionCents });
    entries.push(
      { account: 'platform:revenue', amountCents: -o.serviceFeeCents },
      { account: 'tax', amountCents: -o.taxCents },
      { account: 'deliveries', amountCents: -(o.deliveryFeeCents + o.tipCents) },
    );
  }
  const allocation = posting({ source: `allocation:booking:${bookingId}`, kind: 'allocation', memo: `Booking #${bookingId} allocated to its orders`, bookingId, entries });
  return [charge, allocation];
}

/**
 * A refund of one order (decline or cancellation): the allocation reversed by the refund's parts (refund), owed to
 * the customer until the gateway has sent it (refunds), then sent (refund_paid).
 */
export function refundPostings(bookingId: number, orderId: number, providerId: number | null, r: OrderRefund): Posting[] {
  const provider: Entry[] =
    providerId === null
      ? [{ account: 'platform:revenue', amountCents: r.netCents + r.commissionCents }]
      : [
          { account: payeeAccount('provider', providerId), amountCents: r.netCents },
          { account: 'platform:revenue', amountCents: r.commissionCents },
        ];
  const refund = posting({
    source: `refund:order:${orderId}`,
    kind: 'refund',
    memo: `Order #${orderId} refunded`,
    bookingId,
    orderId,
    entries: [
      ...provider,
      { account: 'platform:revenue', amountCents: r.serviceFeeCents },
      { account: 'tax', amountCents: r.taxCents },
      { account: 'deliveries', amountCents: r.deliveryFeeCents + r.tipCents },
      { account: 'refunds', amountCents: -r.refundCents },
    ],
  });
  const paid = posting({
    source: `refund-paid:order:${orderId}`,
    kind: 'refund_paid',
    memo: `Refund of order #${orderId} sent to the card`,
    bookingId,
    orderId,
    entries: [
      { account: 'refunds', amountCents: r.refundCents },
      { account: 'gateway', amountCents: -r.refundCents },
    ],
  });
  return [refund, paid].filter((p) => p.entries.length > 0);
}

/**
 * A delivery done: its driver earns the pay rule's payout plus the tip (domain/orders/payout.ts). The money comes from
 * what was collected for it (the order's delivery fee and tip, held in deliveries); for rides and parcels, whose
 * price is the provider's order, the pay is charged to that order up to what its provider still has of it
 * (`fromProviderCents`); the platform covers or keeps the difference (platform:delivery).
 */
export type Earning = {
  deliveryOrderId: number;
  driverId: number;
  payoutCents: number;
  tipCents: number;
  /** Delivery fee and tip collected for this delivery (in deliveries). */
  collectedCents: number;
  providerId: number | null;
  fromProviderCents: number;
  bookingId?: number;
  orderId?: number;
};

export function earningPosting(e: Earning): Posting {
  const earned = e.payoutCents + e.tipCents;
  const fromProvider = e.providerId === null ? 0 : e.fromProviderCents;
  return posting({
    source: `earning:delivery:${e.deliveryOrderId}`,
    kind: 'earning',
    memo: `Delivery #${e.deliveryOrderId} done`,
    bookingId: e.bookingId,
    orderId: e.orderId,
    entries: [
      { account: 'deliveries', amountCents: e.collectedCents },
      ...(e.providerId !== null ? [{ account: payeeAccount('provider', e.providerId), amountCents: fromProvider }] : []),
      { account: payeeAccount('driver', e.driverId), amountCents: -earned },
      { account: 'platform:delivery', amountCents: earned - e.collectedCents - fromProvider },
    ],
  });
}

/** A payout started: the payee's balance goes into transit. */
export function payoutPosting(payoutId: number, kind: PayeeKind, payeeId: number, amountCents: number): Posting {
  return posting({
    source: `payout:${payoutId}`,
    kind: 'payout',
    memo: `Payout #${payoutId} to ${kind} #${payeeId}`,
    payoutId,
    entries: [
      { account: payeeAccount(kind, payeeId), amountCents },
      { account: 'payouts:in-transit', amountCents: -amountCents },
    ],
  });
}

/** A payout confirmed by the gateway: the money leaves the gateway balance. */
export function payoutPaidPosting(payoutId: number, amountCents: number): Posting {
  return posting({
    source: `payout-paid:${payoutId}`,
    kind: 'payout',
    memo: `Payout #${payoutId} transferred`,
    payoutId,
    entries: [
      { account: 'payouts:in-transit', amountCents },
      { account: 'gateway', amountCents: -amountCents },
    ],
  });
}

/** A payout the gateway refused (payout_failure) or a transfer later reversed (reversal): the money is the payee's again. */
export function payoutReturnPosting(payoutId: number, kind: PayeeKind, payeeId: number, amountCents: number, how: 'payout_failure' | 'reversal'): Posting {
  return posting({
    source: `${how === 'payout_failure' ? 'payout-failed' : 'payout-reversed'}:${payoutId}`,
    kind: how,
    memo: how === 'payout_failure' ? `Payout #${payoutId} failed` : `Payout #${payoutId} reversed`,
    payoutId,
    entries:
      how === 'payout_failure'
        ? [
            { account: 'payouts:in-transit', amountCents },
            { account: payeeAccount(kind, payeeId), amountCents: -amountCents },
          ]
        : [
            { account: 'gateway', amountCents },
            { account: payeeAccount(kind, payeeId), amountCents: -amountCents },
          ],
  });
}

/** GET /api/admin/ledger/trial-balance. */
export type TrialBalance = { accounts: Array<{ account: string; balanceCents: number }>; totalCents: number; currency: string };
export const TrialBalanceSchema = z.object({
  accounts: z.array(z.object({ account: z.string(), balanceCents: z.number().int() })),
  totalCents: z.number().int(),
  currency: z.string(),
});
