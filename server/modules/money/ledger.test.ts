/**
 * The ledger's guarantees live in the database (ADR 029), so they hold for any writer, not only for ledger.ts: a
 * posting is written once by its source, a transaction whose postings do not balance is refused, a payee's account
 * cannot go into debt, entries cannot be changed, and the balances kept by the trigger equal the entries' sums.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { capturePostings, payeeAccount, payoutPosting, type Posting } from '../../../domain/money/ledger';
import { ledgerAccounts, ledgerEntries, ledgerPostings } from '../../db/schema';
import { createTestApp, signUp, type TestApp } from '../../testing/test-app';
import { balanceOf, post, postAll, trialBalance } from './ledger';

let t: TestApp;
let provider: number;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
  provider = (await signUp(t, { role: 'provider' })).id;
});
afterAll(async () => t?.close());

const capture = (bookingId: number) =>
  capturePostings(bookingId, 1_500, [{ orderId: bookingId, providerId: provider, itemsCents: 1_000, commissionCents: 150, deliveryFeeCents: 0, serviceFeeCents: 100, taxCents: 400, tipCents: 0 }]);

describe('the ledger in the database', () => {
  it('writes a posting once by its source, however often it is posted', async () => {
    const first = await t.database.db.transaction(async (tx) => Promise.all(capture(1).map((p) => post(tx, p))));
    const again = await t.database.db.transaction(async (tx) => Promise.all(capture(1).map((p) => post(tx, p))));
    expect(first).toEqual([true, true]);
    expect(again).toEqual([false, false]);
    const rows = await t.database.db.select().from(ledgerPostings).where(sql`${ledgerPostings.source} like '%:booking:1'`);
    expect(rows.map((r) => r.kind).sort()).toEqual(['allocation', 'charge']);
    expect(-(await balanceOf(t.database.db, payeeAccount('provider', provider)))).toBe(850);
    expect((await trialBalance(t.database.db)).totalCents).toBe(0);
  });

  it('writes, of several postings at once, only those not written before, and says which', async () => {
    const [a, b] = capture(2);
    const db = t.database.db;
    expect(await db.transaction((tx) => postAll(tx, [a]))).toEqual([true]);
    expect(await db.transaction((tx) => postAll(tx, [a, b]))).toEqual([false, true]);
    expect(await db.transaction((tx) => postAll(tx, [b, a]))).toEqual([false, false]);
    const rows = await db.select().from(ledgerPostings).where(sql`${ledgerPostings.source} like '%:booking:2'`);
    expect(rows).toHaveLength(2);
    expect(await db.select().from(ledgerEntries).where(sql`${ledgerEntries.postingId} in (${sql.join(rows.map((r) => sql`${r.id}`), sql`, `)})`)).toHaveLength(
      [a, b].reduce((n, p) => n + p.entries.filter((e) => e.amountCents !== 0).length, 0),
    );
    expect((await trialBalance(db)).totalCents).toBe(0);
  });

  it('refuses a transaction whose entries do not balance, even when written without ledger.ts', async () => {
    const before = await trialBalance(t.database.db);
    const attempt = t.database.db.transaction(async (tx) => {
      const [p] = await tx.insert(ledgerPostings).values({ source: 'manual:unbalanced', kind: 'charge' }).returning();
      const [gateway] = await tx.select().from(ledgerAccounts).where(eq(ledgerAccounts.code, 'gateway'));
      await tx.insert(ledgerEntries).values({ postingId: p.id, accountId: gateway.id, amountCents: 100 });
    });
    await expect(attempt).rejects.toThrow();
    expect(await trialBalance(t.database.db)).toEqual(before);
    expect(await t.database.db.select().from(ledgerPostings).where(eq(ledgerPostings.source, 'manual:unbalanced'))).toEqual([]);
  });

  it("never lets a payee's account go into debt: paying out more than it is owed is refused", async () => {
    const owed = -(await balanceOf(t.database.db, payeeAccount('provider', provider)));
    const tooMuch: Posting = payoutPosting(9_001, 'provider', provider, owed + 1);
    await expect(t.database.db.transaction((tx) => post(tx, tooMuch))).rejects.toThrow();
    expect(-(await balanceOf(t.database.db, payeeAccount('provider', provider)))).toBe(owed);
    // Exactly what is owed is fine.
    await t.database.db.transaction((tx) => post(tx, payoutPosting(9_002, 'provider', provider, owed)));
    expect(await balanceOf(t.database.db, payeeAccount('provider', provider))).toBe(0);
  });

  it('keeps entries as written: changing or deleting one is refused', async () => {
    const [entry] = await t.database.db.select().from(ledgerEntries).limit(1);
    await expect(t.database.db.update(ledgerEntries).set({ amountCents: 1 }).where(eq(ledgerEntries.id, entry.id))).rejects.toThrow();
    await expect(t.database.db.delete(ledgerEntries).where(eq(ledgerEntries.id, entry.id))).rejects.toThrow();
  });

  it("keeps each account's balance equal to the sum of its entries", async () => {
    const kept = await t.database.db.select({ code: ledgerAccounts.code, balance: ledgerAccounts.balanceCents }).from(ledgerAccounts);
    const summed = await trialBalance(t.database.db);
    for (const a of kept) expect(Number(a.balance)).toBe(summed.accounts.find((x) => x.account === a.code)?.balanceCents ?? 0);
    expect(summed.totalCents).toBe(0);
  });
});
