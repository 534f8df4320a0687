import type { Db } from './connect';

/**
 * A statement on the hot path of every request, built once per database instead of on every call.
 *
 * Drizzle builds a query's SQL text anew each time it runs, which costs more CPU than the round trip itself for a
 * join (measured: ~140 µs to build the session lookup, ~25 µs to run it prepared). `prepare(name)` builds it once;
 * on PostgreSQL the name also makes node-postgres parse and plan it once per connection. Values go in through
 * `sql.placeholder(...)`. Only for statements run on `Db` itself: a prepared statement belongs to the session that
 * prepared it, so it never runs inside someone else's transaction.
 */
export function preparedOnce<T>(build: (db: Db) => T): (db: Db) => T {
  const cache = new WeakMap<Db, T>();
  return (db) => {
    let statement = cache.get(db);
    if (statement === undefined) {
      statement = build(db);
      cache.set(db, statement);
    }
    return statement;
  };
}
