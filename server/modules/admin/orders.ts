/**
 * The admin's Orders tab (issue 26): bookings found by id, customer e-mail or name, or a tracking number of one of
 * their deliveries, filtered by status, newest first and paged by id; one opened with its money; a refund through
 * the bookings module's own cancel-with-refund (cancelBooking: the gateway refund, the 'refunded' payment row, the
 * audit entry and booking.cancelled, all in one transaction). The dashboard's order, user and revenue counts are SQL
 * aggregates over the tables, never rows fetched and summed here.
 */
import { and, asc, desc, eq, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { centsToDollars, dollarsToCents } from '../../../domain/catalogue/money';
import { formatCents, SERVER_LOCALE } from '../../../domain/format';
import { REFUND_MESSAGES, type AdminOrderCustomer, type AdminOrderDetail, type AdminOrderRow, type AdminOrdersPage, type AdminOrdersQuery, type RefundOrder } from '../../../domain/admin/orders';
import type { CancelledBooking } from '../../../domain/bookings/schemas';
import type { Db } from '../../db/connect';
import { bookingItems, bookings, payments, trackingRecords, users } from '../../db/schema';
import { conflict, notFound } from '../../platform/errors';
import type { EventBus } from '../../platform/events/bus';
import type { PaymentGateway } from '../../platform/payments';
import { cancelBooking, expireAbandonedBookings, getBooking } from '../bookings';
import { containsPattern } from './users';

/** How many lines the row's summary names ("2 × Pho Bo, 1 × Banh Mi, …"). */
const SUMMARY_LINES = 3;

type Head = { id: number; status: AdminOrderRow['status']; createdAt: Date; totalCents: number; customer: AdminOrderCustomer };

const headColumns = {
  id: bookings.id,
  status: bookings.status,
  createdAt: bookings.createdAt,
  totalCents: bookings.totalCents,
  customer: { id: users.id, username: users.username, email: users.email },
};

/** Captured and refunded cents per booking, summed by the database. */
async function moneyOf(db: Db, ids: number[]): Promise<Map<number, { paid: number; refunded: number }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      bookingId: payments.bookingId,
      paid: sql<number>`coalesce(sum(${payments.amountCents}) filter (where ${payments.status} = 'succeeded'), 0)`.mapWith(Number),
      refunded: sql<number>`coalesce(sum(${payments.amountCents}) filter (where ${payments.status} = 'refunded'), 0)`.mapWith(Number),
    })
    .from(payments)
    .where(inArray(payments.bookingId, ids))
    .groupBy(payments.bookingId);
  return new Map(rows.map((r) => [r.bookingId, { paid: r.paid, refunded: r.refunded }]));
}

/** The page's bookings with their lines' summary, money and tracking numbers (three queries for the whole page). */
async function toRows(db: Db, heads: Head[], summaryLines = SUMMARY_LINES): Promise<AdminOrderRow[]> {
  const ids = heads.map((h) => h.id);
  if (ids.length === 0) return [];
  const [lines, money, tracking] = await Promise.all([
    db
      .select({ bookingId: bookingItems.bookingId, name: bookingItems.name, quantity: bookingItems.quantity })
      .from(bookingItems)
      .where(inArray(bookingItems.bookingId, ids))
      .orderBy(asc(bookingItems.id)),
    moneyOf(db, ids),
    db
      .select({ bookingId: trackingRecords.bookingId, number: trackingRecords.trackingNumber })
      .from(trackingRecords)
      .where(inArray(trackingRecords.bookingId, ids))
      .orderBy(asc(trackingRecords.createdAt), asc(trackingRecords.trackingNumber)),
  ]);
  return heads.map((h) => {
    const own = lines.filter((l) => l.bookingId === h.id);
    const named = own.slice(0, summaryLines).map((l) => `${l.quantity} × ${l.name}`);
    const { paid, refunded } = money.get(h.id) ?? { paid: 0, refunded: 0 };
    return {
      id: h.id,
      status: h.status,
      createdAt: h.createdAt.toISOString(),
      customer: h.customer,
      summary: own.length > summaryLines ? `${named.join(', ')}, …` : named.join(', '),
      lineCount: own.length,
      total: centsToDollars(h.totalCents),
      paid: centsToDollars(paid),
      refunded: centsToDollars(refunded),
      refundable: centsToDollars(Math.max(0, paid - refunded)),
      trackingNumbers: tracking.filter((t) => t.bookingId === h.id).map((t) => t.number),
    };
  });
}

/**
 * What a search names: a booking id ("42" or "#42"), and otherwise (or also) text found in the customer's e-mail or
 * name, or in a tracking number or tracking id of one of the booking's deliveries.
 */
function searchOf(q: string): SQL {
  const text = q.replace(/^#/, '').trim();
  const like = containsPattern(text);
  const tracked = sql`exists (select 1 from ${trackingRecords} where ${trackingRecords.bookingId} = ${bookings.id} and (lower(${trackingRecords.trackingNumber}) like ${like} or ${trackingRecords.id} = ${text}))`;
  const byId = /^\d{1,10}$/.test(text) && Number(text) <= 2_147_483_647 ? sql`${bookings.id} = ${Number(text)} or ` : sql``;
  return sql`(${byId}lower(${users.email}) like ${like} or lower(${users.username}) like ${like} or ${tracked})`;
}

/** One page of the Orders tab, newest first; abandoned checkouts are expired first, so none shows as open. */
export async function searchOrders(db: Db, q: AdminOrdersQuery): Promise<AdminOrdersPage> {
  await expireAbandonedBookings(db);
  const where: SQL[] = [];
  if (q.q) where.push(searchOf(q.q));
  if (q.status !== 'all') where.push(eq(bookings.status, q.status));
  if (q.before) where.push(lt(bookings.id, q.before));
  const heads = await db
    .select(headColumns)
    .from(bookings)
    .innerJoin(users, eq(users.id, bookings.userId))
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(bookings.id))
    .limit(q.limit + 1);
  const more = heads.length > q.limit;
  const page = more ? heads.slice(0, q.limit) : heads;
  return { orders: await toRows(db, page), nextBefore: more ? page[page.length - 1].id : null };
}

async function customerOf(db: Db, bookingId: number): Promise<AdminOrderCustomer & { status: AdminOrderRow['status'] }> {
  const [row] = await db
    .select({ id: users.id, username: users.username, email: users.email, status: bookings.status })
    .from(bookings)
    .innerJoin(users, eq(users.id, bookings.userId))
    .where(eq(bookings.id, bookingId));
  if (!row) throw notFound('Booking not found');
  return row;
}

/** One booking as its customer sees it (the bookings module's view), with who they are and the money. */
export async function orderDetail(db: Db, admin: { id: number; role: string }, id: number): Promise<AdminOrderDetail> {
  const { status: _status, ...customer } = await customerOf(db, id);
  const booking = await getBooking(db, admin, id);
  const { paid, refunded } = (await moneyOf(db, [id])).get(id) ?? { paid: 0, refunded: 0 };
  return { booking, customer, paid: centsToDollars(paid), refunded: centsToDollars(refunded), refundable: centsToDollars(Math.max(0, paid - refunded)) };
}

/**
 * Refunds what was paid for a confirmed booking and cancels it, through the bookings module (cancelBooking). The
 * amount the admin confirmed must be what is refundable now (409 otherwise); a booking that was never paid, is
 * completed, or has nothing left to refund is refused with the reason.
 */
export async function refundOrder(events: EventBus, gateway: PaymentGateway, admin: { id: number; role: string }, id: number, body: RefundOrder): Promise<CancelledBooking> {
  const { status } = await customerOf(events.db, id);
  const { paid, refunded } = (await moneyOf(events.db, [id])).get(id) ?? { paid: 0, refunded: 0 };
  const refundable = Math.max(0, paid - refunded);
  if (status === 'completed') throw conflict(REFUND_MESSAGES.completed);
  if (paid === 0) throw conflict(REFUND_MESSAGES.notPaid);
  if (refundable === 0) throw conflict(REFUND_MESSAGES.nothingLeft);
  if (dollarsToCents(body.amount) !== refundable) {
    throw conflict(REFUND_MESSAGES.amountChanged(formatCents(refundable, { locale: SERVER_LOCALE })), { refundable: centsToDollars(refundable) });
  }
  return cancelBooking(events, gateway, admin, id);
}

/** Paid orders, captured and refunded money (one aggregate over payments) and the number of accounts. */
export async function operationsCounts(db: Db): Promise<{ orders: number; users: number; revenue: number; refunded: number }> {
  const [[money], accounts] = await Promise.all([
    db
      .select({
        orders: sql<number>`count(distinct ${payments.bookingId}) filter (where ${payments.status} = 'succeeded')`.mapWith(Number),
        paid: sql<number>`coalesce(sum(${payments.amountCents}) filter (where ${payments.status} = 'succeeded'), 0)`.mapWith(Number),
        refunded: sql<number>`coalesce(sum(${payments.amountCents}) filter (where ${payments.status} = 'refunded'), 0)`.mapWith(Number),
      })
      .from(payments),
    db.$count(users),
  ]);
  return { orders: money.orders, users: accounts, revenue: centsToDollars(money.paid - money.refunded), refunded: centsToDollars(money.refunded) };
}

/** A booking's stored price breakdown (what the customer was charged, line by line), in dollars. */
export type BookingCharges = { subtotal: number; deliveryFee: number; serviceFee: number; tax: number; tip: number };

/**
 * The Orders tab's rows in id order for the bookings export (every line named) with their stored breakdown,
 * `pageSize` at a time: keyset paging, so memory stays bounded whatever the number of bookings.
 */
export async function* bookingPages(db: Db, pageSize = 500): AsyncGenerator<Array<AdminOrderRow & { charges: BookingCharges }>> {
  let after = 0;
  for (;;) {
    const heads = await db
      .select({
        ...headColumns,
        subtotalCents: bookings.subtotalCents,
        deliveryFeeCents: bookings.deliveryFeeCents,
        serviceFeeCents: bookings.serviceFeeCents,
        taxCents: bookings.taxCents,
        tipCents: bookings.tipCents,
      })
      .from(bookings)
      .innerJoin(users, eq(users.id, bookings.userId))
      .where(sql`${bookings.id} > ${after}`)
      .orderBy(asc(bookings.id))
      .limit(pageSize);
    if (heads.length === 0) return;
    const rows = await toRows(db, heads, Number.POSITIVE_INFINITY);
    yield rows.map((row, i) => {
      const h = heads[i];
      return {
        ...row,
        charges: {
          subtotal: centsToDollars(h.subtotalCents),
          deliveryFee: centsToDollars(h.deliveryFeeCents),
          serviceFee: centsToDollars(h.serviceFeeCents),
          tax: centsToDollars(h.taxCents),
          tip: centsToDollars(h.tipCents),
        },
      };
    });
    if (heads.length < pageSize) return;
    after = heads[heads.length - 1].id;
  }
}
