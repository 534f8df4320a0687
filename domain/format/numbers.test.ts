import { describe, expect, it } from 'vitest';
import { formatNumber, pluralize } from './numbers';

describe('formatNumber', () => {
  it("groups digits as the locale does", () => {
    expect(formatNumber(1234567, { locale: 'en-US' })).toBe('1,234,567');
    expect(formatNumber(1234567, { locale: 'de-DE' })).toBe('1.234.567');
    expect(formatNumber(12.345, { locale: 'en-US', maximumFractionDigits: 1 })).toBe('12.3');
  });
});

describe('pluralize', () => {
  it('names one thing in the singular and others in the plural, with grouped digits', () => {
    expect(pluralize(1, 'item')).toBe('1 item');
    expect(pluralize(0, 'item')).toBe('0 items');
    expect(pluralize(1234, 'night')).toBe('1,234 nights');
    expect(pluralize(2, 'person', 'people')).toBe('2 people');
  });
});
