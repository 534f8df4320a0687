/**
 * The money rules under random sequences of events (issue 28), thousands of them: bookings split across providers
 * and paid, declines, cancellations with fees, deliveries that pay drivers, completions, payouts that succeed or
 * fail. The postings are applied to an in-memory model of the ledger; after every step the books balance, no payee
 * owes the platform, each provider's and driver's balance is what its orders and earnings say, and every customer
 * was charged exactly what still stands. server/modules/money/property.test.ts runs the same story on the database.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { capturePostings, earningPosting, payeeAccount, payoutPaidPosting, payoutPosting, payoutReturnPosting, refundPostings, type Posting } from './ledger';
import { orderCommission, providerNetCents, refundOf, splitBooking, type OrderPart, type StoredOrderMoney } from './split';

type Order = StoredOrderMoney & {
  id: number;
  bookingId: number;
  providerId: number | null;
  kind: 'restaurants' | 'taxi-rides' | 'hotels';
  status: 'confirmed' | 'completed' | 'declined' | 'cancelled';
  delivered: boolean;
};

class Books {
  readonly balances = new Map<string, number>();
  readonly sources = new Set<string>();
  apply(p: Posting) {
    if (this.sources.has(p.source)) return;
    this.sources.add(p.source);
    expect(p.entries.reduce((s, e) => s + e.amountCents, 0)).toBe(0);
    for (const e of p.entries) this.balances.set(e.account, (this.balances.get(e.account) ?? 0) + e.amountCents);
  }
  of(account: string) {
    return this.balances.get(account) ?? 0;
  }
}

const partArb = fc.record({
  providerId: fc.option(fc.integer({ min: 1, max: 3 }), { nil: null, freq: 5 }),
  kind: fc.constantFrom('restaurants' as const, 'taxi-rides' as const, 'hotels' as const),
  itemsCents: fc.integer({ min: 0, max: 80_000 }),
  deliveryFeeCents: fc.integer({ min: 0, max: 900 }),
});
const ruleArb = fc.record({ percent: fc.integer({ min: 0, max: 3000 }).map((bp) => bp / 100), minCents: fc.integer({ min: 0, max: 300 }) });

const stepArb = fc.oneof(
  fc.record({
    type: fc.constant('book' as const),
    parts: fc.array(partArb, { minLength: 1, maxLength: 4 }),
    serviceFeeCents: fc.integer({ min: 0, max: 5_000 }),
    taxCents: fc.integer({ min: 0, max: 9_000 }),
    tipCents: fc.integer({ min: 0, max: 3_000 }),
    rule: ruleArb,
  }),
  fc.record({ type: fc.constant('decline' as const), pick: fc.nat() }),
  fc.record({ type: fc.constant('cancel' as const), pick: fc.nat(), feePercent: fc.constantFrom(0, 10, 25, 50, 100) }),
  fc.record({ type: fc.constant('deliver' as const), pick: fc.nat(), driverId: fc.integer({ min: 1, max: 2 }), payoutCents: fc.integer({ min: 300, max: 6_000 }) }),
  fc.record({ type: fc.constant('complete' as const), pick: fc.nat() }),
  fc.record({ type: fc.constant('payout' as const), payee: fc.integer({ min: 1, max: 3 }), kind: fc.constantFrom('provider' as const, 'driver' as const), fails: fc.boolean() }),
);

type Step = typeof stepArb extends fc.Arbitrary<infer S> ? S : never;

function run(steps: Step[]) {
  const books = new Books();
  const orders: Order[] = [];
  const charged = new Map<number, { total: number; refunded: number }>();
  const earned = new Map<number, number>();
  const paidOut = new Map<string, number>();
  let nextOrder = 1;
  let nextBooking = 1;
  let nextPayout = 1;

  for (const step of steps) {
    const standing = orders.filter((o) => o.status === 'confirmed');
    switch (step.type) {
      case 'book': {
        const parts: OrderPart[] = step.parts.map((p, i) => ({
          listingKind: p.kind,
          listingId: i,
          itemsCents: p.itemsCents,
          deliveryFeeCents: p.kind === 'restaurants' ? p.deliveryFeeCents : 0,
          tippable: p.kind !== 'hotels',
        }));
        const tip = parts.some((p) => p.tippable) ? step.tipCents : 0;
        const money = splitBooking(parts, { serviceFeeCents: step.serviceFeeCents, taxCents: step.taxCents, tipCents: tip });
        const bookingId = nextBooking++;
        const total = money.reduce((s, m) => s + m.totalCents, 0);
        expect(total).toBe(parts.reduce((s, p) => s + p.itemsCents + p.deliveryFeeCents, 0) + step.serviceFeeCents + step.taxCents + tip);
        const made = money.map(
          (m, i): Order => ({
            ...m,
            id: nextOrder++,
            bookingId,
            providerId: step.parts[i].providerId,
            kind: step.parts[i].kind,
            status: 'confirmed',
            delivered: false,
            commissionCents: orderCommission(m.itemsCents, step.parts[i].providerId === null ? null : step.rule),
            refundedCents: 0,
            netRefundedCents: 0,
            commissionRefundedCents: 0,
            fulfilmentCents: 0,
          }),
        );
        orders.push(...made);
        charged.set(bookingId, { total, refunded: 0 });
        for (const p of capturePostings(bookingId, total, made.map((o) => ({ ...o, orderId: o.id })))) books.apply(p);
        break;
      }
      case 'decline':
      case 'cancel': {
        const o = standing.filter((x) => !x.delivered)[step.pick % Math.max(1, standing.length)];
        if (!o || o.delivered) break;
        const fee = step.type === 'cancel' ? Math.floor((o.itemsCents * step.feePercent) / 100) : 0;
        const r = refundOf(o, fee);
        expect(r.refundCents + r.feeCents).toBe(o.totalCents);
        for (const p of refundPostings(o.bookingId, o.id, o.providerId, r)) books.apply(p);
        Object.assign(o, { status: step.type === 'decline' ? 'declined' : 'cancelled', refundedCents: r.refundCents, netRefundedCents: r.netCents, commissionRefundedCents: r.commissionCents });
        (charged.get(o.bookingId) as { refunded: number }).refunded += r.refundCents;
        break;
      }
      case 'deliver': {
        const candidates = standing.filter((x) => x.kind !== 'hotels' && !x.delivered);
        const o = candidates[step.pick % Math.max(1, candidates.length)];
        if (!o) break;
        const fromProvider = o.kind === 'restaurants' || o.providerId === null ? 0 : Math.min(step.payoutCents, Math.max(0, providerNetCents(o)));
        books.apply(
          earningPosting({
            deliveryOrderId: o.id,
            driverId: step.driverId,
            payoutCents: step.payoutCents,
            tipCents: o.tipCents,
            collectedCents: o.deliveryFeeCents + o.tipCents,
            providerId: o.providerId,
            fromProviderCents: fromProvider,
          }),
        );
        o.fulfilmentCents += fromProvider;
        o.delivered = true;
        o.status = 'completed';
        earned.set(step.driverId, (earned.get(step.driverId) ?? 0) + step.payoutCents + o.tipCents);
        break;
      }
      case 'complete': {
        const candidates = standing.filter((x) => x.kind === 'hotels');
        const o = candidates[step.pick % Math.max(1, candidates.length)];
        if (o) o.status = 'completed';
        break;
      }
      case 'payout': {
        const key = `${step.kind}:${step.payee}`;
        // Available: what completed orders (and cancellations' fees) earned, or what deliveries earned, less payouts.
        const eligible =
          step.kind === 'provider'
            ? orders.filter((o) => o.providerId === step.payee && (o.status === 'completed' || o.status === 'cancelled')).reduce((s, o) => s + providerNetCents(o), 0)
            : (earned.get(step.payee) ?? 0);
        const owed = 0 - books.of(payeeAccount(step.kind, step.payee));
        const available = Math.max(0, Math.min(eligible - (paidOut.get(key) ?? 0), owed));
        if (available === 0) break;
        const id = nextPayout++;
        books.apply(payoutPosting(id, step.kind, step.payee, available));
        if (step.fails) books.apply(payoutReturnPosting(id, step.kind, step.payee, available, 'payout_failure'));
        else {
          books.apply(payoutPaidPosting(id, available));
          paidOut.set(key, (paidOut.get(key) ?? 0) + available);
        }
        break;
      }
    }

    // The invariants, after every step.
    expect([...books.balances.values()].reduce((s, b) => s + b, 0)).toBe(0);
    for (const [account, b] of books.balances) if (/^(provider|driver):/.test(account)) expect(b).toBeLessThanOrEqual(0);
    for (const id of [1, 2, 3]) {
      const owedByOrders = orders.filter((o) => o.providerId === id).reduce((s, o) => s + providerNetCents(o), 0);
      expect(0 - books.of(payeeAccount('provider', id))).toBe(owedByOrders - (paidOut.get(`provider:${id}`) ?? 0));
    }
    for (const id of [1, 2]) expect(0 - books.of(payeeAccount('driver', id))).toBe((earned.get(id) ?? 0) - (paidOut.get(`driver:${id}`) ?? 0));
    for (const [bookingId, c] of charged) {
      const standingCents = orders.filter((o) => o.bookingId === bookingId).reduce((s, o) => s + o.totalCents - o.refundedCents, 0);
      expect(c.total - c.refunded).toBe(standingCents);
    }
    const totalCharged = [...charged.values()].reduce((s, c) => s + c.total - c.refunded, 0);
    const totalPaidOut = [...paidOut.values()].reduce((s, x) => s + x, 0);
    expect(books.of('gateway')).toBe(totalCharged - totalPaidOut);
    // What is held for drivers is the delivery fees and tips of the orders not yet delivered (nor refunded).
    expect(0 - books.of('deliveries')).toBe(orders.filter((o) => o.status === 'confirmed').reduce((s, o) => s + o.deliveryFeeCents + o.tipCents, 0));
    expect(books.of('refunds')).toBe(0);
    expect(books.of('customer:clearing')).toBe(0);
  }
}

describe('money under random sequences of events', () => {
  it('keeps the books balanced and every balance what the orders say, after every step', () => {
    fc.assert(
      fc.property(fc.array(stepArb, { minLength: 1, maxLength: 40 }), (steps) => run(steps)),
      { numRuns: 3_000 },
    );
  });

  it('splits any booking so that the orders add up to it, whatever the weights', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ itemsCents: fc.integer({ min: 0, max: 1_000_000 }), deliveryFeeCents: fc.integer({ min: 0, max: 2_000 }), tippable: fc.boolean() }), { minLength: 1, maxLength: 8 }),
        fc.nat({ max: 100_000 }),
        fc.nat({ max: 100_000 }),
        fc.nat({ max: 100_000 }),
        (parts, serviceFeeCents, taxCents, tip) => {
          const withKind = parts.map((p, i) => ({ ...p, listingKind: 'restaurants', listingId: i }));
          const tipCents = parts.some((p) => p.tippable) ? tip : 0;
          const money = splitBooking(withKind, { serviceFeeCents, taxCents, tipCents });
          expect(money.reduce((s, m) => s + m.serviceFeeCents, 0)).toBe(serviceFeeCents);
          expect(money.reduce((s, m) => s + m.taxCents, 0)).toBe(taxCents);
          expect(money.reduce((s, m) => s + m.tipCents, 0)).toBe(tipCents);
          for (const [i, m] of money.entries()) {
            expect(m.totalCents).toBe(m.itemsCents + m.deliveryFeeCents + m.serviceFeeCents + m.taxCents + m.tipCents);
            if (!parts[i].tippable) expect(m.tipCents).toBe(0);
            expect(Math.min(m.serviceFeeCents, m.taxCents, m.tipCents)).toBeGreaterThanOrEqual(0);
          }
        },
      ),
      { numRuns: 2_000 },
    );
  });
});
