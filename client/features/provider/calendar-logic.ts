/**
 * The pure side of the provider's listing calendar (issue 25): which kinds have one, the month shown, its grid, what
 * each day says, and the weekly hours editor's draft to and from the domain's WeeklyHours.
 */
import { type AvailabilityKind, type CalendarDay, UNIT_NAMES } from '@domain/availability/schemas';
import { WEEKDAYS, type WeeklyHours } from '@domain/availability/hours';
import { WeeklyHoursSchema } from '@domain/availability/hours-schema';
import type { ProviderKind } from '@domain/provider/schemas';
import { formatCalendarDay } from '@domain/format';

/** The provider kinds with a calendar (taxi and shipping keep their capacity in dispatch). */
export function calendarKind(kind: ProviderKind): AvailabilityKind | null {
  return kind === 'hotels' || kind === 'cars' || kind === 'properties' || kind === 'flights' || kind === 'general-services' || kind === 'restaurants'
    ? kind
    : null;
}

/** Kinds whose days are sold from a number of units, so a month grid of booked / held / blocked / free means something. */
export const hasMonthGrid = (kind: AvailabilityKind) => kind !== 'restaurants';
/** Kinds with weekly hours: a restaurant's opening hours, a general service's working hours. */
export const hasHours = (kind: AvailabilityKind) => kind === 'restaurants' || kind === 'general-services';
/** Kinds whose booking length has a minimum and maximum the provider sets, and what one step of it is called. */
export const spanUnit = (kind: AvailabilityKind): { one: string; many: string } | null =>
  kind === 'hotels' ? { one: 'night', many: 'nights' } : kind === 'cars' ? { one: 'day', many: 'days' } : null;

const pad = (n: number) => String(n).padStart(2, '0');

/** "YYYY-MM-DD" of a date in the browser's time zone. */
export function localIsoDay(date: Date = new Date()): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** "YYYY-MM" of the month a day is in. */
export const monthOf = (day: string) => day.slice(0, 7);

/** "2027-03" moved by whole months: ("2027-01", -1) -> "2026-12". */
export function shiftMonth(month: string, by: number): string {
  const [y, m] = month.split('-').map(Number);
  const total = y * 12 + (m - 1) + by;
  return `${Math.floor(total / 12)}-${pad((total % 12) + 1)}`;
}

/** The first and last day of a month, as the calendar route's `from` and `to` (both included). */
export function monthRange(month: string): { from: string; to: string } {
  const [y, m] = month.split('-').map(Number);
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${pad(last)}` };
}

/** "2027-03" -> "March 2027" in en-US. */
export function monthTitle(month: string): string {
  return formatCalendarDay(month, 'month');
}

/** "2027-03-05" -> "Friday, March 5" in en-US. */
export function longDay(day: string): string {
  return formatCalendarDay(day, 'weekdayMonthDay');
}

/** "2027-03-05" -> "Mar 5, 2027" in en-US (a calendar day, not an instant). */
export function shortDay(day: string): string {
  return formatCalendarDay(day, 'medium');
}

/**
 * The weeks of a month as rows of 7 cells, Sunday first; cells outside the month are null. Every day of the month
 * appears once, in order.
 */
export function monthWeeks(month: string): Array<Array<string | null>> {
  const { from, to } = monthRange(month);
  const lead = new Date(`${from}T00:00:00Z`).getUTCDay();
  const days = Number(to.slice(8));
  const cells: Array<string | null> = [...Array.from({ length: lead }, () => null), ...Array.from({ length: days }, (_, i) => `${month}-${pad(i + 1)}`)];
  while (cells.length % 7 !== 0) cells.push(null);
  return Array.from({ length: cells.length / 7 }, (_, w) => cells.slice(w * 7, w * 7 + 7));
}

/** A day's state as the grid colours and names it. */
export type DayStatus = 'blocked' | 'full' | 'partial' | 'held' | 'free' | 'none';

/**
 * Blocked wins; then full (nothing free: booked or held); then partly booked (some units paid for, some free);
 * then held (only unpaid holds take units); free when nothing is taken. 'none': a day with no capacity at all.
 *
 * A general service is one provider taking appointments one after another: its day has no count of units to fill, so
 * it is never 'full'; it is 'none' (closed) on a weekday without working hours.
 */
export function dayStatus(day: CalendarDay, kind?: AvailabilityKind, hours?: WeeklyHours | null): DayStatus {
  if (day.blocked) return 'blocked';
  if (kind === 'general-services') {
    if (day.booked > 0) return 'partial';
    if (day.held > 0) return 'held';
    const weekday = new Date(`${day.date}T00:00:00Z`).getUTCDay();
    return hours && !hours.week.some((i) => i.day === weekday) ? 'none' : 'free';
  }
  if (day.capacity <= 0) return 'none';
  if (day.free <= 0) return 'full';
  if (day.booked > 0) return 'partial';
  if (day.held > 0) return 'held';
  return 'free';
}

export const STATUS_LABEL: Record<DayStatus, string> = {
  blocked: 'Blocked',
  full: 'Sold out',
  partial: 'Booked',
  held: 'Held',
  free: 'Free',
  none: 'Closed',
};

/** "3 rooms", "1 room". */
export function units(kind: AvailabilityKind, n: number): string {
  return `${n} ${n === 1 ? UNIT_NAMES[kind].one : UNIT_NAMES[kind].many}`;
}

/** A day's counts in words: "2 booked, 1 held, 7 of 10 rooms free."; a service's: "2 appointments booked, 1 held." */
export function dayCounts(kind: AvailabilityKind, day: CalendarDay, status: DayStatus): string {
  if (status === 'blocked') return day.booked + day.held > 0 ? `Closed to new bookings; ${day.booked} booked, ${day.held} held.` : 'Closed to new bookings.';
  if (kind === 'general-services') return `${units(kind, day.booked)} booked, ${day.held} held.`;
  if (status === 'none') return 'No capacity.';
  return `${day.booked} booked, ${day.held} held, ${day.free} of ${units(kind, day.capacity)} free.`;
}

/** What a day says in words: "Mar 5, 2027: Booked. 2 booked, 1 held, 7 of 10 rooms free." */
export function dayDescription(kind: AvailabilityKind, day: CalendarDay, hours?: WeeklyHours | null): string {
  const status = dayStatus(day, kind, hours);
  return `${shortDay(day.date)}: ${STATUS_LABEL[status]}. ${dayCounts(kind, day, status)}`;
}

/** The short text of a cell on wide screens: free of capacity ("7/10"), a service's appointments ("2 booked"). */
export function cellText(kind: AvailabilityKind, day: CalendarDay, status: DayStatus): string | null {
  if (status === 'blocked') return 'Blocked';
  if (status === 'none') return null;
  if (kind === 'general-services') return day.booked + day.held > 0 ? `${day.booked + day.held} taken` : null;
  return `${day.free}/${day.capacity}`;
}

/**
 * The days a booking or hold takes, as the calendar's entry gives them ([from, to), `to` not taken): a stay reads
 * check-in to check-out ("Mar 3 – Mar 6"), anything else its first to last day ("Mar 3 – Mar 5", or one day "Mar 3").
 */
export function entrySpan(kind: AvailabilityKind, from: string, to: string): string {
  const short = (d: string) => formatCalendarDay(d, 'monthDay');
  if (kind === 'hotels') return `${short(from)} – ${short(to)}`;
  const last = new Date(`${to}T00:00:00Z`);
  last.setUTCDate(last.getUTCDate() - 1);
  const lastDay = last.toISOString().slice(0, 10);
  return lastDay <= from ? short(from) : `${short(from)} – ${short(lastDay)}`;
}

/**
 * The day the keyboard moves to from `day` within the month: arrows by a day or a week, Home/End to the week's
 * start or end, clamped to the month. Null for keys the grid does not handle.
 */
export function moveFocus(month: string, day: string, key: string): string | null {
  const { from, to } = monthRange(month);
  const date = new Date(`${day}T00:00:00Z`);
  const weekday = date.getUTCDay();
  const step: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7, Home: -weekday, End: 6 - weekday };
  if (!(key in step)) return null;
  date.setUTCDate(date.getUTCDate() + step[key]);
  const next = date.toISOString().slice(0, 10);
  return next < from ? from : next > to ? to : next;
}

// ---------------------------------------------------------------- weekly hours draft

export type HoursDraftInterval = { open: string; close: string };
/** One row per weekday (0 = Sunday): closed, or open in one or more intervals ("HH:MM" as time inputs give them). */
export type HoursDraft = { timeZone: string; days: Array<{ closed: boolean; intervals: HoursDraftInterval[] }> };

const DEFAULT_INTERVAL: HoursDraftInterval = { open: '09:00', close: '17:00' };

/** The browser's IANA time zone, or UTC when it cannot tell. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** The zones offered in the select: the browser's list (current zone included), or the current zone alone. */
export function timeZoneOptions(current: string): string[] {
  let zones: string[] = [];
  try {
    const intl = Intl as unknown as { supportedValuesOf?: (key: string) => string[] };
    zones = intl.supportedValuesOf?.('timeZone') ?? [];
  } catch {
    zones = [];
  }
  return zones.includes(current) ? zones : [current, ...zones];
}

/** The editor's draft of stored hours; no hours yet: Monday to Friday 09:00-17:00 in the browser's zone. */
export function hoursToDraft(hours: WeeklyHours | null, fallbackZone: string = browserTimeZone()): HoursDraft {
  if (!hours) {
    return { timeZone: fallbackZone, days: WEEKDAYS.map((_, d) => ({ closed: d === 0 || d === 6, intervals: [{ ...DEFAULT_INTERVAL }] })) };
  }
  return {
    timeZone: hours.timeZone,
    days: WEEKDAYS.map((_, d) => {
      const intervals = hours.week
        .filter((i) => i.day === d)
        .sort((a, b) => a.open.localeCompare(b.open))
        // A time input cannot show 24:00: midnight is 00:00 as a closing time.
        .map((i) => ({ open: i.open, close: i.close === '24:00' ? '00:00' : i.close }));
      return intervals.length > 0 ? { closed: false, intervals } : { closed: true, intervals: [{ ...DEFAULT_INTERVAL }] };
    }),
  };
}

/**
 * The draft as WeeklyHours, checked with the domain schema. A closing time of 00:00 is midnight (24:00); one earlier
 * than the opening time runs past midnight and is split there (Fri 18:00-02:00 -> Fri 18:00-24:00, Sat 00:00-02:00).
 */
export function draftToHours(draft: HoursDraft): { ok: true; hours: WeeklyHours } | { ok: false; message: string } {
  const week: WeeklyHours['week'] = [];
  for (const [day, row] of draft.days.entries()) {
    if (row.closed) continue;
    for (const i of row.intervals) {
      if (!/^\d{2}:\d{2}$/.test(i.open) || !/^\d{2}:\d{2}$/.test(i.close)) return { ok: false, message: `${WEEKDAYS[day]}: enter both an opening and a closing time` };
      if (i.open === i.close) return { ok: false, message: `${WEEKDAYS[day]}: closing time must differ from opening time` };
      if (i.close === '00:00') week.push({ day, open: i.open, close: '24:00' });
      else if (i.close > i.open) week.push({ day, open: i.open, close: i.close });
      else {
        week.push({ day, open: i.open, close: '24:00' });
        week.push({ day: (day + 1) % 7, open: '00:00', close: i.close });
      }
    }
  }
  const parsed = WeeklyHoursSchema.safeParse({ timeZone: draft.timeZone, week });
  if (!parsed.success) return { ok: false, message: parsed.error.issues[0]?.message ?? 'These hours are not valid' };
  return { ok: true, hours: parsed.data };
}

/** The appointment length field: empty -> null (no appointments); otherwise whole minutes, or an error. */
export function parseDuration(text: string): { ok: true; value: number | null } | { ok: false; message: string } {
  const t = text.trim();
  if (t === '') return { ok: true, value: null };
  if (!/^\d+$/.test(t)) return { ok: false, message: 'Enter whole minutes, or leave empty for no appointments' };
  const n = Number(t);
  if (n < 10) return { ok: false, message: 'Appointments are at least 10 minutes' };
  if (n > 720) return { ok: false, message: 'Appointments are at most 12 hours' };
  return { ok: true, value: n };
}
