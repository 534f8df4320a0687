const moneyFormatter = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** `12.3` -> `$12.30`. Non-finite input shows `$0.00` rather than `$NaN`. */
export function formatMoney(amount: number): string {
  return moneyFormatter.format(Number.isFinite(amount) ? amount : 0);
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

const dateFormatter = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const dateTimeFormatter = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

function toDate(value: Date | string | number): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** `2025-03-01` -> `Mar 1, 2025`; an unparseable value yields an empty string. */
export function formatDate(value: Date | string | number): string {
  const date = toDate(value);
  return date ? dateFormatter.format(date) : '';
}

/** Date and time, e.g. `Mar 1, 2025, 2:05 PM`; an unparseable value yields an empty string. */
export function formatDateTime(value: Date | string | number): string {
  const date = toDate(value);
  return date ? dateTimeFormatter.format(date) : '';
}
