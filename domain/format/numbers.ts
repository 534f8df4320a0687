import { numberFormat, type Locale } from './intl';

/** A count or measure with the locale's digit grouping: `12345` -> `12,345` in en-US, `12.345` in de-DE. */
export function formatNumber(value: number, { locale, maximumFractionDigits = 0 }: { locale?: Locale; maximumFractionDigits?: number } = {}): string {
  return numberFormat(locale, { maximumFractionDigits }).format(value);
}

/** `3, 'item'` -> `3 items`; `1, 'item'` -> `1 item`; `1234, 'item'` -> `1,234 items` (English words). */
export function pluralize(count: number, singular: string, plural = `${singular}s`): string {
  return `${formatNumber(count, { maximumFractionDigits: 20 })} ${count === 1 ? singular : plural}`;
}
