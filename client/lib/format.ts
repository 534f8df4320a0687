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

// Made at first use: constructing one is slow, and most first screens show no date.
let dateFormatter: Intl.DateTimeFormat | undefined;
let dateTimeFormatter: Intl.DateTimeFormat | undefined;

function toDate(value: Date | string | number): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** `2025-03-01` -> `Mar 1, 2025`; an unparseable value yields an empty string. */
export function formatDate(value: Date | string | number): string {
  const date = toDate(value);
  if (!date) return '';
  dateFormatter ??= new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
  return dateFormatter.format(date);
}

/** Date and time, e.g. `Mar 1, 2025, 2:05 PM`; an unparseable value yields an empty string. */
export function formatDateTime(value: Date | string | number): string {
  const date = toDate(value);
  if (!date) return '';
  dateTimeFormatter ??= new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
  return dateTimeFormatter.format(date);
}
