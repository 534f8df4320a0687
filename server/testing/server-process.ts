import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../..');

/** A TCP port free on 127.0.0.1 now. */
export function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const srv = createServer();
    srv.once('error', fail);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => ok(port));
    });
  });
}

export type ServerProcess = {
  url: string;
  port: number;
  child: ChildProcess;
  /** Resolves with the exit code. */
  exited: Promise<number | null>;
  /** Everything it has written to stdout and stderr so far. */
  output(): string;
  /** SIGTERM, then the exit code. */
  stop(): Promise<number | null>;
};

/**
 * `server/main.ts` as a deployment runs it, in a process of its own with `env` over this one's (PORT chosen here when
 * not given), resolved once `/readyz` answers 200. A fresh embedded database migrates and seeds first, which on a busy
 * two-core machine can take a while: past `deadlineMs` the process is stopped and the start fails with its output.
 */
export async function startServerProcess(env: Record<string, string>, deadlineMs = 120_000): Promise<ServerProcess> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'server/main.ts')], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'info', NODE_ENV: 'production', HOST: '127.0.0.1', DIST_DIR: '/nonexistent-dist', ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += String(d)));
  child.stderr!.on('data', (d) => (output += String(d)));
  const exited = new Promise<number | null>((ok) => child.once('exit', (code) => ok(code)));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + deadlineMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early (${child.exitCode}):\n${output}`);
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error(`server did not become ready:\n${output}`);
    }
    const ready = await fetch(`${url}/readyz`).catch(() => null);
    if (ready?.status === 200) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    port,
    child,
    exited,
    output: () => output,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}
