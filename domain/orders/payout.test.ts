import { describe, expect, it } from 'vitest';
import { driverPayoutCents, MIN_PAYOUT_CENTS } from './payout';

describe('the driver payout rule', () => {
  it('pays 80% of the delivery fee plus 50¢ per km for food', () => {
    expect(driverPayoutCents({ kind: 'food', deliveryFeeCents: 499, distanceKm: 6 })).toBe(Math.round(499 * 0.8 + 300));
  });
  it('pays 80% of the fare for a ride and 25% of the charge for a shipment', () => {
    expect(driverPayoutCents({ kind: 'taxi', fareCents: 2500 })).toBe(2000);
    expect(driverPayoutCents({ kind: 'shipping', chargeCents: 4000 })).toBe(1000);
  });
  it('never pays less than the minimum', () => {
    expect(driverPayoutCents({ kind: 'food', deliveryFeeCents: 0, distanceKm: 0.5 })).toBe(MIN_PAYOUT_CENTS);
    expect(driverPayoutCents({ kind: 'taxi', fareCents: 100 })).toBe(MIN_PAYOUT_CENTS);
    expect(driverPayoutCents({ kind: 'food', deliveryFeeCents: 0, distanceKm: -3 })).toBe(MIN_PAYOUT_CENTS);
  });
});

describe('the local miles of a parcel between cities', () => {
  it('pay 10% of the charge plus 50¢ per road km of the mile, each mile on its own', () => {
    expect(driverPayoutCents({ kind: 'shipping', chargeCents: 1539, mile: 'first-mile', distanceKm: 4.8 })).toBe(Math.round(153.9 + 240));
    expect(driverPayoutCents({ kind: 'shipping', chargeCents: 1539, mile: 'last-mile', distanceKm: 10 })).toBe(Math.round(153.9 + 500));
    // A door-to-door shipment keeps the 25% rule.
    expect(driverPayoutCents({ kind: 'shipping', chargeCents: 1539 })).toBe(385);
  });
  it('never pays less than the minimum, nor for negative kilometres', () => {
    expect(driverPayoutCents({ kind: 'shipping', chargeCents: 1200, mile: 'first-mile', distanceKm: 0.2 })).toBe(MIN_PAYOUT_CENTS);
    expect(driverPayoutCents({ kind: 'shipping', chargeCents: 5000, mile: 'last-mile', distanceKm: -5 })).toBe(500);
  });
});
