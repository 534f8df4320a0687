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
import { and, asc, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { payeeAccount, payoutPaidPosting, payoutPosting, payoutReturnPosting, type PayeeKind } from '../../../domain/money/ledger';
import type { Payout, PayoutRun } from '../../../domain/money/schemas';
import type { Db, Tx } from '../../db/connect';
import { ledgerAccounts, payeeAccounts, payoutRuns, payouts, users } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { conflict, notFound } from '../../platform/errors';
import type { PaymentGateway, TransferRequest, TransferResult } from '../../platform/payments';
import { audit } from '../audit';
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

/** A pending payout's transfer call: the same request, and so the same idempotency key, every time it is made. */
type StartedPayout = { id: number; kind: PayeeKind; payeeId: number; amountCents: number; currency: string; destination: string };

/** A pending payout younger than this may still be in its own run's transfer call: runs leave it alone. */
export const PAYOUT_RETRY_AFTER_SECONDS = 120;
/** Stripe keeps an idempotency key at least 24 hours: a pending payout is retried only this long after it started. */
export const PAYOUT_RETRY_WINDOW_HOURS = 23;

function transferRequest(p: StartedPayout): TransferRequest {
  return {
    amountCents: p.amountCents,
    currency: p.currency,
    destination: p.destination,
    idempotencyKey: `payout:${p.id}`,
    metadata: { payoutId: String(p.id), payeeKind: p.kind, payeeId: String(p.payeeId) },
  };
}

/** What the transfer and settle steps need. */
type GatewayDeps = Pick<PayoutDeps, 'db' | 'gateway' | 'log'>;

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err));

/**
 * Step 1, one transaction: the payee's account locked, its available balance (pending and paid payouts subtracted)
 * becomes a pending payout and goes into transit. Null when there is nothing to pay (or nowhere to).
 */
async function startPayout(deps: PayoutDeps, runId: number, kind: PayeeKind, userId: number): Promise<StartedPayout | null> {
  const { gateway, holdDays, now } = deps;
  return deps.db.transaction(async (tx) => {
    // Every account this transaction posts to, locked at once (ledger.ts): the payee's and the money in transit.
    await lockAccounts(tx, [payeeAccount(kind, userId), 'payouts:in-transit'], PAYOUT_CURRENCY);
    const { availableCents } = await balance(tx, kind, userId, now, holdDays);
    if (availableCents <= 0) return null;
    const destination = await destinationOf(tx, gateway, kind, userId);
    if (!destination) return null;
    const [row] = await tx
      .insert(payouts)
      .values({ runId, payeeKind: kind, payeeId: userId, amountCents: availableCents, currency: PAYOUT_CURRENCY, status: 'pending', destination })
      .returning({ id: payouts.id });
    await post(tx, payoutPosting(row.id, kind, userId, availableCents), PAYOUT_CURRENCY);
    return { id: row.id, kind, payeeId: userId, amountCents: availableCents, currency: PAYOUT_CURRENCY, destination };
  });
}

/** Step 2, outside any transaction: the transfer call; null when it threw (the payout stays pending). */
async function transfer(deps: GatewayDeps, p: StartedPayout): Promise<TransferResult | null> {
  try {
    return await deps.gateway.transfer(transferRequest(p));
  } catch (err) {
    deps.log?.warn({ payoutId: p.id, payeeKind: p.kind, payeeId: p.payeeId, error: errorText(err) }, 'payout transfer call failed: the payout stays pending and is retried with the same key');
    return null;
  }
}

/**
 * Step 3, one transaction: the payout row locked and, only while it is pending, paid or failed by the gateway's
 * answer. Every account its postings touch is locked at once, in id order, before they are written (ledger.ts).
 * False when another run settled it first.
 */
async function settlePayout(db: Db, p: StartedPayout, result: TransferResult): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select({ status: payouts.status }).from(payouts).where(eq(payouts.id, p.id)).for('update');
    if (row?.status !== 'pending') return false;
    await lockAccounts(tx, [payeeAccount(p.kind, p.payeeId), 'payouts:in-transit', 'gateway'], p.currency);
    const settledAt = new Date();
    if (result.ok) {
      await tx.update(payouts).set({ status: 'paid', gatewayRef: result.ref, settledAt }).where(eq(payouts.id, p.id));
      await post(tx, payoutPaidPosting(p.id, p.amountCents), p.currency);
    } else {
      await tx.update(payouts).set({ status: 'failed', failureMessage: result.message, settledAt }).where(eq(payouts.id, p.id));
      await post(tx, payoutReturnPosting(p.id, p.kind, p.payeeId, p.amountCents, 'payout_failure'), p.currency);
    }
    return true;
  });
}

/** Steps 2 and 3 of one payout; true when this call settled it. A database error leaves it pending too. */
async function transferAndSettle(deps: GatewayDeps, p: StartedPayout): Promise<boolean> {
  const result = await transfer(deps, p);
  if (!result) return false;
  try {
    return await settlePayout(deps.db, p, result);
  } catch (err) {
    deps.log?.warn({ payoutId: p.id, error: errorText(err) }, 'payout not settled (the database failed): it stays pending and is retried with the same key');
    return false;
  }
}

/**
 * Retries the pending payouts started between PAYOUT_RETRY_WINDOW_HOURS and PAYOUT_RETRY_AFTER_SECONDS ago (by the
 * database's clock, which stamped them), oldest first, with their own request and key; logs older ones, which need
 * a person. Returns the ids of the payouts it settled.
 */
export async function retryPendingPayouts(deps: GatewayDeps): Promise<number[]> {
  const { db } = deps;
  const rows = await db
    .select({
      id: payouts.id,
      kind: payouts.payeeKind,
      payeeId: payouts.payeeId,
      amountCents: payouts.amountCents,
      currency: payouts.currency,
      destination: payouts.destination,
      retry: sql<boolean>`${payouts.createdAt} > now() - ${PAYOUT_RETRY_WINDOW_HOURS}::int * interval '1 hour'`,
    })
    .from(payouts)
    .where(and(eq(payouts.status, 'pending'), sql`${payouts.createdAt} <= now() - ${PAYOUT_RETRY_AFTER_SECONDS}::int * interval '1 second'`))
    .orderBy(asc(payouts.id));
  const settled: number[] = [];
  const stuck: number[] = [];
  for (const { retry, ...p } of rows) {
    if (!retry) stuck.push(p.id);
    else if (await transferAndSettle(deps, p)) settled.push(p.id);
  }
  if (stuck.length > 0) {
    deps.log?.warn({ payoutIds: stuck }, `payouts pending for more than ${PAYOUT_RETRY_WINDOW_HOURS} hours are not retried (the gateway may have forgotten their key): look them up in the gateway and settle them`);
  }
  return settled;
}

/**
 * A payout run. `period`: 'scheduled:<ISO start>' for the scheduler (null when that period already ran, on any
 * instance); unset for an admin's run ('manual:<uuid>'). Pending payouts of earlier runs are retried first (they are
 * in the answer when this run settled them); ended reservations are completed, so their money counts.
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
  const retried = await retryPendingPayouts(deps);
  await completeEndedOrders(db, deps.now);

  for (const { kind, userId } of await candidates(db)) {
    // Cheap first look without a lock; the payee's transaction decides again under its lock.
    if ((await balance(db, kind, userId, deps.now, deps.holdDays)).availableCents <= 0) continue;
    let started: StartedPayout | null;
    try {
      started = await startPayout(deps, run.id, kind, userId);
    } catch (err) {
      deps.log?.warn({ runId: run.id, payeeKind: kind, payeeId: userId, error: errorText(err) }, 'payout not started: its transaction was rolled back');
      continue;
    }
    if (started) await transferAndSettle(deps, started);
  }

  const made = (
    await payoutQuery(db)
      .where(retried.length > 0 ? or(eq(payouts.runId, run.id), inArray(payouts.id, retried)) : eq(payouts.runId, run.id))
      .orderBy(asc(payouts.id))
  ).map(toPayout);
  await db.transaction(async (tx) => {
    await tx.update(payoutRuns).set({ finishedAt: new Date() }).where(eq(payoutRuns.id, run.id));
    if (opts.startedBy !== undefined) {
      const paid = made.filter((p) => p.status === 'paid');
      await audit(tx, {
        actor: { id: opts.startedBy },
        action: 'payouts.run',
        targetType: 'payout_run',
        targetId: run.id,
        changes: {
          paid: paid.length,
          failed: made.filter((p) => p.status === 'failed').length,
          pending: made.filter((p) => p.status === 'pending').length,
          retried: retried.length,
          paidCents: paid.reduce((s, p) => s + p.amountCents, 0),
        },
      });
    }
  });
  return { runId: run.id, payouts: made };
}

/** The failure message of a reversed payout. */
export const REVERSED_MESSAGE = 'Transfer reversed';

/**
 * An admin records a paid payout's transfer as reversed (the payee's bank returned the money to the platform's
 * gateway balance): the payout becomes failed ('Transfer reversed'), the reversal posting makes the money the
 * payee's balance again (available to the next run), audited. 404 for no such payout, 409 unless it is paid.
 */
export async function reversePayout(db: Db, payoutId: number, adminId: number): Promise<Payout> {
  await db.transaction(async (tx) => {
    const [p] = await tx
      .select({ status: payouts.status, kind: payouts.payeeKind, payeeId: payouts.payeeId, amountCents: payouts.amountCents, currency: payouts.currency })
      .from(payouts)
      .where(eq(payouts.id, payoutId))
      .for('update');
    if (!p) throw notFound('Payout not found');
    if (p.status !== 'paid') throw conflict(`Only a paid payout can be reversed; this one is ${p.status}`);
    await lockAccounts(tx, [payeeAccount(p.kind, p.payeeId), 'gateway'], p.currency);
    await tx.update(payouts).set({ status: 'failed', failureMessage: REVERSED_MESSAGE, settledAt: new Date() }).where(eq(payouts.id, payoutId));
    await post(tx, payoutReturnPosting(payoutId, p.kind, p.payeeId, p.amountCents, 'reversal'), p.currency);
    await audit(tx, {
      actor: { id: adminId },
      action: 'payout.reversed',
      targetType: 'payout',
      targetId: payoutId,
      changes: { status: ['paid', 'failed'], amountCents: p.amountCents, payeeKind: p.kind, payeeId: p.payeeId },
    });
  });
  const [row] = await payoutQuery(db).where(eq(payouts.id, payoutId));
  return toPayout(row);
}


/** The payout schedule's period containing `now`: its start, by whole intervals since the epoch. */
export function payoutPeriodStart(now: Date, intervalHours: number): Date {
  const ms = intervalHours * 3_600_000;
  return new Date(Math.floor(now.getTime() / ms) * ms);
}

/**
 * The scheduler's run for the period containing `now` ('scheduled:<period start ISO>'), once per period however many
 * instances call it: null when PAYOUT_INTERVAL_HOURS is 0 or the period has already run (here or elsewhere; then
 * pending payouts due a retry are retried).
 */
export async function runScheduledPayouts(ctx: AppContext, now: Date = new Date()): Promise<PayoutRun | null> {
  const hours = ctx.config.payoutIntervalHours;
  if (hours <= 0) return null;
  const period = `scheduled:${payoutPeriodStart(now, hours).toISOString()}`;
  // Most minutes the period has run already: one indexed read, no work.
  const deps = { db: ctx.db, gateway: ctx.payments, holdDays: ctx.config.payoutHoldDays, now, log: ctx.log };
  const [done] = await ctx.db.select({ id: payoutRuns.id }).from(payoutRuns).where(eq(payoutRuns.period, period));
  if (!done) return runPayouts(deps, { period });
  // Between runs, pending payouts (a transfer call that threw) are retried every check, not a period later.
  await retryPendingPayouts(deps);
  return null;
}

/** How often the scheduler looks whether the current period has run. */
export const PAYOUT_SCHEDULE_CHECK_MS = 60_000;

/**
 * Starts the payout schedule (PAYOUT_INTERVAL_HOURS > 0): every minute, the current period's run if it has none,
 * else the retry of pending payouts. With the schedule off, pending payouts are retried by the admin's runs.
 */
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
