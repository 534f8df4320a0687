/**
 * Holds: what a booking takes of a listing's capacity. Taking units is one INSERT ... ON CONFLICT DO UPDATE of the
 * listing's day rows, whose CHECK constraints refuse more than the day's capacity (and any booking of a blocked day);
 * an appointment's hold row is refused by an exclusion constraint when it overlaps another. The database decides,
 * under any interleaving and from any instance; the reads before it only word the refusal (ADR 027).
 */
import { sql, type SQL } from 'drizzle-orm';
import { localClock, withinHours } from '../../../domain/availability/hours';
import {
  DEFAULT_RULES,
  SLOT_OUTSIDE_HOURS,
  SLOT_TAKEN,
  blockedMessage,
  bookedMessage,
  daysBetween,
  onlyLeftMessage,
  soldOutMessage,
  type AvailabilityKind,
  type BookingRules,
  type DayKind,
} from '../../../domain/availability/schemas';
import { lineSpan, type DaySpan } from '../../../domain/availability/spans';
import { addDays, todayUtc } from '../../../domain/catalogue/pricing';
import type { Db, Tx } from '../../db/connect';
import { badRequest, conflict, pgCode } from '../../platform/errors';
import { listingFacts, lockListings, rowsOf, type ListingFacts } from './listings';

type Exec = Db | Tx;

const CHECK_VIOLATION = '23514';
const EXCLUSION_VIOLATION = '23P01';

/** What one booking line asks of a listing. */
export type HoldRequest = {
  kind: AvailabilityKind;
  listingId: number;
  units: number;
  span: DaySpan;
  /** Appointments: the booked time. */
  startsAt?: Date;
  endsAt?: Date;
  /** The booking line's field to name in a refusal (`items.0.details.checkIn`). */
  field: string;
};

const DAY_KIND_OF_SERVICE_TYPE: Record<string, DayKind> = { hotels: 'hotels', cars: 'cars', properties: 'properties', flights: 'flights' };

export async function bookingRules(exec: Exec, kind: AvailabilityKind, id: number): Promise<BookingRules> {
  const [r] = await rowsOf<{ min_nights: number; max_nights: number; lead_days: number }>(
    exec,
    sql`select min_nights, max_nights, lead_days from availability_rules where kind = ${kind} and listing_id = ${id}`,
  );
  return r ? { minNights: r.min_nights, maxNights: r.max_nights, leadDays: r.lead_days } : DEFAULT_RULES;
}

/**
 * What a priced booking line holds, or null for lines sold without capacity (food, taxi, shipping, extras, general
 * services without appointments). Throws 400 for an appointment service's line without a valid time.
 */
export async function holdRequestOf(
  exec: Exec,
  line: { serviceType: string; serviceId: number; quantity: number; details: Record<string, unknown> },
  index: number,
): Promise<HoldRequest | null> {
  const field = (name: string) => `items.${index}.details.${name}`;
  const dayKind = DAY_KIND_OF_SERVICE_TYPE[line.serviceType];
  if (dayKind) {
    const s = lineSpan(dayKind, line.details);
    const first = { hotels: 'checkIn', cars: 'pickupDate', properties: 'moveIn', flights: 'date' }[dayKind];
    return { kind: dayKind, listingId: line.serviceId, units: s.unitsEach * line.quantity, span: { start: s.start, end: s.end }, field: field(first) };
  }
  if (line.serviceType !== 'general-services') return null;
  const facts = await listingFacts(exec, 'general-services', line.serviceId);
  if (!facts?.durationMinutes || !facts.hours) return null;
  const startAt = line.details.startAt;
  if (typeof startAt !== 'string') throw badRequest('Appointment time is required', { [field('startAt')]: 'Appointment time is required' });
  if (line.quantity !== 1) throw badRequest('One appointment per line', { [`items.${index}.quantity`]: 'One appointment per line' });
  const startsAt = new Date(startAt);
  const endsAt = new Date(startsAt.getTime() + facts.durationMinutes * 60_000);
  const day = localClock(startsAt, facts.hours.timeZone).date;
  return { kind: 'general-services', listingId: line.serviceId, units: 1, span: { start: day, end: addDays(day, 1) }, startsAt, endsAt, field: field('startAt') };
}

/** Refuses a request its listing's rules or hours do not allow (400: the customer must change it). */
function checkRules(req: HoldRequest, rules: BookingRules, facts: ListingFacts, now: Date) {
  const length = daysBetween(req.span.start, req.span.end);
  const today = todayUtc(now);
  if (req.kind === 'hotels' || req.kind === 'cars') {
    const what = req.kind === 'hotels' ? 'night' : 'day';
    if (length < rules.minNights) throw badRequest(`Book at least ${rules.minNights} ${what}${rules.minNights === 1 ? '' : 's'}`, { [req.field]: `Book at least ${rules.minNights} ${what}s` });
    if (length > rules.maxNights) throw badRequest(`Book at most ${rules.maxNights} ${what}${rules.maxNights === 1 ? '' : 's'}`, { [req.field]: `Book at most ${rules.maxNights} ${what}s` });
  }
  if (rules.leadDays > 0 && daysBetween(today, req.span.start) < rules.leadDays) {
    const message = `Book at least ${rules.leadDays} day${rules.leadDays === 1 ? '' : 's'} ahead`;
    throw badRequest(message, { [req.field]: message });
  }
  if (req.startsAt && facts.hours && facts.durationMinutes) {
    if (Number.isNaN(req.startsAt.getTime()) || req.startsAt.getTime() <= now.getTime()) throw badRequest('Appointment time must be in the future', { [req.field]: 'Appointment time must be in the future' });
    if (!withinHours(facts.hours, req.startsAt, facts.durationMinutes)) throw badRequest(SLOT_OUTSIDE_HOURS, { [req.field]: SLOT_OUTSIDE_HOURS });
  }
}

/** Why a request does not fit, read from the day rows as they are now; null when it fits. */
async function refusalOf(exec: Exec, req: HoldRequest, capacity: number): Promise<string | null> {
  const days = await rowsOf<{ day: string; free: number; blocked: number }>(
    exec,
    sql`select to_char(d, 'YYYY-MM-DD') as day, coalesce(a.capacity, ${capacity}) - coalesce(a.taken, 0) as free, coalesce(a.blocked, 0) as blocked
        from generate_series(${req.span.start}::date, ${req.span.end}::date - 1, interval '1 day') d
        left join availability_days a on a.kind = ${req.kind} and a.listing_id = ${req.listingId} and a.day = d::date
        order by d`,
  );
  const blocked = days.find((d) => Number(d.blocked) > 0);
  if (blocked) return blockedMessage(blocked.day);
  if (req.kind === 'general-services') return null;
  const short = days.filter((d) => Number(d.free) < req.units);
  if (short.length === 0) return null;
  if (req.kind === 'properties') {
    const [lease] = await rowsOf<{ start_day: string; end_day: string }>(
      exec,
      sql`select to_char(start_day, 'YYYY-MM-DD') as start_day, to_char(end_day, 'YYYY-MM-DD') as end_day from availability_holds
          where kind = 'properties' and listing_id = ${req.listingId} and status <> 'released' and start_day < ${req.span.end}::date and end_day > ${req.span.start}::date
          order by start_day limit 1`,
    );
    if (lease) return bookedMessage(lease.start_day, lease.end_day);
  }
  const soldOut = short.find((d) => Number(d.free) <= 0);
  if (soldOut) return soldOutMessage(soldOut.day);
  return onlyLeftMessage(req.kind, Math.min(...short.map((d) => Number(d.free))));
}

/** Adds `units` (negative to give back) to the listing's day rows of a span, creating missing rows with `capacity`. */
async function addTaken(exec: Exec, kind: string, listingId: number, span: DaySpan, units: number, capacity: number) {
  await exec.execute(
    sql`insert into availability_days (kind, listing_id, day, capacity, taken)
        select ${kind}, ${listingId}, d::date, ${capacity}, ${units}
        from generate_series(${span.start}::date, ${span.end}::date - 1, interval '1 day') d
        order by d
        on conflict (kind, listing_id, day) do update set taken = availability_days.taken + excluded.taken`,
  );
}

/**
 * Takes what a request asks for in the transaction `tx`: the listing is locked (lockListings), its lapsed holds are
 * released, the rules (unless `checkRulesToo` is false) and the current day rows are read (a refusal then names the
 * first day that does not fit), and the units are added to the day rows in a savepoint. The database's CHECK and
 * exclusion constraints stay the last word: a violation there is a 409 as well.
 */
async function take(tx: Tx, req: HoldRequest, now: Date, checkRulesToo: boolean, write: (sp: Tx) => Promise<void>): Promise<void> {
  await lockListings(tx, [req]);
  const facts = await listingFacts(tx, req.kind, req.listingId);
  if (!facts || !facts.isActive) throw badRequest('This listing is no longer available', { [req.field]: 'This listing is no longer available' });
  if (checkRulesToo) checkRules(req, await bookingRules(tx, req.kind, req.listingId), facts, now);
  // Units of this listing's lapsed holds are free again before anyone is told they are not.
  const lapsed = await markReleased(tx, sql`status = 'held' and expires_at <= ${now.toISOString()}::timestamptz and kind = ${req.kind} and listing_id = ${req.listingId}`, now, true);
  await giveBack(tx, lapsed);
  const reason = await refusalOf(tx, req, facts.capacity);
  if (reason) throw conflict(reason, { [req.field]: reason });
  try {
    await tx.transaction(async (sp) => {
      await addTaken(sp, req.kind, req.listingId, req.span, req.units, facts.capacity);
      await write(sp);
    });
  } catch (err) {
    const code = pgCode(err);
    if (code === EXCLUSION_VIOLATION) throw conflict(SLOT_TAKEN, { [req.field]: SLOT_TAKEN });
    if (code !== CHECK_VIOLATION) throw err;
    const why = (await refusalOf(tx, req, facts.capacity)) ?? 'Not enough left for these dates';
    throw conflict(why, { [req.field]: why });
  }
}

/**
 * Holds every request for a booking until `expiresAt`, in a stable order (kind, listing, first day): the order
 * lockListings locks listings in, so two bookings of the same listings never wait for each other in a circle. Throws 409 (nothing held: the caller's
 * transaction rolls back) when one does not fit.
 */
export async function holdForBooking(tx: Tx, bookingId: number, requests: HoldRequest[], expiresAt: Date, now: Date): Promise<void> {
  const ordered = [...requests].sort((a, b) => (a.kind < b.kind ? -1 : a.kind > b.kind ? 1 : a.listingId - b.listingId || (a.span.start < b.span.start ? -1 : 1)));
  for (const req of ordered) {
    await take(tx, req, now, true, async (sp) => {
      await sp.execute(
        sql`insert into availability_holds (booking_id, kind, listing_id, units, start_day, end_day, starts_at, ends_at, status, expires_at)
            values (${bookingId}, ${req.kind}, ${req.listingId}, ${req.units}, ${req.span.start}::date, ${req.span.end}::date,
              ${req.startsAt?.toISOString() ?? null}::timestamptz, ${req.endsAt?.toISOString() ?? null}::timestamptz, 'held', ${expiresAt.toISOString()}::timestamptz)`,
      );
    });
  }
}

type HoldRow = { id: number; kind: AvailabilityKind; listing_id: number; units: number; start_day: string; end_day: string; starts_at: Date | null; ends_at: Date | null; status: string; expires_at: Date | null };
type Span = { kind: string; listing_id: number; units: number; start_day: string; end_day: string };

/**
 * Marks the holds a condition selects as released and returns what they held. With `skipLocked`, holds another
 * transaction has locked are left to it (it is paying, renewing or cancelling them): a lapsed hold is released once,
 * by whoever gets to it, and nobody waits for it.
 */
async function markReleased(exec: Exec, condition: SQL, now: Date, skipLocked: boolean): Promise<Span[]> {
  return rowsOf<Span>(
    exec,
    sql`update availability_holds set status = 'released', released_at = ${now.toISOString()}::timestamptz, expires_at = null
        where id in (select id from availability_holds where status <> 'released' and ${condition} order by id for update ${sql.raw(skipLocked ? 'skip locked' : '')})
        returning kind, listing_id, units, to_char(start_day, 'YYYY-MM-DD') as start_day, to_char(end_day, 'YYYY-MM-DD') as end_day`,
  );
}

/** Gives the units of released spans back to their day rows (their listings are locked). */
async function giveBack(exec: Exec, spans: Span[]): Promise<void> {
  for (const s of spans) {
    await exec.execute(
      sql`update availability_days set taken = taken - ${s.units}
          where kind = ${s.kind} and listing_id = ${s.listing_id} and day >= ${s.start_day}::date and day < ${s.end_day}::date`,
    );
  }
}

/**
 * Releases the holds a condition selects and gives their units back; the count released. Their listings are locked
 * first (lockListings), before any hold changes: a booking of the same listing that waited on a hold this releases
 * (an appointment's exclusion constraint does) while this waited on the listing would be a deadlock. Only holds of
 * the listings locked are released: one that starts matching meanwhile is left to the next release.
 */
async function releaseWhere(exec: Exec, condition: SQL, now: Date, { skipLocked = false } = {}): Promise<number> {
  const listings = await rowsOf<{ kind: string; listing_id: number }>(
    exec,
    sql`select distinct kind, listing_id from availability_holds where status <> 'released' and ${condition}`,
  );
  if (listings.length === 0) return 0;
  await lockListings(exec, listings.map((l) => ({ kind: l.kind, listingId: l.listing_id })));
  const locked = sql.join(listings.map((l) => sql`(${l.kind}, ${l.listing_id})`), sql`, `);
  const released = await markReleased(exec, sql`${condition} and (kind, listing_id) in (${locked})`, now, skipLocked);
  await giveBack(exec, released);
  return released.length;
}

/** Releases every hold of some bookings (cancelled or abandoned). */
export async function releaseBookingHolds(tx: Tx, bookingIds: number[], now: Date = new Date()): Promise<number> {
  if (bookingIds.length === 0) return 0;
  return releaseWhere(tx, sql`booking_id in (${sql.join(bookingIds.map((id) => sql`${id}`), sql`, `)})`, now);
}

/** Releases the holds of one listing in a booking (its provider declined that part, or it was cancelled alone). */
export async function releaseListingHolds(tx: Tx, bookingId: number, kind: string, listingId: number, now: Date = new Date()): Promise<number> {
  return releaseWhere(tx, sql`booking_id = ${bookingId} and kind = ${kind} and listing_id = ${listingId}`, now);
}

/**
 * Releases unpaid holds whose time is up, all of them or one listing's. Their bookings stay pending: paying one later
 * takes its units again if they are still free. Safe from several instances at once: a hold is released by the one
 * UPDATE that changes its status.
 */
export async function releaseExpiredHolds(db: Db, now: Date = new Date(), scope?: { kind: string; listingId: number }): Promise<number> {
  return db.transaction((tx) =>
    releaseWhere(
      tx,
      sql`status = 'held' and expires_at <= ${now.toISOString()}::timestamptz ${scope ? sql`and kind = ${scope.kind} and listing_id = ${scope.listingId}` : sql``}`,
      now,
      { skipLocked: true },
    ),
  );
}

/**
 * Before a booking is charged: its holds must still be in force. Expired or released ones are taken again (a 409
 * when their units have gone meanwhile: nothing is charged); then they hold until `expiresAt`.
 */
export async function renewHolds(tx: Tx, bookingId: number, expiresAt: Date, now: Date): Promise<void> {
  const holds = await rowsOf<HoldRow>(
    tx,
    sql`select id, kind, listing_id, units, to_char(start_day, 'YYYY-MM-DD') as start_day, to_char(end_day, 'YYYY-MM-DD') as end_day,
          starts_at, ends_at, status, expires_at from availability_holds where booking_id = ${bookingId} order by kind, listing_id, start_day for update`,
  );
  const lapsed = holds.filter((h) => h.status === 'released' || (h.status === 'held' && h.expires_at !== null && new Date(h.expires_at) <= now));
  // Every listing taken again is locked at once, in order, before the steps below lock them again one by one.
  if (lapsed.length > 0) await lockListings(tx, lapsed.map((h) => ({ kind: h.kind, listingId: h.listing_id })));
  const expiredHeld = lapsed.filter((h) => h.status === 'held').map((h) => h.id);
  if (expiredHeld.length > 0) await releaseWhere(tx, sql`id in (${sql.join(expiredHeld.map((id) => sql`${id}`), sql`, `)})`, now);
  for (const h of lapsed) {
    const req: HoldRequest = {
      kind: h.kind,
      listingId: h.listing_id,
      units: h.units,
      span: { start: h.start_day, end: h.end_day },
      ...(h.starts_at && h.ends_at ? { startsAt: new Date(h.starts_at), endsAt: new Date(h.ends_at) } : {}),
      field: 'bookingId',
    };
    // Taken again as it was booked: the rules were checked then.
    await take(tx, req, now, false, async (sp) => {
      await sp.execute(sql`update availability_holds set status = 'held', released_at = null, expires_at = ${expiresAt.toISOString()}::timestamptz where id = ${h.id}`);
    });
  }
  await tx.execute(sql`update availability_holds set expires_at = ${expiresAt.toISOString()}::timestamptz where booking_id = ${bookingId} and status = 'held'`);
}

/** A paid booking keeps what it holds for good. */
export async function confirmHolds(tx: Tx, bookingId: number): Promise<void> {
  await tx.execute(sql`update availability_holds set status = 'confirmed', expires_at = null where booking_id = ${bookingId} and status = 'held'`);
}
