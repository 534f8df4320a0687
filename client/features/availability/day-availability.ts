/**
 * What the customer screens work out from a listing's free units per day (GET /api/availability/:kind/:id): whether
 * the dates asked for are free, why not, the nearest dates that are, which days of a month grid can be picked, and
 * the 'Only 2 rooms left' line of a card. Pure, so the rules are tested without a browser.
 */
import { addDays, parseDay } from '@domain/catalogue/pricing';
import { formatCalendarDay } from '@domain/format';
import {
  addMonths,
  daysBetween,
  MAX_AVAILABILITY_DAYS,
  onlyLeftMessage,
  soldOutMessage,
  UNIT_NAMES,
  type BookingRules,
  type DayKind,
} from '@domain/availability/schemas';
import { nearestFreeSpan, spanDays, type DaySpan } from '@domain/availability/spans';
import { pluralize } from '@domain/format';

export type DayFree = { date: string; free: number };

/** Listings with this many units left or fewer say so on their card ('Only 3 rooms left'). */
export const FEW_LEFT = 5;
/** Flights say how many seats are left from this many down ('9 seats left'), as airlines do. */
export const FEW_SEATS = 9;

/** A valid "YYYY-MM-DD". */
export function isDay(value: string | undefined | null): value is string {
  return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(parseDay(value));
}

const later = (a: string, b: string) => (a > b ? a : b);

/**
 * The days to ask availability for: the coming year from today (one request covers the month grid and the search
 * for the nearest free dates), or, for dates beyond it, a year starting three months before them (from the 1st of a
 * month, so the request stays the same while the customer moves the dates a little).
 */
export function availabilityWindow(today: string, span?: DaySpan | null): { from: string; to: string } {
  const lastDay = addDays(today, MAX_AVAILABILITY_DAYS - 1);
  if (!span || !isDay(span.start) || !isDay(span.end) || span.end <= addDays(lastDay, 1)) return { from: today, to: lastDay };
  const from = later(today, `${addDays(span.start, -90).slice(0, 7)}-01`);
  return { from, to: addDays(from, MAX_AVAILABILITY_DAYS - 1) };
}

export type SpanCheck =
  /** Some day of the span is outside the days loaded (or nothing is loaded yet): the server decides. */
  | { state: 'unknown' }
  | { state: 'free'; left: number }
  /** Not enough units on at least one day: `left` is the fewest free on any day, `firstShort` the first such day. */
  | { state: 'short'; left: number; firstShort: string; firstSoldOut: string | null };

/** Whether every day of `span` has `wanted` units free. */
export function checkSpan(days: readonly DayFree[], span: DaySpan, wanted: number): SpanCheck {
  const needed = spanDays(span);
  if (needed.length === 0 || days.length === 0) return { state: 'unknown' };
  const freeOn = new Map(days.map((d) => [d.date, d.free]));
  let left = Number.POSITIVE_INFINITY;
  let firstShort: string | null = null;
  let firstSoldOut: string | null = null;
  for (const day of needed) {
    const free = freeOn.get(day);
    if (free === undefined) return { state: 'unknown' };
    left = Math.min(left, free);
    if (free < wanted && firstShort === null) firstShort = day;
    if (free <= 0 && firstSoldOut === null) firstSoldOut = day;
  }
  return firstShort === null ? { state: 'free', left } : { state: 'short', left: Math.max(0, left), firstShort, firstSoldOut };
}

/** Why a short span cannot be booked, in the server's words ('Sold out on Dec 24', 'Only 1 room left for these nights'). */
export function shortReason(kind: DayKind, check: Extract<SpanCheck, { state: 'short' }>): string {
  if (kind === 'properties') return 'Booked for these dates';
  if (check.firstSoldOut) return soldOutMessage(check.firstSoldOut);
  return onlyLeftMessage(kind, check.left);
}

/** The first day a stay, rental or lease may start: today plus the provider's notice. */
export function earliestStart(today: string, rules?: Pick<BookingRules, 'leadDays'> | null): string {
  return addDays(today, Math.max(0, rules?.leadDays ?? 0));
}

/**
 * The free span of the same length nearest to the one asked for, starting no earlier than `earliest`: the
 * domain's nearestFreeSpan over the days loaded, the days before `earliest` counted as taken.
 */
export function nearestFree(days: readonly DayFree[], asked: DaySpan, wanted: number, earliest: string): DaySpan | null {
  return nearestFreeSpan(
    days.filter((d) => d.date >= earliest),
    asked,
    wanted,
  );
}

/**
 * The move-in day nearest to `moveIn` (earlier or later, not before `earliest`) from which a lease of `months` is
 * free on every day. Leases of a number of months differ in days (February), so each start is checked with its own
 * length rather than through nearestFreeSpan's fixed one.
 */
export function nearestFreeLease(days: readonly DayFree[], moveIn: string, months: number, earliest: string): DaySpan | null {
  if (days.length === 0 || !isDay(moveIn)) return null;
  const first = days[0].date;
  const last = days[days.length - 1].date;
  const limit = daysBetween(first, last) + 1;
  const fits = (start: string) => {
    if (start < first || start < earliest) return null;
    const span = { start, end: addMonths(start, months) };
    if (addDays(span.end, -1) > last) return null;
    return checkSpan(days, span, 1).state === 'free' ? span : null;
  };
  for (let shift = 1; shift <= limit; shift++) {
    const found = fits(addDays(moveIn, shift)) ?? fits(addDays(moveIn, -shift));
    if (found) return found;
  }
  return null;
}

/**
 * A card's line about units left in a search with dates: 'Only 2 rooms left' (5 or fewer), '3 seats left' (9 or
 * fewer), 'Available' / 'Booked for these dates' for a property; null when there is nothing worth saying.
 */
export function unitsLeftText(kind: DayKind, left: number | undefined): string | null {
  if (left === undefined || !Number.isFinite(left)) return null;
  if (kind === 'properties') return left > 0 ? 'Available' : 'Booked for these dates';
  const { one, many } = UNIT_NAMES[kind];
  if (left <= 0) return 'Sold out';
  if (kind === 'flights') return left <= FEW_SEATS ? `${pluralize(left, one, many)} left` : null;
  return left <= FEW_LEFT ? `Only ${pluralize(left, one, many)} left` : null;
}

// ---------------------------------------------------------------- the month grid of a stay

export type StayPick = { checkIn: string; checkOut: string };
export type DayState = {
  /** Nights starting this day with fewer than the rooms wanted free (or unknown: outside the loaded days). */
  soldOut: boolean;
  /** Whether a click on this day does something: starts a stay, or ends the one being chosen. */
  pickable: boolean;
  /** What a click does, for the day's accessible name. */
  role: 'check-in' | 'check-out' | null;
  past: boolean;
};

/**
 * A day of the month grid of a hotel stay. A day stands for the night that starts on it; a sold-out night can still
 * be a check-out day (nobody sleeps there that night). With a check-in chosen and no check-out yet, the days after it
 * that end a free stay of the allowed length are check-out days; any free day can start a new stay.
 */
export function stayDayState(
  day: string,
  pick: StayPick,
  freeOn: ReadonlyMap<string, number>,
  wanted: number,
  earliest: string,
  rules: Pick<BookingRules, 'minNights' | 'maxNights'>,
): DayState {
  const past = day < earliest;
  const free = freeOn.get(day);
  const soldOut = free === undefined || free < wanted;
  const startsStay = !past && !soldOut;
  if (pick.checkIn && !pick.checkOut && day > pick.checkIn && endsFreeStay(pick.checkIn, day, freeOn, wanted, rules)) {
    return { soldOut, pickable: true, role: 'check-out', past };
  }
  return { soldOut, pickable: startsStay, role: startsStay ? 'check-in' : null, past };
}

function endsFreeStay(checkIn: string, checkOut: string, freeOn: ReadonlyMap<string, number>, wanted: number, rules: Pick<BookingRules, 'minNights' | 'maxNights'>) {
  const n = daysBetween(checkIn, checkOut);
  if (n < rules.minNights || n > rules.maxNights) return false;
  return spanDays({ start: checkIn, end: checkOut }).every((d) => (freeOn.get(d) ?? 0) >= wanted);
}

/** The stay after a click on `day` in the grid: a check-out ends the stay being chosen, anything else starts a new one. */
export function pickStayDay(day: string, pick: StayPick, state: DayState): StayPick {
  if (!state.pickable) return pick;
  if (state.role === 'check-out') return { checkIn: pick.checkIn, checkOut: day };
  return { checkIn: day, checkOut: '' };
}

/** "2027-03" -> "March 2027" in en-US. */
export function monthLabel(month: string): string {
  return formatCalendarDay(month, 'month');
}

/** "2027-03-03" -> "Wednesday, March 3, 2027" in en-US (a calendar day: no time zone involved). */
export function longDayLabel(day: string): string {
  return formatCalendarDay(day, 'full');
}

/** "2027-03" plus `n` months. */
export function shiftMonth(month: string, n: number): string {
  return addMonths(`${month}-01`, n).slice(0, 7);
}

/** The weeks (Sunday first) of a month "YYYY-MM": each a row of 7 days, null outside the month. */
export function monthWeeks(month: string): Array<Array<string | null>> {
  const first = `${month}-01`;
  const lead = new Date(parseDay(first)).getUTCDay();
  const length = daysBetween(first, addMonths(first, 1));
  const cells: Array<string | null> = [...Array.from({ length: lead }, () => null), ...Array.from({ length }, (_, i) => addDays(first, i))];
  while (cells.length % 7 !== 0) cells.push(null);
  return Array.from({ length: cells.length / 7 }, (_, w) => cells.slice(w * 7, w * 7 + 7));
}

/** Where an arrow, Home/End or Page key moves the focused day of a month grid (null: a key the grid ignores). */
export function moveFocus(day: string, key: string): string | null {
  const weekday = new Date(parseDay(day)).getUTCDay();
  switch (key) {
    case 'ArrowLeft':
      return addDays(day, -1);
    case 'ArrowRight':
      return addDays(day, 1);
    case 'ArrowUp':
      return addDays(day, -7);
    case 'ArrowDown':
      return addDays(day, 7);
    case 'Home':
      return addDays(day, -weekday);
    case 'End':
      return addDays(day, 6 - weekday);
    case 'PageUp':
      return addMonths(day, -1);
    case 'PageDown':
      return addMonths(day, 1);
    default:
      return null;
  }
}

/** The runs of consecutive days with fewer than `wanted` units free, in order, both ends included. */
export function takenRuns(days: readonly DayFree[], wanted = 1): Array<{ from: string; to: string }> {
  const runs: Array<{ from: string; to: string }> = [];
  for (const d of days) {
    if (d.free >= wanted) continue;
    const lastRun = runs[runs.length - 1];
    if (lastRun && addDays(lastRun.to, 1) === d.date) lastRun.to = d.date;
    else runs.push({ from: d.date, to: d.date });
  }
  return runs;
}
