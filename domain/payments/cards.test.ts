import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CARD_MESSAGES, checkCard, detectBrand, luhnValid } from './cards';

const now = new Date('2026-11-21T10:00:00Z');

/** Appends the Luhn check digit to a payload. */
function withCheckDigit(payload: string): string {
  for (let d = 0; d <= 9; d += 1) if (luhnValid(payload + d)) return payload + d;
  throw new Error('unreachable');
}

describe('Luhn', () => {
  it('accepts the Stripe test numbers and rejects a changed digit', () => {
    for (const n of ['4242424242424242', '4000000000000002', '4000000000009995', '4000000000000069', '378282246310005', '5555555555554444']) {
      expect(luhnValid(n)).toBe(true);
    }
    expect(luhnValid('4242424242424241')).toBe(false);
  });

  it('exactly one check digit completes any payload, and changing any single digit breaks it', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{12,18}$/), fc.nat(), fc.integer({ min: 1, max: 9 }), (payload, pos, bump) => {
        const n = withCheckDigit(payload);
        expect([...Array(10).keys()].filter((d) => luhnValid(payload + d))).toHaveLength(1);
        const i = pos % n.length;
        const changed = n.slice(0, i) + ((Number(n[i]) + bump) % 10) + n.slice(i + 1);
        return !luhnValid(changed);
      }),
    );
  });
});

describe('brand detection', () => {
  it('recognises the networks by prefix', () => {
    expect(detectBrand('4242424242424242')).toBe('visa');
    expect(detectBrand('5555555555554444')).toBe('mastercard');
    expect(detectBrand('2223003122003222')).toBe('mastercard');
    expect(detectBrand('378282246310005')).toBe('amex');
    expect(detectBrand('6011111111111117')).toBe('discover');
    expect(detectBrand('3056930009020004')).toBe('diners');
    expect(detectBrand('3566002020360505')).toBe('jcb');
    expect(detectBrand('6200000000000005')).toBe('unionpay');
    expect(detectBrand('9999999999999995')).toBe('unknown');
  });

  it('any number starting with 4 is Visa', () => {
    fc.assert(fc.property(fc.stringMatching(/^\d{15}$/), (rest) => detectBrand(`4${rest}`) === 'visa'));
  });
});

describe('checkCard', () => {
  const good = { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2030, cvc: '123' };

  it('returns brand, last4 and the test outcome, never the number', () => {
    const r = checkCard(good, now);
    expect(r).toEqual({ ok: true, card: { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030, outcome: 'succeed' } });
    expect(JSON.stringify(r)).not.toContain('424242424242');
    expect(checkCard({ ...good, number: '4000000000000002' }, now)).toMatchObject({ ok: true, card: { outcome: 'card_declined' } });
    expect(checkCard({ ...good, number: '4000000000009995' }, now)).toMatchObject({ ok: true, card: { outcome: 'insufficient_funds' } });
    expect(checkCard({ ...good, number: '4000000000000069' }, now)).toMatchObject({ ok: true, card: { outcome: 'expired_card' } });
    expect(checkCard({ ...good, number: '5555555555554444' }, now)).toMatchObject({ ok: true, card: { outcome: 'succeed', brand: 'mastercard' } });
  });

  it('rejects bad numbers, expiry and CVC with field errors', () => {
    expect(checkCard({ ...good, number: '4242424242424241' }, now)).toEqual({ ok: false, errors: { number: CARD_MESSAGES.number } });
    expect(checkCard({ ...good, number: '4242-abc' }, now)).toMatchObject({ ok: false, errors: { number: CARD_MESSAGES.number } });
    expect(checkCard({ ...good, expMonth: 13 }, now)).toEqual({ ok: false, errors: { expMonth: CARD_MESSAGES.expMonth } });
    expect(checkCard({ ...good, expMonth: 10, expYear: 2026 }, now)).toEqual({ ok: false, errors: { expYear: CARD_MESSAGES.expired } });
    expect(checkCard({ ...good, expMonth: 11, expYear: 26 }, now).ok).toBe(true);
    expect(checkCard({ ...good, cvc: '12' }, now)).toEqual({ ok: false, errors: { cvc: CARD_MESSAGES.cvc } });
    expect(checkCard({ ...good, number: '378282246310005', cvc: '123' }, now)).toEqual({ ok: false, errors: { cvc: CARD_MESSAGES.cvc } });
    expect(checkCard({ ...good, number: '378282246310005', cvc: '1234' }, now).ok).toBe(true);
  });
});
