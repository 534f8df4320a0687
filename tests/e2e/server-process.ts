import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';

/**
 * Starts `server/main.ts` on a given port, data directory and built client, for specs that need a server of their
 * own (the PWA update test deploys a second build on the same origin). Resolves once /api/health answers.
 */
export async function startServer(opts: { port: number; dataDir: string; distDir: string }): Promise<{ url: string; stop: () => Promise<void> }> {
  const root = resolve(import.meta.dirname, '../..');
  const logs: string[] = [];
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'server/main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: '',
      REDIS_URL: '',
      PORT: String(opts.port),
      HOST: '127.0.0.1',
      DATA_DIR: opts.dataDir,
      DIST_DIR: opts.distDir,
      ADMIN_EMAIL: 'pwa-admin@example.com',
      ADMIN_PASSWORD: 'pwa-admin-password-42',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      // Stopped at the end of a run (or to restart): no balancer to drain.
      DRAIN_SECONDS: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => logs.push(String(d)));
  child.stderr?.on('data', (d) => logs.push(String(d)));
  const url = `http://127.0.0.1:${opts.port}`;
  // A fresh embedded database migrates and seeds first; on a busy two-core machine that can take a while.
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early (${child.exitCode}):\n${logs.join('')}`);
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error(`server did not become healthy:\n${logs.join('')}`);
    }
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
