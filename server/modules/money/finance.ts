/**
 * The admin's finance figures (issue 28): GMV, the platform's revenue, refunds and payouts per UTC day and per
 * listing kind, what is owed to payees now, the trial balance, and a reconciliation of the ledger's gateway account
 * against the gateway's own records (payments rows and paid payouts). Every figure is one SQL aggregate; the whole
 * report is read in one read-only repeatable-read transaction, so its parts describe the same moment.
 *
 * - GMV: what customers paid for orders (provider_orders.total_cents) created that day.
 * - Revenue (days): what the platform earned that day by its ledger: -(entries on platform:revenue and
 *   platform:delivery) of the postings written that day.
 * - Revenue (kinds): of the orders created in the range, the commission kept (commission - commission refunded), the
 *   service fee of orders never refunded (a refund gives it back in full, split.ts refundOf), and for a listing nobody
 *   owns (the platform sells it, its items are the platform's revenue) the items kept: all of them, or what a refund
 *   left (total - refunded, the cancellation fee). The delivery share (platform:delivery) is in the days only.
 * - Refunds: what refund postings of that day gave back (-(entries on 'refunds') of postings of kind 'refund').
 * - Payouts: payouts paid (status 'paid') settled that day.
 * - Deliveries: of the 'earning' postings (a delivery done) written in the range, what they took from 'deliveries'
 *   (fees and tips collected; an order's fee and tip are collected by its first finished delivery, so the tip is its
 *   order's tip_cents where that posting collected, and the fee the rest), paid the drivers (their driver:* entries),
 *   charged providers (rides, parcels: their provider:* entries) and left to the platform (platform:delivery, negative
 *   when the pay rule paid more than was collected). A posting balances, so fees + tips + from providers = driver pay
 *   + platform share. Held: what 'deliveries' holds now for deliveries not done yet.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { FinanceDeliveries, FinanceFigures, FinanceReport } from '../../../domain/money/schemas';
import { LISTING_COLLECTIONS } from '../../../domain/catalogue/kinds';
import { formatCents, SERVER_LOCALE } from '../../../domain/format';
import type { Db, Tx } from '../../db/connect';
import { badRequest } from '../../platform/errors';
import { trialBalance } from './ledger';

type Exec = Db | Tx;

const DAY_MS = 86_400_000;
/** The longest range a report covers, in days (both ends included). */
export const FINANCE_MAX_DAYS = 366;
/** The range when none is named: the last 30 days, today included. */
export const FINANCE_DEFAULT_DAYS = 30;
/** At most this many differences of each sort (bookings, payouts) are listed. */
export const RECONCILIATION_MAX_DIFFERENCES = 200;

const CURRENCY = 'usd';

async function rowsOf<T>(exec: Exec, query: SQL): Promise<T[]> {
  const result = (await exec.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const dayMs = (day: string) => Date.parse(`${day}T00:00:00Z`);

/**
 * The report's UTC days: `to` defaults to today, `from` to 29 days before `to`. 400 with a field error when from is
 * after to or the range is longer than FINANCE_MAX_DAYS.
 */
export function financeRange(q: { from?: string; to?: string }, now: Date = new Date()): { from: string; to: string; days: string[] } {
  const to = q.to ?? isoDay(now.getTime());
  const from = q.from ?? isoDay(dayMs(to) - (FINANCE_DEFAULT_DAYS - 1) * DAY_MS);
  const start = dayMs(from);
  const end = dayMs(to);
  if (Number.isNaN(start)) throw badRequest('Validation failed: Use a date like 2026-11-01', { from: 'Use a date like 2026-11-01' });
  if (Number.isNaN(end)) throw badRequest('Validation failed: Use a date like 2026-11-30', { to: 'Use a date like 2026-11-30' });
  if (start > end) throw badRequest('Validation failed: from must be on or before to', { from: `Must be on or before ${to}` });
  const count = Math.round((end - start) / DAY_MS) + 1;
  if (count > FINANCE_MAX_DAYS) {
    throw badRequest(`Validation failed: at most ${FINANCE_MAX_DAYS} days`, { to: `At most ${FINANCE_MAX_DAYS} days after from (${isoDay(start + (FINANCE_MAX_DAYS - 1) * DAY_MS)})` });
  }
  return { from, to, days: Array.from({ length: count }, (_, i) => isoDay(start + i * DAY_MS)) };
}

type Cents = string | number | null;
const n = (v: Cents) => Number(v ?? 0);

export async function financeReport(db: Db, q: { from?: string; to?: string }, now: Date = new Date()): Promise<FinanceReport> {
  const range = financeRange(q, now);
  const start = `${range.from}T00:00:00Z`;
  const end = `${isoDay(dayMs(range.to) + DAY_MS)}T00:00:00Z`;
  return db.transaction(
    async (tx) => {
      const [orderDays, ledgerDays, payoutDays, kindRows, due, deliveries, tb, reconciliation] = [
        await rowsOf<{ day: string; gmv: Cents }>(
          tx,
          sql`select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') as day, sum(total_cents) as gmv
              from provider_orders
              where currency = ${CURRENCY} and created_at >= ${start}::timestamptz and created_at < ${end}::timestamptz
              group by 1`,
        ),
        await rowsOf<{ day: string; revenue: Cents; refunds: Cents }>(
          tx,
          sql`select to_char(p.created_at at time zone 'UTC', 'YYYY-MM-DD') as day,
                -coalesce(sum(e.amount_cents) filter (where a.code in ('platform:revenue', 'platform:delivery')), 0) as revenue,
                -coalesce(sum(e.amount_cents) filter (where a.code = 'refunds' and p.kind = 'refund'), 0) as refunds
              from ledger_postings p
              join ledger_entries e on e.posting_id = p.id
              join ledger_accounts a on a.id = e.account_id
              where a.currency = ${CURRENCY} and a.code in ('platform:revenue', 'platform:delivery', 'refunds')
                and p.created_at >= ${start}::timestamptz and p.created_at < ${end}::timestamptz
              group by 1`,
        ),
        await rowsOf<{ day: string; payouts: Cents }>(
          tx,
          sql`select to_char(settled_at at time zone 'UTC', 'YYYY-MM-DD') as day, sum(amount_cents) as payouts
              from payouts
              where status = 'paid' and currency = ${CURRENCY} and settled_at >= ${start}::timestamptz and settled_at < ${end}::timestamptz
              group by 1`,
        ),
        await rowsOf<{ kind: string; gmv: Cents; revenue: Cents; refunds: Cents }>(
          tx,
          sql`select listing_kind as kind,
                sum(total_cents) as gmv,
                sum(case when provider_id is null
                           then (case when refunded_cents = 0 then items_cents else total_cents - refunded_cents end)
                           else commission_cents - commission_refunded_cents end
                    + case when refunded_cents = 0 then service_fee_cents else 0 end) as revenue,
                sum(refunded_cents) as refunds
              from provider_orders
              where currency = ${CURRENCY} and created_at >= ${start}::timestamptz and created_at < ${end}::timestamptz
              group by listing_kind`,
        ),
        await rowsOf<{ due: Cents }>(
          tx,
          sql`select -coalesce(sum(balance_cents), 0) as due from ledger_accounts where kind in ('provider', 'driver') and currency = ${CURRENCY}`,
        ),
        await deliveriesOf(tx, start, end),
        await trialBalance(tx, CURRENCY),
        await reconcile(tx),
      ];

      const byDay = new Map<string, FinanceFigures & { day: string }>(range.days.map((day) => [day, { day, gmvCents: 0, revenueCents: 0, refundsCents: 0, payoutsCents: 0 }]));
      for (const r of orderDays) {
        const d = byDay.get(r.day);
        if (d) d.gmvCents = n(r.gmv);
      }
      for (const r of ledgerDays) {
        const d = byDay.get(r.day);
        if (d) {
          d.revenueCents = n(r.revenue);
          d.refundsCents = n(r.refunds);
        }
      }
      for (const r of payoutDays) {
        const d = byDay.get(r.day);
        if (d) d.payoutsCents = n(r.payouts);
      }
      const days = [...byDay.values()];
      const sum = (pick: (d: FinanceFigures) => number) => days.reduce((s, d) => s + pick(d), 0);

      // Every listing kind in the admin's order (zeros included), then any other kind an order names.
      const kindMap = new Map(kindRows.map((r) => [r.kind, { kind: r.kind, gmvCents: n(r.gmv), revenueCents: n(r.revenue), refundsCents: n(r.refunds) }]));
      const kinds = [
        ...LISTING_COLLECTIONS.map((kind) => kindMap.get(kind) ?? { kind, gmvCents: 0, revenueCents: 0, refundsCents: 0 }),
        ...[...kindMap.values()].filter((k) => !(LISTING_COLLECTIONS as readonly string[]).includes(k.kind)).sort((a, b) => a.kind.localeCompare(b.kind)),
      ];

      const ledgerCents = tb.accounts.find((a) => a.account === 'gateway')?.balanceCents ?? 0;
      return {
        from: range.from,
        to: range.to,
        currency: CURRENCY,
        totals: {
          gmvCents: sum((d) => d.gmvCents),
          revenueCents: sum((d) => d.revenueCents),
          refundsCents: sum((d) => d.refundsCents),
          payoutsCents: sum((d) => d.payoutsCents),
          payoutsDueCents: n(due[0]?.due ?? 0),
        },
        days,
        kinds,
        deliveries,
        trialBalance: tb,
        reconciliation: { ledgerCents, gatewayCents: reconciliation.gatewayCents, differences: reconciliation.differences },
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/** The deliveries' figures of the earning postings written in [start, end), and what 'deliveries' holds now. */
async function deliveriesOf(tx: Exec, start: string, end: string): Promise<FinanceDeliveries> {
  const [row] = await rowsOf<{ collected: Cents; tips: Cents; driverPay: Cents; fromProviders: Cents; platformShare: Cents; held: Cents }>(
    tx,
    sql`select
          coalesce(sum(e.amount_cents) filter (where a.code = 'deliveries'), 0) as "collected",
          coalesce(sum(o.tip_cents) filter (where a.code = 'deliveries' and e.amount_cents > 0), 0) as "tips",
          -coalesce(sum(e.amount_cents) filter (where a.kind = 'driver'), 0) as "driverPay",
          coalesce(sum(e.amount_cents) filter (where a.kind = 'provider'), 0) as "fromProviders",
          -coalesce(sum(e.amount_cents) filter (where a.code = 'platform:delivery'), 0) as "platformShare",
          (select -coalesce(sum(balance_cents), 0) from ledger_accounts where code = 'deliveries' and currency = ${CURRENCY}) as "held"
        from ledger_postings p
        join ledger_entries e on e.posting_id = p.id
        join ledger_accounts a on a.id = e.account_id
        left join provider_orders o on o.id = p.order_id
        where p.kind = 'earning' and a.currency = ${CURRENCY}
          and p.created_at >= ${start}::timestamptz and p.created_at < ${end}::timestamptz`,
  );
  const collected = n(row?.collected ?? 0);
  const tipsCents = n(row?.tips ?? 0);
  return {
    feesCents: collected - tipsCents,
    tipsCents,
    driverPayCents: n(row?.driverPay ?? 0),
    fromProvidersCents: n(row?.fromProviders ?? 0),
    platformShareCents: n(row?.platformShare ?? 0),
    heldCents: n(row?.held ?? 0),
  };
}

const dollars = (cents: number) => formatCents(cents, { currency: CURRENCY, locale: SERVER_LOCALE });

/**
 * The gateway's records against the ledger's gateway account. The gateway's side: charges (payments 'succeeded')
 * less refunds (payments 'refunded') of bookings with provider orders (bookings paid before the ledger existed have
 * none and no postings, and are left out), less payouts paid. Differences: per booking, the gateway entries of its
 * postings against its payments rows; per payout, the gateway entries of its postings (transferred, reversed)
 * against its status (paid: its amount left the gateway; otherwise nothing did).
 */
async function reconcile(tx: Exec): Promise<{ gatewayCents: number; differences: FinanceReport['reconciliation']['differences'] }> {
  const [total] = await rowsOf<{ charged: Cents; paidOut: Cents }>(
    tx,
    sql`select
          (select coalesce(sum(case when pm.status = 'succeeded' then pm.amount_cents else -pm.amount_cents end), 0)
             from payments pm
             where pm.currency = ${CURRENCY} and pm.status in ('succeeded', 'refunded')
               and exists (select 1 from provider_orders o where o.booking_id = pm.booking_id)) as "charged",
          (select coalesce(sum(amount_cents), 0) from payouts where status = 'paid' and currency = ${CURRENCY}) as "paidOut"`,
  );
  const gatewayEntries = (owner: SQL) =>
    sql`select ${owner} as id, sum(e.amount_cents) as cents
        from ledger_entries e
        join ledger_postings p on p.id = e.posting_id
        join ledger_accounts a on a.id = e.account_id
        where a.code = 'gateway' and a.currency = ${CURRENCY} and ${owner} is not null
        group by ${owner}`;
  const bookings = await rowsOf<{ id: number; ledger: Cents; gateway: Cents }>(
    tx,
    sql`with l as (${gatewayEntries(sql`p.booking_id`)}),
        g as (
          select pm.booking_id as id, sum(case when pm.status = 'succeeded' then pm.amount_cents else -pm.amount_cents end) as cents
          from payments pm
          where pm.currency = ${CURRENCY} and pm.status in ('succeeded', 'refunded')
            and exists (select 1 from provider_orders o where o.booking_id = pm.booking_id)
          group by pm.booking_id
        )
        select coalesce(l.id, g.id) as id, coalesce(l.cents, 0) as ledger, coalesce(g.cents, 0) as gateway
        from l full outer join g on g.id = l.id
        where coalesce(l.cents, 0) <> coalesce(g.cents, 0)
        order by 1
        limit ${RECONCILIATION_MAX_DIFFERENCES}`,
  );
  const payouts = await rowsOf<{ id: number; ledger: Cents; gateway: Cents; status: string | null }>(
    tx,
    sql`with l as (${gatewayEntries(sql`p.payout_id`)}),
        g as (select id, -amount_cents as cents from payouts where status = 'paid' and currency = ${CURRENCY})
        select coalesce(l.id, g.id) as id, coalesce(l.cents, 0) as ledger, coalesce(g.cents, 0) as gateway,
          (select status from payouts po where po.id = coalesce(l.id, g.id)) as status
        from l full outer join g on g.id = l.id
        where coalesce(l.cents, 0) <> coalesce(g.cents, 0)
        order by 1
        limit ${RECONCILIATION_MAX_DIFFERENCES}`,
  );
  const differences: FinanceReport['reconciliation']['differences'] = [];
  for (const b of bookings) {
    const ledgerCents = n(b.ledger);
    const gatewayCents = n(b.gateway);
    differences.push({
      ref: `booking:${b.id}`,
      what: `Booking #${b.id}: the ledger moved ${dollars(ledgerCents)} through the gateway, its payments say ${dollars(gatewayCents)}`,
      ledgerCents,
      gatewayCents,
    });
  }
  for (const p of payouts) {
    const ledgerCents = n(p.ledger);
    const gatewayCents = n(p.gateway);
    const what =
      ledgerCents === 0
        ? `Payout #${p.id} is paid but no transfer is posted`
        : gatewayCents === 0
          ? `Payout #${p.id} is posted as transferred but is ${p.status ?? 'unknown'}`
          : `Payout #${p.id}: the ledger moved ${dollars(ledgerCents)}, the payout ${dollars(gatewayCents)}`;
    differences.push({ ref: `payout:${p.id}`, what, ledgerCents, gatewayCents });
  }
  return { gatewayCents: n(total?.charged ?? 0) - n(total?.paidOut ?? 0), differences };
}
