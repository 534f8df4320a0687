import { z } from 'zod';
import { LISTING_COLLECTIONS, type ListingCollection } from '../catalogue/kinds';

/**
 * The platform's commission (issue 28): per listing kind (the admin collection names), a percent of an order's items
 * with an optional minimum per order, never more than the items themselves. The admin edits the rules; an order copies
 * the rule in force when it is paid, so a later change never rewrites the past.
 *
 * Rounding, defined once: items x percent, rounded half up to the cent (percent has at most two decimals, so the
 * product is exact in integer basis points); then at least minCents; then at most the items.
 */
export type CommissionRule = { kind: ListingCollection; percent: number; minCents: number };

/** What a fresh database starts with (migration 0010 writes the same rows). */
export const DEFAULT_COMMISSION_RULES: readonly CommissionRule[] = [
  { kind: 'restaurants', percent: 15, minCents: 100 },
  { kind: 'hotels', percent: 12, minCents: 0 },
  { kind: 'cars', percent: 10, minCents: 0 },
  { kind: 'properties', percent: 10, minCents: 0 },
  { kind: 'flights', percent: 5, minCents: 0 },
  { kind: 'taxi-rides', percent: 20, minCents: 0 },
  { kind: 'shipping-rates', percent: 15, minCents: 0 },
  { kind: 'general-services', percent: 15, minCents: 0 },
  { kind: 'additional-services', percent: 15, minCents: 0 },
];

/** The commission on an order's items, in whole cents, by the rounding above. */
export function commissionCents(itemsCents: number, rule: { percent: number; minCents: number }): number {
  if (itemsCents <= 0) return 0;
  const basisPoints = Math.round(rule.percent * 100);
  const plain = Math.floor((itemsCents * basisPoints + 5_000) / 10_000);
  return Math.min(itemsCents, Math.max(plain, rule.minCents));
}

export const COMMISSION_PERCENT_MESSAGE = 'Percent must be between 0 and 100, with at most two decimals';
export const COMMISSION_MIN_MESSAGE = 'Minimum must be between $0.00 and $1,000.00, in whole cents';

export const CommissionRuleSchema = z.object({
  kind: z.enum(LISTING_COLLECTIONS, { message: 'Unknown listing kind' }),
  percent: z
    .number({ message: COMMISSION_PERCENT_MESSAGE })
    .min(0, COMMISSION_PERCENT_MESSAGE)
    .max(100, COMMISSION_PERCENT_MESSAGE)
    .refine((p) => Math.abs(p * 100 - Math.round(p * 100)) < 1e-6, COMMISSION_PERCENT_MESSAGE),
  minCents: z.number({ message: COMMISSION_MIN_MESSAGE }).int(COMMISSION_MIN_MESSAGE).min(0, COMMISSION_MIN_MESSAGE).max(100_000, COMMISSION_MIN_MESSAGE),
});

/** GET/PUT /api/admin/commission: every kind's rule (a PUT may name some kinds only; the others stay). */
export const CommissionRulesSchema = z.object({
  rules: z
    .array(CommissionRuleSchema)
    .min(1, 'Name at least one rule')
    .max(LISTING_COLLECTIONS.length)
    .refine((rules) => new Set(rules.map((r) => r.kind)).size === rules.length, 'Each kind may appear once'),
});
export type CommissionRules = { rules: CommissionRule[] };
