import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { connect, type Database } from '../db/connect';
import { seedCatalogue } from '../db/seed';

/**
 * Where a test run's databases start from (issue 31): one database migrated, and one migrated and seeded with the
 * demo catalogue, built once per run by the global setup. Each test file then copies one in well under a second
 * (PostgreSQL: CREATE DATABASE ... TEMPLATE; PGlite: a snapshot of its data directory) instead of migrating and
 * seeding its own.
 */
export type DatabaseTemplates =
  | { kind: 'pglite'; migrated: string; seeded: string }
  | { kind: 'postgres'; migrated: string; seeded: string };

/** Runs one statement on the server of `databaseUrl` on a connection of its own (CREATE or DROP DATABASE). */
export async function onServer(databaseUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** The URL of database `name` on the server of `databaseUrl`. */
export function databaseUrlOf(databaseUrl: string, name: string): string {
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Builds both templates (on PostgreSQL when `databaseUrl` is given, else as PGlite snapshot files); `drop` removes them. */
export async function buildDatabaseTemplates(databaseUrl: string | undefined): Promise<{ templates: DatabaseTemplates; drop(): Promise<void> }> {
  if (!databaseUrl) {
    const dir = mkdtempSync(join(tmpdir(), 'marketplace-test-db-'));
    const files = { migrated: join(dir, 'migrated.tar'), seeded: join(dir, 'seeded.tar') };
    const database = await connect({});
    try {
      await database.migrate();
      writeFileSync(files.migrated, Buffer.from(await (await database.snapshot!()).arrayBuffer()));
      await seedCatalogue(database.db);
      writeFileSync(files.seeded, Buffer.from(await (await database.snapshot!()).arrayBuffer()));
    } finally {
      await database.close();
    }
    return { templates: { kind: 'pglite', ...files }, drop: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const tag = randomBytes(4).toString('hex');
  // Named t_... as the test databases, so what an interrupted run leaves is cleared with them (.ci/run).
  const names = { migrated: `t_tpl_${tag}_migrated`, seeded: `t_tpl_${tag}_seeded` };
  const drop = async () => {
    for (const name of Object.values(names)) await onServer(databaseUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  };
  // Migrated once; the seeded one starts as a copy of it.
  const prepare = async (name: string, from: string | null, work: (database: Database) => Promise<unknown>) => {
    await onServer(databaseUrl, `CREATE DATABASE "${name}"${from ? ` TEMPLATE "${from}"` : ''}`);
    const database = await connect({ databaseUrl: databaseUrlOf(databaseUrl, name) });
    try {
      await work(database);
    } finally {
      // A template can be copied only while nobody is connected to it.
      await database.close();
    }
  };
  try {
    await prepare(names.migrated, null, (database) => database.migrate());
    await prepare(names.seeded, names.migrated, (database) => seedCatalogue(database.db));
  } catch (error) {
    await drop();
    throw error;
  }
  return { templates: { kind: 'postgres', ...names }, drop };
}
