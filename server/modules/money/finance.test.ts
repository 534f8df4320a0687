import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LISTING_COLLECTIONS } from '../../../domain/catalogue/kinds';
import { commissionCents } from '../../../domain/money/commission';
import { capturePostings, payoutPaidPosting, payoutPosting, refundPostings } from '../../../domain/money/ledger';
import type { TrialBalance } from '../../../domain/money/ledger';
import type { FinanceReport } from '../../../domain/money/schemas';
import { refundOf } from '../../../domain/money/split';
import { bookings, hotels, ledgerAccounts, ledgerPostings, payments, payouts, providerOrders } from '../../db/schema';
import { changeCatalogue, createTestApp, signUp, type TestApp } from '../../testing/test-app';
import { bookFood, bookHotel, day, firstHotel, pay } from '../bookings/test-helpers';
import { balanceOf, postAll } from './ledger';
import { declineOrder } from './orders';
import { deliverFood, foodLine, market, onlineDriverNear, payFor, type Person } from './test-helpers';

let t: TestApp;
let admin: { cookie: string; id: number };
let customer: Person;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signUp(t, { role: 'admin' });
  customer = await signUp(t);
});
afterAll(async () => t?.close());

const get = (url: string, cookie: string | null = admin.cookie) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
async function report(query = ''): Promise<FinanceReport> {
  const res = await get(`/api/admin/finance${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as FinanceReport;
}
const kindOf = (r: FinanceReport, kind: string) => r.kinds.find((k) => k.kind === kind);

describe('trial balance and finance report', () => {
  it('on a fresh database: the trial balance is 0 and the report reads zeros for the last 30 days', async () => {
    const tb = await get('/api/admin/ledger/trial-balance');
    expect(tb.statusCode).toBe(200);
    expect(tb.json()).toEqual({ accounts: [], totalCents: 0, currency: 'usd' });

    const r = await report();
    expect(r.to).toBe(day(0));
    expect(r.from).toBe(day(-29));
    expect(r.days.map((d) => d.day)).toEqual(Array.from({ length: 30 }, (_, i) => day(i - 29)));
    expect(r.totals).toEqual({ gmvCents: 0, revenueCents: 0, refundsCents: 0, payoutsCents: 0, payoutsDueCents: 0 });
    expect(r.kinds.map((k) => k.kind)).toEqual([...LISTING_COLLECTIONS]);
    expect(r.kinds.every((k) => k.gmvCents === 0 && k.revenueCents === 0 && k.refundsCents === 0)).toBe(true);
    expect(r.trialBalance.totalCents).toBe(0);
    expect(r.reconciliation).toEqual({ ledgerCents: 0, gatewayCents: 0, differences: [] });
    expect(r.deliveries).toEqual({ feesCents: 0, tipsCents: 0, driverPayCents: 0, fromProvidersCents: 0, platformShareCents: 0, heldCents: 0 });
  });

  it('is admin only: 401 signed out, 403 for a customer or a provider', async () => {
    const provider = await signUp(t, { role: 'provider' });
    for (const url of ['/api/admin/finance', '/api/admin/ledger/trial-balance']) {
      expect((await get(url, null)).statusCode).toBe(401);
      expect((await get(url, customer.cookie)).statusCode).toBe(403);
      expect((await get(url, provider.cookie)).statusCode).toBe(403);
    }
  });

  it('validates from and to: real dates, from not after to, at most 366 days', async () => {
    const bad = async (query: string, field: string) => {
      const res = await get(`/api/admin/finance${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json(), query).toMatchObject({ message: expect.any(String), errors: { [field]: expect.any(String) } });
    };
    await bad('?from=yesterday', 'from');
    await bad('?to=2026-13-01', 'to');
    await bad('?from=2026-03-02&to=2026-03-01', 'from');
    await bad('?from=2025-01-01&to=2026-01-02', 'to');
    // 2024 is a leap year: 366 days from Jan 1 to Dec 31.
    const leap = await report('?from=2024-01-01&to=2024-12-31');
    expect(leap.days).toHaveLength(366);
    expect(leap.days[59].day).toBe('2024-02-29');
    const one = await report('?from=2024-05-05&to=2024-05-05');
    expect(one.days.map((d) => d.day)).toEqual(['2024-05-05']);
    // Only `to`: the 30 days up to it.
    const upTo = await report('?to=2024-03-30');
    expect(upTo.from).toBe('2024-03-01');
    expect(upTo.days).toHaveLength(30);
  });

  it('a paid booking and a decline through the API: GMV, revenue, refunds, payouts due, per kind; the books balance and reconcile', async () => {
    const provider = await signUp(t, { role: 'provider' });
    const hotel = await firstHotel(t);
    await changeCatalogue(t, 'hotels', (tx) => tx.update(hotels).set({ ownerId: provider.id }).where(eq(hotels.id, hotel.id)));

    const stay = await bookHotel(t, customer.cookie, 2);
    expect((await pay(t, customer.cookie, stay)).statusCode).toBe(200);
    const { booking: meal } = await bookFood(t, customer.cookie, undefined, { tip: 3 });
    expect((await pay(t, customer.cookie, meal)).statusCode).toBe(200);

    const [stayOrder] = await t.database.db.select().from(providerOrders).where(eq(providerOrders.bookingId, stay.id));
    const [mealOrder] = await t.database.db.select().from(providerOrders).where(eq(providerOrders.bookingId, meal.id));
    expect(stayOrder).toMatchObject({ providerId: provider.id, listingKind: 'hotels', totalCents: Math.round(stay.totalAmount * 100) });
    expect(stayOrder.commissionCents).toBe(commissionCents(stayOrder.itemsCents, { percent: 12, minCents: 0 }));
    expect(stayOrder.commissionCents).toBeGreaterThan(0);
    // The seeded restaurant belongs to nobody: the platform sells it, its items are the platform's.
    expect(mealOrder).toMatchObject({ providerId: null, listingKind: 'restaurants', totalCents: Math.round(meal.totalAmount * 100) });
    expect(mealOrder.tipCents).toBe(300);

    const range = `?from=${day(-1)}&to=${day(1)}`;
    const stayRevenue = stayOrder.commissionCents + stayOrder.serviceFeeCents;
    const mealRevenue = mealOrder.itemsCents + mealOrder.serviceFeeCents;
    const paid = await report(range);
    expect(paid.totals).toEqual({
      gmvCents: stayOrder.totalCents + mealOrder.totalCents,
      revenueCents: stayRevenue + mealRevenue,
      refundsCents: 0,
      payoutsCents: 0,
      payoutsDueCents: stayOrder.itemsCents - stayOrder.commissionCents,
    });
    expect(kindOf(paid, 'hotels')).toEqual({ kind: 'hotels', gmvCents: stayOrder.totalCents, revenueCents: stayRevenue, refundsCents: 0 });
    expect(kindOf(paid, 'restaurants')).toEqual({ kind: 'restaurants', gmvCents: mealOrder.totalCents, revenueCents: mealRevenue, refundsCents: 0 });
    expect(paid.days.reduce((s, d) => s + d.gmvCents, 0)).toBe(paid.totals.gmvCents);
    expect(paid.trialBalance.totalCents).toBe(0);
    expect(paid.trialBalance.accounts).toContainEqual({ account: `provider:${provider.id}`, balanceCents: -(stayOrder.itemsCents - stayOrder.commissionCents) });
    expect(paid.reconciliation).toEqual({ ledgerCents: stayOrder.totalCents + mealOrder.totalCents, gatewayCents: stayOrder.totalCents + mealOrder.totalCents, differences: [] });
    expect((await get('/api/admin/ledger/trial-balance')).json()).toEqual(paid.trialBalance);
    // The meal's delivery fee and tip are held until it is delivered; nothing is earned yet.
    expect(mealOrder.deliveryFeeCents).toBeGreaterThan(0);
    expect(paid.deliveries).toEqual({ feesCents: 0, tipsCents: 0, driverPayCents: 0, fromProvidersCents: 0, platformShareCents: 0, heldCents: mealOrder.deliveryFeeCents + 300 });

    // The hotel declines: its whole order goes back (commission and service fee included), the meal stands.
    const declined = await declineOrder(t.ctx.events, t.ctx.payments, provider.id, stayOrder.id, 'No rooms left');
    expect(declined.refundedCents).toBe(stayOrder.totalCents);
    const after = await report(range);
    expect(after.totals).toEqual({
      gmvCents: stayOrder.totalCents + mealOrder.totalCents,
      revenueCents: mealRevenue,
      refundsCents: stayOrder.totalCents,
      payoutsCents: 0,
      payoutsDueCents: 0,
    });
    expect(kindOf(after, 'hotels')).toEqual({ kind: 'hotels', gmvCents: stayOrder.totalCents, revenueCents: 0, refundsCents: stayOrder.totalCents });
    expect(kindOf(after, 'restaurants')).toEqual({ kind: 'restaurants', gmvCents: mealOrder.totalCents, revenueCents: mealRevenue, refundsCents: 0 });
    expect(after.trialBalance.totalCents).toBe(0);
    expect(after.reconciliation).toEqual({ ledgerCents: mealOrder.totalCents, gatewayCents: mealOrder.totalCents, differences: [] });

    // The gateway's record of the meal's charge altered: the booking is listed, with both sides.
    const [charge] = await t.database.db
      .select()
      .from(payments)
      .where(and(eq(payments.bookingId, meal.id), eq(payments.status, 'succeeded')));
    await t.database.db.update(payments).set({ amountCents: charge.amountCents + 100 }).where(eq(payments.id, charge.id));
    const altered = await report(range);
    expect(altered.reconciliation).toEqual({
      ledgerCents: mealOrder.totalCents,
      gatewayCents: mealOrder.totalCents + 100,
      differences: [{ ref: `booking:${meal.id}`, what: expect.stringContaining(`#${meal.id}`), ledgerCents: mealOrder.totalCents, gatewayCents: mealOrder.totalCents + 100 }],
    });
    // A refund the gateway made that the ledger never posted shows too.
    await t.database.db.update(payments).set({ amountCents: charge.amountCents }).where(eq(payments.id, charge.id));
    await t.database.db.insert(payments).values({ bookingId: meal.id, status: 'refunded', amountCents: 250, gateway: 'sandbox' });
    expect((await report(range)).reconciliation.differences).toEqual([
      { ref: `booking:${meal.id}`, what: expect.any(String), ledgerCents: mealOrder.totalCents, gatewayCents: mealOrder.totalCents - 250 },
    ]);
    await t.database.db.delete(payments).where(and(eq(payments.bookingId, meal.id), eq(payments.status, 'refunded')));
    expect((await report(range)).reconciliation.differences).toEqual([]);
  });

  it('buckets by UTC day: orders by when they were paid, postings by when they were written, payouts by when they settled', async () => {
    const provider = await signUp(t, { role: 'provider' });
    const at = (d: string, time = '12:00:00') => new Date(`${d}T${time}Z`);
    const db = t.database.db;
    const dueBefore = (await report()).totals.payoutsDueCents;
    const gatewayBefore = (await report()).reconciliation;

    // A booking paid on 2020-03-10 (just before midnight UTC): an owned hotel order and an unowned car order.
    const hotelOrder = { itemsCents: 20_000, deliveryFeeCents: 0, serviceFeeCents: 1_000, taxCents: 2_600, tipCents: 0 };
    const carOrder = { itemsCents: 3_000, deliveryFeeCents: 0, serviceFeeCents: 150, taxCents: 390, tipCents: 0 };
    const hotelTotal = 23_600;
    const carTotal = 3_540;
    const total = hotelTotal + carTotal;
    const hotelCommission = commissionCents(20_000, { percent: 12, minCents: 0 });
    const { bookingId, hotelId } = await db.transaction(async (tx) => {
      const [b] = await tx
        .insert(bookings)
        .values({ userId: customer.id, status: 'confirmed', totalCents: total, subtotalCents: 23_000, serviceFeeCents: 1_150, taxCents: 2_990, createdAt: at('2020-03-10') })
        .returning({ id: bookings.id });
      await tx.insert(payments).values({ bookingId: b.id, status: 'succeeded', amountCents: total, gateway: 'sandbox', gatewayRef: 'ch_test' });
      const [h, c] = await tx
        .insert(providerOrders)
        .values([
          { bookingId: b.id, providerId: provider.id, listingKind: 'hotels', listingId: 1, listingName: 'Test hotel', ...hotelOrder, totalCents: hotelTotal, commissionPercent: 12, commissionCents: hotelCommission, createdAt: at('2020-03-10', '23:59:59') },
          { bookingId: b.id, providerId: null, listingKind: 'cars', listingId: 1, listingName: 'Test car', ...carOrder, totalCents: carTotal, createdAt: at('2020-03-10', '23:59:59') },
        ])
        .returning({ id: providerOrders.id });
      await postAll(
        tx,
        capturePostings(b.id, total, [
          { orderId: h.id, providerId: provider.id, ...hotelOrder, commissionCents: hotelCommission },
          { orderId: c.id, providerId: null, ...carOrder, commissionCents: 0 },
        ]),
      );
      await tx.update(ledgerPostings).set({ createdAt: at('2020-03-10', '23:59:59') }).where(eq(ledgerPostings.bookingId, b.id));
      return { bookingId: b.id, hotelId: h.id };
    });

    // Cancelled late on 2020-03-12 (just after midnight UTC): a fee of $100.00 of the items is kept.
    const [h] = await db.select().from(providerOrders).where(eq(providerOrders.id, hotelId));
    const r = refundOf(h, 10_000);
    expect(r.refundCents).toBe(hotelTotal - 10_000);
    await db.transaction(async (tx) => {
      await tx
        .update(providerOrders)
        .set({ status: 'cancelled', refundedCents: r.refundCents, netRefundedCents: r.netCents, commissionRefundedCents: r.commissionCents, cancellationFeeCents: r.feeCents })
        .where(eq(providerOrders.id, hotelId));
      await postAll(tx, refundPostings(bookingId, hotelId, provider.id, r));
      await tx.insert(payments).values({ bookingId, status: 'refunded', amountCents: r.refundCents, gateway: 'sandbox' });
      await tx.update(ledgerPostings).set({ createdAt: at('2020-03-12', '00:00:01') }).where(eq(ledgerPostings.orderId, hotelId));
    });

    // $50.00 paid out to the provider, settled on 2020-03-13.
    const [payout] = await db
      .insert(payouts)
      .values({ payeeKind: 'provider', payeeId: provider.id, amountCents: 5_000, status: 'paid', destination: 'acct_test', settledAt: at('2020-03-13') })
      .returning();
    await db.transaction((tx) => postAll(tx, [payoutPosting(payout.id, 'provider', provider.id, 5_000), payoutPaidPosting(payout.id, 5_000)]));

    const rep = await report('?from=2020-03-10&to=2020-03-13');
    const kept = hotelCommission - r.commissionCents;
    // Revenue on the 10th: the hotel's commission and service fee, the car's items and service fee.
    const revenue10 = hotelCommission + 1_000 + 3_000 + 150;
    // On the 12th the refund gives back the commission not kept and the hotel's service fee.
    const revenue12 = -(r.commissionCents + 1_000);
    expect(rep.days).toEqual([
      { day: '2020-03-10', gmvCents: total, revenueCents: revenue10, refundsCents: 0, payoutsCents: 0 },
      { day: '2020-03-11', gmvCents: 0, revenueCents: 0, refundsCents: 0, payoutsCents: 0 },
      { day: '2020-03-12', gmvCents: 0, revenueCents: revenue12, refundsCents: r.refundCents, payoutsCents: 0 },
      { day: '2020-03-13', gmvCents: 0, revenueCents: 0, refundsCents: 0, payoutsCents: 5_000 },
    ]);
    expect(rep.totals).toMatchObject({ gmvCents: total, revenueCents: revenue10 + revenue12, refundsCents: r.refundCents, payoutsCents: 5_000 });
    expect(kindOf(rep, 'hotels')).toEqual({ kind: 'hotels', gmvCents: hotelTotal, revenueCents: kept, refundsCents: r.refundCents });
    expect(kindOf(rep, 'cars')).toEqual({ kind: 'cars', gmvCents: carTotal, revenueCents: 3_150, refundsCents: 0 });
    // Per kind and per day tell the same revenue (nothing here went through platform:delivery).
    expect(rep.kinds.reduce((s, k) => s + k.revenueCents, 0)).toBe(rep.totals.revenueCents);
    // The provider is owed its net less what the refund took back, less the payout.
    expect(rep.totals.payoutsDueCents - dueBefore).toBe(20_000 - hotelCommission - r.netCents - 5_000);
    expect(rep.trialBalance.totalCents).toBe(0);
    expect(rep.reconciliation.differences).toEqual([]);
    expect(rep.reconciliation.ledgerCents - gatewayBefore.ledgerCents).toBe(total - r.refundCents - 5_000);
    expect(rep.reconciliation.gatewayCents).toBe(rep.reconciliation.ledgerCents);

    // A range that misses the 10th has none of the orders; one day before the first has nothing at all.
    expect(kindOf(await report('?from=2020-03-11&to=2020-03-13'), 'hotels')).toEqual({ kind: 'hotels', gmvCents: 0, revenueCents: 0, refundsCents: 0 });
    expect((await report('?from=2020-03-09&to=2020-03-09')).totals).toMatchObject({ gmvCents: 0, revenueCents: 0, refundsCents: 0, payoutsCents: 0 });

    // Payouts: one paid that never reached the ledger, and one whose transfer is posted but is marked failed.
    const [unposted] = await db.insert(payouts).values({ payeeKind: 'provider', payeeId: provider.id, amountCents: 700, status: 'paid', destination: 'acct_test', settledAt: at('2020-03-13') }).returning();
    await db.update(payouts).set({ status: 'failed' }).where(eq(payouts.id, payout.id));
    const off = (await report('?from=2020-03-10&to=2020-03-13')).reconciliation.differences;
    expect(off).toEqual([
      { ref: `payout:${payout.id}`, what: expect.stringContaining('failed'), ledgerCents: -5_000, gatewayCents: 0 },
      { ref: `payout:${unposted.id}`, what: expect.stringContaining('no transfer is posted'), ledgerCents: 0, gatewayCents: -700 },
    ]);
    await db.update(payouts).set({ status: 'paid' }).where(eq(payouts.id, payout.id));
    await db.delete(payouts).where(eq(payouts.id, unposted.id));
    expect((await report()).reconciliation.differences).toEqual([]);
  });

  it('a food order with a tip delivered through the API: the delivery fee, the tip, the driver\'s pay and the platform\'s share', async () => {
    const m = await market(t);
    const driver = await onlineDriverNear(t, m.restaurants[0]);
    const range = `?from=${day(-1)}&to=${day(1)}`;
    const before = (await report(range)).deliveries;

    // Paid with a $4.00 tip: the fee and the tip are held for the delivery, nothing is earned yet.
    const paid = await payFor(t, customer, [foodLine(m, 0)], 4);
    const [order] = await t.database.db.select().from(providerOrders).where(eq(providerOrders.bookingId, paid.id));
    expect(order).toMatchObject({ listingKind: 'restaurants', providerId: m.owners[0].id, tipCents: 400 });
    expect(order.deliveryFeeCents).toBeGreaterThan(0);
    const held = (await report(range)).deliveries;
    expect(held).toEqual({ ...before, heldCents: before.heldCents + order.deliveryFeeCents + 400 });

    // The restaurant accepts and hands it over; the driver delivers it.
    const delivery = await deliverFood(t, { owner: m.owners[0], driver, orderId: order.id, bookingId: paid.id, listingId: order.listingId });

    const done = await report(range);
    const driverPay = delivery.payoutCents + 400;
    expect(-(await balanceOf(t.database.db, `driver:${driver.id}`))).toBe(driverPay);
    const delta = {
      feesCents: done.deliveries.feesCents - before.feesCents,
      tipsCents: done.deliveries.tipsCents - before.tipsCents,
      driverPayCents: done.deliveries.driverPayCents - before.driverPayCents,
      fromProvidersCents: done.deliveries.fromProvidersCents - before.fromProvidersCents,
      platformShareCents: done.deliveries.platformShareCents - before.platformShareCents,
      heldCents: done.deliveries.heldCents - before.heldCents,
    };
    // A restaurant's delivery is paid from its fee and tip only; the platform keeps (or covers) the difference.
    expect(delta).toEqual({
      feesCents: order.deliveryFeeCents,
      tipsCents: 400,
      driverPayCents: driverPay,
      fromProvidersCents: 0,
      platformShareCents: order.deliveryFeeCents + 400 - driverPay,
      heldCents: 0,
    });
    const d = done.deliveries;
    expect(d.feesCents + d.tipsCents + d.fromProvidersCents).toBe(d.driverPayCents + d.platformShareCents);
    // The held money is the ledger's 'deliveries' account, as the trial balance shows it.
    expect(d.heldCents).toBe(-(done.trialBalance.accounts.find((a) => a.account === 'deliveries')?.balanceCents ?? 0));
    expect(done.trialBalance.totalCents).toBe(0);

    // A range without the delivery's day has none of it.
    expect((await report('?from=2020-03-10&to=2020-03-13')).deliveries).toEqual({
      feesCents: 0,
      tipsCents: 0,
      driverPayCents: 0,
      fromProvidersCents: 0,
      platformShareCents: 0,
      heldCents: d.heldCents,
    });
  });

  it('the trial balance after all of the above: every account as its entries sum, the same as its kept balance, in all 0', async () => {
    const tb = (await get('/api/admin/ledger/trial-balance')).json() as TrialBalance;
    expect(tb.totalCents).toBe(0);
    expect(tb.accounts.length).toBeGreaterThan(5);
    expect(tb.accounts.reduce((s, a) => s + a.balanceCents, 0)).toBe(0);
    const kept = await t.database.db.select({ account: ledgerAccounts.code, balanceCents: ledgerAccounts.balanceCents }).from(ledgerAccounts).orderBy(asc(ledgerAccounts.code));
    expect(tb.accounts).toEqual(kept);
  });
});
