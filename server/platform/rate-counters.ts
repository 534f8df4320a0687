import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { preparedOn } from '../db/statements';
import { rateCounters } from '../db/schema';
import { HttpError } from './errors';

export type Reservation = {
  /** True when this request got one of the window's `max` slots. */
  allowed: boolean;
  /** Slots taken in the window, this one included. */
  count: number;
  /** Seconds until the window ends (at least 1). */
  retryAfter: number;
};

const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/** reserve's statement, prepared once per database (it runs on every limited request; server/db/statements.ts). */
const reservation = preparedOn('rate_counter_reserve', (db) => {
  const now = sql`${sql.placeholder('now')}::timestamptz`;
  const expired = sql`${rateCounters.windowStart} <= ${sql.placeholder('windowStartedBefore')}::timestamptz`;
  return db
    .insert(rateCounters)
    .values({ key: sql.placeholder('key'), windowStart: now, count: 1 })
    .onConflictDoUpdate({
      target: rateCounters.key,
      set: {
        count: sql`case when ${expired} then 1 else ${rateCounters.count} + 1 end`,
        windowStart: sql`case when ${expired} then ${now} else ${rateCounters.windowStart} end`,
      },
    })
    .returning({ count: rateCounters.count, windowStart: rateCounters.windowStart });
});

/**
 * Fixed-window counters kept in the database (table rate_counters, ADR 016). Every operation is one statement, an
 * INSERT ... ON CONFLICT DO UPDATE ... RETURNING, so the row lock makes concurrent requests — on one instance or
 * several sharing the database — each get a distinct count: no check-then-act race.
 */
export class RateCounters {
  constructor(private readonly db: Db) {}

  /** Takes one slot of `key`'s window (a new window starts when the old one is over). */
  async reserve(key: string, max: number, windowMs: number, now = new Date()): Promise<Reservation> {
    const [row] = await reservation(this.db).execute({ key, now: now.toISOString(), windowStartedBefore: new Date(now.getTime() - windowMs).toISOString() });
    const retryAfter = Math.max(1, Math.ceil((row.windowStart.getTime() + windowMs - now.getTime()) / 1000));
    return { allowed: row.count <= max, count: row.count, retryAfter };
  }

  /** Gives back a slot taken by `reserve` (the request was refused for another reason before any work). */
  async release(key: string): Promise<void> {
    await this.db
      .update(rateCounters)
      .set({ count: sql`greatest(${rateCounters.count} - 1, 0)` })
      .where(eq(rateCounters.key, key));
  }

  /** The count of `key` in its current window (0 when none). */
  async peek(key: string, windowMs: number, now = new Date()): Promise<number> {
    const [row] = await this.db.select().from(rateCounters).where(eq(rateCounters.key, key)).limit(1);
    if (!row || row.windowStart.getTime() <= now.getTime() - windowMs) return 0;
    return row.count;
  }

  async clear(key: string): Promise<void> {
    await this.db.delete(rateCounters).where(eq(rateCounters.key, key));
  }

  /**
   * Takes `key`'s single slot when the last one was taken at least `intervalMs` ago: one request per interval, across
   * instances. Returns the seconds to wait when the slot is busy.
   */
  async space(key: string, intervalMs: number, now = new Date()): Promise<{ allowed: boolean; retryAfter: number }> {
    const [taken] = await this.db
      .insert(rateCounters)
      .values({ key, windowStart: now, count: 1 })
      .onConflictDoUpdate({
        target: rateCounters.key,
        set: { windowStart: ts(now), count: sql`${rateCounters.count} + 1` },
        setWhere: sql`${rateCounters.windowStart} <= ${ts(new Date(now.getTime() - intervalMs))}`,
      })
      .returning({ count: rateCounters.count });
    if (taken) return { allowed: true, retryAfter: 0 };
    const [row] = await this.db.select().from(rateCounters).where(eq(rateCounters.key, key)).limit(1);
    const until = (row?.windowStart.getTime() ?? now.getTime()) + intervalMs;
    return { allowed: false, retryAfter: Math.max(1, Math.ceil((until - now.getTime()) / 1000)) };
  }

  /** Drops rows whose window ended more than `olderThanMs` ago (housekeeping). */
  async prune(olderThanMs: number, now = new Date()): Promise<void> {
    await this.db.delete(rateCounters).where(sql`${rateCounters.windowStart} < ${ts(new Date(now.getTime() - olderThanMs))}`);
  }
}

/** A 429 with Retry-After, the one shape every limiter answers with. */
export function tooMany(message: string, retryAfter: number): HttpError {
  return new HttpError(429, message, undefined, { retryAfter }, { 'retry-after': String(retryAfter) });
}

/** Throws 429 unless a slot of `key` is free: the per-route limit for work that must hold across instances. */
export async function limit(counters: RateCounters, key: string, max: number, windowMs: number, message: string): Promise<void> {
  const r = await counters.reserve(key, max, windowMs);
  if (!r.allowed) throw tooMany(message, r.retryAfter);
}
