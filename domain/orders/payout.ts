import type { OrderKind } from './states';

/**
 * What a driver earns for one completed order, in cents:
 * - food:     the restaurant's delivery fee x 80%, plus 50¢ per road km from restaurant to customer
 * - taxi:     the ride's fare x 80%
 * - shipping: the shipment's charge x 25%
 * never less than MIN_PAYOUT_CENTS. The platform keeps the rest. Written to the earnings ledger at Complete Order.
 */
export const PAYOUT_RULE = {
  food: { feeShare: 0.8, perKmCents: 50 },
  taxi: { fareShare: 0.8 },
  shipping: { chargeShare: 0.25 },
} as const;
export const MIN_PAYOUT_CENTS = 300;

export type PayoutBasis =
  | { kind: Extract<OrderKind, 'food'>; deliveryFeeCents: number; distanceKm: number }
  | { kind: Extract<OrderKind, 'taxi'>; fareCents: number }
  | { kind: Extract<OrderKind, 'shipping'>; chargeCents: number };

/** The payout for an order, whole cents, by the rule above. */
export function driverPayoutCents(basis: PayoutBasis): number {
  let cents: number;
  switch (basis.kind) {
    case 'food':
      cents = basis.deliveryFeeCents * PAYOUT_RULE.food.feeShare + Math.max(0, basis.distanceKm) * PAYOUT_RULE.food.perKmCents;
      break;
    case 'taxi':
      cents = basis.fareCents * PAYOUT_RULE.taxi.fareShare;
      break;
    case 'shipping':
      cents = basis.chargeCents * PAYOUT_RULE.shipping.chargeShare;
      break;
  }
  return Math.max(MIN_PAYOUT_CENTS, Math.round(cents));
}
