import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatDateTimeUtc, formatMoney, formatTimeOfDay } from './format';

describe('formatMoney', () => {
  const intl = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

  it('writes US dollars as en-US does', () => {
    for (const amount of [0, 0.5, 1, 9.99, 12.3, 100, 999.995, 1000, 1234.5, 12345.67, 1_000_000, 98_765_432.1, -2, -1234.56, 0.004]) {
      expect(formatMoney(amount)).toBe(intl.format(amount));
    }
  });

  it('shows $0.00 for what is not a number, and never a negative zero', () => {
    expect(formatMoney(Number.NaN)).toBe('$0.00');
    expect(formatMoney(Number.POSITIVE_INFINITY)).toBe('$0.00');
    expect(formatMoney(-0.001)).toBe('$0.00');
  });
});

describe('dates and times, written by hand as en-US writes them', () => {
  // Spread over years, months, hours (midnight and noon included) and minutes.
  const dates = Array.from({ length: 400 }, (_, i) => new Date(Date.UTC(1999 + (i % 40), i % 12, 1 + (i % 28), (i * 7) % 24, (i * 13) % 60)));
  const plain = (text: string) => text.replace(/\u202f/g, ' ');
  const intl = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat('en-US', options);

  it('match Intl in the local time zone', () => {
    const date = intl({ dateStyle: 'medium' });
    const dateTime = intl({ dateStyle: 'medium', timeStyle: 'short' });
    const time = intl({ timeStyle: 'short' });
    for (const d of dates) {
      expect(formatDate(d)).toBe(plain(date.format(d)));
      expect(formatDateTime(d)).toBe(plain(dateTime.format(d)));
      expect(formatTimeOfDay(d)).toBe(plain(time.format(d)));
    }
  });

  it('match Intl in UTC, and say so', () => {
    const dateTime = intl({ dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });
    const time = intl({ timeStyle: 'short', timeZone: 'UTC' });
    for (const d of dates) {
      expect(formatDateTimeUtc(d)).toBe(`${plain(dateTime.format(d))} UTC`);
      expect(formatTimeOfDay(d, { utc: true })).toBe(`${plain(time.format(d))} UTC`);
    }
    expect(formatDateTimeUtc('2026-11-24T00:05:00Z')).toBe('Nov 24, 2026, 12:05 AM UTC');
    expect(formatDateTimeUtc('not a date')).toBe('');
  });
});
