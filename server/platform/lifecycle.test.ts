import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { connect, pgliteDir } from '../db/connect';
import { refusedUpgrade } from '../testing/live-client';
import { startServerProcess, type ServerProcess } from '../testing/server-process';
import { createTestDatabase, type TestDatabase } from '../testing/test-db';

const children: ChildProcess[] = [];
const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  for (const cleanup of cleanups) await cleanup();
});

/**
 * `server/main.ts` on a seeded database of its own (PGlite: a data directory written from the run's template;
 * PostgreSQL: a copy of it), draining for `drainSeconds` on SIGTERM.
 */
async function startServer(drainSeconds: number): Promise<ServerProcess> {
  const env: Record<string, string> = { DRAIN_SECONDS: String(drainSeconds) };
  if (process.env.DATABASE_URL) {
    const db: TestDatabase = await createTestDatabase({ seeded: true });
    await db.database.close();
    cleanups.push(() => db.drop().catch(() => {}));
    env.DATABASE_URL = db.url!;
  } else {
    const dataDir = mkdtempSync(join(tmpdir(), 'lifecycle-test-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const template = await createTestDatabase({ seeded: true });
    const snapshot = await template.database.snapshot!();
    await template.drop();
    await (await connect({ dataDir: pgliteDir(dataDir), snapshot })).close();
    env.DATA_DIR = dataDir;
  }
  const server = await startServerProcess(env);
  children.push(server.child);
  return server;
}

const get = async (url: string) => {
  const res = await fetch(url);
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};

describe('readiness and drain', () => {
  it('says ready once listening; on SIGTERM says 503 at once, keeps serving through the drain period, then exits', { timeout: 120_000 }, async () => {
    const server = await startServer(3);
    expect(await get(`${server.url}/healthz`)).toEqual({ status: 200, body: { status: 'alive' } });
    expect(await get(`${server.url}/readyz`)).toEqual({
      status: 200,
      body: { status: 'ready', db: process.env.DATABASE_URL ? 'postgres' : 'pglite', pubsub: process.env.REDIS_URL ? 'redis' : 'in-process' },
    });

    expect((await fetch(`${server.url}/api/hotels`)).headers.get('connection')).toBe('keep-alive');

    server.child.kill('SIGTERM');
    await expect.poll(async () => (await get(`${server.url}/readyz`)).status).toBe(503);
    expect(await get(`${server.url}/readyz`)).toEqual({ status: 503, body: { status: 'unavailable', message: 'Draining: shutting down' } });
    // Still serving while a balancer notices: the probes, and the marketplace itself.
    expect((await get(`${server.url}/healthz`)).status).toBe(200);
    const hotels = await fetch(`${server.url}/api/hotels`);
    expect(hotels.status).toBe(200);
    // ... each answer closing its connection, so a proxy keeps none open to an instance about to close.
    expect(hotels.headers.get('connection')).toBe('close');
    // A new socket is refused (503), so a proxy opens it on another instance instead.
    expect(await refusedUpgrade(`${server.url.replace('http', 'ws')}/ws/tracking/trk_anything`)).toBe(503);
    expect(server.child.exitCode).toBeNull();

    expect(await server.exited).toBe(0);
    expect(server.output()).toMatch(/"msg":"draining"/);
    expect(server.output()).toMatch(/"msg":"stopped"/);
    await expect(fetch(`${server.url}/healthz`)).rejects.toThrow();
  });

  it('exits at once on a second SIGTERM, without waiting out the drain period', { timeout: 120_000 }, async () => {
    const server = await startServer(600);
    server.child.kill('SIGTERM');
    await expect.poll(async () => (await get(`${server.url}/readyz`)).status).toBe(503);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(1);
    expect(server.output()).toMatch(/second signal: exiting now/);
  });
});
