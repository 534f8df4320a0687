import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import type { Config } from '../config';
import { connect, pgliteDir } from '../db/connect';
import { uploadsDir } from '../modules/provider';

const run = promisify(execFile);

/** What a backup directory holds, in its manifest.json. */
export type BackupManifest = {
  format: 1;
  /** Which database it came from: the embedded one's data directory, or a PostgreSQL dump. */
  database: 'pglite' | 'postgres';
  createdAt: string;
  /** Whether the providers' photos (DATA_DIR/uploads) are in it. */
  uploads: boolean;
};

const DATABASE_FILE = { pglite: 'database.tar.gz', postgres: 'database.dump' } as const;

/** A backup or restore that cannot go ahead, with what to do instead; the scripts print it and exit 1. */
export class BackupRefused extends Error {}

/**
 * The PostgreSQL client programs' view of `databaseUrl`: the URL without its password (command lines are visible to
 * every user of the machine) and the password in PGPASSWORD.
 */
function pgClientArgs(databaseUrl: string): { url: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { url: url.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

/**
 * Writes a consistent backup of the marketplace into the new directory `out`: the database (PGlite: its data
 * directory, dumped by PostgreSQL itself between queries, while no server has it open; PostgreSQL: `pg_dump`, one
 * snapshot transaction, while the servers run) and the providers' photos.
 */
export async function backup(config: Pick<Config, 'dataDir' | 'databaseUrl'>, out: string): Promise<BackupManifest> {
  if (existsSync(out) && readdirSync(out).length > 0) throw new BackupRefused(`${out} is not empty; name a new directory for the backup.`);
  mkdirSync(out, { recursive: true });
  const kind = config.databaseUrl ? 'postgres' : 'pglite';
  const target = join(out, DATABASE_FILE[kind]);
  if (config.databaseUrl) {
    const { url, env } = pgClientArgs(config.databaseUrl);
    await run('pg_dump', ['--format=custom', '--no-owner', `--file=${target}`, `--dbname=${url}`], { env });
  } else {
    if (!existsSync(pgliteDir(config.dataDir))) throw new BackupRefused(`There is no embedded database in ${pgliteDir(config.dataDir)} to back up.`);
    // connect() claims the directory: refused while a server has it open.
    const database = await connect({ dataDir: pgliteDir(config.dataDir) });
    try {
      writeFileSync(target, Buffer.from(await (await database.snapshot!(true)).arrayBuffer()));
    } finally {
      await database.close();
    }
  }
  const uploads = existsSync(uploadsDir(config.dataDir));
  if (uploads) cpSync(uploadsDir(config.dataDir), join(out, 'uploads'), { recursive: true });
  const manifest: BackupManifest = { format: 1, database: kind, createdAt: new Date().toISOString(), uploads };
  writeFileSync(join(out, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

/** Reads and checks a backup directory's manifest. */
export function readManifest(from: string): BackupManifest {
  const file = join(from, 'manifest.json');
  if (!existsSync(file)) throw new BackupRefused(`${from} is not a backup (it has no manifest.json).`);
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as BackupManifest;
  if (manifest.format !== 1 || !['pglite', 'postgres'].includes(manifest.database)) throw new BackupRefused(`${from}: a backup format this version does not read.`);
  return manifest;
}

/**
 * Brings the backup in `from` back into a fresh place: an embedded database into a DATA_DIR with no database yet, a
 * PostgreSQL dump into the empty database of DATABASE_URL. Refuses to write over data. The servers start on it as
 * they would on any database (their migrations then bring an older backup up to date).
 */
export async function restore(config: Pick<Config, 'dataDir' | 'databaseUrl'>, from: string): Promise<BackupManifest> {
  const manifest = readManifest(from);
  const source = join(from, DATABASE_FILE[manifest.database]);
  if (manifest.database === 'postgres') {
    if (!config.databaseUrl) throw new BackupRefused('This is a PostgreSQL backup: set DATABASE_URL to the empty database to restore it into.');
    const client = new pg.Client({ connectionString: config.databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ n: number }>(
        "select count(*)::int as n from pg_tables where schemaname not in ('pg_catalog', 'information_schema')",
      );
      if (rows[0].n > 0) throw new BackupRefused('The database of DATABASE_URL already has tables; restore into a new, empty database.');
    } finally {
      await client.end();
    }
    const { url, env } = pgClientArgs(config.databaseUrl);
    await run('pg_restore', ['--no-owner', '--exit-on-error', `--dbname=${url}`, source], { env });
  } else {
    if (config.databaseUrl) throw new BackupRefused('This is a backup of the embedded database: unset DATABASE_URL to restore it into DATA_DIR.');
    const dir = pgliteDir(config.dataDir);
    if (existsSync(dir) && readdirSync(dir).length > 0) throw new BackupRefused(`${dir} already holds a database; move it aside, or set DATA_DIR to a new directory.`);
    const database = await connect({ dataDir: dir, snapshot: new Blob([readFileSync(source)]) });
    await database.close();
  }
  if (manifest.uploads) cpSync(join(from, 'uploads'), uploadsDir(config.dataDir), { recursive: true, force: false });
  return manifest;
}
