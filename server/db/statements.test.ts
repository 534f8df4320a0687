import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './connect';
import { named, preparedOn } from './statements';
import { rateCounters } from './schema';
import { safeError } from '../platform/errors';
import { createTestDatabase } from '../testing/test-db';

let database: Database;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ database, drop } = await createTestDatabase());
});
afterAll(async () => drop?.());

const counterOf = preparedOn('test_counter_of', (db) =>
  db.select({ count: rateCounters.count }).from(rateCounters).where(eq(rateCounters.key, sql.placeholder('key'))),
);

describe('statements', () => {
  it('a query prepared on the database is built once per database and sees committed rows', async () => {
    const { db } = database;
    expect(counterOf(db)).toBe(counterOf(db));
    expect(await counterOf(db).execute({ key: 'prepared:a' })).toEqual([]);
    await db.insert(rateCounters).values({ key: 'prepared:a', windowStart: new Date(), count: 4 });
    expect(await counterOf(db).execute({ key: 'prepared:a' })).toEqual([{ count: 4 }]);
  });

  it('given a transaction, runs in it: it sees the transaction\'s own writes, which go with its rollback', async () => {
    const { db } = database;
    const rolledBack = new Error('roll back');
    const inside = await db
      .transaction(async (tx) => {
        await tx.insert(rateCounters).values({ key: 'prepared:tx', windowStart: new Date(), count: 7 });
        const seen = await counterOf(tx).execute({ key: 'prepared:tx' });
        expect(seen).toEqual([{ count: 7 }]);
        throw rolledBack;
      })
      .catch((e: unknown) => e);
    expect(inside).toBe(rolledBack);
    expect(await counterOf(db).execute({ key: 'prepared:tx' })).toEqual([]);
  });

  it('a named query answers as the query would', async () => {
    const { db } = database;
    await db.insert(rateCounters).values({ key: 'named:a', windowStart: new Date(), count: 2 });
    expect(await named('test_named', db.select({ count: rateCounters.count }).from(rateCounters).where(eq(rateCounters.key, 'named:a')))).toEqual([{ count: 2 }]);
  });

  it('names a failed query without its SQL text, keeping the innermost name', async () => {
    const { db } = database;
    const err = await named('test_broken', db.insert(rateCounters).values({ key: 'named:a', windowStart: new Date(), count: 1 })).catch((e: unknown) => e);
    expect((err as { queryName?: string }).queryName).toBe('test_broken');
    expect(safeError(err)).toMatchObject({ query: 'test_broken' });
    expect(JSON.stringify(safeError(err))).not.toMatch(/insert|values|named:a/i);
    const outer = await named('test_outer', Promise.reject(err)).catch((e: unknown) => e);
    expect((outer as { queryName?: string }).queryName).toBe('test_broken');
  });
});
