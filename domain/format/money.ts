import { numberFormat, type Locale } from './intl';

export type MoneyOptions = {
  /** ISO 4217 code, any case (`usd` as the database stores it, `EUR`); US dollars when not given. */
  currency?: string;
  /** The runtime's default (the visitor's in a browser) when not given; the server passes SERVER_LOCALE. */
  locale?: Locale;
  /** Whole units only, e.g. `$100` for a price range's bounds. */
  whole?: boolean;
};

function currencyOptions(currency: string, whole: boolean): Intl.NumberFormatOptions {
  const options: Intl.NumberFormatOptions = { style: 'currency', currency: currency.toUpperCase(), signDisplay: 'negative' };
  return whole ? { ...options, minimumFractionDigits: 0, maximumFractionDigits: 0 } : options;
}

/**
 * An amount in the currency's main unit as the locale writes it: `1234.5` -> `$1,234.50`, `-2` -> `-$2.00`,
 * `{ currency: 'EUR' }` -> `€1,234.50` in en-US. What is not a finite number shows as zero, and an amount that rounds
 * to zero never shows a minus sign.
 */
export function formatMoney(amount: number, { currency = 'USD', locale, whole = false }: MoneyOptions = {}): string {
  return numberFormat(locale, currencyOptions(currency, whole)).format(Number.isFinite(amount) ? amount : 0);
}

/** {@link formatMoney} of an amount in integer cents (the minor unit): `123450` -> `$1,234.50`. */
export function formatCents(cents: number, options: MoneyOptions = {}): string {
  return formatMoney(cents / 100, options);
}

/**
 * A price range in whole units, e.g. `$500 – $1,000` in en-US; open ranges read `Under $10` and `$3,000+` (English
 * words around the amounts).
 */
export function formatMoneyRange(min: number, max: number | null | undefined, { currency = 'USD', locale }: Omit<MoneyOptions, 'whole'> = {}): string {
  if (max === null || max === undefined) return `${formatMoney(min, { currency, locale, whole: true })}+`;
  if (min === 0) return `Under ${formatMoney(max, { currency, locale, whole: true })}`;
  return numberFormat(locale, currencyOptions(currency, true)).formatRange(min, max);
}
