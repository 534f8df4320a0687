import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './connect';
import { prepared, rawStatement } from './prepared';
import { rateCounters } from './schema';
import { createTestDatabase } from '../testing/test-db';

let database: Database;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ database, drop } = await createTestDatabase());
});
afterAll(async () => drop?.());

const counterOf = prepared('test_counter_of', (db) => db.select({ count: rateCounters.count, windowStart: rateCounters.windowStart }).from(rateCounters).where(eq(rateCounters.key, sql.placeholder('key'))));
const rawCounter = rawStatement<{ count: number; windowStart: Date; keys: string[] }>(
  'test_raw_counter',
  `select count, window_start as "windowStart", (select json_agg(key order by key) from rate_counters where key like $2) as keys from rate_counters where key = $1`,
);

class Rollback extends Error {}

describe('prepared statements on the current connection', () => {
  it('a prepared query runs on the database and inside a transaction, where it sees that transaction’s own writes', async () => {
    const { db } = database;
    const at = new Date('2026-01-02T03:04:05.000Z');
    await expect(
      db.transaction(async (tx) => {
        await tx.insert(rateCounters).values({ key: 'prepared:a', windowStart: at, count: 3 });
        // The uncommitted row is visible only on the transaction's connection (PGlite has one connection, which the
        // transaction holds: the database itself cannot be asked until it ends).
        expect(await counterOf(tx).execute({ key: 'prepared:a' })).toEqual([{ count: 3, windowStart: at }]);
        if (database.kind === 'postgres') expect(await counterOf(db).execute({ key: 'prepared:a' })).toEqual([]);
        throw new Rollback();
      }),
    ).rejects.toBeInstanceOf(Rollback);
    expect(await counterOf(db).execute({ key: 'prepared:a' })).toEqual([]);
    await db.insert(rateCounters).values({ key: 'prepared:a', windowStart: at, count: 4 });
    expect(await counterOf(db).execute({ key: 'prepared:a' })).toEqual([{ count: 4, windowStart: at }]);
  });

  it('a raw statement runs on the database and inside a transaction; rows come back typed alike on either driver', async () => {
    const { db } = database;
    const at = new Date('2026-02-03T04:05:06.000Z');
    await db.insert(rateCounters).values({ key: 'raw:b', windowStart: at, count: 1 });
    expect(await rawCounter(db, ['raw:b', 'raw:%'])).toEqual([{ count: 1, windowStart: at, keys: ['raw:b'] }]);
    await expect(
      db.transaction(async (tx) => {
        await tx.insert(rateCounters).values({ key: 'raw:c', windowStart: at, count: 2 });
        expect(await rawCounter(tx, ['raw:c', 'raw:%'])).toEqual([{ count: 2, windowStart: at, keys: ['raw:b', 'raw:c'] }]);
        if (database.kind === 'postgres') expect(await rawCounter(db, ['raw:c', 'raw:%'])).toEqual([]);
        throw new Rollback();
      }),
    ).rejects.toBeInstanceOf(Rollback);
    expect(await rawCounter(db, ['raw:c', 'raw:%'])).toEqual([]);
  });

  it('refuses a statement name used twice (one name is one SQL text on every connection)', () => {
    expect(() => rawStatement('test_raw_counter', 'select 1')).toThrow(/used twice/);
    expect(() => prepared('test_counter_of', (db) => db.select().from(rateCounters))).toThrow(/used twice/);
  });
});
