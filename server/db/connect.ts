import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { earthdistance } from '@electric-sql/pglite/contrib/earthdistance';
import { fuzzystrmatch } from '@electric-sql/pglite/contrib/fuzzystrmatch';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock';

/**
 * The Drizzle database, whichever driver is underneath. Built without the relational schema (`db.query.*` is not
 * used): drizzle builds one relational query builder per table for every transaction it opens when given one.
 */
export type Db = PgDatabase<PgQueryResultHKT>;
/** A transaction handle, usable wherever a Db is. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Names the data (server, port and database, or the PGlite directory): instances on one database share it. */
  identity: string;
  /** Applies the committed migrations; safe to call on every start. */
  migrate(): Promise<void>;
  /**
   * Runs `work` while no other process on this database runs its own `exclusively` (PostgreSQL: an advisory lock held
   * by one connection; PGlite is one process anyway): what every instance does at start (migrate, seed, ensure the
   * first accounts) then happens once, not in several instances at the same time.
   */
  exclusively<T>(work: () => Promise<T>): Promise<T>;
  /** Cheap liveness check. */
  ping(): Promise<void>;
  /** PostgreSQL only: the pool's connections (open, idle) and the queries waiting for one. */
  poolStats?(): { open: number; idle: number; waiting: number };
  /**
   * PGlite only: its whole data directory as a tarball (gzipped when asked), consistent (taken between queries), for
   * `connect({ snapshot })`.
   */
  snapshot?(gzip?: boolean): Promise<Blob>;
  close(): Promise<void>;
};

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));
/** The advisory lock keys PostgreSQL migrations and start-up work run under (any numbers; "golive" in ASCII, +1). */
const MIGRATION_LOCK = 0x676f6c697665;
const STARTUP_LOCK = MIGRATION_LOCK + 1;

function databaseIdentity(databaseUrl: string): string {
  try {
    const url = new URL(databaseUrl);
    return `${url.hostname}:${url.port || '5432'}${url.pathname}`;
  } catch {
    return databaseUrl;
  }
}

/**
 * PGlite (0.5) hands every extension's library to emscripten's preload plugin, which instantiates them all at once;
 * its dynamic linker then races (a library finishing resolves the global symbol table while another is half
 * linked), so in about one process in four pg_trgm's `%` answered nothing and the next query spun for good. With
 * wasm decoding off the libraries are plain files, and PostgreSQL's dlopen links each one when first used, one at
 * a time. `pglite-extensions.test.ts` runs fresh processes to keep this true.
 */
const loadLibrariesOneByOne = {
  name: 'load-libraries-one-by-one',
  setup: async (_pg: unknown, emscriptenOpts: Record<string, unknown>) => ({ emscriptenOpts: { ...emscriptenOpts, noWasmDecoding: true } }),
};

/** Where the embedded database lives under DATA_DIR (the server, the scripts and the backups agree on it). */
export const pgliteDir = (dataDir: string) => join(dataDir, 'pglite');

export type ConnectOptions = {
  /** node-postgres connection string; when unset, PGlite is used. */
  databaseUrl?: string;
  /** PGlite data directory; `memory://` (the default when unset) keeps everything in memory. */
  dataDir?: string;
  /** PGlite only: starts from this `snapshot()` of another database instead of an empty one. */
  snapshot?: Blob;
  /** PostgreSQL only: how long a query waits for a connection of the pool before failing (5 s unless set). */
  poolWaitMs?: number;
};

/** Opens PGlite (files under dataDir) when no databaseUrl is given, a node-postgres pool otherwise. */
export async function connect(opts: ConnectOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: 10,
      // JIT compiles a query whose estimated cost is high (a dated search over every hotel) in ~30 ms, more than the
      // query then takes: a request-serving pool runs short queries only.
      options: '-c jit=off',
      // While PostgreSQL is unreachable (a restart, a failover) a request waits at most this long for a connection,
      // then fails with 503 (platform/errors.ts) instead of hanging; the pool reconnects by itself afterwards.
      connectionTimeoutMillis: opts.poolWaitMs ?? 5_000,
    });
    // An idle client losing its connection (e.g. a PostgreSQL restart) must not crash the process;
    // the pool replaces it on the next query.
    pool.on('error', (err) => {
      console.error('PostgreSQL idle client error:', err.message);
    });
    // Numeric columns stay strings (exact); bigint counts become numbers.
    const db = drizzlePg(pool) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      identity: databaseIdentity(opts.databaseUrl),
      async migrate() {
        // Instances starting together (a deployment, a rolling upgrade) migrate one at a time: the first applies
        // what is new, the others then find nothing left to do.
        const client = await pool.connect();
        try {
          await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
          await migratePg(drizzlePg(client), { migrationsFolder });
        } finally {
          await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
          client.release();
        }
      },
      async ping() {
        await pool.query('select 1');
      },
      poolStats: () => ({ open: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      async exclusively(work) {
        const client = await pool.connect();
        try {
          await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK]);
          return await work();
        } finally {
          await client.query('select pg_advisory_unlock($1)', [STARTUP_LOCK]).catch(() => {});
          client.release();
        }
      },
      async close() {
        await pool.end();
      },
    };
  }
  const dataDir = opts.dataDir ?? 'memory://';
  let unlock = () => {};
  if (!dataDir.startsWith('memory://')) {
    mkdirSync(dataDir, { recursive: true });
    unlock = lockDataDir(dataDir);
  }
  // btree_gist: the availability exclusion constraint (migration 0008); cube, earthdistance, pg_trgm, unaccent and
  // fuzzystrmatch: the catalogue search (migration 0012, ADR 031); as on PostgreSQL.
  let client: PGlite;
  try {
    client = await PGlite.create(dataDir, {
      extensions: { loadLibrariesOneByOne, btree_gist, cube, earthdistance, pg_trgm, unaccent, fuzzystrmatch },
      loadDataDir: opts.snapshot,
    });
  } catch (error) {
    unlock();
    throw error;
  }
  const db = drizzlePglite(client) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    identity: dataDir.startsWith('memory://') ? `memory:${randomUUID()}` : `pglite:${dataDir}`,
    async migrate() {
      await migratePglite(drizzlePglite(client), { migrationsFolder });
    },
    async ping() {
      await client.query('select 1');
    },
    exclusively: (work) => work(),
    snapshot: (gzip = false) => client.dumpDataDir(gzip ? 'gzip' : 'none'),
    async close() {
      await client.close();
      unlock();
    },
  };
}
