import { describe, expect, it } from 'vitest';
import { formatCents, formatMoney, formatMoneyRange } from './money';

describe('formatMoney', () => {
  it('writes US dollars with digit grouping and two decimals', () => {
    expect(formatMoney(12.3)).toBe('$12.30');
    expect(formatMoney(1234.5)).toBe('$1,234.50');
    expect(formatMoney(98_765_432.1)).toBe('$98,765,432.10');
    expect(formatMoney(0)).toBe('$0.00');
    expect(formatMoney(7)).toBe('$7.00');
  });

  it('puts the minus sign before the currency, and never on an amount that rounds to zero', () => {
    expect(formatMoney(-2)).toBe('-$2.00');
    expect(formatMoney(-1234.56)).toBe('-$1,234.56');
    expect(formatMoney(-0.001)).toBe('$0.00');
  });

  it('shows zero for what is not a number', () => {
    expect(formatMoney(Number.NaN)).toBe('$0.00');
    expect(formatMoney(Number.POSITIVE_INFINITY)).toBe('$0.00');
  });

  it("writes the order's currency, in any case the database stores it", () => {
    expect(formatMoney(1234.5, { currency: 'EUR' })).toBe('€1,234.50');
    expect(formatMoney(1234.5, { currency: 'usd' })).toBe('$1,234.50');
    expect(formatMoney(1234.5, { currency: 'CAD' })).toBe('CA$1,234.50');
    expect(formatMoney(1234, { currency: 'JPY' })).toBe('¥1,234');
  });

  it("writes the locale's grouping and symbol position", () => {
    expect(formatMoney(1234.5, { currency: 'EUR', locale: 'de-DE' })).toBe('1.234,50\u00a0€');
  });

  it('writes whole units when asked', () => {
    expect(formatMoney(1000, { whole: true })).toBe('$1,000');
  });
});

describe('formatCents', () => {
  it('writes integer cents as the amount', () => {
    expect(formatCents(123450)).toBe('$1,234.50');
    expect(formatCents(5)).toBe('$0.05');
    expect(formatCents(-250, { currency: 'EUR' })).toBe('-€2.50');
  });
});

describe('formatMoneyRange', () => {
  it('writes a price range in whole units, open at either end', () => {
    expect(formatMoneyRange(500, 1000)).toBe('$500 – $1,000');
    expect(formatMoneyRange(0, 10)).toBe('Under $10');
    expect(formatMoneyRange(3000, null)).toBe('$3,000+');
  });
});
