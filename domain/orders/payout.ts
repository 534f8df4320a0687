import type { OrderKind } from './states';

/**
 * What a driver earns for one completed order, in cents:
 * - food:     the restaurant's delivery fee x 80%, plus 50¢ per road km from restaurant to customer
 * - taxi:     the ride's fare x 80%
 * - shipping, door to door in one area: the shipment's charge x 25%
 * - shipping, one local mile of a parcel between cities (first mile: sender -> origin hub; last mile: destination
 *   hub -> recipient; domain/orders/linehaul.ts): the shipment's charge x 10%, plus 50¢ per road km of that mile.
 *   Each mile is paid on its own, to whoever drives it; the line-haul between the hubs is the carrier's and pays
 *   no driver.
 * never less than MIN_PAYOUT_CENTS. The platform keeps the rest. Written to the earnings ledger at Complete Order.
 * Every distance here is between placed points (geo.ts isPlaced); an order without them is never created or offered.
 */
export const PAYOUT_RULE = {
  food: { feeShare: 0.8, perKmCents: 50 },
  taxi: { fareShare: 0.8 },
  shipping: { chargeShare: 0.25 },
  shippingMile: { chargeShare: 0.1, perKmCents: 50 },
} as const;
export const MIN_PAYOUT_CENTS = 300;

/** The local miles of a parcel between cities that drivers are offered. */
export type ShippingMile = 'first-mile' | 'last-mile';

export type PayoutBasis =
  | { kind: Extract<OrderKind, 'food'>; deliveryFeeCents: number; distanceKm: number }
  | { kind: Extract<OrderKind, 'taxi'>; fareCents: number }
  | { kind: Extract<OrderKind, 'shipping'>; chargeCents: number; mile?: undefined }
  | { kind: Extract<OrderKind, 'shipping'>; chargeCents: number; mile: ShippingMile; distanceKm: number };

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
      cents =
        basis.mile === undefined
          ? basis.chargeCents * PAYOUT_RULE.shipping.chargeShare
          : basis.chargeCents * PAYOUT_RULE.shippingMile.chargeShare + Math.max(0, basis.distanceKm) * PAYOUT_RULE.shippingMile.perKmCents;
      break;
  }
  return Math.max(MIN_PAYOUT_CENTS, Math.round(cents));
}
