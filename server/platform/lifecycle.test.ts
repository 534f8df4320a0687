import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { connect } from '../db/connect';
import { createTestDatabase, type TestDatabase } from '../testing/test-db';

const root = resolve(import.meta.dirname, '../..');
const children: ChildProcess[] = [];
const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  for (const cleanup of cleanups) await cleanup();
});

function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const srv = createServer();
    srv.once('error', fail);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => ok(port));
    });
  });
}

/**
 * `server/main.ts` as a deployment runs it, on a seeded database of its own (PGlite: a data directory written from
 * the run's template; PostgreSQL: a copy of it), answering on `url` once ready.
 */
async function startServer(drainSeconds: number) {
  const env: Record<string, string> = { DRAIN_SECONDS: String(drainSeconds), LOG_LEVEL: 'info', NODE_ENV: 'production', HOST: '127.0.0.1', DIST_DIR: '/nonexistent-dist' };
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
    await (await connect({ dataDir: join(dataDir, 'pglite'), snapshot })).close();
    env.DATA_DIR = dataDir;
  }
  const port = await freePort();
  env.PORT = String(port);
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'server/main.ts')], { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let output = '';
  child.stdout!.on('data', (d) => (output += String(d)));
  child.stderr!.on('data', (d) => (output += String(d)));
  const exited = new Promise<number | null>((ok) => child.once('exit', (code) => ok(code)));
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    const ready = await fetch(`${url}/readyz`).catch(() => null);
    if (ready?.status === 200) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  return { url, child, exited, output: () => output };
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
