import { describe, expect, it } from 'vitest';
import { dateTimeFormat, numberFormat, relativeTimeFormat } from './intl';

describe('formatters', () => {
  it('are built once per locale and options, then reused', () => {
    const money = numberFormat('fr-CH', { style: 'currency', currency: 'CHF' });
    expect(numberFormat('fr-CH', { style: 'currency', currency: 'CHF' })).toBe(money);
    expect(numberFormat('de-CH', { style: 'currency', currency: 'CHF' })).not.toBe(money);
    expect(numberFormat('fr-CH', { style: 'currency', currency: 'EUR' })).not.toBe(money);
    const date = dateTimeFormat('fr-CH', { dateStyle: 'medium', timeZone: 'Europe/Zurich' });
    expect(dateTimeFormat('fr-CH', { dateStyle: 'medium', timeZone: 'Europe/Zurich' })).toBe(date);
    expect(dateTimeFormat('fr-CH', { dateStyle: 'medium', timeZone: 'UTC' })).not.toBe(date);
    expect(relativeTimeFormat(undefined, { numeric: 'always' })).toBe(relativeTimeFormat(undefined, { numeric: 'always' }));
  });
});
