/**
 * The listing tables that have availability, and what this module reads of them: its capacity (hotels' rooms, a car
 * model's fleet, a flight's seats; one for a property), its owner and name, and for restaurants and general services
 * their weekly hours. Identifiers come from this fixed map only, never from a request.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { AvailabilityKind } from '../../../domain/availability/schemas';
import type { WeeklyHours } from '../../../domain/availability/hours';
import type { Db, Tx } from '../../db/connect';

type Exec = Db | Tx;

/** Appointments a general service's day can take: high enough never to bind; the exclusion constraint does. */
export const APPOINTMENT_DAY_CAPACITY = 1000;

type ListingSource = {
  table: string;
  /** The capacity expression over the listing row `l`; null for kinds sold without units (restaurants). */
  capacity: string | null;
  /** The column the provider's capacity change writes; null when fixed. */
  capacityColumn: string | null;
  name: string;
  hours: string | null;
  duration: string | null;
};

export const LISTING_SOURCES: Record<AvailabilityKind, ListingSource> = {
  hotels: { table: 'hotels', capacity: 'l.rooms', capacityColumn: 'rooms', name: 'l.name', hours: null, duration: null },
  cars: { table: 'cars', capacity: 'l.fleet', capacityColumn: 'fleet', name: 'l.model', hours: null, duration: null },
  flights: { table: 'flights', capacity: 'l.seats', capacityColumn: 'seats', name: "l.airline || ' ' || l.flight_number", hours: null, duration: null },
  properties: { table: 'properties', capacity: '1', capacityColumn: null, name: 'l.title', hours: null, duration: null },
  'general-services': {
    table: 'general_services',
    capacity: String(APPOINTMENT_DAY_CAPACITY),
    capacityColumn: null,
    name: 'l.name',
    hours: 'l.working_hours',
    duration: 'l.appointment_minutes',
  },
  restaurants: { table: 'restaurants', capacity: null, capacityColumn: null, name: 'l.name', hours: 'l.opening_hours', duration: null },
};

export type ListingFacts = {
  id: number;
  name: string;
  capacity: number;
  ownerId: number | null;
  isActive: boolean;
  hours: WeeklyHours | null;
  durationMinutes: number | null;
};

/** Rows of a query, whichever driver ran it. */
export async function rowsOf<T>(exec: Exec, query: SQL): Promise<T[]> {
  const result = (await exec.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** One listing's facts; `lock: 'update'` is a capacity or hours change's own lock on the row (FOR UPDATE). */
export async function listingFacts(exec: Exec, kind: AvailabilityKind, id: number, lock?: 'update'): Promise<ListingFacts | undefined> {
  const s = LISTING_SOURCES[kind];
  const [row] = await rowsOf<{ id: number; name: string; capacity: number | null; owner_id: number | null; is_active: boolean; hours: WeeklyHours | null; duration: number | null }>(
    exec,
    sql`select l.id, ${sql.raw(s.name)} as name, ${sql.raw(s.capacity ?? '0')}::int as capacity, l.owner_id, l.is_active,
          ${sql.raw(s.hours ?? 'null::jsonb')} as hours, ${sql.raw(s.duration ?? 'null::int')} as duration
        from ${sql.raw(s.table)} l where l.id = ${id} ${sql.raw(lock === 'update' ? 'for update' : '')}`,
  );
  if (!row) return undefined;
  return {
    id: row.id,
    name: row.name,
    capacity: Number(row.capacity ?? 0),
    ownerId: row.owner_id,
    isActive: row.is_active,
    hours: row.hours,
    durationMinutes: row.duration === null ? null : Number(row.duration),
  };
}

/**
 * The one lock rule of availability (ADR 027): a transaction that changes a listing's day rows first locks the listing
 * row (FOR NO KEY UPDATE), and when it changes several listings it locks them in one order, kind then id, before it
 * changes any. Two transactions of one listing then run one after the other, and two of several listings never wait
 * for each other in a circle. Day rows are not locked one by one: a day row that does not exist yet (it is created on
 * first use) cannot be locked, which left a narrow deadlock between a booking and a block or a renewal. Locking a
 * listing the transaction already holds costs nothing, so a caller may lock a set up front and its steps again.
 */
export async function lockListings(exec: Exec, listings: Array<{ kind: string; listingId: number }>): Promise<void> {
  const byKind = new Map<AvailabilityKind, Set<number>>();
  for (const l of listings) {
    const kind = l.kind as AvailabilityKind;
    if (!LISTING_SOURCES[kind]) throw new Error(`no listing table for kind ${l.kind}`);
    byKind.set(kind, (byKind.get(kind) ?? new Set()).add(l.listingId));
  }
  for (const kind of [...byKind.keys()].sort()) {
    const ids = [...byKind.get(kind)!].sort((a, b) => a - b);
    await exec.execute(
      sql`select 1 from ${sql.raw(LISTING_SOURCES[kind].table)} where id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)}) order by id for no key update`,
    );
  }
}
