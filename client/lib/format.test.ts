import { describe, expect, it } from 'vitest';
import { formatMoney } from './format';

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
