/**
 * `12.3` -> `$12.30`, `1234.5` -> `$1,234.50`, `-2` -> `-$2.00`: US dollars as en-US writes them. Non-finite input
 * shows `$0.00` rather than `$NaN`. By hand rather than with Intl.NumberFormat, whose first construction costs a slow
 * phone tens of milliseconds of the first screen.
 */
export function formatMoney(amount: number): string {
  const value = Number.isFinite(amount) ? amount : 0;
  const cents = Math.round(Math.abs(value) * 100);
  const dollars = String(Math.floor(cents / 100)).replace(/\B(?=(\d{3})+$)/g, ',');
  const text = `$${dollars}.${String(cents % 100).padStart(2, '0')}`;
  return value < 0 && cents > 0 ? `-${text}` : text;
}

/** Amount in cents (what the payment call takes) -> `$12.34`. */
export function formatCents(cents: number): string {
  return formatMoney(cents / 100);
}

/** Dollars -> integer cents, rounded to the nearest cent (avoids 0.1 + 0.2 style drift). */
export function toCents(amount: number): number {
  return Math.round(amount * 100);
}

/** `3, 'item'` -> `3 items`; `1, 'item'` -> `1 item`. */
export function pluralize(count: number, singular: string, plural = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : plural}`;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * The parts of a date in the browser's time zone, or in UTC. The dates and times below are written by hand, as en-US
 * writes them (Intl's medium date and short time, with a plain space before AM/PM): an Intl.DateTimeFormat costs a slow
 * phone ~25 ms to build, and a page rendered on the server needs two (UTC, then local) as it is taken over.
 */
function parts(date: Date, utc: boolean) {
  return utc
    ? { year: date.getUTCFullYear(), month: date.getUTCMonth(), day: date.getUTCDate(), hours: date.getUTCHours(), minutes: date.getUTCMinutes() }
    : { year: date.getFullYear(), month: date.getMonth(), day: date.getDate(), hours: date.getHours(), minutes: date.getMinutes() };
}

/** `2:05 PM`, `12:30 AM`: a time of day as en-US writes it. */
function clock(hours: number, minutes: number): string {
  return `${hours % 12 || 12}:${String(minutes).padStart(2, '0')} ${hours < 12 ? 'AM' : 'PM'}`;
}

function mediumDate(date: Date, utc = false): string {
  const p = parts(date, utc);
  return `${MONTHS[p.month]} ${p.day}, ${p.year}`;
}

function mediumDateTime(date: Date, utc = false): string {
  const p = parts(date, utc);
  return `${MONTHS[p.month]} ${p.day}, ${p.year}, ${clock(p.hours, p.minutes)}`;
}

/** `Mar 1`: the month and day of `date` in the browser's time zone. */
export function formatMonthDay(date: Date): string {
  const p = parts(date, false);
  return `${MONTHS[p.month]} ${p.day}`;
}

/** The time of day of `date`, e.g. `2:45 PM`, in the browser's time zone or (marked so) in UTC: `7:45 PM UTC`. */
export function formatTimeOfDay(date: Date, { utc = false } = {}): string {
  const p = parts(date, utc);
  return utc ? `${clock(p.hours, p.minutes)} UTC` : clock(p.hours, p.minutes);
}

function toDate(value: Date | string | number): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** `2025-03-01` -> `Mar 1, 2025`; an unparseable value yields an empty string. */
export function formatDate(value: Date | string | number): string {
  const date = toDate(value);
  if (!date) return '';
  return mediumDate(date);
}

/** Date and time, e.g. `Mar 1, 2025, 2:05 PM`; an unparseable value yields an empty string. */
export function formatDateTime(value: Date | string | number): string {
  const date = toDate(value);
  if (!date) return '';
  return mediumDateTime(date);
}

/**
 * {@link formatDateTime} in UTC, marked so (`Mar 1, 2025, 7:05 PM UTC`): what a page rendered on the server shows
 * until the browser, which knows the visitor's time zone, has taken it over.
 */
export function formatDateTimeUtc(value: Date | string | number): string {
  const date = toDate(value);
  if (!date) return '';
  return `${mediumDateTime(date, true)} UTC`;
}
