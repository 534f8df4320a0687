import { numberFormat, type Locale } from './intl';

/** A count or measure with the locale's digit grouping: `12345` -> `12,345` in en-US, `12.345` in de-DE. */
export function formatNumber(value: number, { locale, maximumFractionDigits = 0 }: { locale?: Locale; maximumFractionDigits?: number } = {}): string {
  return numberFormat(locale, { maximumFractionDigits }).format(value);
}

/**
 * A distance in kilometres, as the locale writes it: `2.345` -> `2.3 km`, `1874.2` -> `1,874 km` (one decimal below
 * 100 km, none above); `fractionDigits` fixes the decimals instead (a taxi fare's `12.35 km`).
 */
export function formatDistance(km: number, { locale, fractionDigits }: { locale?: Locale; fractionDigits?: number } = {}): string {
  const value = Number.isFinite(km) ? km : 0;
  const digits = fractionDigits ?? (value < 100 ? 1 : 0);
  return numberFormat(locale, { style: 'unit', unit: 'kilometer', unitDisplay: 'short', minimumFractionDigits: digits, maximumFractionDigits: digits }).format(value);
}

/** `3, 'item'` -> `3 items`; `1, 'item'` -> `1 item`; `1234, 'item'` -> `1,234 items` (English words). */
export function pluralize(count: number, singular: string, plural = `${singular}s`): string {
  return `${formatNumber(count, { maximumFractionDigits: 20 })} ${count === 1 ? singular : plural}`;
}
