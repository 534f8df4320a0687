import { sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from './connect';

/** What Drizzle's `prepare(name)` returns: a statement run with its placeholders' values. */
type Prepared = { execute(placeholders?: Record<string, unknown>): Promise<unknown> };

/**
 * A query prepared once per database object with Drizzle's `prepare(name)`: for the hot reads and writes that run on
 * the database itself, outside any transaction (every signed-in request, every limited request). Drizzle builds the
 * SQL text once, and on PostgreSQL the name makes each pooled connection parse and plan it once. Inside a
 * transaction use the plain query builder on the transaction (a prepared query is bound to the database's pool). A
 * failure is marked with `name`, so the log says which statement failed without its SQL ({@link nameQueryError}).
 */
export function preparedOn<P extends Prepared>(name: string, build: (db: Db) => { prepare(name: string): P }): (db: Db) => Pick<P, 'execute'> {
  const byDatabase = new WeakMap<Db, Pick<P, 'execute'>>();
  return (db) => {
    let statement = byDatabase.get(db);
    if (statement === undefined) {
      const query = build(db).prepare(name);
      statement = {
        execute: ((placeholders?: Record<string, unknown>) =>
          query.execute(placeholders).catch((err: unknown) => {
            throw nameQueryError(err, name);
          })) as P['execute'],
      };
      byDatabase.set(db, statement);
    }
    return statement;
  };
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

/** `text` with its `$1`, `$2` ... replaced by the given values as bound parameters. */
function withParams(text: string, values: unknown[]): SQL {
  const chunks = text.split(/\$(\d+)/);
  return sql.join(chunks.map((chunk, i) => (i % 2 === 0 ? sql.raw(chunk) : sql.param(values[Number(chunk) - 1]))));
}

/**
 * A fixed SQL text for what the query builder cannot say in one statement (a claim that updates one row and picks
 * the next with FOR UPDATE SKIP LOCKED, a budget upsert with a conditional DO UPDATE), run through Drizzle's
 * `execute` on the database or a transaction. Values are `$1`, `$2` ...; rows come back as the driver parses them
 * (json as values; timestamps as text). Name the columns the way the caller reads them (`as "camelCase"`); `name`
 * labels a failure in the logs.
 */
export function rawStatement<Row>(name: string, text: string): (exec: Db | Tx, values: unknown[]) => Promise<Row[]> {
  return async (exec, values) => {
    try {
      const result = (await exec.execute(withParams(text, values))) as unknown as { rows: Row[] };
      return result.rows;
    } catch (err) {
      throw nameQueryError(err, name);
    }
  };
}
