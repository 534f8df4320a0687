import { describe, expect, it } from 'vitest';
import type { BookingLine } from '@domain/bookings/schemas';
import { nextSteps } from './next-steps';

const line = (over: Partial<BookingLine>): BookingLine => ({ id: 1, serviceType: 'hotels', serviceId: 1, name: 'X', quantity: 1, unitPrice: 1, lineTotal: 1, details: {}, ...over });

describe('nextSteps', () => {
  it('says what happens next per kind, each restaurant once', () => {
    const steps = nextSteps({
      status: 'confirmed',
      items: [
        line({ id: 1, serviceType: 'food-delivery', name: 'Tonkotsu Ramen (Kintaro Ramen Bar)' }),
        line({ id: 2, serviceType: 'food-delivery', name: 'Gyoza (Kintaro Ramen Bar)' }),
        line({ id: 3, serviceType: 'hotels', name: 'Harbourfront Grand Toronto', details: { checkIn: '2027-03-04', checkOut: '2027-03-06' } }),
        line({ id: 4, serviceType: 'taxi', name: 'Taxi: Economy', details: { pickup: { address: 'Union Station' } } }),
      ],
    });
    expect(steps).toHaveLength(3);
    expect(steps[0]).toMatch(/^Kintaro Ramen Bar has your order\. Once it accepts and marks it ready for pickup/);
    expect(steps[1]).toBe('Harbourfront Grand Toronto has your reservation: check in on Mar 4, 2027, check out on Mar 6, 2027. Show this booking number at the front desk.');
    expect(steps[2]).toMatch(/^We are asking drivers near your pickup at Union Station\./);
  });

  it('says a cancelled booking is cancelled, whatever it held', () => {
    expect(nextSteps({ status: 'cancelled', items: [line({ serviceType: 'cars' })] })).toEqual(['This booking was cancelled. Any payment is refunded to your card.']);
  });
});
