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

/**
 * The ids of some accounts, created on first use. Existing accounts are read without touching them (an insert that
 * meets an account another transaction is updating would wait on it, in no particular order); only missing ones are
 * inserted, in code order.
 */
async function accountIds(tx: Exec, codes: readonly string[], currency: string): Promise<Map<string, number>> {
  const unique = [...new Set(codes)].sort();
  const read = async (wanted: string[]) =>
    tx
      .select({ id: ledgerAccounts.id, code: ledgerAccounts.code })
      .from(ledgerAccounts)
      .where(sql`${ledgerAccounts.code} in (${sql.join(wanted.map((c) => sql`${c}`), sql`, `)}) and ${ledgerAccounts.currency} = ${currency}`);
  const ids = new Map((await read(unique)).map((r) => [r.code, r.id]));
  const missing = unique.filter((c) => !ids.has(c));
  if (missing.length > 0) {
    await tx
      .insert(ledgerAccounts)
      .values(missing.map((code) => ({ code, kind: accountKind(code), userId: accountUser(code), currency })))
      .onConflictDoNothing();
    for (const r of await read(missing)) ids.set(r.code, r.id);
  }
  return ids;
}

/** Locks accounts by id, in id order: every transaction that moves money takes its accounts' locks in one order. */
async function lockIds(tx: Tx, ids: readonly number[]): Promise<Array<{ code: string; balance: number }>> {
  if (ids.length === 0) return [];
  return tx
    .select({ code: ledgerAccounts.code, balance: ledgerAccounts.balanceCents })
    .from(ledgerAccounts)
    .where(inArray(ledgerAccounts.id, [...ids]))
    .orderBy(asc(ledgerAccounts.id))
    .for('update');
}

/**
 * Writes postings, each once (by its source), with their entries. The accounts of all of them are locked together,
 * in id order, before any entry moves a balance, so concurrent money events (a payment and a refund, a payout and a
 * payment) never wait on each other in opposite orders. Returns, per posting, whether it was written now.
 */
export async function postAll(tx: Tx, postings: readonly Posting[], currency = 'usd'): Promise<boolean[]> {
  if (postings.length === 0) return [];
  const ready = postings.map((p) => checked(p));
  // One insert for them all; a source already written (or repeated in the list) returns no id.
  const inserted = await tx
    .insert(ledgerPostings)
    .values(ready.map((p) => ({ source: p.source, kind: p.kind, memo: p.memo, bookingId: p.bookingId, orderId: p.orderId, payoutId: p.payoutId, currency })))
    .onConflictDoNothing()
    .returning({ id: ledgerPostings.id, source: ledgerPostings.source });
  const idOf = new Map(inserted.map((r) => [r.source, r.id]));
  const fresh: Array<{ id: number; posting: Posting }> = [];
  const written = ready.map((p) => {
    const id = idOf.get(p.source);
    idOf.delete(p.source);
    if (id !== undefined && p.entries.length > 0) fresh.push({ id, posting: p });
    return id !== undefined;
  });
  if (fresh.length === 0) return written;
  const ids = await accountIds(
    tx,
    fresh.flatMap((f) => f.posting.entries.map((e) => e.account)),
    currency,
  );
  await lockIds(tx, [...ids.values()]);
  const entries = fresh
    .flatMap((f) => f.posting.entries.map((e) => ({ postingId: f.id, accountId: ids.get(e.account) as number, amountCents: e.amountCents })))
    .sort((a, b) => a.accountId - b.accountId || a.postingId - b.postingId);
  await tx.insert(ledgerEntries).values(entries);
  return written;
}

/** Writes one posting once (by its source); returns false when it had been written before. */
export async function post(tx: Tx, p: Posting, currency = 'usd'): Promise<boolean> {
  const [written] = await postAll(tx, [p], currency);
  return written;
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

/**
 * Locks accounts (creating them if needed) for the rest of the transaction, all at once and in id order: a caller
 * that must read a balance before posting (a payout) names every account its postings will touch, so its locks are
 * taken in the same single order as every other money event's. Returns their balances.
 */
export async function lockAccounts(tx: Tx, codes: readonly AccountCode[], currency = 'usd'): Promise<Map<string, number>> {
  const ids = await accountIds(tx, codes, currency);
  return new Map((await lockIds(tx, [...ids.values()])).map((r) => [r.code, Number(r.balance)]));
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
