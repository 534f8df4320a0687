import { describe, expect, it } from 'vitest';
import { parseTipText, tipDollars } from './tip';

describe('tip', () => {
  it('is a share of the items it is for, rounded to the cent', () => {
    expect(tipDollars({ kind: 'percent', percent: 15 }, 26.5)).toBe(3.98); // 397.5 cents -> 398
    expect(tipDollars({ kind: 'percent', percent: 10 }, 13.25)).toBe(1.33);
    expect(tipDollars({ kind: 'percent', percent: 20 }, 0)).toBe(0);
    expect(tipDollars({ kind: 'none' }, 50)).toBe(0);
  });

  it('takes a typed amount in dollars and cents, and says what is wrong otherwise', () => {
    expect(tipDollars({ kind: 'custom', text: '$5.5' }, 10)).toBe(5.5);
    expect(tipDollars({ kind: 'custom', text: '' }, 10)).toBe(0);
    expect(tipDollars({ kind: 'custom', text: '5.555' }, 10)).toBeNull();
    expect(parseTipText('abc')).toEqual({ ok: false, message: 'Enter a tip like 5 or 5.50' });
    expect(parseTipText('-2')).toEqual({ ok: false, message: 'Enter a tip like 5 or 5.50' });
    expect(parseTipText('1001')).toEqual({ ok: false, message: 'Tip must be at most $1000' });
    expect(parseTipText(' 7 ')).toEqual({ ok: true, dollars: 7 });
  });
});
