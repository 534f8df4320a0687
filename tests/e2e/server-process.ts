import { startServerProcess } from '../../server/testing/server-process';

/**
 * Starts `server/main.ts` on a given port, data directory and built client, for specs that need a server of their
 * own (the PWA update test deploys a second build on the same origin). Resolves once it is ready.
 */
export async function startServer(opts: { port: number; dataDir: string; distDir: string }): Promise<{ url: string; stop: () => Promise<void> }> {
  const server = await startServerProcess({
    DATABASE_URL: '',
    REDIS_URL: '',
    PORT: String(opts.port),
    DATA_DIR: opts.dataDir,
    DIST_DIR: opts.distDir,
    ADMIN_EMAIL: 'pwa-admin@example.com',
    ADMIN_PASSWORD: 'pwa-admin-password-42',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'test',
    // Stopped at the end of a run (or to restart): no balancer to drain.
    DRAIN_SECONDS: '0',
  });
  return {
    url: server.url,
    stop: async () => {
      await server.stop();
    },
  };
}
