import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { inject } from 'vitest';
import { connect, type Database } from '../db/connect';
import { seedCatalogue } from '../db/seed';
import { databaseUrlOf, onServer, type DatabaseTemplates } from './database-templates';

export type TestDatabase = { database: Database; drop(): Promise<void>; url?: string };

/** The PGlite snapshots this process has read, by file (a test file may open several databases). */
const snapshots = new Map<string, Blob>();

/**
 * A fresh database for one test file, migrated, and seeded with the demo catalogue when `seeded`: in-memory PGlite
 * by default, or — when DATABASE_URL is set — a new database of its own on that PostgreSQL server, dropped at close.
 * In a Vitest run it is a copy of the run's template (server/testing/global-setup.ts): a copy, not a migration.
 */
export async function createTestDatabase(opts: { seeded?: boolean; poolWaitMs?: number } = {}): Promise<TestDatabase> {
  const templates = runTemplates();
  const databaseUrl = process.env.DATABASE_URL;
  if (!templates) {
    // Outside a Vitest run (the benches build apps with these helpers): a database built from scratch.
    const opened = databaseUrl ? await ownDatabase(databaseUrl, undefined, opts.poolWaitMs) : await inMemory();
    await opened.database.migrate();
    if (opts.seeded) await seedCatalogue(opened.database.db);
    return opened;
  }
  const template = opts.seeded ? templates.seeded : templates.migrated;
  if (templates.kind === 'postgres') {
    if (!databaseUrl) throw new Error('DATABASE_URL was unset after the test run began');
    return ownDatabase(databaseUrl, template, opts.poolWaitMs);
  }
  if (databaseUrl) throw new Error('DATABASE_URL was set after the test run began');
  let snapshot = snapshots.get(template);
  if (!snapshot) {
    snapshot = new Blob([readFileSync(template)]);
    snapshots.set(template, snapshot);
  }
  return inMemory(snapshot);
}

/** An in-memory PGlite database, empty or from a snapshot. */
async function inMemory(snapshot?: Blob): Promise<TestDatabase> {
  const database = await connect({ snapshot });
  return { database, drop: () => database.close() };
}

/** The templates of this Vitest run, or undefined outside one (where `inject` cannot be called). */
function runTemplates(): DatabaseTemplates | undefined {
  try {
    return inject('databaseTemplates');
  } catch {
    return undefined;
  }
}

/** A database of its own on the server of `databaseUrl` (a copy of `template` when given), dropped by `drop`. */
async function ownDatabase(databaseUrl: string, template?: string, poolWaitMs?: number): Promise<TestDatabase> {
  const name = `t_${randomBytes(6).toString('hex')}`;
  await onServer(databaseUrl, `CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ''}`);
  const url = databaseUrlOf(databaseUrl, name);
  const database = await connect({ databaseUrl: url, poolWaitMs });
  return {
    database,
    url,
    async drop() {
      await database.close();
      await onServer(databaseUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    },
  };
}
