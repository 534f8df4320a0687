import { dateTimeFormat, relativeTimeFormat, type Locale } from './intl';

/**
 * Where and how to write an instant: the runtime's default locale and time zone unless given (in a browser, the
 * visitor's). The server has neither: it writes UTC, marked so (the `...Utc` functions), which the browser replaces
 * with the visitor's local time once it has taken the page over.
 */
export type DateOptions = { locale?: Locale; timeZone?: string };

/** The locale of text the server writes for people it knows no locale of: mails, API messages, the server render. */
export const SERVER_LOCALE = 'en-US';

const MEDIUM_DATE: Intl.DateTimeFormatOptions = { dateStyle: 'medium' };
const MEDIUM_DATE_TIME: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };
const SHORT_TIME: Intl.DateTimeFormatOptions = { timeStyle: 'short' };
const MONTH_DAY: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric' };
// dateStyle and timeStyle do not combine with timeZoneName, so the UTC forms spell out the same fields.
const MEDIUM_DATE_TIME_ZONE: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' };
const SHORT_TIME_ZONE: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit', timeZoneName: 'short' };

function toDate(value: Date | string | number): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

function format(value: Date | string | number, style: Intl.DateTimeFormatOptions, { locale, timeZone }: DateOptions): string {
  const date = toDate(value);
  return date ? dateTimeFormat(locale, timeZone ? { ...style, timeZone } : style).format(date) : '';
}

/** `Mar 1, 2025` in en-US; an unparseable value yields an empty string. */
export function formatDate(value: Date | string | number, options: DateOptions = {}): string {
  return format(value, MEDIUM_DATE, options);
}

/** `Mar 1, 2025, 2:05 PM` in en-US; an unparseable value yields an empty string. */
export function formatDateTime(value: Date | string | number, options: DateOptions = {}): string {
  return format(value, MEDIUM_DATE_TIME, options);
}

/** `2:05 PM` in en-US; an unparseable value yields an empty string. */
export function formatTimeOfDay(value: Date | string | number, options: DateOptions = {}): string {
  return format(value, SHORT_TIME, options);
}

/** `Mar 1` in en-US; an unparseable value yields an empty string. */
export function formatMonthDay(value: Date | string | number, options: DateOptions = {}): string {
  return format(value, MONTH_DAY, options);
}

/** What the server render shows of an instant until the browser takes over: `Mar 1, 2025, 7:05 PM UTC`. */
export function formatDateTimeUtc(value: Date | string | number): string {
  return format(value, MEDIUM_DATE_TIME_ZONE, { locale: SERVER_LOCALE, timeZone: 'UTC' });
}

/** The time of day the server render shows until the browser takes over: `7:05 PM UTC`. */
export function formatTimeOfDayUtc(value: Date | string | number): string {
  return format(value, SHORT_TIME_ZONE, { locale: SERVER_LOCALE, timeZone: 'UTC' });
}

const CALENDAR_STYLES = {
  /** `Mar 5` */
  monthDay: MONTH_DAY,
  /** `Mar 5, 2027` */
  medium: MEDIUM_DATE,
  /** `Friday, March 5` */
  weekdayMonthDay: { weekday: 'long', month: 'long', day: 'numeric' },
  /** `Friday, March 5, 2027` */
  full: { dateStyle: 'full' },
  /** `March 2027` */
  month: { month: 'long', year: 'numeric' },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

/**
 * A calendar day `YYYY-MM-DD` (or month `YYYY-MM`) as the locale writes it in `style`: a day on a calendar, not an
 * instant, so no time zone shifts it. An unparseable value is returned as it came.
 */
export function formatCalendarDay(day: string, style: keyof typeof CALENDAR_STYLES, { locale }: { locale?: Locale } = {}): string {
  const date = new Date(`${day.length === 7 ? `${day}-01` : day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return dateTimeFormat(locale, { ...CALENDAR_STYLES[style], timeZone: 'UTC' }).format(date);
}

/** A Sunday (UTC), from which the week's days are named. */
const A_SUNDAY = Date.UTC(2023, 0, 1);

/**
 * The names of the week's days, Sunday first, as the locale writes them: `narrow` (`S M T W T F S` in en-US), `short`
 * (`Sun Mon ...`) or `long` (`Sunday ...`): a calendar's column headers.
 */
export function weekdayNames(width: 'narrow' | 'short' | 'long', { locale }: { locale?: Locale } = {}): string[] {
  const format = dateTimeFormat(locale, { weekday: width, timeZone: 'UTC' });
  return Array.from({ length: 7 }, (_, day) => format.format(new Date(A_SUNDAY + day * 86_400_000)));
}

/** `-5, 'minute'` -> `5 minutes ago`, `2, 'day'` -> `in 2 days` in en-US (always a number, never `yesterday`). */
export function formatRelativeTime(value: number, unit: Intl.RelativeTimeFormatUnit, { locale }: { locale?: Locale } = {}): string {
  return relativeTimeFormat(locale, { numeric: 'always' }).format(value, unit);
}
