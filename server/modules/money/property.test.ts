/**
 * The money story on the real database (PGlite, or PostgreSQL with DATABASE_URL), driven by fast-check: random
 * sequences of bookings across providers paid by card, declines, cancellations with their fees, deliveries by a
 * driver, completions, payout runs and refused transfers, through the API and the services. After every step the
 * books are checked against the orders (test-helpers.ts expectBooks): the trial balance is 0, no payee owes the
 * platform, each provider's and driver's balance is what its orders and earnings say, and every customer was
 * charged exactly what stands. The pure rules run thousands of sequences in domain/money/money.property.test.ts;
 * here each step is a few real requests, so fewer sequences run.
 */
import fc from 'fast-check';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CancellationQuote } from '../../../domain/money/schemas';
import { payeeAccounts, providerOrders } from '../../db/schema';
import { createTestApp, signUp, type TestApp } from '../../testing/test-app';
import { requester } from '../orders/test-helpers';
import { completeEndedOrders } from './orders';
import { runPayouts } from './payouts';
import { carLine, deliverFood, expectBooks, foodLine, hotelLine, market, onlineDriverNear, payFor, type Market, type Person } from './test-helpers';

let t: TestApp;
let api: ReturnType<typeof requester>;
let m: Market;
let customers: Person[];
let driver: Person;
/** Reservations get dates of their own: every booked stay and rental starts on a day nobody else took. */
let nextDay = 20;

beforeAll(async () => {
  t = await createTestApp();
  api = requester(t);
  m = await market(t);
  customers = [await signUp(t), await signUp(t)];
  driver = await onlineDriverNear(t, m.restaurants[0]);
});
afterAll(async () => t?.close());

const farFuture = () => new Date(Date.now() + 2 * 365 * 86_400_000);

const stepArb = fc.oneof(
  fc.record({ type: fc.constant('book' as const), lines: fc.subarray([0, 1, 2, 3], { minLength: 1 }), tip: fc.constantFrom(0, 0, 2, 5), who: fc.nat(1) }),
  fc.record({ type: fc.constant('decline' as const), pick: fc.nat() }),
  fc.record({ type: fc.constant('cancel' as const), pick: fc.nat() }),
  fc.record({ type: fc.constant('deliver' as const), pick: fc.nat() }),
  fc.record({ type: fc.constant('complete' as const), pick: fc.nat() }),
  fc.record({ type: fc.constant('payout' as const), failFor: fc.option(fc.nat(3), { nil: undefined }) }),
);
type Step = typeof stepArb extends fc.Arbitrary<infer S> ? S : never;

const standingOrders = () => t.database.db.select().from(providerOrders).where(eq(providerOrders.status, 'confirmed'));
const pick = <T>(xs: T[], n: number): T | undefined => xs[n % Math.max(1, xs.length)];

async function apply(step: Step): Promise<void> {
  switch (step.type) {
    case 'book': {
      const lines = step.lines.map((i) => {
        if (i < 2) return foodLine(m, i);
        nextDay += 3;
        return i === 2 ? hotelLine(m, nextDay, 2) : carLine(m, nextDay);
      });
      const hasFood = step.lines.some((i) => i < 2);
      await payFor(t, customers[step.who], lines, hasFood && step.tip ? step.tip : undefined);
      return;
    }
    case 'decline': {
      const o = pick(await standingOrders(), step.pick);
      if (!o) return;
      const owner = m.owners.find((x) => x.id === o.providerId) as Person;
      const res = await api.post(`/api/provider/orders/${o.id}/decline`, { reason: 'Cannot take it' }, owner.cookie);
      // A food order a driver already took can no longer be declined.
      expect([200, 409]).toContain(res.statusCode);
      return;
    }
    case 'cancel': {
      const o = pick(await standingOrders(), step.pick);
      if (!o) return;
      // Whichever customer booked it (the other one is answered 404).
      for (const c of customers) {
        const q = await api.get(`/api/bookings/${o.bookingId}/cancellation`, c.cookie);
        if (q.statusCode !== 200) continue;
        const quote = q.json() as CancellationQuote;
        const res = await api.post(`/api/bookings/${o.bookingId}/cancel`, { expectedRefundCents: quote.refundCents }, c.cookie);
        expect(res.statusCode).toBe(quote.cancellable ? 200 : 409);
        return;
      }
      return;
    }
    case 'deliver': {
      const food = (await standingOrders()).filter((o) => o.listingKind === 'restaurants');
      const o = pick(food, step.pick);
      if (!o) return;
      const owner = m.owners.find((x) => x.id === o.providerId) as Person;
      await deliverFood(t, { owner, driver, orderId: o.id, bookingId: o.bookingId, listingId: o.listingId }, { lenient: true });
      return;
    }
    case 'complete': {
      const reservations = (await standingOrders()).filter((o) => o.endsOn !== null);
      const o = pick(reservations, step.pick);
      if (o?.endsOn) await completeEndedOrders(t.database.db, new Date(`${o.endsOn}T12:00:00Z`));
      return;
    }
    case 'payout': {
      const failing = step.failFor === undefined ? undefined : m.owners[step.failFor];
      if (failing) {
        await t.database.db
          .insert(payeeAccounts)
          .values({ userId: failing.id, destination: 'acct_fail_closed' })
          .onConflictDoUpdate({ target: payeeAccounts.userId, set: { destination: 'acct_fail_closed' } });
      }
      await runPayouts({ db: t.database.db, gateway: t.ctx.payments, holdDays: 0, now: farFuture() });
      if (failing) await t.database.db.update(payeeAccounts).set({ destination: `acct_sandbox_provider_${failing.id}` }).where(eq(payeeAccounts.userId, failing.id));
      return;
    }
  }
}

describe('money on the database under random sequences of events', () => {
  it('keeps the books what the orders say after every step', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(stepArb, { minLength: 1, maxLength: 8 }), async (steps) => {
        for (const step of steps) {
          await apply(step);
          await expectBooks(t);
        }
      }),
      { numRuns: 15, endOnFailure: true },
    );
  }, 600_000);
});
