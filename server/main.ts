import { loadConfig } from './config';
import { buildApp } from './app';
import { createContext } from './platform/context';
import { connect, pgliteDir } from './db/connect';
import { DataDirInUse } from './db/data-dir-lock';
import { seedCatalogue } from './db/seed';
import { openOrdersOfEarlierBookings } from './modules/money';
import { ensureAdmin, ensureDemoProvider } from './modules/accounts';
import { ensureDemoDriver } from './modules/drivers';
import { writeDemoAccounts } from './demo-accounts';

/** After the drain period, how long closing may take (requests in flight, workers, the database) before exiting anyway. */
const SHUTDOWN_BOUND_MS = 15_000;

async function main() {
  const config = loadConfig();
  const database = await connect({
    databaseUrl: config.databaseUrl,
    dataDir: pgliteDir(config.dataDir),
  });
  // Instances starting together (a deployment, a rolling upgrade) prepare the database one at a time.
  const { seed, opened, admin, driver, provider } = await database.exclusively(async () => {
    await database.migrate();
    return {
      seed: await seedCatalogue(database.db),
      // Bookings paid before orders per provider and the ledger existed (migration 0010) get them once.
      opened: await openOrdersOfEarlierBookings(database.db),
      admin: await ensureAdmin(database.db, { email: config.adminEmail, password: config.adminPassword, promoteExisting: config.adminPromoteExisting }),
      driver: await ensureDemoDriver(database.db),
      provider: await ensureDemoProvider(database.db),
    };
  });

  const ctx = await createContext(config, database);
  const app = await buildApp(ctx);
  if (seed.seeded) app.log.info('seeded the demo catalogue');
  if (opened > 0) app.log.info({ bookings: opened }, 'opened the orders of bookings paid before the ledger existed');
  if (admin.refused) app.log.warn(admin.refused);
  if (admin.sessionsEnded) app.log.info('admin account updated from ADMIN_EMAIL/ADMIN_PASSWORD; its earlier sessions were ended');
  const lines: string[] = [];
  if (admin.generatedPassword) lines.push(`First admin account created: ${admin.email}`, `  Password (shown only now): ${admin.generatedPassword}`, '  Set ADMIN_EMAIL and ADMIN_PASSWORD to choose your own.');
  if (driver.generatedPassword) lines.push(`Demo driver created: ${driver.email}`, `  Password (shown only now): ${driver.generatedPassword}`, '  Sign in on /driver, or run `npm run drive -- <tracking id>` to drive an order.');
  if (provider.generatedPassword) lines.push(`Demo provider (owns the seeded listings) created: ${provider.email}`, `  Password (shown only now): ${provider.generatedPassword}`, '  Sign in and open /provider to run the listings and mark orders ready, /chat-demo to answer customers.');
  if (lines.length > 0) {
    // Printed once, to the server's own log only. Never shown on a page. `npm run drive` reads the driver's from
    // DATA_DIR/demo-accounts.json (owner-only permissions) instead of asking for it.
    process.stdout.write(`\n  ${lines.join('\n  ')}\n\n`);
    writeDemoAccounts(config.dataDir, {
      ...(admin.generatedPassword ? { admin: { email: admin.email, password: admin.generatedPassword } } : {}),
      ...(driver.generatedPassword ? { driver: { email: driver.email, password: driver.generatedPassword } } : {}),
      ...(provider.generatedPassword ? { provider: { email: provider.email, password: provider.generatedPassword } } : {}),
    });
  }

  // SIGTERM (a rolling restart): /readyz turns 503 at once while the instance keeps serving for DRAIN_SECONDS, so
  // the balancer stops sending it traffic; then it stops accepting, finishes the requests in flight, tells every
  // socket to reconnect elsewhere (1012), stops its workers and exits, within a bound. SIGINT (Ctrl-C) skips the
  // drain period. A second signal exits at once.
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) {
      app.log.warn({ signal }, 'second signal: exiting now');
      process.exit(1);
    }
    stopping = true;
    ctx.lifecycle.drain();
    // Idle kept-alive connections close now; the others close after their next answer (FrontDoor).
    app.server.closeIdleConnections();
    const drainMs = signal === 'SIGTERM' ? config.drainMs : 0;
    app.log.info({ signal, drainSeconds: drainMs / 1000 }, 'draining');
    setTimeout(() => {
      app.log.error('shutdown took too long: exiting');
      process.exit(1);
    }, drainMs + SHUTDOWN_BOUND_MS).unref();
    await new Promise((resolve) => setTimeout(resolve, drainMs));
    // Stop accepting first, while the event loop is idle: a connection that arrives from now on is refused, which a
    // proxy retries on another instance even for a POST. Closing the sockets first would keep the loop busy while
    // connections queue in the kernel, and those are reset when the listener closes, after the proxy sent them a
    // request it may not resend. Then the sockets go (1012), and once the requests in flight have their answers
    // (every answer now closes its connection) the rest closes.
    const connectionsEnded = new Promise<void>((resolve) => app.server.close(() => resolve()));
    ctx.live.closeAll();
    await connectionsEnded;
    await app.close();
    await database.close();
    app.log.info('stopped');
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  ctx.lifecycle.ready();
  app.log.info(`Go Live is serving on http://localhost:${config.port} (database: ${database.kind}, role: ${config.role})`);
}

main().catch((err) => {
  // A second server on the same embedded database is refused with what to do, not a stack trace.
  console.error(err instanceof DataDirInUse ? err.message : err);
  process.exit(1);
});
