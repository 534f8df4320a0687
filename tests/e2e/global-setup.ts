import { mkdtempSync, readFileSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startServerProcess } from '../../server/testing/server-process';

/** One server of the run: each Vitest worker drives its own (its own embedded database, demo accounts and queues). */
export type E2eServer = {
  baseURL: string;
  driverEmail: string;
  driverPassword: string;
  providerEmail: string;
  providerPassword: string;
};

declare module 'vitest' {
  export interface ProvidedContext {
    servers: E2eServer[];
    adminEmail: string;
    adminPassword: string;
  }
}

const ADMIN_EMAIL = 'e2e-admin@example.com';
const ADMIN_PASSWORD = 'e2e-admin-password-42';

/**
 * Starts one real server per worker on a free port, each with a fresh embedded database, on the built client. Specs
 * share a server only with the specs of the same worker, which run one after another: the demo driver who receives
 * every dispatch offer and the admin's payout runs are never shared by two specs at once.
 */
export default async function setup(project: TestProject) {
  const root = resolve(import.meta.dirname, '../..');
  const distDir = process.env.DIST_DIR ?? join(root, 'dist/client');
  if (!existsSync(join(distDir, 'index.html'))) throw new Error(`no built client in ${distDir}: run "npx vite build" first`);
  // As many servers as spec files run at a time (maxWorkers, vitest.e2e.config.ts).
  const workers = Math.max(1, Number(project.config.maxWorkers) || 1);
  const started = await Promise.all(Array.from({ length: workers }, () => startOne(distDir)));
  project.provide(
    'servers',
    started.map((s) => s.info),
  );
  project.provide('adminEmail', ADMIN_EMAIL);
  project.provide('adminPassword', ADMIN_PASSWORD);

  return async () => {
    await Promise.all(started.map((s) => s.stop()));
  };
}

async function startOne(distDir: string): Promise<{ info: E2eServer; stop: () => Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'golive-e2e-'));
  const server = await startServerProcess({
    // The browser suite runs on the embedded database; the API suite covers PostgreSQL.
    DATABASE_URL: '',
    DATA_DIR: dataDir,
    DIST_DIR: distDir,
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'test',
    // Stopped at the end of a run (or to restart): no balancer to drain.
    DRAIN_SECONDS: '0',
    // Every spec signs people up from 127.0.0.1; the per-address limit (ADR 016) is tested in the API suite.
    SIGNUP_LIMIT: '10000',
    // Likewise every browser's sockets and every public mail come from this one address and site (issue 27's caps
    // are tested in the API suite: live.test.ts, mailer.test.ts).
    LIVE_SOCKETS_PER_ADDRESS: '10000',
    MAIL_PUBLIC_PER_HOUR: '100000',
    // Money (issue 28): a completed order's money is available at once, and payouts run only when the admin runs
    // them (no scheduled run pays someone between a spec's completion and its admin's Run payouts).
    PAYOUT_HOLD_DAYS: '0',
    PAYOUT_INTERVAL_HOURS: '0',
  });
  // The demo driver the first start created; its generated password is only in the log and DATA_DIR.
  const demo = JSON.parse(readFileSync(join(dataDir, 'demo-accounts.json'), 'utf8')) as {
    driver: { email: string; password: string };
    provider: { email: string; password: string };
  };
  return {
    info: {
      baseURL: server.url,
      driverEmail: demo.driver.email,
      driverPassword: demo.driver.password,
      // The demo provider owns the seeded listings (chat).
      providerEmail: demo.provider.email,
      providerPassword: demo.provider.password,
    },
    stop: async () => {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
