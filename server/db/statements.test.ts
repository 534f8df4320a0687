import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './connect';
import { preparedOn, rawStatement } from './statements';
import { rateCounters } from './schema';
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
const rawCounter = rawStatement<{ count: number; keys: string[] }>(
  'test_raw_counter',
  `select count, (select json_agg(key order by key) from rate_counters where key like $2 and key <> all($3::text[])) as keys from rate_counters where key = $1 and (count >= 0 or key = $1)`,
);

class Rollback extends Error {}

describe('statements', () => {
  it('a query prepared on the database is built once per database and sees committed rows', async () => {
    const { db } = database;
    expect(counterOf(db)).toBe(counterOf(db));
    expect(await counterOf(db).execute({ key: 'prepared:a' })).toEqual([]);
    await db.insert(rateCounters).values({ key: 'prepared:a', windowStart: new Date(), count: 4 });
    expect(await counterOf(db).execute({ key: 'prepared:a' })).toEqual([{ count: 4 }]);
  });

  it('a raw statement binds its $n values (repeated, arrays) and runs on the database and inside a transaction', async () => {
    const { db } = database;
    const at = new Date('2026-02-03T04:05:06.000Z');
    await db.insert(rateCounters).values([
      { key: 'raw:b', windowStart: at, count: 1 },
      { key: 'raw:x', windowStart: at, count: 1 },
    ]);
    expect(await rawCounter(db, ['raw:b', 'raw:%', ['raw:x']])).toEqual([{ count: 1, keys: ['raw:b'] }]);
    await expect(
      db.transaction(async (tx) => {
        await tx.insert(rateCounters).values({ key: 'raw:c', windowStart: at, count: 2 });
        expect(await rawCounter(tx, ['raw:c', 'raw:%', ['raw:x']])).toEqual([{ count: 2, keys: ['raw:b', 'raw:c'] }]);
        if (database.kind === 'postgres') expect(await rawCounter(db, ['raw:c', 'raw:%', []])).toEqual([]);
        throw new Rollback();
      }),
    ).rejects.toBeInstanceOf(Rollback);
    expect(await rawCounter(db, ['raw:c', 'raw:%', []])).toEqual([]);
  });

  it('names a failed raw statement without its SQL text', async () => {
    const broken = rawStatement('test_broken', 'select * from no_such_table where id = $1');
    const err = await broken(database.db, [1]).catch((e: unknown) => e);
    expect((err as { queryName?: string }).queryName).toBe('test_broken');
  });
});
