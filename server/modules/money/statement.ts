/**
 * A provider's monthly statement (GET /api/provider/statement.csv?month=YYYY-MM, issue 28): every movement of its
 * ledger account in the month (UTC), one line each, between an opening and a closing balance read from the ledger.
 *
 * Lines, in the order they were posted:
 * - order: an order paid (its share of a booking's allocation): gross = items, fee = commission, net = gross - fee;
 * - refund: an order declined or cancelled: what came back out of the gross, the commission and the net;
 * - drivers' pay: the drivers' pay charged to a ride or parcel order;
 * - payout: a transfer started; payout failed: a transfer refused (or reversed), the money back in the balance.
 * Amounts are dollars with two decimals; the nets add up from the opening to the closing balance exactly.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { payeeAccount } from '../../../domain/money/ledger';
import type { Db } from '../../db/connect';
import { ledgerAccounts, ledgerEntries, ledgerPostings, payouts, providerOrders } from '../../db/schema';
import { toCsv } from '../../platform/csv';
import { PAYOUT_CURRENCY } from './balances';

export type StatementLine = {
  date: string;
  type: 'Opening balance' | 'order' | 'refund' | "drivers' pay" | 'payout' | 'payout failed' | 'other' | 'Closing balance';
  reference: string;
  description: string;
  gross: string;
  fee: string;
  net: string;
};

const dollars = (cents: number) => (cents / 100).toFixed(2);

/** The month's first moment and the next month's (UTC). */
export function monthSpan(month: string): { start: Date; end: Date } {
  const [y, m] = month.split('-').map(Number);
  return { start: new Date(Date.UTC(y, m - 1, 1)), end: new Date(Date.UTC(y, m, 1)) };
}

/** 'YYYY-MM' of a moment (UTC). */
export const monthOf = (d: Date) => d.toISOString().slice(0, 7);

/** What the platform owed the account's payee before `at` (the ledger's entries posted before then). */
async function owedBefore(db: Db, code: string, at: Date): Promise<number> {
  const [row] = await db
    .select({ sum: sql<string>`coalesce(sum(${ledgerEntries.amountCents}), 0)` })
    .from(ledgerEntries)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .innerJoin(ledgerPostings, eq(ledgerPostings.id, ledgerEntries.postingId))
    .where(and(eq(ledgerAccounts.code, code), eq(ledgerAccounts.currency, PAYOUT_CURRENCY), sql`${ledgerPostings.createdAt} < ${at.toISOString()}::timestamptz`));
  return -Number(row?.sum ?? 0);
}

/** The statement's lines for a provider and a month. */
export async function statementLines(db: Db, providerId: number, month: string): Promise<StatementLine[]> {
  const { start, end } = monthSpan(month);
  const code = payeeAccount('provider', providerId);
  const opening = await owedBefore(db, code, start);
  const closing = await owedBefore(db, code, end);
  const moves = await db
    .select({
      kind: ledgerPostings.kind,
      at: ledgerPostings.createdAt,
      memo: ledgerPostings.memo,
      bookingId: ledgerPostings.bookingId,
      orderId: ledgerPostings.orderId,
      payoutId: ledgerPostings.payoutId,
      amountCents: ledgerEntries.amountCents,
    })
    .from(ledgerEntries)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .innerJoin(ledgerPostings, eq(ledgerPostings.id, ledgerEntries.postingId))
    .where(
      and(
        eq(ledgerAccounts.code, code),
        eq(ledgerAccounts.currency, PAYOUT_CURRENCY),
        sql`${ledgerPostings.createdAt} >= ${start.toISOString()}::timestamptz and ${ledgerPostings.createdAt} < ${end.toISOString()}::timestamptz`,
      ),
    )
    .orderBy(ledgerPostings.createdAt, ledgerPostings.id);

  // The orders the lines are about: by id (refunds, drivers' pay) and by booking (an allocation pays all of a
  // booking's orders of this provider in one entry, shown as one line per order).
  const orderIds = [...new Set(moves.map((m) => m.orderId).filter((id): id is number => id !== null))];
  const bookingIds = [...new Set(moves.filter((m) => m.kind === 'allocation' && m.bookingId !== null).map((m) => m.bookingId as number))];
  const orderCols = {
    id: providerOrders.id,
    bookingId: providerOrders.bookingId,
    listingName: providerOrders.listingName,
    itemsCents: providerOrders.itemsCents,
    commissionCents: providerOrders.commissionCents,
    commissionRefundedCents: providerOrders.commissionRefundedCents,
  };
  const byId = new Map(
    orderIds.length ? (await db.select(orderCols).from(providerOrders).where(and(inArray(providerOrders.id, orderIds), eq(providerOrders.providerId, providerId)))).map((o) => [o.id, o]) : [],
  );
  const bookingOrders = bookingIds.length
    ? await db.select(orderCols).from(providerOrders).where(and(inArray(providerOrders.bookingId, bookingIds), eq(providerOrders.providerId, providerId))).orderBy(providerOrders.id)
    : [];
  const byBooking = new Map<number, typeof bookingOrders>();
  for (const o of bookingOrders) byBooking.set(o.bookingId, [...(byBooking.get(o.bookingId) ?? []), o]);
  const payoutIds = [...new Set(moves.map((m) => m.payoutId).filter((id): id is number => id !== null))];
  const failures = new Map(
    payoutIds.length ? (await db.select({ id: payouts.id, message: payouts.failureMessage }).from(payouts).where(inArray(payouts.id, payoutIds))).map((p) => [p.id, p.message]) : [],
  );

  const lines: StatementLine[] = [{ date: start.toISOString().slice(0, 10), type: 'Opening balance', reference: '', description: '', gross: '', fee: '', net: dollars(opening) }];
  for (const m of moves) {
    const date = m.at.toISOString().slice(0, 10);
    const credit = -Number(m.amountCents);
    const order = m.orderId !== null ? byId.get(m.orderId) : undefined;
    const orders = m.kind === 'allocation' && m.bookingId !== null ? (byBooking.get(m.bookingId) ?? []) : [];
    if (m.kind === 'allocation' && orders.length > 0 && orders.reduce((s, o) => s + o.itemsCents - o.commissionCents, 0) === credit) {
      for (const o of orders) {
        lines.push({ date, type: 'order', reference: `order #${o.id}`, description: o.listingName, gross: dollars(o.itemsCents), fee: dollars(o.commissionCents), net: dollars(o.itemsCents - o.commissionCents) });
      }
    } else if (m.kind === 'refund') {
      const fee = -(order?.commissionRefundedCents ?? 0);
      lines.push({ date, type: 'refund', reference: m.orderId !== null ? `order #${m.orderId}` : '', description: order?.listingName ?? m.memo, gross: dollars(credit + fee), fee: dollars(fee), net: dollars(credit) });
    } else if (m.kind === 'earning') {
      lines.push({ date, type: "drivers' pay", reference: m.orderId !== null ? `order #${m.orderId}` : '', description: order?.listingName ?? m.memo, gross: '', fee: '', net: dollars(credit) });
    } else if (m.kind === 'payout') {
      lines.push({ date, type: 'payout', reference: m.payoutId !== null ? `payout #${m.payoutId}` : '', description: 'Transfer to your account', gross: '', fee: '', net: dollars(credit) });
    } else if (m.kind === 'payout_failure' || m.kind === 'reversal') {
      const why = m.payoutId !== null ? failures.get(m.payoutId) : null;
      const description = m.kind === 'reversal' ? 'Transfer reversed' : `Transfer failed${why ? `: ${why}` : ''}`;
      lines.push({ date, type: 'payout failed', reference: m.payoutId !== null ? `payout #${m.payoutId}` : '', description, gross: '', fee: '', net: dollars(credit) });
    } else {
      const type = m.kind === 'allocation' ? 'order' : 'other';
      lines.push({ date, type, reference: m.bookingId !== null ? `booking #${m.bookingId}` : '', description: m.memo, gross: '', fee: '', net: dollars(credit) });
    }
  }
  const lastDay = new Date(end.getTime() - 86_400_000).toISOString().slice(0, 10);
  lines.push({ date: lastDay, type: 'Closing balance', reference: '', description: '', gross: '', fee: '', net: dollars(closing) });
  return lines;
}

/** The statement as CSV (formula-looking text made inert by toCsv). */
export async function statementCsv(db: Db, providerId: number, month: string): Promise<string> {
  return toCsv(await statementLines(db, providerId, month));
}
