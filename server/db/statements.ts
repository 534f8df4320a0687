import type { Db } from './connect';

/** What Drizzle's `prepare(name)` returns: a statement run with its placeholders' values. */
type Prepared = { execute(placeholders?: Record<string, unknown>): Promise<unknown> };

/**
 * A query prepared once per database object with Drizzle's `prepare(name)`: for the hot reads and writes that run on
 * the database itself, outside any transaction (every signed-in request, every limited request). Drizzle builds the
 * SQL text once, and on PostgreSQL the name makes each pooled connection parse and plan it once. A prepared query is
 * bound to the session it was built on, so given a transaction it is built again for that transaction (no cheaper
 * than the plain query builder, but correct: a helper called with either may use it). A failure is marked with
 * `name`, so the log says which statement failed without its SQL ({@link nameQueryError}).
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

/**
 * Runs a query-builder query (on the database or a transaction) and marks its failure with `name`
 * ({@link nameQueryError}): for statements the log should name, such as the mail worker's.
 */
export async function named<T>(name: string, query: PromiseLike<T>): Promise<T> {
  try {
    return await query;
  } catch (err) {
    throw nameQueryError(err, name);
  }
}
