/**
 * Writes the ledger (domain/money/ledger.ts, ADR 029). `post` is called inside the transaction of the state change
 * that causes the money event, so the books and the state commit or roll back together. A posting is written once:
 * its source is unique, and a second attempt (a retry, another instance) finds it and writes nothing. The database
 * keeps the rest true: a trigger moves each account's balance with every entry, a deferred constraint trigger refuses
 * a transaction whose postings do not balance, and a CHECK refuses a payee balance that would go below zero.
 */
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { posting as checked, type AccountCode, type Posting, type TrialBalance } from '../../../domain/money/ledger';
import type { Db, Tx } from '../../db/connect';
import { ledgerAccounts, ledgerEntries, ledgerPostings } from '../../db/schema';

type Exec = Db | Tx;

function accountKind(code: string): 'provider' | 'driver' | 'platform' {
  if (code.startsWith('provider:')) return 'provider';
  if (code.startsWith('driver:')) return 'driver';
  return 'platform';
}
function accountUser(code: string): number | null {
  const m = /^(?:provider|driver):(\d+)$/.exec(code);
  return m ? Number(m[1]) : null;
}

/** The ids of some accounts, created on first use. */
async function accountIds(tx: Exec, codes: readonly string[], currency: string): Promise<Map<string, number>> {
  const unique = [...new Set(codes)];
  await tx
    .insert(ledgerAccounts)
    .values(unique.map((code) => ({ code, kind: accountKind(code), userId: accountUser(code), currency })))
    .onConflictDoNothing();
  const rows = await tx
    .select({ id: ledgerAccounts.id, code: ledgerAccounts.code })
    .from(ledgerAccounts)
    .where(sql`${ledgerAccounts.code} in (${sql.join(unique.map((c) => sql`${c}`), sql`, `)}) and ${ledgerAccounts.currency} = ${currency}`);
  return new Map(rows.map((r) => [r.code, r.id]));
}

/**
 * Writes a posting once (by its source) with its entries; returns false when it had been written before. Entries go
 * in account id order, so concurrent postings touching the same accounts lock their balances in the same order.
 */
export async function post(tx: Tx, p: Posting, currency = 'usd'): Promise<boolean> {
  const ready = checked(p);
  const [row] = await tx
    .insert(ledgerPostings)
    .values({ source: ready.source, kind: ready.kind, memo: ready.memo, bookingId: ready.bookingId, orderId: ready.orderId, payoutId: ready.payoutId, currency })
    .onConflictDoNothing()
    .returning({ id: ledgerPostings.id });
  if (!row) return false;
  if (ready.entries.length === 0) return true;
  const ids = await accountIds(
    tx,
    ready.entries.map((e) => e.account),
    currency,
  );
  const entries = ready.entries
    .map((e) => ({ postingId: row.id, accountId: ids.get(e.account) as number, amountCents: e.amountCents }))
    .sort((a, b) => a.accountId - b.accountId);
  await tx.insert(ledgerEntries).values(entries);
  return true;
}

/** Writes several postings (each once) in order. */
export async function postAll(tx: Tx, postings: readonly Posting[], currency = 'usd'): Promise<void> {
  for (const p of postings) await post(tx, p, currency);
}

/** Whether a posting with this source has been written. */
export async function posted(db: Exec, source: string): Promise<boolean> {
  const [row] = await db.select({ id: ledgerPostings.id }).from(ledgerPostings).where(eq(ledgerPostings.source, source));
  return Boolean(row);
}

/** An account's balance in cents (debit positive); 0 for an account never used. */
export async function balanceOf(db: Exec, code: AccountCode, currency = 'usd'): Promise<number> {
  const [row] = await db
    .select({ balance: ledgerAccounts.balanceCents })
    .from(ledgerAccounts)
    .where(sql`${ledgerAccounts.code} = ${code} and ${ledgerAccounts.currency} = ${currency}`);
  return row ? Number(row.balance) : 0;
}

/** Locks payee accounts (creating them if needed) for the rest of the transaction: payouts run one at a time per payee. */
export async function lockAccounts(tx: Tx, codes: readonly AccountCode[], currency = 'usd'): Promise<Map<string, number>> {
  const ids = await accountIds(tx, codes, currency);
  const sorted = [...ids.values()].sort((a, b) => a - b);
  const rows = await tx
    .select({ code: ledgerAccounts.code, balance: ledgerAccounts.balanceCents })
    .from(ledgerAccounts)
    .where(inArray(ledgerAccounts.id, sorted))
    .orderBy(asc(ledgerAccounts.id))
    .for('update');
  return new Map(rows.map((r) => [r.code, Number(r.balance)]));
}

/**
 * Every account's balance and their sum, per currency (the sum is zero by construction; it is computed from the
 * entries, not from the kept balances, so a drift between the two would show).
 */
export async function trialBalance(db: Exec, currency = 'usd'): Promise<TrialBalance> {
  const rows = await db
    .select({ account: ledgerAccounts.code, balanceCents: sql<string>`coalesce(sum(${ledgerEntries.amountCents}), 0)` })
    .from(ledgerAccounts)
    .leftJoin(ledgerEntries, eq(ledgerEntries.accountId, ledgerAccounts.id))
    .where(eq(ledgerAccounts.currency, currency))
    .groupBy(ledgerAccounts.code)
    .orderBy(asc(ledgerAccounts.code));
  const accounts = rows.map((r) => ({ account: r.account, balanceCents: Number(r.balanceCents) }));
  return { accounts, totalCents: accounts.reduce((s, a) => s + a.balanceCents, 0), currency };
}
