import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../app';
import { createContext, type AppContext, type ContextOverrides } from '../platform/context';
import { loadConfig, type Config } from '../config';
import type { Database, Tx } from '../db/connect';
import { createTestDatabase } from './test-db';
import { seedCatalogue } from '../db/seed';
import { users } from '../db/schema';
import { hashPassword } from '../platform/auth/password';

export type TestApp = {
  app: FastifyInstance;
  /** The composition root the app was built on (events, live gateway...). */
  ctx: AppContext;
  database: Database;
  config: Config;
  close(): Promise<void>;
};

/** Builds the app on a fresh database (seeded with the demo catalogue unless `seed: false`). */
export async function createTestApp(
  opts: { seed?: boolean; env?: Record<string, string>; overrides?: ContextOverrides; database?: { database: Database; drop(): Promise<void> } } = {},
): Promise<TestApp> {
  const seeded = opts.seed !== false;
  const { database, drop } = opts.database ?? (await createTestDatabase({ seeded }));
  if (opts.database && seeded) await seedCatalogue(database.db);
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DIST_DIR: '/nonexistent-dist',
    // Tests drive the dispatcher themselves (dispatchTick with a chosen clock).
    DISPATCH_TICK_MS: '0',
    // Tests release expired holds themselves (releaseExpiredHolds with a chosen clock).
    HOLD_SWEEP_MS: '0',
    // Tests run payouts themselves (runPayouts or POST /api/admin/payouts/run).
    PAYOUT_INTERVAL_HOURS: '0',
    ...opts.env,
  });
  const ctx = await createContext(config, database, opts.overrides);
  const app = await buildApp(ctx);
  await app.ready();
  ctx.lifecycle.ready();
  return {
    app,
    ctx,
    database,
    config,
    async close() {
      await app.close();
      await drop();
    },
  };
}

/** The `sid=...` cookie pair of a response, to send back as a Cookie header. */
export function sessionCookie(res: LightMyRequestResponse): string {
  const cookie = res.cookies.find((c) => c.name === 'sid');
  if (!cookie) throw new Error(`no session cookie in response ${res.statusCode}: ${res.body}`);
  return `sid=${cookie.value}`;
}

let counter = 0;
/** Registers a user (with an optional role set directly in the database) and signs in; returns the cookie. */
export async function signUp(
  t: TestApp,
  opts: { role?: 'user' | 'provider' | 'driver' | 'admin'; password?: string } = {},
): Promise<{ cookie: string; id: number; email: string; username: string; password: string }> {
  counter += 1;
  const tag = `${process.pid}${counter}${randomBytes(2).toString('hex')}`;
  const username = `user${tag}`;
  const email = `${username}@example.com`;
  const password = opts.password ?? 'correct horse battery';
  // Each test person signs up from an address of its own (sign-ups are limited per address, ADR 016).
  const remoteAddress = `10.${(counter >> 16) & 255}.${(counter >> 8) & 255}.${counter & 255}`;
  const reg = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: { username, email, password }, remoteAddress });
  if (reg.statusCode !== 201) throw new Error(`register failed: ${reg.statusCode} ${reg.body}`);
  const [row] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  const id = row.id;
  if (opts.role && opts.role !== 'user') {
    await t.database.db.update(users).set({ role: opts.role }).where(eq(users.id, id));
  }
  const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  if (login.statusCode !== 200) throw new Error(`login failed: ${login.statusCode} ${login.body}`);
  return { cookie: sessionCookie(login), id, email, username, password };
}

/** Creates an admin directly (fast path for tests that only need one). */
export async function createAdmin(t: TestApp, email = 'root@example.com', password = 'admin-password-123') {
  await t.database.db.insert(users).values({ username: email.split('@')[0], email, passwordHash: await hashPassword(password), role: 'admin' });
  const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  return { cookie: sessionCookie(login), email, password };
}

/**
 * Changes catalogue rows directly (what no route offers, e.g. a menu position) the way a real write must: in a
 * transaction that emits 'catalogue.changed', so the catalogue cache of every instance forgets its answers.
 */
export async function changeCatalogue(t: TestApp, kind: string, change: (tx: Tx) => Promise<unknown>): Promise<void> {
  await t.ctx.events.transaction(async (tx, emit) => {
    await change(tx);
    await emit('catalogue.changed', { kind });
  });
}
