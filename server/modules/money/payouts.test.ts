import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commissionCents, DEFAULT_COMMISSION_RULES } from '../../../domain/money/commission';
import { earningPosting, payeeAccount } from '../../../domain/money/ledger';
import type { Balance, Payout, PayoutRun } from '../../../domain/money/schemas';
import type { Db } from '../../db/connect';
import { hotels, payeeAccounts, payoutRuns, payouts, providerOrders } from '../../db/schema';
import { SandboxGateway, StripeGateway, type TransferRequest } from '../../platform/payments';
import { startFakeStripe } from '../../platform/payments/fake-stripe';
import { createAdmin, createTestApp, signUp, type TestApp } from '../../testing/test-app';
import { createTwoInstances } from '../../testing/two-instances';
import { day, pay, quote } from '../bookings/test-helpers';
import { balance } from './balances';
import { balanceOf, post, trialBalance } from './ledger';
import { declineOrder } from './orders';
import { runPayouts, runScheduledPayouts } from './payouts';

type Account = Awaited<ReturnType<typeof signUp>>;
let t: TestApp;
let admin: { cookie: string };
let hotelRows: Array<typeof hotels.$inferSelect>;

const NIGHTS = 2;
const HOTEL_RULE = DEFAULT_COMMISSION_RULES.find((r) => r.kind === 'hotels')!;
/** Noon (UTC) of the check-out day of a stay booked by bookStay: the stay has ended then. */
const afterStay = () => new Date(`${day(3 + NIGHTS)}T12:00:00Z`);
const later = (d: Date, days: number) => new Date(d.getTime() + days * 86_400_000);

function call(method: 'GET' | 'POST', url: string, cookie?: string) {
  return t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(method === 'POST' ? { payload: {} } : {}) });
}

/** A provider who owns the n-th seeded hotel. */
async function hotelProvider(n: number, app: TestApp = t) {
  const owner = await signUp(app, { role: 'provider' });
  const rows = await app.database.db.select().from(hotels).where(and(eq(hotels.isActive, true), isNotNull(hotels.lat))).orderBy(asc(hotels.id));
  await app.database.db.update(hotels).set({ ownerId: owner.id }).where(eq(hotels.id, rows[n].id));
  return { owner, hotel: rows[n] };
}

/** A customer books NIGHTS nights in the hotel (from 3 days on) and pays by card; returns the provider order. */
async function bookStay(hotelId: number, app: TestApp = t) {
  const customer = await signUp(app);
  const items = [{ serviceType: 'hotels', serviceId: hotelId, quantity: 1, price: 1, details: { checkIn: day(3), checkOut: day(3 + NIGHTS), rooms: 1, guests: 1 } }];
  const res = await app.app.inject({ method: 'POST', url: '/api/bookings', headers: { cookie: customer.cookie }, payload: { items, totalAmount: (await quote(app, items)).total } });
  expect(res.statusCode).toBe(201);
  const booking = res.json() as { id: number; totalAmount: number };
  expect((await pay(app, customer.cookie, booking)).statusCode).toBe(200);
  const [order] = await app.database.db.select().from(providerOrders).where(eq(providerOrders.bookingId, booking.id));
  return { booking, order };
}

/** What the provider earns from a stay in this hotel: the nights less the hotel commission. */
const netOfStay = (hotel: { pricePerNightCents: number }) => hotel.pricePerNightCents * NIGHTS - commissionCents(hotel.pricePerNightCents * NIGHTS, HOTEL_RULE);

const deps = (over: { now: Date; holdDays?: number; gateway?: TestApp['ctx']['payments']; db?: Db }, app: TestApp = t) => ({
  db: over.db ?? app.database.db,
  gateway: over.gateway ?? app.ctx.payments,
  holdDays: over.holdDays ?? 0,
  now: over.now,
});

/** The sandbox gateway, recording the transfer requests it sees; a transfer for `throwFor` throws (unreachable). */
class Recording extends SandboxGateway {
  readonly seen: TransferRequest[] = [];
  constructor(private readonly opts: { throwFor?: number } = {}) {
    super();
  }
  override async transfer(req: TransferRequest) {
    this.seen.push(req);
    if (req.metadata.payeeId === String(this.opts.throwFor)) throw new Error('connect ECONNREFUSED');
    return super.transfer(req);
  }
  /** The idempotency keys of the transfers it was asked for to a payee. */
  keys(payeeId: number) {
    return this.seen.filter((r) => r.metadata.payeeId === String(payeeId)).map((r) => r.idempotencyKey);
  }
}

const mine = (run: PayoutRun | null, kind: 'provider' | 'driver', id: number) => (run?.payouts ?? []).filter((p) => p.kind === kind && p.payee === id);

async function expectBooksBalance(db: Db = t.database.db) {
  expect((await trialBalance(db)).totalCents).toBe(0);
}

beforeAll(async () => {
  t = await createTestApp({ env: { PAYOUT_HOLD_DAYS: '0', PAYOUT_INTERVAL_HOURS: '0' } });
  admin = await createAdmin(t);
  hotelRows = await t.database.db.select().from(hotels).orderBy(asc(hotels.id));
  expect(hotelRows.length).toBeGreaterThan(5);
});
afterAll(async () => t?.close());

describe('provider payouts', () => {
  it('holds a completed stay’s money for the hold period, then pays the provider its net once', async () => {
    const { owner, hotel } = await hotelProvider(0);
    const net = netOfStay(hotel);
    await bookStay(hotel.id);
    // Paid, not completed: all of it pending, nothing to pay out.
    const before = (await call('GET', '/api/provider/balance', owner.cookie)).json() as Balance;
    expect(before).toEqual({ availableCents: 0, pendingCents: net, paidOutCents: 0, currency: 'usd', holdDays: 0 });

    // The stay ends: the run completes it, but with a 2-day hold its money waits.
    const end = afterStay();
    const held = await runPayouts(deps({ now: end, holdDays: 2 }));
    expect(mine(held, 'provider', owner.id)).toEqual([]);
    expect(await balance(t.database.db, 'provider', owner.id, end, 2)).toMatchObject({ availableCents: 0, pendingCents: net, paidOutCents: 0, holdDays: 2 });
    expect(await balance(t.database.db, 'provider', owner.id, end, 0)).toMatchObject({ availableCents: net, pendingCents: 0 });

    const run = await runPayouts(deps({ now: later(end, 2), holdDays: 2 }));
    expect(mine(run, 'provider', owner.id)).toEqual([
      expect.objectContaining({ kind: 'provider', payee: owner.id, payeeName: owner.username, amountCents: net, currency: 'usd', status: 'paid', failureMessage: null, settledAt: expect.any(String) }),
    ]);
    expect((await call('GET', '/api/provider/balance', owner.cookie)).json()).toEqual({ availableCents: 0, pendingCents: 0, paidOutCents: net, currency: 'usd', holdDays: 0 });
    const list = (await call('GET', '/api/provider/payouts', owner.cookie)).json() as Payout[];
    expect(list.map((p) => [p.amountCents, p.status])).toEqual([[net, 'paid']]);
    expect(await balanceOf(t.database.db, payeeAccount('provider', owner.id))).toBe(0);
    await expectBooksBalance();

    // Nothing left: another run pays nothing more.
    expect(mine(await runPayouts(deps({ now: later(end, 3) })), 'provider', owner.id)).toEqual([]);
  });

  it('a refused transfer fails with the gateway’s reason, the money is available again, and a later run pays it', async () => {
    const { owner, hotel } = await hotelProvider(1);
    const net = netOfStay(hotel);
    await t.database.db.insert(payeeAccounts).values({ userId: owner.id, destination: 'acct_fail_closed' });
    await bookStay(hotel.id);
    const run = await runPayouts(deps({ now: afterStay() }));
    expect(mine(run, 'provider', owner.id)).toEqual([expect.objectContaining({ amountCents: net, status: 'failed', failureMessage: 'The destination account cannot receive transfers' })]);
    expect(await balance(t.database.db, 'provider', owner.id, afterStay(), 0)).toMatchObject({ availableCents: net, pendingCents: 0, paidOutCents: 0 });
    expect(await balanceOf(t.database.db, payeeAccount('provider', owner.id))).toBe(-net);
    expect(await balanceOf(t.database.db, 'payouts:in-transit')).toBe(0);
    await expectBooksBalance();

    await t.database.db.update(payeeAccounts).set({ destination: 'acct_1Fixed' }).where(eq(payeeAccounts.userId, owner.id));
    const again = await runPayouts(deps({ now: afterStay() }));
    expect(mine(again, 'provider', owner.id)).toEqual([expect.objectContaining({ amountCents: net, status: 'paid' })]);
    const list = (await call('GET', '/api/provider/payouts', owner.cookie)).json() as Payout[];
    expect(list.map((p) => p.status)).toEqual(['paid', 'failed']);
    await expectBooksBalance();
  });

  it('a transfer call that throws leaves the payout pending, its money in transit; a later run retries it with the same key and pays once', async () => {
    const fake = await startFakeStripe();
    try {
      const endpoint = { host: '127.0.0.1', port: fake.port, protocol: 'http' as const };
      const keys = { secretKey: 'sk_test_fake', publishableKey: 'pk_test_fake' };
      const { owner, hotel } = await hotelProvider(2);
      const net = netOfStay(hotel);
      await t.database.db.insert(payeeAccounts).values({ userId: owner.id, destination: 'acct_1AnswerLost' });
      await bookStay(hotel.id);
      // Stripe makes the transfer, but its answer never arrives.
      class AnswerLost extends StripeGateway {
        override async transfer(req: TransferRequest) {
          const result = await super.transfer(req);
          if (req.metadata.payeeId === String(owner.id)) throw new Error('socket hang up');
          return result;
        }
      }
      const transfersOf = () => fake.calls.filter((c) => c.path === '/v1/transfers' && c.params['metadata[payeeId]'] === String(owner.id));
      const made = () => [...fake.transfers.values()].filter((tr) => tr.destination === 'acct_1AnswerLost');

      const run = await runPayouts(deps({ now: afterStay(), gateway: new AnswerLost(keys, endpoint) }));
      const [p] = mine(run, 'provider', owner.id);
      expect(mine(run, 'provider', owner.id)).toEqual([expect.objectContaining({ amountCents: net, status: 'pending', failureMessage: null, settledAt: null })]);
      expect(made()).toHaveLength(1);
      // In transit: neither available (nothing can pay it again) nor paid out; the books balance.
      expect((await call('GET', '/api/provider/balance', owner.cookie)).json()).toEqual({ availableCents: 0, pendingCents: net, paidOutCents: 0, currency: 'usd', holdDays: 0 });
      expect(await balance(t.database.db, 'provider', owner.id, afterStay(), 0)).toMatchObject({ availableCents: 0, pendingCents: net, paidOutCents: 0 });
      expect(await balanceOf(t.database.db, payeeAccount('provider', owner.id))).toBe(0);
      expect(await balanceOf(t.database.db, 'payouts:in-transit')).toBe(-net);
      expect(((await call('GET', '/api/provider/payouts', owner.cookie)).json() as Payout[]).map((x) => [x.id, x.status])).toEqual([[p.id, 'pending']]);
      await expectBooksBalance();

      // A run right after leaves it alone (it could still be in its own run's transfer call) and pays nothing new.
      const stripe = new StripeGateway(keys, endpoint);
      expect(mine(await runPayouts(deps({ now: afterStay(), gateway: stripe })), 'provider', owner.id)).toEqual([]);
      expect(transfersOf()).toHaveLength(1);

      // Minutes later, a run retries it with the same request and key: Stripe answers the transfer it made.
      await t.database.db.update(payouts).set({ createdAt: sql`${payouts.createdAt} - interval '10 minutes'` }).where(eq(payouts.id, p.id));
      const again = await runPayouts(deps({ now: afterStay(), gateway: stripe }));
      expect(mine(again, 'provider', owner.id)).toEqual([expect.objectContaining({ id: p.id, amountCents: net, status: 'paid', settledAt: expect.any(String) })]);
      expect(transfersOf()).toEqual([
        expect.objectContaining({ idempotencyKey: `payout:${p.id}`, params: expect.objectContaining({ amount: String(net), destination: 'acct_1AnswerLost' }) }),
        expect.objectContaining({ idempotencyKey: `payout:${p.id}`, params: expect.objectContaining({ amount: String(net), destination: 'acct_1AnswerLost' }) }),
      ]);
      expect(made()).toHaveLength(1);
      const [row] = await t.database.db.select().from(payouts).where(eq(payouts.id, p.id));
      expect(row.gatewayRef).toBe(made()[0].id);
      expect(await t.database.db.select({ id: payouts.id }).from(payouts).where(eq(payouts.payeeId, owner.id))).toEqual([{ id: p.id }]);
      expect((await call('GET', '/api/provider/balance', owner.cookie)).json()).toEqual({ availableCents: 0, pendingCents: 0, paidOutCents: net, currency: 'usd', holdDays: 0 });
      expect(await balanceOf(t.database.db, 'payouts:in-transit')).toBe(0);
      await expectBooksBalance();
      // Settled: later runs call the gateway for it no more.
      await runPayouts(deps({ now: afterStay(), gateway: stripe }));
      expect(transfersOf()).toHaveLength(2);
    } finally {
      await fake.close();
    }
  });

  it('a payout pending longer than the gateway keeps its key is not retried but logged, until someone settles it', async () => {
    const { owner, hotel } = await hotelProvider(2);
    const net = netOfStay(hotel);
    await bookStay(hotel.id);
    const gateway = new Recording({ throwFor: owner.id });
    const [p] = mine(await runPayouts(deps({ now: afterStay(), gateway })), 'provider', owner.id);
    expect(p).toMatchObject({ amountCents: net, status: 'pending' });

    await t.database.db.update(payouts).set({ createdAt: sql`${payouts.createdAt} - interval '24 hours'` }).where(eq(payouts.id, p.id));
    const warnings: Array<{ obj: Record<string, unknown>; msg: string }> = [];
    const working = new Recording();
    const run = await runPayouts({ ...deps({ now: afterStay(), gateway: working }), log: { warn: (obj: Record<string, unknown>, msg: string) => warnings.push({ obj, msg }) } });
    expect(mine(run, 'provider', owner.id)).toEqual([]);
    expect(working.keys(owner.id)).toEqual([]);
    expect(warnings).toContainEqual({ obj: { payoutIds: expect.arrayContaining([p.id]) }, msg: expect.stringContaining('not retried') });
    expect(await balance(t.database.db, 'provider', owner.id, afterStay(), 0)).toMatchObject({ availableCents: 0, pendingCents: net, paidOutCents: 0 });

    // Back inside the window (as after a person's check), it is retried and paid with its own key.
    await t.database.db.update(payouts).set({ createdAt: sql`now() - interval '1 hour'` }).where(eq(payouts.id, p.id));
    expect(mine(await runPayouts(deps({ now: afterStay(), gateway: working })), 'provider', owner.id)).toEqual([expect.objectContaining({ id: p.id, status: 'paid' })]);
    expect(working.keys(owner.id)).toEqual([`payout:${p.id}`]);
    expect(gateway.keys(owner.id)).toEqual([`payout:${p.id}`]);
    await expectBooksBalance();
  });

  it('two runs at once pay a provider once', async () => {
    for (let round = 0; round < 3; round += 1) {
      const { owner, hotel } = await hotelProvider(3 + round);
      await bookStay(hotel.id);
      const runs = await Promise.all([runPayouts(deps({ now: afterStay() })), runPayouts(deps({ now: afterStay() }))]);
      const paid = runs.flatMap((r) => mine(r, 'provider', owner.id));
      expect(paid).toEqual([expect.objectContaining({ amountCents: netOfStay(hotel), status: 'paid' })]);
      expect(await balanceOf(t.database.db, payeeAccount('provider', owner.id))).toBe(0);
    }
    await expectBooksBalance();
  });

  it('two runs retrying the same pending payout at once settle it once', async () => {
    const { owner, hotel } = await hotelProvider(3);
    await bookStay(hotel.id);
    const [p] = mine(await runPayouts(deps({ now: afterStay(), gateway: new Recording({ throwFor: owner.id }) })), 'provider', owner.id);
    expect(p).toMatchObject({ status: 'pending' });
    await t.database.db.update(payouts).set({ createdAt: sql`${payouts.createdAt} - interval '10 minutes'` }).where(eq(payouts.id, p.id));
    const gateway = new Recording();
    const runs = await Promise.all([runPayouts(deps({ now: afterStay(), gateway })), runPayouts(deps({ now: afterStay(), gateway }))]);
    expect(runs.flatMap((r) => mine(r, 'provider', owner.id))).toEqual([expect.objectContaining({ id: p.id, amountCents: netOfStay(hotel), status: 'paid' })]);
    // Every call for it carried its one key.
    expect(new Set(gateway.keys(owner.id))).toEqual(new Set([`payout:${p.id}`]));
    expect(await balance(t.database.db, 'provider', owner.id, afterStay(), 0)).toMatchObject({ availableCents: 0, pendingCents: 0, paidOutCents: netOfStay(hotel) });
    expect(await balanceOf(t.database.db, 'payouts:in-transit')).toBe(0);
    await expectBooksBalance();
  });

  it('pays through Stripe Connect Transfers with the payout’s idempotency key; a payee without an account is skipped', async () => {
    const fake = await startFakeStripe();
    try {
      const stripe = new StripeGateway({ secretKey: 'sk_test_fake', publishableKey: 'pk_test_fake' }, { host: '127.0.0.1', port: fake.port, protocol: 'http' });
      const connected = await hotelProvider(6);
      const unconnected = await hotelProvider(7);
      await t.database.db.insert(payeeAccounts).values({ userId: connected.owner.id, destination: 'acct_1Connected' });
      await bookStay(connected.hotel.id);
      await bookStay(unconnected.hotel.id);
      const run = await runPayouts(deps({ now: afterStay(), gateway: stripe }));
      const [p] = mine(run, 'provider', connected.owner.id);
      expect(p).toMatchObject({ amountCents: netOfStay(connected.hotel), status: 'paid' });
      expect(mine(run, 'provider', unconnected.owner.id)).toEqual([]);
      const [row] = await t.database.db.select().from(payouts).where(eq(payouts.id, p.id));
      expect(row.gatewayRef).toMatch(/^tr_fake_/);
      expect(fake.calls.filter((c) => c.path === '/v1/transfers' && c.params['metadata[payeeId]'] === String(connected.owner.id))).toEqual([
        expect.objectContaining({ idempotencyKey: `payout:${p.id}`, params: expect.objectContaining({ destination: 'acct_1Connected', amount: String(p.amountCents), currency: 'usd' }) }),
      ]);
      expect(await balance(t.database.db, 'provider', unconnected.owner.id, afterStay(), 0)).toMatchObject({ availableCents: netOfStay(unconnected.hotel) });
      await expectBooksBalance();
    } finally {
      await fake.close();
    }
  });
});

describe('driver payouts', () => {
  it('a driver’s earning is held, then the admin’s run pays it; the run is audited', async () => {
    const driver = await signUp(t, { role: 'driver' });
    await t.database.db.transaction(async (tx) => {
      await post(tx, earningPosting({ deliveryOrderId: 900_000 + driver.id, driverId: driver.id, payoutCents: 750, tipCents: 200, collectedCents: 950, providerId: null, fromProviderCents: 0 }));
    });
    expect(await balance(t.database.db, 'driver', driver.id, new Date(), 2)).toMatchObject({ availableCents: 0, pendingCents: 950 });
    expect((await call('GET', '/api/driver/balance', driver.cookie)).json()).toEqual({ availableCents: 950, pendingCents: 0, paidOutCents: 0, currency: 'usd', holdDays: 0 });

    const res = await call('POST', '/api/admin/payouts/run', admin.cookie);
    expect(res.statusCode).toBe(200);
    const run = res.json() as PayoutRun;
    expect(mine(run, 'driver', driver.id)).toEqual([expect.objectContaining({ amountCents: 950, status: 'paid', payeeName: driver.username })]);
    expect((await call('GET', '/api/driver/balance', driver.cookie)).json()).toMatchObject({ availableCents: 0, pendingCents: 0, paidOutCents: 950 });
    expect(((await call('GET', '/api/driver/payouts', driver.cookie)).json() as Payout[]).map((p) => p.amountCents)).toEqual([950]);
    const all = (await call('GET', '/api/admin/payouts', admin.cookie)).json() as Payout[];
    expect(all[0]).toMatchObject({ kind: 'driver', payee: driver.id });
    expect(all.length).toBeGreaterThan(1);
    const audit = (await call('GET', '/api/admin/audit?action=payouts.run', admin.cookie)).json() as Array<{ targetId: string; changes: Record<string, unknown> }>;
    expect(audit[0]).toMatchObject({ targetId: String(run.runId), changes: expect.objectContaining({ paidCents: expect.any(Number) }) });
    await expectBooksBalance();
  });
});

describe('scheduled payouts', () => {
  it('run once per period however often they are asked at once', async () => {
    const ctx = { ...t.ctx, config: { ...t.ctx.config, payoutIntervalHours: 24 } };
    const at = new Date('2031-03-04T10:00:00Z');
    const runs = await Promise.all([runScheduledPayouts(ctx, at), runScheduledPayouts(ctx, at), runScheduledPayouts(ctx, new Date('2031-03-04T23:59:00Z'))]);
    expect(runs.filter((r) => r !== null)).toHaveLength(1);
    expect(await runScheduledPayouts(ctx, at)).toBeNull();
    const periods = await t.database.db.select({ period: payoutRuns.period }).from(payoutRuns).where(eq(payoutRuns.period, 'scheduled:2031-03-04T00:00:00.000Z'));
    expect(periods).toHaveLength(1);
    expect(await runScheduledPayouts(ctx, new Date('2031-03-05T00:00:00Z'))).not.toBeNull();
    expect(await runScheduledPayouts(t.ctx, at)).toBeNull();
  });

  it('retry a pending payout at the next minute’s check, though the period has run', async () => {
    const ctx = { ...t.ctx, config: { ...t.ctx.config, payoutIntervalHours: 24 } };
    const at = new Date('2031-04-04T10:00:00Z');
    expect(await runScheduledPayouts(ctx, at)).not.toBeNull();
    const { owner, hotel } = await hotelProvider(4);
    await bookStay(hotel.id);
    const [p] = mine(await runPayouts(deps({ now: afterStay(), gateway: new Recording({ throwFor: owner.id }) })), 'provider', owner.id);
    expect(p).toMatchObject({ status: 'pending' });
    await t.database.db.update(payouts).set({ createdAt: sql`${payouts.createdAt} - interval '10 minutes'` }).where(eq(payouts.id, p.id));
    expect(await runScheduledPayouts(ctx, new Date('2031-04-04T10:01:00Z'))).toBeNull();
    const [row] = await t.database.db.select().from(payouts).where(eq(payouts.id, p.id));
    expect(row).toMatchObject({ status: 'paid', gatewayRef: expect.stringMatching(/^tr_sandbox_/) });
    await expectBooksBalance();
  });
});

describe('statement', () => {
  it('lists the month’s orders, refunds, payouts and failed payouts between the opening and closing balances', async () => {
    const { owner, hotel } = await hotelProvider(8);
    const net = netOfStay(hotel);
    const gross = hotel.pricePerNightCents * NIGHTS;
    await t.database.db.insert(payeeAccounts).values({ userId: owner.id, destination: 'acct_fail_statement' });
    const kept = await bookStay(hotel.id);
    const declined = await bookStay(hotel.id);
    await declineOrder(t.ctx.events, t.ctx.payments, owner.id, declined.order.id, 'Closed for repairs');
    const failed = mine(await runPayouts(deps({ now: afterStay() })), 'provider', owner.id);
    expect(failed).toEqual([expect.objectContaining({ status: 'failed', amountCents: net })]);
    await t.database.db.update(payeeAccounts).set({ destination: 'acct_1Statement' }).where(eq(payeeAccounts.userId, owner.id));
    const paid = mine(await runPayouts(deps({ now: afterStay() })), 'provider', owner.id);
    expect(paid).toEqual([expect.objectContaining({ status: 'paid', amountCents: net })]);

    const month = new Date().toISOString().slice(0, 7);
    const res = await call('GET', `/api/provider/statement.csv?month=${month}`, owner.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="statement-${month}.csv"`);
    const [header, ...rows] = res.body.trimEnd().split('\r\n');
    expect(header).toBe('date,type,reference,description,gross,fee,net');
    const cells = rows.map((r) => r.split(','));
    const $ = (cents: number) => (cents / 100).toFixed(2);
    const fee = $(gross - net);
    expect(cells.map((c) => [c[1], c[2], c[4], c[5], c[6]])).toEqual([
      ['Opening balance', '', '', '', '0.00'],
      ['order', `order #${kept.order.id}`, $(gross), fee, $(net)],
      ['order', `order #${declined.order.id}`, $(gross), fee, $(net)],
      ['refund', `order #${declined.order.id}`, $(-gross), $(-(gross - net)), $(-net)],
      ['payout', `payout #${failed[0].id}`, '', '', $(-net)],
      ['payout failed', `payout #${failed[0].id}`, '', '', $(net)],
      ['payout', `payout #${paid[0].id}`, '', '', $(-net)],
      ['Closing balance', '', '', '', '0.00'],
    ]);
    expect(cells[1][3]).toBe(hotel.name);
    expect(rows[5]).toContain('Transfer failed: The destination account cannot receive transfers');

    // Default month: this one; a bad month is a 400.
    expect((await call('GET', '/api/provider/statement.csv', owner.cookie)).headers['content-disposition']).toContain(`statement-${month}.csv`);
    expect((await call('GET', '/api/provider/statement.csv?month=2026-13', owner.cookie)).statusCode).toBe(400);
    // A month before anything happened: opening and closing 0.
    expect((await call('GET', '/api/provider/statement.csv?month=2001-01', owner.cookie)).body.trimEnd().split('\r\n')).toEqual([
      'date,type,reference,description,gross,fee,net',
      '2001-01-01,Opening balance,,,,,0.00',
      '2001-01-31,Closing balance,,,,,0.00',
    ]);
  });
});

describe('reversal', () => {
  it('an admin records a paid payout as reversed: failed, its money available again and paid by the next run; audited', async () => {
    const { owner, hotel } = await hotelProvider(1);
    const net = netOfStay(hotel);
    await bookStay(hotel.id);
    const [p] = mine(await runPayouts(deps({ now: afterStay() })), 'provider', owner.id);
    expect(p).toMatchObject({ amountCents: net, status: 'paid' });

    const res = await call('POST', `/api/admin/payouts/${p.id}/reverse`, admin.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: p.id, payee: owner.id, amountCents: net, status: 'failed', failureMessage: 'Transfer reversed', settledAt: expect.any(String) });
    expect(await balance(t.database.db, 'provider', owner.id, afterStay(), 0)).toMatchObject({ availableCents: net, pendingCents: 0, paidOutCents: 0 });
    expect(await balanceOf(t.database.db, payeeAccount('provider', owner.id))).toBe(-net);
    await expectBooksBalance();
    const audit = (await call('GET', '/api/admin/audit?action=payout.reversed', admin.cookie)).json() as Array<{ targetId: string; changes: Record<string, unknown> }>;
    expect(audit[0]).toMatchObject({ targetId: String(p.id), changes: expect.objectContaining({ amountCents: net, status: ['paid', 'failed'] }) });
    const month = new Date().toISOString().slice(0, 7);
    expect((await call('GET', `/api/provider/statement.csv?month=${month}`, owner.cookie)).body).toContain(`payout failed,payout #${p.id},Transfer reversed,,,${(net / 100).toFixed(2)}`);

    // Only a paid payout can be reversed, once; an unknown one is a 404, a bad id a 400.
    const twice = await call('POST', `/api/admin/payouts/${p.id}/reverse`, admin.cookie);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ message: 'Only a paid payout can be reversed; this one is failed' });
    expect((await call('POST', '/api/admin/payouts/2147483000/reverse', admin.cookie)).statusCode).toBe(404);
    expect((await call('POST', '/api/admin/payouts/abc/reverse', admin.cookie)).statusCode).toBe(400);
    await expectBooksBalance();

    const next = mine(await runPayouts(deps({ now: afterStay() })), 'provider', owner.id);
    expect(next).toEqual([expect.objectContaining({ amountCents: net, status: 'paid' })]);
    expect(next[0].id).not.toBe(p.id);
    expect(await balance(t.database.db, 'provider', owner.id, afterStay(), 0)).toMatchObject({ availableCents: 0, pendingCents: 0, paidOutCents: net });
    await expectBooksBalance();
  });
});

describe('access', () => {
  const people = new Map<string, Account>();
  beforeAll(async () => {
    for (const role of ['user', 'provider', 'driver', 'admin'] as const) people.set(role, await signUp(t, { role }));
  });
  it.each([
    ['GET', '/api/provider/balance', 'provider'],
    ['GET', '/api/provider/payouts', 'provider'],
    ['GET', '/api/provider/statement.csv', 'provider'],
    ['GET', '/api/driver/balance', 'driver'],
    ['GET', '/api/driver/payouts', 'driver'],
    ['POST', '/api/admin/payouts/run', 'admin'],
    ['GET', '/api/admin/payouts', 'admin'],
    ['POST', '/api/admin/payouts/1/reverse', 'admin'],
  ] as const)('%s %s: visitors 401, roles other than %s 403', async (method, url, role) => {
    expect((await call(method, url)).statusCode).toBe(401);
    for (const other of (['user', 'provider', 'driver', 'admin'] as const).filter((r) => r !== role)) {
      expect((await call(method, url, people.get(other)?.cookie)).statusCode, other).toBe(403);
    }
  });
});

describe.runIf(process.env.DATABASE_URL && process.env.REDIS_URL)('payouts on two instances', () => {
  let both: Awaited<ReturnType<typeof createTwoInstances>>;
  beforeAll(async () => {
    both = await createTwoInstances();
  });
  afterAll(async () => both?.close());

  it('two runs on two instances at once pay each provider once, and a scheduled period runs once', async () => {
    const { a, b } = both;
    const owners: Array<{ id: number; net: number }> = [];
    for (let n = 0; n < 3; n += 1) {
      const { owner, hotel } = await hotelProvider(n, a);
      await bookStay(hotel.id, a);
      owners.push({ id: owner.id, net: netOfStay(hotel) });
    }
    const runs = await Promise.all([runPayouts(deps({ now: afterStay() }, a)), runPayouts(deps({ now: afterStay() }, b))]);
    for (const o of owners) {
      expect(runs.flatMap((r) => mine(r, 'provider', o.id))).toEqual([expect.objectContaining({ amountCents: o.net, status: 'paid' })]);
    }
    await expectBooksBalance(a.database.db);

    const at = new Date('2031-06-01T08:00:00Z');
    const ctx = (x: TestApp) => ({ ...x.ctx, config: { ...x.ctx.config, payoutIntervalHours: 6 } });
    const scheduled = await Promise.all([runScheduledPayouts(ctx(a), at), runScheduledPayouts(ctx(b), at)]);
    expect(scheduled.filter((r) => r !== null)).toHaveLength(1);
  });
});
