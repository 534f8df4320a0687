/**
 * What the platform owes a provider or a driver, and how much of it can be paid out now (issue 28, ADR 029).
 *
 * - owed: the payee's ledger account (a credit balance), everything not yet paid out or in transit.
 * - eligible: what has become payable since the start: a provider's net of orders completed (or cancelled with a
 *   fee, which is the provider's) at least `holdDays` ago; a driver's earnings posted at least `holdDays` ago.
 * - available = max(0, min(eligible - paid or started payouts, owed)): the hold applies to the newest money, and a
 *   refund or a driver's pay charged to an order after it became eligible lowers `owed` and so what can go now.
 * - pending = owed - available (held, or not yet completed) + in transit (payouts started and not yet settled: a
 *   transfer call that threw waits for its retry); paidOut = the payouts the gateway accepted.
 * So available + pending + paidOut is everything the payee has earned and not given back.
 * All of it in one query of aggregates, never by loading rows.
 */
import { eq, sql } from 'drizzle-orm';
import { payeeAccount, type PayeeKind } from '../../../domain/money/ledger';
import type { Balance } from '../../../domain/money/schemas';
import type { Db, Tx } from '../../db/connect';
import { users } from '../../db/schema';

export const PAYOUT_CURRENCY = 'usd';

const DAY_MS = 86_400_000;

/** The moment before which money is out of its hold period. */
export function holdCutoff(now: Date, holdDays: number): Date {
  return new Date(now.getTime() - holdDays * DAY_MS);
}

/** What a payee has become owed and eligible for, as the three sums the balance is made of. */
function figures(kind: PayeeKind, userId: number, cutoff: Date, currency: string) {
  const code = payeeAccount(kind, userId);
  const at = sql`${cutoff.toISOString()}::timestamptz`;
  const owed = sql<string>`coalesce((select -a.balance_cents from ledger_accounts a where a.code = ${code} and a.currency = ${currency}), 0)`;
  const eligible =
    kind === 'provider'
      ? sql<string>`coalesce((select sum(o.items_cents - o.commission_cents - o.net_refunded_cents - o.fulfilment_cents)
          from provider_orders o
          where o.provider_id = ${userId} and o.currency = ${currency}
            and ((o.status = 'completed' and o.completed_at <= ${at}) or (o.status = 'cancelled' and o.cancelled_at <= ${at}))), 0)`
      : sql<string>`coalesce((select sum(-e.amount_cents)
          from ledger_entries e
          join ledger_accounts a on a.id = e.account_id
          join ledger_postings p on p.id = e.posting_id
          where a.code = ${code} and a.currency = ${currency} and p.kind = 'earning' and p.created_at <= ${at}), 0)`;
  const started = sql<string>`coalesce((select sum(p.amount_cents) from payouts p
      where p.payee_kind = ${kind} and p.payee_id = ${userId} and p.currency = ${currency} and p.status in ('pending', 'paid')), 0)`;
  const paid = sql<string>`coalesce((select sum(p.amount_cents) from payouts p
      where p.payee_kind = ${kind} and p.payee_id = ${userId} and p.currency = ${currency} and p.status = 'paid'), 0)`;
  const inTransit = sql<string>`coalesce((select sum(p.amount_cents) from payouts p
      where p.payee_kind = ${kind} and p.payee_id = ${userId} and p.currency = ${currency} and p.status = 'pending'), 0)`;
  return { owed, eligible, started, paid, inTransit };
}

/** A provider's or driver's balance now (inside a payout's transaction, after its account is locked, too). */
export async function balance(db: Db | Tx, kind: PayeeKind, userId: number, now: Date, holdDays: number, currency = PAYOUT_CURRENCY): Promise<Balance> {
  const [row] = await db
    .select(figures(kind, userId, holdCutoff(now, holdDays), currency))
    .from(users)
    .where(eq(users.id, userId));
  const owed = Number(row?.owed ?? 0);
  const eligible = Number(row?.eligible ?? 0);
  const started = Number(row?.started ?? 0);
  const availableCents = Math.max(0, Math.min(eligible - started, owed));
  const pendingCents = Math.max(0, owed - availableCents) + Number(row?.inTransit ?? 0);
  return { availableCents, pendingCents, paidOutCents: Number(row?.paid ?? 0), currency, holdDays };
}
