/**
 * Payouts to providers and drivers (issue 28, ADR 029): a run pays each payee's available balance (balances.ts)
 * through the gateway's transfer call, in three steps so that no call to the gateway happens inside a transaction:
 *
 * 1. Start (one short transaction per payee): its ledger account is locked (FOR UPDATE), so two runs at once, on one
 *    instance or several, start a payee's payouts one after the other, and the second finds nothing left available.
 *    A payouts row 'pending' and the payout posting (the balance goes into transit) are committed.
 * 2. Transfer (no transaction, no lock held): the gateway's transfer call with the idempotency key `payout:<id>`.
 * 3. Settle (one short transaction): the payout row is locked (FOR UPDATE) and, only while still 'pending', becomes
 *    'paid' (payout-paid posting: the money leaves the gateway) or 'failed' with the gateway's reason (payout-failed
 *    posting: the money is the payee's balance again). Postings are written once by source anyway.
 *
 * A transfer call that throws (the gateway unreachable, or its answer lost after it made the transfer) leaves the
 * payout 'pending': its money stays in transit, not available, so nothing can be paid twice. Every run, and the
 * scheduler every minute, first retries pending payouts started more than PAYOUT_RETRY_AFTER_SECONDS ago (younger
 * ones may still be in their own run's transfer call) with the same request and key, so the gateway answers the
 * transfer it made, if it made one, instead of making another. Two retries at once are safe the same way, and step 3
 * settles a payout once. Stripe forgets an idempotency key after 24 hours: a payout pending longer than
 * PAYOUT_RETRY_WINDOW_HOURS is no longer retried (a retry could pay twice); it is logged for someone to look up in
 * the gateway and settle.
 *
 * A scheduled run is one per period ('scheduled:<period start>', unique): whichever instance claims the period runs
 * it, the others find it claimed and do nothing.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import { payeeAccount, payoutPaidPosting, payoutPosting, payoutReturnPosting, type PayeeKind } from '../../../domain/money/ledger';
import type { Payout, PayoutRun } from '../../../domain/money/schemas';
import type { Db, Tx } from '../../db/connect';
import { ledgerAccounts, payeeAccounts, payoutRuns, payouts, users } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import type { PaymentGateway } from '../../platform/payments';
import { audit } from '../audit/service';
import { balance, PAYOUT_CURRENCY } from './balances';
import { lockAccounts, post } from './ledger';
import { completeEndedOrders } from './orders';

export type PayoutDeps = {
  db: Db;
  gateway: PaymentGateway;
  holdDays: number;
  /** The clock the hold period is measured by. */
  now: Date;
  log?: { warn(obj: object, msg: string): void };
};

const payoutColumns = {
  id: payouts.id,
  kind: payouts.payeeKind,
  payee: payouts.payeeId,
  payeeName: users.username,
  amountCents: payouts.amountCents,
  currency: payouts.currency,
  status: payouts.status,
  failureMessage: payouts.failureMessage,
  createdAt: payouts.createdAt,
  settledAt: payouts.settledAt,
};

const payoutQuery = (db: Db) => db.select(payoutColumns).from(payouts).leftJoin(users, eq(users.id, payouts.payeeId)).$dynamic();
type PayoutRow = Awaited<ReturnType<typeof payoutQuery>>[number];

function toPayout(r: PayoutRow): Payout {
  return {
    id: r.id,
    kind: r.kind,
    payee: r.payee,
    payeeName: r.payeeName ?? `user #${r.payee}`,
    amountCents: r.amountCents,
    currency: r.currency,
    status: r.status,
    failureMessage: r.failureMessage,
    createdAt: r.createdAt.toISOString(),
    settledAt: r.settledAt ? r.settledAt.toISOString() : null,
  };
}

/** Payouts, newest first (200 at most), of everyone or of one kind or payee. */
export async function listPayouts(db: Db, filter: { kind?: PayeeKind; payeeId?: number } = {}): Promise<Payout[]> {
  const where: SQL[] = [];
  if (filter.kind) where.push(eq(payouts.payeeKind, filter.kind));
  if (filter.payeeId !== undefined) where.push(eq(payouts.payeeId, filter.payeeId));
  const rows = await payoutQuery(db)
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(payouts.createdAt), desc(payouts.id))
    .limit(200);
  return rows.map(toPayout);
}

/** The sandbox's made-up connected account of a payee. */
export const sandboxDestination = (kind: PayeeKind, userId: number) => `acct_sandbox_${kind}_${userId}`;

/**
 * Where a payee's money goes: its payee_accounts row; with the sandbox one is made up on first use, with a real
 * gateway a payee without one is skipped until it has one.
 */
async function destinationOf(tx: Tx, gateway: PaymentGateway, kind: PayeeKind, userId: number): Promise<string | null> {
  if (gateway.name === 'sandbox') {
    await tx.insert(payeeAccounts).values({ userId, destination: sandboxDestination(kind, userId) }).onConflictDoNothing();
  }
  const [row] = await tx.select({ destination: payeeAccounts.destination }).from(payeeAccounts).where(eq(payeeAccounts.userId, userId));
  return row?.destination ?? null;
}

/** Payees who may have money to pay out: a payee account in credit (the balance query decides what is available). */
async function candidates(db: Db): Promise<Array<{ kind: PayeeKind; userId: number }>> {
  const rows = await db
    .select({ kind: ledgerAccounts.kind, userId: ledgerAccounts.userId })
    .from(ledgerAccounts)
    .where(
      and(
        sql`${ledgerAccounts.kind} in ('provider', 'driver')`,
        sql`${ledgerAccounts.userId} is not null`,
        eq(ledgerAccounts.currency, PAYOUT_CURRENCY),
        sql`${ledgerAccounts.balanceCents} < 0`,
      ),
    )
    .orderBy(asc(ledgerAccounts.kind), asc(ledgerAccounts.userId));
  return rows.map((r) => ({ kind: r.kind as PayeeKind, userId: r.userId as number }));
}

/** Pays one payee its available balance, in one transaction; null when there was nothing to pay (or nowhere to). */
async function payOne(deps: PayoutDeps, runId: number, kind: PayeeKind, userId: number): Promise<number | null> {
  const { gateway, holdDays, now } = deps;
  return deps.db.transaction(async (tx) => {
    await lockAccounts(tx, [payeeAccount(kind, userId)], PAYOUT_CURRENCY);
    const { availableCents } = await balance(tx, kind, userId, now, holdDays);
    if (availableCents <= 0) return null;
    const destination = await destinationOf(tx, gateway, kind, userId);
    if (!destination) return null;
    const [row] = await tx
      .insert(payouts)
      .values({ runId, payeeKind: kind, payeeId: userId, amountCents: availableCents, currency: PAYOUT_CURRENCY, status: 'pending', destination })
      .returning({ id: payouts.id });
    await post(tx, payoutPosting(row.id, kind, userId, availableCents), PAYOUT_CURRENCY);
    const result = await gateway.transfer({
      amountCents: availableCents,
      currency: PAYOUT_CURRENCY,
      destination,
      idempotencyKey: `payout:${row.id}`,
      metadata: { payoutId: String(row.id), payeeKind: kind, payeeId: String(userId) },
    });
    const settledAt = new Date();
    if (result.ok) {
      await tx.update(payouts).set({ status: 'paid', gatewayRef: result.ref, settledAt }).where(eq(payouts.id, row.id));
      await post(tx, payoutPaidPosting(row.id, availableCents), PAYOUT_CURRENCY);
    } else {
      await tx.update(payouts).set({ status: 'failed', failureMessage: result.message, settledAt }).where(eq(payouts.id, row.id));
      await post(tx, payoutReturnPosting(row.id, kind, userId, availableCents, 'payout_failure'), PAYOUT_CURRENCY);
    }
    return row.id;
  });
}

/**
 * A payout run. `period`: 'scheduled:<ISO start>' for the scheduler (null when that period already ran, on any
 * instance); unset for an admin's run ('manual:<uuid>'). Ended reservations are completed first, so their money
 * counts.
 */
export async function runPayouts(deps: PayoutDeps, opts: { period?: string; startedBy?: number } = {}): Promise<PayoutRun | null> {
  const { db } = deps;
  const period = opts.period ?? `manual:${randomUUID()}`;
  const [run] = await db
    .insert(payoutRuns)
    .values({ period, startedBy: opts.startedBy ?? null })
    .onConflictDoNothing()
    .returning({ id: payoutRuns.id });
  if (!run) return null;
  await completeEndedOrders(db, deps.now);

  for (const { kind, userId } of await candidates(db)) {
    // Cheap first look without a lock; the payee's transaction decides again under its lock.
    if ((await balance(db, kind, userId, deps.now, deps.holdDays)).availableCents <= 0) continue;
    try {
      await payOne(deps, run.id, kind, userId);
    } catch (err) {
      deps.log?.warn({ runId: run.id, payeeKind: kind, payeeId: userId, error: err instanceof Error ? err.message : String(err) }, 'payout not made: its transaction was rolled back (the transfer call or the database failed)');
    }
  }

  const made = (await payoutQuery(db).where(eq(payouts.runId, run.id)).orderBy(asc(payouts.id))).map(toPayout);
  await db.transaction(async (tx) => {
    await tx.update(payoutRuns).set({ finishedAt: new Date() }).where(eq(payoutRuns.id, run.id));
    if (opts.startedBy !== undefined) {
      const paid = made.filter((p) => p.status === 'paid');
      await audit(tx, {
        actor: { id: opts.startedBy },
        action: 'payouts.run',
        targetType: 'payout_run',
        targetId: run.id,
        changes: { paid: paid.length, failed: made.filter((p) => p.status === 'failed').length, paidCents: paid.reduce((s, p) => s + p.amountCents, 0) },
      });
    }
  });
  return { runId: run.id, payouts: made };
}

/** The payout schedule's period containing `now`: its start, by whole intervals since the epoch. */
export function payoutPeriodStart(now: Date, intervalHours: number): Date {
  const ms = intervalHours * 3_600_000;
  return new Date(Math.floor(now.getTime() / ms) * ms);
}

/**
 * The scheduler's run for the period containing `now` ('scheduled:<period start ISO>'), once per period however many
 * instances call it: null when PAYOUT_INTERVAL_HOURS is 0 or the period has already run (here or elsewhere).
 */
export async function runScheduledPayouts(ctx: AppContext, now: Date = new Date()): Promise<PayoutRun | null> {
  const hours = ctx.config.payoutIntervalHours;
  if (hours <= 0) return null;
  const period = `scheduled:${payoutPeriodStart(now, hours).toISOString()}`;
  // Most minutes the period has run already: one indexed read, no work.
  const [done] = await ctx.db.select({ id: payoutRuns.id }).from(payoutRuns).where(eq(payoutRuns.period, period));
  if (done) return null;
  return runPayouts({ db: ctx.db, gateway: ctx.payments, holdDays: ctx.config.payoutHoldDays, now, log: ctx.log }, { period });
}

/** How often the scheduler looks whether the current period has run. */
export const PAYOUT_SCHEDULE_CHECK_MS = 60_000;

/** Starts the payout schedule (PAYOUT_INTERVAL_HOURS > 0): every minute, the current period's run if it has none. */
export function registerPayouts(ctx: AppContext) {
  if (ctx.config.payoutIntervalHours <= 0) return;
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    runScheduledPayouts(ctx)
      .catch((err: unknown) => ctx.log.warn({ error: err instanceof Error ? err.message : String(err) }, 'scheduled payout run failed'))
      .finally(() => {
        running = false;
      });
  }, PAYOUT_SCHEDULE_CHECK_MS);
  timer.unref();
  ctx.timers.add(timer);
}
