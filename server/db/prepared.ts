import pg from 'pg';
import type { Db, Tx } from './connect';

/**
 * Statements on the hot path (every request, every booking or payment), built once and run as named prepared
 * statements on whichever connection is current: the database itself or a transaction's connection (ADR 020, 022).
 *
 * Drizzle builds a query's SQL text anew each time it runs, which costs more CPU than the round trip itself (measured:
 * ~140 µs to build the session lookup, ~25 µs to run it prepared). `prepare(name)` builds it once; on PostgreSQL the
 * name also makes node-postgres parse and plan it once per connection. Values go in through `sql.placeholder(...)`.
 *
 * Drizzle binds a prepared query to the connection of the session that built it. {@link prepared} builds it once
 * per database and hands out a copy bound to the caller's connection, so the same statement also runs inside a
 * transaction (on that transaction's connection, under its locks). Drizzle keeps the driver connection as `client`
 * on its sessions and prepared queries (node-postgres and PGlite alike); `prepared.test.ts` pins that down.
 */
type Exec = Db | Tx;
type Bindable = { execute(placeholders?: Record<string, unknown>): Promise<unknown> };

/** The driver connection behind a database or a transaction: a pg Pool or PoolClient, or PGlite or its transaction. */
function driverOf(exec: Exec): unknown {
  return (exec as unknown as { session: { client: unknown } }).session.client;
}
/** Shared by a database and every transaction opened on it; a different object for every other database. */
function databaseKey(exec: Exec): object {
  return (exec as unknown as { dialect: object }).dialect;
}

/**
 * Marks a failed statement's error with the statement's name (`queryName`): the log says which query failed without
 * its SQL text or parameters (server/platform/errors.ts safeError, issue 27). The first (innermost) name stays.
 */
export function nameQueryError(err: unknown, name: string): unknown {
  if (err && typeof err === 'object' && !('queryName' in err)) {
    Object.defineProperty(err, 'queryName', { value: name, enumerable: false, configurable: true });
  }
  return err;
}

const names = new Set<string>();
/** A statement name is one SQL text on every connection: two call sites must never share one. */
function claimName(name: string) {
  if (names.has(name)) throw new Error(`Prepared statement name used twice: ${name}`);
  names.add(name);
}

/**
 * A drizzle query (with `sql.placeholder`s for its values) prepared as `name` once per database; calling the result
 * with a database or a transaction returns it bound to that connection, ready to `execute({...values})`.
 */
export function prepared<P extends Bindable>(name: string, build: (db: Exec) => { prepare(name: string): P }): (exec: Exec) => P {
  claimName(name);
  const built = new WeakMap<object, P>();
  return (exec) => {
    const key = databaseKey(exec);
    let base = built.get(key);
    if (base === undefined) {
      base = build(exec).prepare(name);
      // Copies bound to other connections inherit this wrapper (it runs with `this` = the copy).
      const execute = base.execute;
      (base as Bindable).execute = function (this: Bindable, placeholders) {
        return execute.call(this, placeholders).catch((err: unknown) => {
          throw nameQueryError(err, name);
        });
      };
      built.set(key, base);
    }
    const client = driverOf(exec);
    if ((base as unknown as { client: unknown }).client === client) return base;
    const bound = Object.create(base) as P & { client: unknown };
    bound.client = client;
    return bound;
  };
}

type PgQueryable = { query(config: { name: string; text: string; values: unknown[] }): Promise<{ rows: unknown[] }> };
type PgliteQueryable = { query(text: string, values: unknown[]): Promise<{ rows: unknown[] }> };

/**
 * A fixed SQL text (what drizzle cannot express, such as a chain of INSERT ... RETURNING in one statement) run as a
 * named prepared statement on the current connection. Values are `$1`, `$2` ...; rows come back as the driver parses
 * them (timestamps as Date, json as values; cast bigint results to int). Name the columns the way the caller reads
 * them (`as "camelCase"`).
 */
export function rawStatement<Row>(name: string, text: string): (exec: Exec, values: unknown[]) => Promise<Row[]> {
  claimName(name);
  return async (exec, values) => {
    const client = driverOf(exec);
    try {
      const result =
        client instanceof pg.Pool || client instanceof pg.Client
          ? await (client as unknown as PgQueryable).query({ name, text, values })
          : await (client as PgliteQueryable).query(text, values);
      return result.rows as Row[];
    } catch (err) {
      throw nameQueryError(err, name);
    }
  };
}
