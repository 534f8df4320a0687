import { addDays, parseDay } from '@domain/catalogue/pricing';

/** Today's date in the visitor's own calendar, "YYYY-MM-DD" (what a date input's `min` compares against). */
export function localToday(now: Date = new Date()): string {
  const y = now.getFullYear();
  const m = String(now.getMonth() + 1).padStart(2, '0');
  const d = String(now.getDate()).padStart(2, '0');
  return `${y}-${m}-${d}`;
}

/** The day after a date, or `fallback` when the date is empty or invalid. */
export function dayAfter(day: string, fallback: string): string {
  return day && !Number.isNaN(parseDay(day)) ? addDays(day, 1) : fallback;
}

/** The first day of next month, "YYYY-MM-DD". */
export function firstOfNextMonth(now: Date = new Date()): string {
  const next = new Date(now.getFullYear(), now.getMonth() + 1, 1);
  return localToday(next);
}

/** Whether `to` is strictly after `from` (both valid days). */
export function isAfter(from: string, to: string): boolean {
  const a = parseDay(from);
  const b = parseDay(to);
  return !Number.isNaN(a) && !Number.isNaN(b) && b > a;
}
