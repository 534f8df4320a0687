import { connect } from '../db/connect';
import { createTestApp, type TestApp } from './test-app';
import { createTestDatabase } from './test-db';

/**
 * Two app instances on one PostgreSQL database (each with its own pool) and one Redis, as behind a load balancer.
 * Needs DATABASE_URL and REDIS_URL; B is built on the database A created (and seeded, unless `seed: false`).
 */
export async function createTwoInstances(
  opts: {
    seed?: boolean;
    /** Redis as A reaches it (e.g. through a proxy a test can cut); B always uses REDIS_URL. */
    redisUrlA?: string;
    /** How long a query waits for a connection of either pool (connect's poolWaitMs). */
    poolWaitMs?: number;
  } = {},
): Promise<{ a: TestApp; b: TestApp; close(): Promise<void> }> {
  const redisUrl = process.env.REDIS_URL;
  if (!process.env.DATABASE_URL || !redisUrl) throw new Error('two instances need DATABASE_URL and REDIS_URL');
  const db = await createTestDatabase({ seeded: opts.seed !== false, poolWaitMs: opts.poolWaitMs });
  const a = await createTestApp({ database: db, seed: false, env: { REDIS_URL: opts.redisUrlA ?? redisUrl } });
  const second = await connect({ databaseUrl: db.url!, poolWaitMs: opts.poolWaitMs });
  const b = await createTestApp({ database: { database: second, drop: () => second.close() }, seed: false, env: { REDIS_URL: redisUrl } });
  return {
    a,
    b,
    async close() {
      await b.close();
      await a.close();
    },
  };
}
