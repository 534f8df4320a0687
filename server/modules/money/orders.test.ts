/**
 * Orders per provider, declines, cancellations and drivers' earnings, through the API (issue 28), on PGlite or on
 * PostgreSQL (DATABASE_URL), with the ledger checked after each: the trial balance is zero, every provider's account
 * owes what its orders say, and the customer was charged exactly what stands.
 */
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookingOrder, CancellationQuote } from '../../../domain/money/schemas';
import { payeeAccount } from '../../../domain/money/ledger';
import { providerNetCents } from '../../../domain/money/split';
import { driverPayoutCents } from '../../../domain/orders/payout';
import { availabilityHolds, bookings, deliveryOrders, ledgerPostings, mailOutbox, payments, providerOrders } from '../../db/schema';
import { quote } from '../bookings/test-helpers';
import { openOrdersOfEarlierBookings } from './orders';
import { createAdmin, createTestApp, signUp, type TestApp } from '../../testing/test-app';
import { createTwoInstances } from '../../testing/two-instances';
import { requester } from '../orders/test-helpers';
import { balanceOf, trialBalance } from './ledger';
import { carLine, cardMoneyOf, deliverFood, expectBooks, foodLine, hotelLine, market, onlineDriverNear, payFor, type Person } from './test-helpers';

let t: TestApp;
let api: ReturnType<typeof requester>;
type Json = Record<string, unknown>;
const marketplace = (app: TestApp = t) => market(app);
const bookAndPay = (customer: Person, items: unknown[], tip?: number, app: TestApp = t) => payFor(app, customer, items, tip);
const cardMoney = (bookingId: number, app: TestApp = t) => cardMoneyOf(app, bookingId);
const expectBooksBalance = (app: TestApp = t) => expectBooks(app);
const bookingView = async (id: number, cookie: string) =>
  (await api.get(`/api/bookings/${id}`, cookie)).json() as { status: string; orders: BookingOrder[]; payments: Array<{ status: string; amount: number }> };

beforeAll(async () => {
  t = await createTestApp();
  api = requester(t);
});
afterAll(async () => t?.close());

describe('one payment, one order per provider', () => {
  it('splits a cart of two restaurants, a hotel and a car into four orders whose totals add up to the charge', async () => {
    const m = await marketplace();
    const customer = await signUp(t);
    const paid = await bookAndPay(customer, [foodLine(m, 0, 2), foodLine(m, 1), hotelLine(m), carLine(m)], 4);
    const view = await bookingView(paid.id, customer.cookie);
    expect(view.orders.map((o) => [o.listingKind, o.provider, o.status])).toEqual([
      ['restaurants', m.restaurants[0].name, 'confirmed'],
      ['restaurants', m.restaurants[1].name, 'confirmed'],
      ['hotels', m.hotel.name, 'confirmed'],
      ['cars', expect.any(String), 'confirmed'],
    ]);
    expect(view.orders.reduce((s, o) => s + o.totalCents, 0)).toBe(paid.totalCents);
    expect(view.orders[0].items).toEqual([{ name: expect.stringContaining(m.dishes[0].name), quantity: 2, lineTotalCents: m.dishes[0].priceCents * 2 }]);
    expect(await cardMoney(paid.id)).toEqual({ charged: paid.totalCents, refunded: 0, refunds: 0 });

    // Each provider sees its own order only, with gross, the commission of its kind fixed on it, and net.
    for (const [i, kind, percent] of [
      [0, 'restaurants', 15],
      [2, 'hotels', 12],
      [3, 'cars', 10],
    ] as const) {
      const mine = (await api.get('/api/provider/orders', m.owners[i].cookie)).json() as Array<Json & { money: Json; orderId: number }>;
      expect(mine).toHaveLength(1);
      expect(mine[0]).toMatchObject({ kind, id: paid.id, orderStatus: 'confirmed', canDecline: true, money: { commissionPercent: percent } });
      const money = mine[0].money as { grossCents: number; feeCents: number; netCents: number };
      expect(money.netCents).toBe(money.grossCents - money.feeCents);
    }
    // The restaurant's minimum: 15 % of a cheap dish is less than $1.00.
    await expectBooksBalance();
  });

  it('fixes the commission on the order when it is paid: a later rule change never rewrites it', async () => {
    const m = await marketplace();
    const admin = await createAdmin(t, `money-admin-${Date.now()}@example.com`);
    const customer = await signUp(t);
    const before = await bookAndPay(customer, [hotelLine(m, 40)]);
    const put = await t.app.inject({ method: 'PUT', url: '/api/admin/commission', headers: { cookie: admin.cookie }, payload: { rules: [{ kind: 'hotels', percent: 20, minCents: 0 }] } });
    expect(put.statusCode, put.body).toBe(200);
    const after = await bookAndPay(customer, [hotelLine(m, 50)]);
    const [o1] = await t.database.db.select().from(providerOrders).where(eq(providerOrders.bookingId, before.id));
    const [o2] = await t.database.db.select().from(providerOrders).where(eq(providerOrders.bookingId, after.id));
    expect([o1.commissionPercent, o2.commissionPercent]).toEqual([12, 20]);
    expect(o1.commissionCents).toBe(Math.round(o1.itemsCents * 0.12));
    expect(o2.commissionCents).toBe(Math.round(o2.itemsCents * 0.2));
    await t.app.inject({ method: 'PUT', url: '/api/admin/commission', headers: { cookie: admin.cookie }, payload: { rules: [{ kind: 'hotels', percent: 12, minCents: 0 }] } });
    await expectBooksBalance();
  });
});

describe('a provider declines its own order', () => {
  it("refunds exactly that order, leaves the others standing, frees the hotel's room and mails the customer", async () => {
    const m = await marketplace();
    const customer = await signUp(t);
    const paid = await bookAndPay(customer, [foodLine(m, 0), foodLine(m, 1), hotelLine(m, 60)], 3);
    const orders = (await bookingView(paid.id, customer.cookie)).orders;
    const hotelOrder = orders.find((o) => o.listingKind === 'hotels') as BookingOrder;

    // Someone else's order is unknown; a reason is required.
    expect((await api.post(`/api/provider/orders/${hotelOrder.id}/decline`, { reason: 'No' }, m.owners[0].cookie)).statusCode).toBe(404);
    const noReason = await api.post(`/api/provider/orders/${hotelOrder.id}/decline`, { reason: '  ' }, m.owners[2].cookie);
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json()).toMatchObject({ errors: { reason: 'Please say why you decline this order' } });

    const declined = await api.post(`/api/provider/orders/${hotelOrder.id}/decline`, { reason: 'The roof is being repaired' }, m.owners[2].cookie);
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json()).toEqual({ orderId: hotelOrder.id, status: 'declined', refundedCents: hotelOrder.totalCents });
    expect((await api.post(`/api/provider/orders/${hotelOrder.id}/decline`, { reason: 'again' }, m.owners[2].cookie)).statusCode).toBe(409);

    const view = await bookingView(paid.id, customer.cookie);
    expect(view.status).toBe('confirmed');
    expect(view.orders.map((o) => [o.listingKind, o.status, o.refundedCents])).toEqual([
      ['restaurants', 'confirmed', 0],
      ['restaurants', 'confirmed', 0],
      ['hotels', 'declined', hotelOrder.totalCents],
    ]);
    expect(view.orders[2].declineReason).toBe('The roof is being repaired');
    expect(await cardMoney(paid.id)).toEqual({ charged: paid.totalCents, refunded: hotelOrder.totalCents, refunds: 1 });

    // The room is free again for those nights: the booking's hotel hold is released, nothing else of it.
    const holds = await t.database.db.select().from(availabilityHolds).where(eq(availabilityHolds.bookingId, paid.id));
    expect(holds.map((h) => [h.kind, h.status])).toEqual([['hotels', 'released']]);

    // The customer is told, with the reason and the amount.
    const mails = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.dedupeKey, `order-declined:${hotelOrder.id}`));
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toContain('declined your order');
    expect(mails[0].text).toContain('The roof is being repaired');
    await expectBooksBalance();
  });

  it("calls off a declined restaurant's delivery, and the last order declined cancels the booking", async () => {
    const m = await marketplace();
    const customer = await signUp(t);
    const paid = await bookAndPay(customer, [foodLine(m, 0)]);
    const [order] = (await bookingView(paid.id, customer.cookie)).orders;
    expect((await api.post(`/api/provider/orders/${order.id}/decline`, { reason: 'Kitchen closed early' }, m.owners[0].cookie)).statusCode).toBe(200);
    const view = await bookingView(paid.id, customer.cookie);
    expect(view.status).toBe('cancelled');
    const deliveries = await t.database.db.select().from(deliveryOrders).where(eq(deliveryOrders.bookingId, paid.id));
    expect(deliveries.every((d) => d.status === 'cancelled')).toBe(true);
    expect(await cardMoney(paid.id)).toEqual({ charged: paid.totalCents, refunded: paid.totalCents, refunds: 1 });
    await expectBooksBalance();
  });

  it('cannot decline an accepted order', async () => {
    const m = await marketplace();
    const customer = await signUp(t);
    const paid = await bookAndPay(customer, [carLine(m, 70)]);
    const [order] = (await bookingView(paid.id, customer.cookie)).orders;
    expect((await api.post(`/api/provider/orders/${order.id}/accept`, {}, m.owners[3].cookie)).statusCode).toBe(200);
    const late = await api.post(`/api/provider/orders/${order.id}/decline`, { reason: 'Changed my mind' }, m.owners[3].cookie);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('You accepted this order; it can no longer be declined');
    expect(await cardMoney(paid.id)).toMatchObject({ refunded: 0 });
  });

  it('50 declines of one order at once refund it once', async () => {
    const m = await marketplace();
    const customer = await signUp(t);
    const paid = await bookAndPay(customer, [hotelLine(m, 80), carLine(m, 80)]);
    const hotelOrder = (await bookingView(paid.id, customer.cookie)).orders.find((o) => o.listingKind === 'hotels') as BookingOrder;
    const answers = await Promise.all(Array.from({ length: 50 }, () => api.post(`/api/provider/orders/${hotelOrder.id}/decline`, { reason: 'Overbooked' }, m.owners[2].cookie)));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode !== 200).every((a) => a.statusCode === 409)).toBe(true);
    expect(await cardMoney(paid.id)).toEqual({ charged: paid.totalCents, refunded: hotelOrder.totalCents, refunds: 1 });
    const postings = await t.database.db.select().from(ledgerPostings).where(and(eq(ledgerPostings.orderId, hotelOrder.id), eq(ledgerPostings.kind, 'refund')));
    expect(postings).toHaveLength(1);
    await expectBooksBalance();
  });
});

describe('cancellation policies', () => {
  it('shows the refund before the customer confirms, and a late cancellation keeps the fee for the provider', async () => {
    const m = await marketplace();
    const customer = await signUp(t);
    // Check-in tomorrow: past the free period (2 days before), so 50 % of the stay is kept.
    const paid = await bookAndPay(customer, [hotelLine(m, 1, 2), carLine(m, 90)]);
    const quoteRes = await api.get(`/api/bookings/${paid.id}/cancellation`, customer.cookie);
    expect(quoteRes.statusCode).toBe(200);
    const q = quoteRes.json() as CancellationQuote;
    const [hotelOrder, carOrder] = await t.database.db.select().from(providerOrders).where(eq(providerOrders.bookingId, paid.id)).orderBy(asc(providerOrders.id));
    const fee = Math.round(hotelOrder.itemsCents / 2);
    expect(q).toMatchObject({ cancellable: true, feeCents: fee, refundCents: paid.totalCents - fee });
    expect(q.orders[0]).toMatchObject({ orderId: hotelOrder.id, cancellable: true, feeCents: fee, policy: expect.stringContaining('2 days before check-in') });
    expect(q.orders[1]).toMatchObject({ orderId: carOrder.id, cancellable: true, feeCents: 0, refundCents: carOrder.totalCents });
    // Someone else cannot read it.
    expect((await api.get(`/api/bookings/${paid.id}/cancellation`, m.owners[0].cookie)).statusCode).toBe(404);

    // A refund other than the one shown is refused with the current quote; nothing moves.
    const stale = await api.post(`/api/bookings/${paid.id}/cancel`, { expectedRefundCents: paid.totalCents }, customer.cookie);
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ message: expect.stringContaining('refund has changed'), quote: { refundCents: paid.totalCents - fee } });
    expect(await cardMoney(paid.id)).toMatchObject({ refunded: 0 });

    const done = await api.post(`/api/bookings/${paid.id}/cancel`, { expectedRefundCents: q.refundCents }, customer.cookie);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ id: paid.id, status: 'cancelled', refund: { amount: q.refundCents / 100 }, fee: { amount: fee / 100 } });
    expect(await cardMoney(paid.id)).toEqual({ charged: paid.totalCents, refunded: q.refundCents, refunds: 1 });
    const [after] = await t.database.db.select().from(providerOrders).where(eq(providerOrders.id, hotelOrder.id));
    expect(after).toMatchObject({ status: 'cancelled', cancellationFeeCents: fee });
    // The hotel keeps the fee less the commission's share of it.
    expect(providerNetCents(after)).toBe(fee - Math.round((fee * hotelOrder.commissionCents) / hotelOrder.itemsCents));
    await expectBooksBalance();
  });

  it('refuses to refund a delivered order (the driver stays paid) and lets nothing else move', async () => {
    const m = await marketplace();
    const customer = await signUp(t);
    const driver = await onlineDriverNear(t, m.restaurants[0]);
    const paid = await bookAndPay(customer, [foodLine(m, 0)], 5);
    const [order] = (await bookingView(paid.id, customer.cookie)).orders;
    // The restaurant accepts and hands it over; a driver delivers it.
    expect((await api.post(`/api/provider/orders/${order.id}/accept`, {}, m.owners[0].cookie)).statusCode).toBe(200);
    // Accepted: cancelling now costs half the food.
    const accepted = (await api.get(`/api/bookings/${paid.id}/cancellation`, customer.cookie)).json() as CancellationQuote;
    expect(accepted.orders[0]).toMatchObject({ cancellable: true, feeCents: Math.round((m.dishes[0].priceCents * 50) / 100) });
    const delivery = await deliverFood(t, { owner: m.owners[0], driver, orderId: order.id, bookingId: paid.id, listingId: order.listingId }, { accepted: true });
    const q = (await api.get(`/api/bookings/${paid.id}/cancellation`, customer.cookie)).json() as CancellationQuote;
    expect(q).toMatchObject({ cancellable: false, refundCents: 0 });
    const refused = await api.post(`/api/bookings/${paid.id}/cancel`, {}, customer.cookie);
    expect(refused.statusCode).toBe(409);
    expect(await cardMoney(paid.id)).toMatchObject({ refunded: 0, refunds: 0 });

    // The driver earned the pay rule's payout and the whole tip; the restaurant's order is completed.
    const [o] = await t.database.db.select().from(providerOrders).where(eq(providerOrders.id, order.id));
    expect(o.status).toBe('completed');
    expect(-(await balanceOf(t.database.db, payeeAccount('driver', driver.id)))).toBe(delivery.payoutCents + 500);
    expect(delivery.payoutCents).toBe(driverPayoutCents({ kind: 'food', deliveryFeeCents: o.deliveryFeeCents, distanceKm: Number(delivery.distanceKm) }));
    // The delivery fee is spent on the driver: what it did not cover is the platform's (platform:delivery).
    const tb = await trialBalance(t.database.db);
    expect(tb.accounts.find((a) => a.account === 'deliveries')?.balanceCents ?? 0).toBe(
      // Only other tests' undelivered orders are still held for drivers.
      -(
        await t.database.db
          .select()
          .from(providerOrders)
          .where(and(inArray(providerOrders.status, ['confirmed', 'accepted']), ne(providerOrders.id, order.id)))
      ).reduce((s, x) => s + x.deliveryFeeCents + x.tipCents, 0),
    );
    await expectBooksBalance();
  });

  it('50 cancellations of one booking at once refund it once', async () => {
    const m = await marketplace();
    const customer = await signUp(t);
    const paid = await bookAndPay(customer, [hotelLine(m, 100), carLine(m, 100)]);
    const answers = await Promise.all(Array.from({ length: 50 }, () => api.post(`/api/bookings/${paid.id}/cancel`, {}, customer.cookie)));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(await cardMoney(paid.id)).toEqual({ charged: paid.totalCents, refunded: paid.totalCents, refunds: 1 });
    await expectBooksBalance();
  });
});

describe('money events at the same time', () => {
  it('payments, declines and cancellations of different bookings all go through together (no deadlock)', async () => {
    const m = await marketplace();
    const customers = await Promise.all(Array.from({ length: 6 }, () => signUp(t)));
    // Bookings to decline and cancel, paid first.
    const toDecline = [];
    const toCancel = [];
    for (const [i, c] of customers.entries()) {
      toDecline.push({ c, paid: await bookAndPay(c, [hotelLine(m, 200 + i * 3), carLine(m, 200 + i * 3)]) });
      toCancel.push({ c, paid: await bookAndPay(c, [carLine(m, 300 + i * 3), foodLine(m, 0)], 2) });
    }
    const hotelOrders = await Promise.all(toDecline.map(async ({ c, paid }) => (await bookingView(paid.id, c.cookie)).orders.find((o) => o.listingKind === 'hotels') as BookingOrder));
    // Now, all at once: new payments (every account of a capture), declines (refund and refund_paid), cancellations.
    const results = await Promise.all([
      ...customers.map((c, i) => payFor(t, c, [hotelLine(m, 400 + i * 3), foodLine(m, 1)], 3).then(() => 200)),
      ...hotelOrders.map((o) => api.post(`/api/provider/orders/${o.id}/decline`, { reason: 'Closed' }, m.owners[2].cookie).then((r) => r.statusCode)),
      ...toCancel.map(({ c, paid }) => api.post(`/api/bookings/${paid.id}/cancel`, {}, c.cookie).then((r) => r.statusCode)),
    ]);
    expect(results).toEqual(results.map(() => 200));
    await expectBooksBalance();
  });
});

describe('bookings paid before the ledger existed', () => {
  it('get their orders and postings once at start, and then balance like any other', async () => {
    const m = await marketplace();
    const customer = await signUp(t);
    // A booking paid the way the server did before migration 0010: confirmed, a succeeded payment, no orders.
    const items = [hotelLine(m, 120), foodLine(m, 1)];
    const total = (await quote(t, items, undefined, customer.cookie)).total;
    const created = await t.app.inject({ method: 'POST', url: '/api/bookings', headers: { cookie: customer.cookie }, payload: { items, totalAmount: total } });
    expect(created.statusCode).toBe(201);
    const id = (created.json() as { id: number }).id;
    const totalCents = Math.round(total * 100);
    await t.database.db.update(bookings).set({ status: 'confirmed' }).where(eq(bookings.id, id));
    await t.database.db.insert(payments).values({ bookingId: id, status: 'succeeded', amountCents: totalCents, gateway: 'sandbox', gatewayRef: 'ch_sandbox_before' });
    expect(await t.database.db.select().from(providerOrders).where(eq(providerOrders.bookingId, id))).toEqual([]);

    expect(await openOrdersOfEarlierBookings(t.database.db)).toBeGreaterThanOrEqual(1);
    expect(await openOrdersOfEarlierBookings(t.database.db)).toBe(0);
    const orders = await t.database.db.select().from(providerOrders).where(eq(providerOrders.bookingId, id));
    expect(orders.map((o) => [o.listingKind, o.providerId, o.status])).toEqual([
      ['hotels', m.owners[2].id, 'confirmed'],
      ['restaurants', m.owners[1].id, 'confirmed'],
    ]);
    expect(orders.reduce((s, o) => s + o.totalCents, 0)).toBe(totalCents);
    // It can be declined and refunded like any order now.
    expect((await api.post(`/api/provider/orders/${orders[0].id}/decline`, { reason: 'Closed for works' }, m.owners[2].cookie)).statusCode).toBe(200);
    await expectBooksBalance();
  });
});

describe.skipIf(!process.env.DATABASE_URL || !process.env.REDIS_URL)('two instances', () => {
  it('declines of one order sent to both instances at once refund it once', async () => {
    const { a, b, close } = await createTwoInstances();
    try {
      const m = await marketplace(a);
      const customer = await signUp(a);
      const paid = await bookAndPay(customer, [hotelLine(m, 110)], undefined, a);
      const [order] = await a.database.db.select().from(providerOrders).where(eq(providerOrders.bookingId, paid.id));
      const decline = (app: TestApp) =>
        app.app.inject({ method: 'POST', url: `/api/provider/orders/${order.id}/decline`, headers: { cookie: m.owners[2].cookie }, payload: { reason: 'Flooded' } });
      const answers = await Promise.all(Array.from({ length: 25 }, (_, i) => decline(i % 2 ? a : b)));
      expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
      expect(await cardMoney(paid.id, a)).toEqual({ charged: paid.totalCents, refunded: paid.totalCents, refunds: 1 });
      await expectBooksBalance(a);
    } finally {
      await close();
    }
  });
});
