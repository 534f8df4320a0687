/**
 * Card rules shared by the card form and the sandbox gateway: Luhn, brand detection, expiry and CVC checks, and the
 * Stripe test-mode card numbers with their outcomes. Messages are Stripe's own wording.
 */

export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'discover' | 'diners' | 'jcb' | 'unionpay' | 'unknown';

/** What the sandbox does when a card is charged. */
export type CardOutcome = 'succeed' | 'card_declined' | 'insufficient_funds' | 'expired_card';

export const CARD_MESSAGES = {
  number: 'Your card number is invalid.',
  expMonth: 'Your card’s expiration month is invalid.',
  expYear: 'Your card’s expiration year is invalid.',
  expired: 'Your card’s expiration date is in the past.',
  cvc: 'Your card’s security code is invalid.',
} as const;

/** The decline message shown to the customer for each failing outcome (Stripe test-mode wording). */
export const DECLINE_MESSAGES: Record<Exclude<CardOutcome, 'succeed'>, string> = {
  card_declined: 'Your card was declined.',
  insufficient_funds: 'Your card has insufficient funds.',
  expired_card: 'Your card has expired.',
};

/** Stripe's test numbers that fail; any other Luhn-valid number succeeds in the sandbox. */
export const TEST_CARD_OUTCOMES: Readonly<Record<string, CardOutcome>> = {
  '4242424242424242': 'succeed',
  '4000000000000002': 'card_declined',
  '4000000000009995': 'insufficient_funds',
  '4000000000000069': 'expired_card',
};

/** The digits of a card number typed with spaces or dashes; null when anything else is in it. */
export function normalizeCardNumber(input: string): string | null {
  const compact = input.replace(/[\s-]/g, '');
  return /^\d+$/.test(compact) ? compact : null;
}

/** The Luhn (mod 10) checksum every card number carries. */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** The card network from the number's prefix (IIN ranges). */
export function detectBrand(digits: string): CardBrand {
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|222[1-9]|22[3-9]\d|2[3-6]\d\d|27[01]\d|2720)/.test(digits)) return 'mastercard';
  if (/^(6011|65|64[4-9])/.test(digits)) return 'discover';
  if (/^(30[0-5]|36|38|39)/.test(digits)) return 'diners';
  if (/^35(2[89]|[3-8])/.test(digits)) return 'jcb';
  if (/^62/.test(digits)) return 'unionpay';
  return 'unknown';
}

/** Card number lengths each network issues. */
function lengthOk(brand: CardBrand, length: number): boolean {
  if (brand === 'amex') return length === 15;
  if (brand === 'diners') return length >= 14 && length <= 19;
  return length >= 13 && length <= 19;
}

export type CardInput = { number: string; expMonth: number; expYear: number; cvc: string };

export type CheckedCard = { brand: CardBrand; last4: string; expMonth: number; expYear: number; outcome: CardOutcome };

/**
 * Checks a card as Stripe would before charging: number (digits, length, Luhn), expiry (month 1-12, not before the
 * current month; two-digit years mean 20xx) and CVC (3 digits, 4 for American Express). Returns field errors, or
 * the brand, last four digits and the sandbox outcome. The full number is never part of the result.
 */
export function checkCard(input: CardInput, now: Date = new Date()): { ok: true; card: CheckedCard } | { ok: false; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const digits = normalizeCardNumber(input.number);
  const brand = digits ? detectBrand(digits) : 'unknown';
  if (!digits || !lengthOk(brand, digits.length) || !luhnValid(digits)) errors.number = CARD_MESSAGES.number;

  const month = input.expMonth;
  const year = input.expYear < 100 ? 2000 + input.expYear : input.expYear;
  if (!Number.isInteger(month) || month < 1 || month > 12) errors.expMonth = CARD_MESSAGES.expMonth;
  else if (!Number.isInteger(year) || year > now.getUTCFullYear() + 50) errors.expYear = CARD_MESSAGES.expYear;
  else if (year < now.getUTCFullYear() || (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1)) {
    errors.expYear = CARD_MESSAGES.expired;
  }

  const cvcLength = brand === 'amex' ? 4 : 3;
  if (!new RegExp(`^\\d{${cvcLength}}$`).test(input.cvc.trim())) errors.cvc = CARD_MESSAGES.cvc;

  if (Object.keys(errors).length > 0 || !digits) return { ok: false, errors };
  return {
    ok: true,
    card: { brand, last4: digits.slice(-4), expMonth: month, expYear: year, outcome: TEST_CARD_OUTCOMES[digits] ?? 'succeed' },
  };
}
