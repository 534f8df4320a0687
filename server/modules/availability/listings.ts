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

/**
 * One listing's facts. `lock: 'share'` holds the row against a concurrent capacity change until the transaction ends
 * (holds take it, so the capacity a new day row is created with is the one in force); 'update' is the capacity
 * change's own lock.
 */
export async function listingFacts(exec: Exec, kind: AvailabilityKind, id: number, lock?: 'share' | 'update'): Promise<ListingFacts | undefined> {
  const s = LISTING_SOURCES[kind];
  const [row] = await rowsOf<{ id: number; name: string; capacity: number | null; owner_id: number | null; is_active: boolean; hours: WeeklyHours | null; duration: number | null }>(
    exec,
    sql`select l.id, ${sql.raw(s.name)} as name, ${sql.raw(s.capacity ?? '0')}::int as capacity, l.owner_id, l.is_active,
          ${sql.raw(s.hours ?? 'null::jsonb')} as hours, ${sql.raw(s.duration ?? 'null::int')} as duration
        from ${sql.raw(s.table)} l where l.id = ${id} ${sql.raw(lock === 'share' ? 'for share' : lock === 'update' ? 'for update' : '')}`,
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
