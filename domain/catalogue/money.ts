/** Integer cents to a dollar amount for display and the API (exact for any cents value below 2^53). */
export function centsToDollars(cents: number): number {
  return Math.round(cents) / 100;
}

/** A dollar amount (number or decimal string) to integer cents, rounding half away from zero. */
export function dollarsToCents(dollars: number | string): number {
  const n = typeof dollars === 'string' ? Number(dollars) : dollars;
  if (!Number.isFinite(n)) throw new RangeError(`Not an amount: ${String(dollars)}`);
  return Math.sign(n) * Math.round(Math.abs(n) * 100 + Number.EPSILON);
}
