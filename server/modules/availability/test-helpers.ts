import { sql } from 'drizzle-orm';
import { createBooking, quoteBooking } from '../bookings';
import { loadConfig } from '../../config';
import type { Db } from '../../db/connect';
import { users } from '../../db/schema';
import { rowsOf } from './listings';

/** Customers made straight in the database (no password is ever checked): many at once for the races. */
export async function customers(db: Db, n: number, tag: string): Promise<number[]> {
  const rows = await db
    .insert(users)
    .values(Array.from({ length: n }, (_, i) => ({ username: `race${tag}${i}`, email: `race${tag}${i}@example.com`, passwordHash: 'x', role: 'user' as const })))
    .returning({ id: users.id });
  return rows.map((r) => r.id);
}

type Line = { serviceType: 'hotels' | 'cars' | 'properties' | 'flights' | 'general-services'; serviceId: number; quantity?: number; details: Record<string, unknown> };

const { serviceFee } = loadConfig({ NODE_ENV: 'test' });

/**
 * Books one line for a customer through the bookings service (what POST /api/bookings runs after the rate limit), at
 * the price the server computes: `itemsAmount` is what the line's items must cost (checked against the server's
 * quote), and the booking is made at the quote's total (with its service fee and tax); resolves to 'held' or the
 * refusal's status and message.
 */
export async function tryBook(db: Db, userId: number, line: Line, itemsAmount: number, holdMs = 15 * 60_000): Promise<{ ok: true; id: number } | { ok: false; status: number; message: string }> {
  try {
    const items = [{ quantity: 1, ...line } as never];
    const quoted = await quoteBooking(db, { items }, { serviceFee });
    if (Math.round(quoted.items * 100) !== Math.round(itemsAmount * 100)) throw new Error(`the items cost ${quoted.items}, not ${itemsAmount}`);
    const b = await createBooking(db, userId, { items, totalAmount: quoted.total }, { holdMs, serviceFee });
    return { ok: true, id: b.id };
  } catch (err) {
    const e = err as { statusCode?: number; message: string };
    if (!e.statusCode) throw err;
    return { ok: false, status: e.statusCode, message: e.message };
  }
}

/**
 * The invariants, read from the tables: no day over its capacity or both blocked and taken, every day's `taken`
 * equal to the units of the live holds covering it, no two live holds of one property overlapping, no two live
 * appointments of one service overlapping. Returns what is wrong (empty when all hold).
 */
export async function invariantViolations(db: Db): Promise<string[]> {
  const wrong: string[] = [];
  const over = await rowsOf<{ n: number }>(db, sql`select count(*)::int as n from availability_days where taken > capacity or taken < 0 or (blocked > 0 and taken > 0)`);
  if (over[0].n > 0) wrong.push(`${over[0].n} days over capacity or blocked and taken`);
  const mismatch = await rowsOf<{ kind: string; listing_id: number; day: string; taken: number; held: number }>(
    db,
    sql`with live as (
          select h.kind, h.listing_id, d::date as day, sum(h.units)::int as units
          from availability_holds h, generate_series(h.start_day, h.end_day - 1, interval '1 day') d
          where h.status <> 'released' group by 1, 2, 3)
        select coalesce(a.kind, l.kind) as kind, coalesce(a.listing_id, l.listing_id) as listing_id, coalesce(a.day, l.day)::text as day,
          coalesce(a.taken, 0) as taken, coalesce(l.units, 0) as held
        from availability_days a full join live l on a.kind = l.kind and a.listing_id = l.listing_id and a.day = l.day
        where coalesce(a.taken, 0) <> coalesce(l.units, 0) limit 5`,
  );
  for (const m of mismatch) wrong.push(`${m.kind} ${m.listing_id} ${m.day}: taken ${m.taken}, holds ${m.held}`);
  const leases = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from availability_holds a join availability_holds b on a.id < b.id and a.kind = b.kind and a.listing_id = b.listing_id
        where a.kind = 'properties' and a.status <> 'released' and b.status <> 'released' and a.start_day < b.end_day and b.start_day < a.end_day`,
  );
  if (leases[0].n > 0) wrong.push(`${leases[0].n} overlapping leases`);
  const appointments = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from availability_holds a join availability_holds b on a.id < b.id and a.kind = b.kind and a.listing_id = b.listing_id
        where a.starts_at is not null and a.status <> 'released' and b.status <> 'released' and a.starts_at < b.ends_at and b.starts_at < a.ends_at`,
  );
  if (appointments[0].n > 0) wrong.push(`${appointments[0].n} overlapping appointments`);
  return wrong;
}
