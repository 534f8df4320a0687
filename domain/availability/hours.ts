/**
 * Weekly hours (a restaurant's opening hours, a general service's working hours) and what follows from them: open
 * now or not, when it opens next, and the appointment slots of a day. Times are wall-clock times in the listing's own
 * IANA time zone; instants are UTC. No zod here (the home page's open-now badges use it): the schemas are in
 * hours-schema.ts.
 */
import { zoneOffsetMinutes } from '../catalogue/pricing';

/** Day numbers as Date.getUTCDay counts them: 0 is Sunday. */
export const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

/** One opening interval of one weekday, as "HH:MM" wall-clock times; `close` is after `open` (24:00 ends at midnight). */
export type HoursInterval = { day: number; open: string; close: string };
/** A week of opening intervals in an IANA time zone (checked by WeeklyHoursSchema, hours-schema.ts). */
export type WeeklyHours = { timeZone: string; week: HoursInterval[] };

/** "HH:MM" -> minutes after midnight ("24:00" -> 1440). */
export function minutesOf(time: string): number {
  const [h, m] = time.split(':').map(Number);
  return h * 60 + m;
}

const pad = (n: number) => String(n).padStart(2, '0');
const clockText = (minutes: number) => `${pad(Math.floor(minutes / 60) % 24)}:${pad(minutes % 60)}`;

const DAY_NAMES: Record<string, number> = { sun: 0, mon: 1, tue: 2, wed: 3, thu: 4, fri: 5, sat: 6 };

/** "9:00 AM", "9am", "21:30", "noon" -> minutes after midnight; NaN when unreadable. */
function parseClock(text: string): number {
  const t = text.trim().toLowerCase();
  if (t === 'noon') return 720;
  if (t === 'midnight') return 1440;
  const m = /^(\d{1,2})(?:[:.](\d{2}))?\s*(am|pm|a\.m\.|p\.m\.)?$/.exec(t);
  if (!m) return Number.NaN;
  let h = Number(m[1]);
  const min = Number(m[2] ?? 0);
  if (min > 59) return Number.NaN;
  if (m[3]) {
    if (h < 1 || h > 12) return Number.NaN;
    if (m[3].startsWith('p') && h !== 12) h += 12;
    if (m[3].startsWith('a') && h === 12) h = 0;
  } else if (h > 24) return Number.NaN;
  return h * 60 + min;
}

/** "Mon-Fri", "Sat", "Daily", "7 days a week", "Mon, Wed" -> day numbers; null when unreadable. */
function parseDays(text: string): number[] | null {
  const t = text.trim().toLowerCase().replace(/\./g, '');
  if (t === '' || /^(daily|every ?day|7 days a week|mon(day)?\s*-\s*sun(day)?)$/.test(t)) return [0, 1, 2, 3, 4, 5, 6];
  const days = new Set<number>();
  for (const part of t.split(/\s*(?:,|&|and)\s*/)) {
    const range = /^([a-z]{3})[a-z]*\s*(?:-|–|to)\s*([a-z]{3})[a-z]*$/.exec(part);
    if (range) {
      const from = DAY_NAMES[range[1]];
      const to = DAY_NAMES[range[2]];
      if (from === undefined || to === undefined) return null;
      for (let d = from; ; d = (d + 1) % 7) {
        days.add(d);
        if (d === to) break;
      }
      continue;
    }
    const single = /^([a-z]{3})[a-z]*$/.exec(part);
    if (!single || DAY_NAMES[single[1]] === undefined) return null;
    days.add(DAY_NAMES[single[1]]);
  }
  return days.size > 0 ? [...days].sort() : null;
}

/**
 * Reads hours as people write them in the registration forms: "Mon-Sun 11:00-22:00", "Mon-Sat, 9:00 AM - 7:00 PM",
 * "Mon-Fri 3:30 PM - 9:00 PM, Sat 9:00 AM - 3:00 PM", "Daily 8am-9pm", "24 hours a day", "24/7". Returns the
 * intervals, or null when the text cannot be read (the listing then has no structured hours until its owner sets them).
 * An interval past midnight ("18:00-02:00") is split at midnight.
 */
export function parseWeeklyHours(text: string): HoursInterval[] | null {
  const t = text.trim();
  if (/^(24\s*\/\s*7|24 hours( a day)?|open 24 hours|always open)\b/i.test(t)) {
    return [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, open: '00:00', close: '24:00' }));
  }
  const clockPart = String.raw`\d{1,2}(?:[:.]\d{2})?\s*(?:am|pm|a\.m\.|p\.m\.)?|noon|midnight`;
  const re = new RegExp(String.raw`([A-Za-z][A-Za-z ,&\-–]*?)?[\s,:]*(${clockPart})\s*(?:-|–|to)\s*(${clockPart})`, 'gi');
  const out: HoursInterval[] = [];
  let matched = false;
  for (const m of t.matchAll(re)) {
    matched = true;
    const days = parseDays((m[1] ?? '').replace(/[\s,]+$/, ''));
    const open = parseClock(m[2]);
    const close = parseClock(m[3]);
    if (!days || Number.isNaN(open) || Number.isNaN(close) || open === close) return null;
    for (const day of days) {
      if (close > open) out.push({ day, open: clockText(open), close: close === 1440 ? '24:00' : clockText(close) });
      else {
        out.push({ day, open: clockText(open), close: '24:00' });
        if (close > 0) out.push({ day: (day + 1) % 7, open: '00:00', close: clockText(close) });
      }
    }
  }
  return matched && out.length > 0 ? out : null;
}

/** The wall clock of an instant in a zone: its weekday and minutes after midnight, and its local date. */
export function localClock(at: Date, timeZone: string): { day: number; minutes: number; date: string } {
  const offset = zoneOffsetMinutes(timeZone, at);
  const local = new Date(at.getTime() + (Number.isNaN(offset) ? 0 : offset) * 60_000);
  return { day: local.getUTCDay(), minutes: local.getUTCHours() * 60 + local.getUTCMinutes(), date: local.toISOString().slice(0, 10) };
}

/** The UTC instant of a local date and wall-clock minutes in a zone (the offset of that moment, DST included). */
export function instantOf(date: string, minutes: number, timeZone: string): Date {
  const wall = Date.parse(`${date}T00:00:00Z`) + minutes * 60_000;
  const first = zoneOffsetMinutes(timeZone, new Date(wall));
  const guess = wall - (Number.isNaN(first) ? 0 : first) * 60_000;
  const second = zoneOffsetMinutes(timeZone, new Date(guess));
  return new Date(wall - (Number.isNaN(second) ? 0 : second) * 60_000);
}

export type OpenState = {
  open: boolean;
  /** When closed: the next opening, as "11:00" (today) or "Mon 11:00"; null when it never opens. */
  opensAt: string | null;
  /** When open: the closing time ("22:00"); null when open around the clock. */
  closesAt: string | null;
};

/** Whether the hours are open at `now`, and the next opening or closing time. */
export function openState(hours: WeeklyHours, now: Date = new Date()): OpenState {
  const { day, minutes } = localClock(now, hours.timeZone);
  const today = hours.week.filter((i) => i.day === day);
  const current = today.find((i) => minutesOf(i.open) <= minutes && minutes < minutesOf(i.close));
  if (current) {
    // Open until the end of the chain of intervals that follow each other (e.g. 18:00-24:00 then 00:00-02:00).
    let close = minutesOf(current.close);
    let d = day;
    let guard = 0;
    while (close === 1440 && guard++ < 7) {
      d = (d + 1) % 7;
      const next = hours.week.find((i) => i.day === d && i.open === '00:00');
      if (!next) break;
      close = minutesOf(next.close);
    }
    return { open: true, opensAt: null, closesAt: guard >= 7 ? null : clockText(close) };
  }
  for (let ahead = 0; ahead < 8; ahead++) {
    const d = (day + ahead) % 7;
    const starts = hours.week
      .filter((i) => i.day === d && (ahead > 0 || minutesOf(i.open) > minutes))
      .map((i) => minutesOf(i.open))
      .sort((a, b) => a - b);
    if (starts.length > 0) return { open: false, opensAt: ahead === 0 ? clockText(starts[0]) : `${WEEKDAYS[d]} ${clockText(starts[0])}`, closesAt: null };
  }
  return { open: false, opensAt: null, closesAt: null };
}

/** The refusal of an order while closed: "Closed now, opens at 11:00" or "Closed now, opens Mon 11:00". */
export function closedMessage(state: OpenState): string {
  if (state.opensAt === null) return 'Closed now';
  return /^\d/.test(state.opensAt) ? `Closed now, opens at ${state.opensAt}` : `Closed now, opens ${state.opensAt}`;
}

/**
 * The appointment start times of one local date: every `durationMinutes` step from each working interval's start
 * that ends within it, as UTC instants.
 */
export function daySlots(hours: WeeklyHours, date: string, durationMinutes: number): Array<{ start: Date; end: Date }> {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  const slots: Array<{ start: Date; end: Date }> = [];
  for (const i of hours.week.filter((x) => x.day === day).sort((a, b) => minutesOf(a.open) - minutesOf(b.open))) {
    for (let m = minutesOf(i.open); m + durationMinutes <= minutesOf(i.close); m += durationMinutes) {
      slots.push({ start: instantOf(date, m, hours.timeZone), end: instantOf(date, m + durationMinutes, hours.timeZone) });
    }
  }
  return slots;
}

/** Whether an appointment [start, start + duration) fits in one working interval. */
export function withinHours(hours: WeeklyHours, start: Date, durationMinutes: number): boolean {
  const { day, minutes } = localClock(start, hours.timeZone);
  return hours.week.some((i) => i.day === day && minutesOf(i.open) <= minutes && minutes + durationMinutes <= minutesOf(i.close));
}

/**
 * One appointment's length from a duration as providers write it ("1 hour sessions", "60-90 minutes", "45 min",
 * "1.5 hours": the first figure), or null when it is not a length of 10 minutes to 12 hours ("Half day", "2-5 days").
 */
export function parseAppointmentMinutes(duration: string): number | null {
  const m = /(\d+(?:\.\d+)?)\s*(?:-\s*\d+(?:\.\d+)?\s*)?(minutes?|mins?|hours?|hrs?|h)\b/i.exec(duration);
  if (!m) return null;
  const minutes = Math.round(Number(m[1]) * (/^h/i.test(m[2]) ? 60 : 1));
  return minutes >= 10 && minutes <= 720 ? minutes : null;
}
