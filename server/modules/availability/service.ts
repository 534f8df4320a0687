/**
 * What is free, for customers (a listing's days, slots or opening), for searches (units left over a span), for
 * providers (their listing's calendar, capacity, rules, hours and blocks) and for the admin (occupancy).
 */
import { sql, type SQL } from 'drizzle-orm';
import { closedMessage, daySlots, openState, type WeeklyHours } from '../../../domain/availability/hours';
import {
  DAY_KINDS,
  UNIT_NAMES,
  shortDate,
  type AvailabilityKind,
  type Block,
  type BookingRules,
  type Calendar,
  type DayAvailability,
  type DayKind,
  type Occupancy,
  type Opening,
  type SlotAvailability,
} from '../../../domain/availability/schemas';
import type { DaySpan } from '../../../domain/availability/spans';
import { pageAcrossKinds, type KindPage, type KindPageRequest } from '../../../domain/catalogue/kind-paging';
import { addDays, todayUtc } from '../../../domain/catalogue/pricing';
import type { Db, Tx } from '../../db/connect';
import type { EventBus } from '../../platform/events/bus';
import { badRequest, conflict, notFound, pgCode } from '../../platform/errors';
import { bookingRules } from './holds';
import { LISTING_SOURCES, listingFacts, lockListings, rowsOf, type ListingFacts } from './listings';

type Exec = Db | Tx;
type Viewer = { id: number; role: string };

/** Free units per day of a listing from its day rows (days without a row are wholly free). */
async function freeDays(exec: Exec, kind: AvailabilityKind, id: number, capacity: number, from: string, to: string) {
  return rowsOf<{ date: string; capacity: number; taken: number; blocked: number }>(
    exec,
    sql`select to_char(d, 'YYYY-MM-DD') as date, coalesce(a.capacity, ${capacity}) as capacity, coalesce(a.taken, 0) as taken, coalesce(a.blocked, 0) as blocked
        from generate_series(${from}::date, ${to}::date, interval '1 day') d
        left join availability_days a on a.kind = ${kind} and a.listing_id = ${id} and a.day = d::date
        order by d`,
  );
}
const freeOf = (d: { capacity: number; taken: number; blocked: number }) => (Number(d.blocked) > 0 ? 0 : Math.max(0, Number(d.capacity) - Number(d.taken)));

async function publicListing(db: Db, kind: AvailabilityKind, id: number): Promise<ListingFacts> {
  const facts = await listingFacts(db, kind, id);
  if (!facts || !facts.isActive) throw notFound('Listing not found');
  return facts;
}

/** GET /api/availability/:kind/:id for a day kind: free units of each day from `from` to `to` (both included). */
export async function dayAvailability(db: Db, kind: DayKind, id: number, from: string, to: string): Promise<DayAvailability> {
  const facts = await publicListing(db, kind, id);
  const today = todayUtc();
  const days = await freeDays(db, kind, id, facts.capacity, from, to);
  return {
    kind,
    id,
    unit: UNIT_NAMES[kind].one,
    capacity: facts.capacity,
    rules: await bookingRules(db, kind, id),
    // A day in the past has nothing left to sell.
    days: days.map((d) => ({ date: d.date, free: d.date < today ? 0 : freeOf(d) })),
  };
}

/** GET /api/availability/general-services/:id: the free appointment slots of the days asked for. */
export async function slotAvailability(db: Db, id: number, from: string, to: string, now: Date = new Date()): Promise<SlotAvailability> {
  const facts = await publicListing(db, 'general-services', id);
  const base = { kind: 'general-services' as const, id, unit: UNIT_NAMES['general-services'].one, capacity: 1, hours: facts.hours, durationMinutes: facts.durationMinutes };
  const days = await freeDays(db, 'general-services', id, facts.capacity, from, to);
  if (!facts.hours || !facts.durationMinutes) return { ...base, appointments: false, days: days.map((d) => ({ date: d.date, free: 0 })), slots: [] };
  const taken = await rowsOf<{ starts_at: Date; ends_at: Date }>(
    db,
    sql`select starts_at, ends_at from availability_holds
        where kind = 'general-services' and listing_id = ${id} and status <> 'released' and (status = 'confirmed' or expires_at > ${now.toISOString()}::timestamptz)
          and start_day >= ${addDays(from, -1)}::date and start_day <= ${addDays(to, 1)}::date`,
  );
  const busy = taken.map((t) => [new Date(t.starts_at).getTime(), new Date(t.ends_at).getTime()] as const);
  const slots: Array<{ start: string; end: string }> = [];
  const outDays = days.map((d) => {
    if (Number(d.blocked) > 0) return { date: d.date, free: 0 };
    const free = daySlots(facts.hours!, d.date, facts.durationMinutes!).filter(
      (s) => s.start.getTime() > now.getTime() && !busy.some(([a, b]) => s.start.getTime() < b && a < s.end.getTime()),
    );
    slots.push(...free.map((s) => ({ start: s.start.toISOString(), end: s.end.toISOString() })));
    return { date: d.date, free: free.length };
  });
  return { ...base, appointments: true, days: outDays, slots };
}

/** GET /api/availability/restaurants/:id: open now, and the next opening or closing. */
export async function opening(db: Db, id: number, now: Date = new Date()): Promise<Opening> {
  const facts = await publicListing(db, 'restaurants', id);
  if (!facts.hours) return { kind: 'restaurants', id, open: true, opensAt: null, closesAt: null, hours: null };
  return { kind: 'restaurants', id, ...openState(facts.hours, now), hours: facts.hours };
}

/**
 * Units left over a span for a listing table's rows, as an SQL expression for a catalogue search: the fewest free
 * units of any day of the span (a blocked day has none), the listing's whole capacity on days nothing has touched.
 */
export function unitsLeftSql(kind: DayKind, listingId: SQL | unknown, capacity: SQL | unknown, span: DaySpan): SQL<number> {
  return sql<number>`least(${capacity}, coalesce((select min(case when a.blocked > 0 then 0 else a.capacity - a.taken end)
      from availability_days a where a.kind = ${kind} and a.listing_id = ${listingId} and a.day >= ${span.start}::date and a.day < ${span.end}::date), ${capacity}))::int`;
}

// ---------------------------------------------------------------- providers

/** The listing a provider manages: their own; someone else's is as unknown as a missing one. */
async function ownListing(exec: Exec, viewer: Viewer, kind: AvailabilityKind, id: number, lock?: 'update'): Promise<ListingFacts> {
  const facts = await listingFacts(exec, kind, id, lock);
  if (!facts || facts.ownerId !== viewer.id) throw notFound('Listing not found');
  return facts;
}

/** A list of days as people read it: 'Dec 24', 'Dec 24 and Dec 26', 'Dec 24, Dec 25 and 3 more days'. */
function dayList(days: string[]): string {
  const shown = days.slice(0, 3).map(shortDate);
  if (days.length > 3) return `${shown.join(', ')} and ${days.length - 3} more day${days.length === 4 ? '' : 's'}`;
  return shown.length > 1 ? `${shown.slice(0, -1).join(', ')} and ${shown.at(-1)}` : shown[0];
}

export async function calendar(db: Db, viewer: Viewer, kind: AvailabilityKind, id: number, from: string, to: string): Promise<Calendar> {
  const facts = await ownListing(db, viewer, kind, id);
  // A general service's day holds as many appointments as its working hours have slots.
  const slotsOn = (date: string) => (facts.hours && facts.durationMinutes ? daySlots(facts.hours, date, facts.durationMinutes).length : 0);
  const capacityOn = (date: string) => (kind === 'general-services' ? slotsOn(date) : facts.capacity);
  const capacity = kind === 'general-services' ? Math.max(0, ...[0, 1, 2, 3, 4, 5, 6].map((d) => slotsOn(addDays(from, d)))) : facts.capacity;
  const days = await freeDays(db, kind, id, facts.capacity, from, to);
  const holds = await rowsOf<{ booking_id: number; status: 'held' | 'confirmed'; start_day: string; end_day: string; starts_at: Date | null; units: number; expires_at: Date | null }>(
    db,
    sql`select booking_id, status, to_char(start_day, 'YYYY-MM-DD') as start_day, to_char(end_day, 'YYYY-MM-DD') as end_day, starts_at, units, expires_at
        from availability_holds where kind = ${kind} and listing_id = ${id} and status <> 'released'
          and start_day <= ${to}::date and end_day > ${from}::date
        order by start_day, id`,
  );
  const now = Date.now();
  const live = holds.filter((h) => h.status === 'confirmed' || (h.expires_at !== null && new Date(h.expires_at).getTime() > now));
  const blocks = await blocksOf(db, kind, id, from, to);
  return {
    kind,
    id,
    name: facts.name,
    unit: UNIT_NAMES[kind].one,
    capacity,
    capacityEditable: LISTING_SOURCES[kind].capacityColumn !== null,
    rules: await bookingRules(db, kind, id),
    hours: facts.hours,
    durationMinutes: facts.durationMinutes,
    days: days.map((d) => {
      const on = live.filter((h) => h.start_day <= d.date && d.date < h.end_day);
      const booked = on.filter((h) => h.status === 'confirmed').reduce((s, h) => s + Number(h.units), 0);
      const held = on.filter((h) => h.status === 'held').reduce((s, h) => s + Number(h.units), 0);
      const blocked = Number(d.blocked) > 0;
      const dayCapacity = capacityOn(d.date);
      return { date: d.date, capacity: dayCapacity, booked, held, blocked, free: blocked ? 0 : Math.max(0, dayCapacity - booked - held) };
    }),
    blocks,
    entries: live.map((h) => ({ bookingId: h.booking_id, status: h.status, from: h.start_day, to: h.end_day, startsAt: h.starts_at ? new Date(h.starts_at).toISOString() : null, units: Number(h.units) })),
  };
}

async function blocksOf(exec: Exec, kind: string, id: number, from?: string, to?: string): Promise<Block[]> {
  const rows = await rowsOf<{ id: number; start_day: string; end_day: string; reason: string }>(
    exec,
    sql`select id, to_char(start_day, 'YYYY-MM-DD') as start_day, to_char(end_day, 'YYYY-MM-DD') as end_day, reason from availability_blocks
        where kind = ${kind} and listing_id = ${id} ${from && to ? sql`and start_day <= ${to}::date and end_day > ${from}::date` : sql``}
        order by start_day, id`,
  );
  // Stored as [start, end); shown with both days included.
  return rows.map((r) => ({ id: r.id, from: r.start_day, to: addDays(r.end_day, -1), reason: r.reason }));
}

/**
 * Sets how many units a listing has from today on. The coming days' rows take the new capacity under their CHECK
 * constraint: fewer units than a day has booked is refused (409 naming those days) and nothing changes.
 */
export async function setCapacity(events: EventBus, viewer: Viewer, kind: AvailabilityKind, id: number, units: number): Promise<{ units: number }> {
  const column = LISTING_SOURCES[kind].capacityColumn;
  if (!column) throw badRequest(kind === 'properties' ? 'A property is let as one unit' : 'This listing has no capacity to set');
  return events.transaction(async (tx, emit) => {
    // The listing's own lock (FOR UPDATE) keeps its bookings and blocks out until the change commits (lockListings).
    await ownListing(tx, viewer, kind, id, 'update');
    const today = todayUtc();
    const over = await rowsOf<{ day: string }>(
      tx,
      sql`select to_char(day, 'YYYY-MM-DD') as day from availability_days where kind = ${kind} and listing_id = ${id} and day >= ${today}::date and taken > ${units} order by day`,
    );
    if (over.length > 0) {
      const message = `Cannot lower to ${units}: more ${UNIT_NAMES[kind].many} are booked on ${dayList(over.map((o) => o.day))}`;
      throw conflict(message, { units: message });
    }
    try {
      await tx.transaction(async (sp) => {
        await sp.execute(sql`update ${sql.raw(LISTING_SOURCES[kind].table)} set ${sql.raw(column)} = ${units}, changed_by = ${viewer.id}, changed_at = now() where id = ${id}`);
        await sp.execute(sql`update availability_days set capacity = ${units} where kind = ${kind} and listing_id = ${id} and day >= ${today}::date`);
      });
    } catch (err) {
      if (pgCode(err) !== '23514') throw err;
      throw conflict('Cannot lower the capacity below what is booked', { units: 'Cannot lower the capacity below what is booked' });
    }
    await emit('catalogue.changed', { kind, id });
    return { units };
  });
}

export async function setRules(db: Db, viewer: Viewer, kind: AvailabilityKind, id: number, rules: BookingRules): Promise<BookingRules> {
  await ownListing(db, viewer, kind, id);
  await db.execute(
    sql`insert into availability_rules (kind, listing_id, min_nights, max_nights, lead_days) values (${kind}, ${id}, ${rules.minNights}, ${rules.maxNights}, ${rules.leadDays})
        on conflict (kind, listing_id) do update set min_nights = excluded.min_nights, max_nights = excluded.max_nights, lead_days = excluded.lead_days`,
  );
  return rules;
}

/** Weekly hours of a restaurant (opening) or a general service (working hours, with its appointment length). */
export async function setHours(
  events: EventBus,
  viewer: Viewer,
  kind: AvailabilityKind,
  id: number,
  body: { hours: WeeklyHours | null; durationMinutes?: number | null },
): Promise<{ hours: WeeklyHours | null; durationMinutes: number | null }> {
  if (kind !== 'restaurants' && kind !== 'general-services') throw badRequest('Only restaurants and general services have weekly hours');
  return events.transaction(async (tx, emit) => {
    const facts = await ownListing(tx, viewer, kind, id, 'update');
    const hours = body.hours ? JSON.stringify(body.hours) : null;
    if (kind === 'restaurants') {
      await tx.execute(sql`update restaurants set opening_hours = ${hours}::jsonb, changed_by = ${viewer.id}, changed_at = now() where id = ${id}`);
      await emit('catalogue.changed', { kind, id });
      return { hours: body.hours, durationMinutes: null };
    }
    const duration = body.durationMinutes === undefined ? facts.durationMinutes : body.durationMinutes;
    if (duration !== null && !body.hours) throw badRequest('Appointments need working hours', { hours: 'Appointments need working hours' });
    await tx.execute(sql`update general_services set working_hours = ${hours}::jsonb, appointment_minutes = ${duration}, changed_by = ${viewer.id}, changed_at = now() where id = ${id}`);
    await emit('catalogue.changed', { kind, id });
    return { hours: body.hours, durationMinutes: duration };
  });
}

/**
 * Closes a listing for days [from, to] (both included). Each day's row counts the blocks on it; the CHECK constraint
 * refuses a block on a day with anything booked or held (409 naming those days), so nothing booked is ever lost.
 */
export async function addBlock(db: Db, viewer: Viewer, kind: AvailabilityKind, id: number, body: { from: string; to: string; reason: string }): Promise<Block> {
  if (kind === 'restaurants') throw badRequest('Restaurants set opening hours instead of blocks');
  if (body.to < todayUtc()) throw badRequest('These days are in the past', { to: 'These days are in the past' });
  const end = addDays(body.to, 1);
  return db.transaction(async (tx) => {
    await lockListings(tx, [{ kind, listingId: id }]);
    const facts = await ownListing(tx, viewer, kind, id);
    const booked = await rowsOf<{ day: string }>(
      tx,
      sql`select to_char(day, 'YYYY-MM-DD') as day from availability_days where kind = ${kind} and listing_id = ${id} and day >= ${body.from}::date and day < ${end}::date and taken > 0 order by day`,
    );
    const refuse = (days: string[]) => {
      const message = `Cannot block: booked on ${dayList(days)}`;
      return conflict(message, { from: message });
    };
    if (booked.length > 0) throw refuse(booked.map((b) => b.day));
    try {
      return await tx.transaction(async (sp) => {
        await sp.execute(
          sql`insert into availability_days (kind, listing_id, day, capacity, blocked)
              select ${kind}, ${id}, d::date, ${facts.capacity}, 1 from generate_series(${body.from}::date, ${end}::date - 1, interval '1 day') d order by d
              on conflict (kind, listing_id, day) do update set blocked = availability_days.blocked + 1`,
        );
        const [row] = await rowsOf<{ id: number }>(
          sp,
          sql`insert into availability_blocks (kind, listing_id, start_day, end_day, reason, created_by) values (${kind}, ${id}, ${body.from}::date, ${end}::date, ${body.reason}, ${viewer.id}) returning id`,
        );
        return { id: row.id, from: body.from, to: body.to, reason: body.reason };
      });
    } catch (err) {
      if (pgCode(err) !== '23514') throw err;
      const now = await rowsOf<{ day: string }>(
        tx,
        sql`select to_char(day, 'YYYY-MM-DD') as day from availability_days where kind = ${kind} and listing_id = ${id} and day >= ${body.from}::date and day < ${end}::date and taken > 0 order by day`,
      );
      throw refuse(now.length > 0 ? now.map((b) => b.day) : [body.from]);
    }
  });
}

export async function removeBlock(db: Db, viewer: Viewer, kind: AvailabilityKind, id: number, blockId: number): Promise<void> {
  await db.transaction(async (tx) => {
    await lockListings(tx, [{ kind, listingId: id }]);
    await ownListing(tx, viewer, kind, id);
    const [b] = await rowsOf<{ start_day: string; end_day: string }>(
      tx,
      sql`delete from availability_blocks where id = ${blockId} and kind = ${kind} and listing_id = ${id}
          returning to_char(start_day, 'YYYY-MM-DD') as start_day, to_char(end_day, 'YYYY-MM-DD') as end_day`,
    );
    if (!b) throw notFound('Block not found');
    await tx.execute(sql`update availability_days set blocked = blocked - 1 where kind = ${kind} and listing_id = ${id} and day >= ${b.start_day}::date and day < ${b.end_day}::date`);
  });
}

// ---------------------------------------------------------------- admin

/**
 * A page of the active listings with capacity (issue 29: the admin's table is paged, never downloaded whole): units
 * sold or held over the next `days` days against each listing's capacity. Kind by kind in DAY_KINDS order, each kind
 * by id; `kind` keeps one kind (the cursor positions stay those of DAY_KINDS, so a Link works with or without it).
 * Each page aggregates the days of its own listings only.
 */
export async function occupancy(
  db: Db,
  filter: { kind?: DayKind },
  page: KindPageRequest,
  days = 30,
  now: Date = new Date(),
): Promise<Omit<Occupancy, 'listings'> & KindPage<Occupancy['listings'][number]>> {
  const from = todayUtc(now);
  const end = addDays(from, days);
  const kinds = DAY_KINDS.filter((k) => filter.kind === undefined || k === filter.kind);
  const rows = await pageAcrossKinds(
    DAY_KINDS,
    page,
    async (kind, afterId, limit) => {
      if (!kinds.includes(kind)) return [];
      const s = LISTING_SOURCES[kind];
      const got = await rowsOf<{ id: number; name: string; capacity: number; used: number; blocked_days: number }>(
        db,
        sql`with page as (
              select l.id, ${sql.raw(s.name)} as name, ${sql.raw(s.capacity!)}::int as capacity
              from ${sql.raw(s.table)} l
              where l.is_active ${afterId === undefined ? sql`` : sql`and l.id > ${afterId}`}
              order by l.id limit ${limit}
            )
            select p.id, p.name, p.capacity,
              coalesce(sum(a.taken), 0)::int as used, count(a.day) filter (where a.blocked > 0)::int as blocked_days
            from page p
            left join availability_days a on a.kind = ${kind} and a.listing_id = p.id and a.day >= ${from}::date and a.day < ${end}::date
            group by p.id, p.name, p.capacity order by p.id`,
      );
      return got.map((r) => {
        const capacityUnitDays = Number(r.capacity) * (days - Number(r.blocked_days));
        const used = Number(r.used);
        return { kind, id: Number(r.id), name: r.name, capacity: Number(r.capacity), usedUnitDays: used, capacityUnitDays, occupancy: capacityUnitDays > 0 ? used / capacityUnitDays : 0 };
      });
    },
    async (kind) => {
      if (!kinds.includes(kind)) return 0;
      const [row] = await rowsOf<{ n: number }>(db, sql`select count(*)::int as n from ${sql.raw(LISTING_SOURCES[kind].table)} where is_active`);
      return Number(row.n);
    },
    (r) => r.id,
  );
  return { from, to: addDays(end, -1), ...rows };
}

/** Why a restaurant takes no order at `now` ('Closed now, opens at 11:00'), or null when it does (or has no hours). */
export async function closedReason(exec: Exec, restaurantId: number, now: Date = new Date()): Promise<string | null> {
  const facts = await listingFacts(exec, 'restaurants', restaurantId);
  if (!facts?.hours) return null;
  const state = openState(facts.hours, now);
  return state.open ? null : closedMessage(state);
}
