import { join } from 'node:path';
import { loadConfig } from './config';
import { buildApp } from './app';
import { createContext } from './platform/context';
import { connect } from './db/connect';
import { seedCatalogue } from './db/seed';
import { ensureAdmin } from './modules/accounts/service';

async function main() {
  const config = loadConfig();
  const database = await connect({
    databaseUrl: config.databaseUrl,
    dataDir: join(config.dataDir, 'pglite'),
  });
  await database.migrate();
  const seed = await seedCatalogue(database.db);
  const admin = await ensureAdmin(database.db, { email: config.adminEmail, password: config.adminPassword });

  const app = await buildApp(await createContext(config, database));
  if (seed.seeded) app.log.info('seeded the demo catalogue');
  if (admin.generatedPassword) {
    // Printed once, to the server's own log only, so the first admin can sign in. Never shown on a page.
    process.stdout.write(
      `\n  First admin account created: ${admin.email}\n  Password (shown only now): ${admin.generatedPassword}\n` +
        `  Set ADMIN_EMAIL and ADMIN_PASSWORD to choose your own.\n\n`,
    );
  }

  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Go Live is serving on http://localhost:${config.port} (database: ${database.kind})`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
