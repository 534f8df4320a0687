import { describe, expect, it } from 'vitest';
import { orderPhrase, templates } from './templates';

const SITE = 'https://golive.test';

describe('receipt mail', () => {
  it('lists the booked lines, the breakdown lines and the total charged', () => {
    const r = templates
      .bookingConfirmed({
        name: 'ana',
        bookingId: 7,
        lines: [{ name: 'Tonkotsu Ramen (Kintaro Ramen Bar)', quantity: 2, lineTotal: 33.98 }],
        charges: [
          { label: 'Subtotal (2 items)', amount: 33.98 },
          { label: 'Delivery fee · Kintaro Ramen Bar', amount: 3.49 },
          { label: 'Service fee (5%)', amount: 1.7 },
          { label: 'Tax (HST 13%, Ontario)', amount: 5.09 },
          { label: 'Tip for your driver', amount: 5 },
        ],
        total: 49.26,
        brand: 'visa',
        last4: '4242',
        deliveries: [],
      })
      .render(SITE);
    expect(r.text).toContain('Tonkotsu Ramen (Kintaro Ramen Bar) × 2: $33.98\nSubtotal (2 items): $33.98\nDelivery fee · Kintaro Ramen Bar: $3.49\nService fee (5%): $1.70\nTax (HST 13%, Ontario): $5.09\nTip for your driver: $5.00\nTotal charged: $49.26');
    expect(r.html).toContain('Tax (HST 13%, Ontario)');
  });

  it("groups digits, and writes the booking's currency", () => {
    const receipt = { name: 'ana', bookingId: 8, lines: [{ name: 'Suite', quantity: 1, lineTotal: 1234.5 }], total: 1234.5, brand: null, last4: null, deliveries: [] };
    expect(templates.bookingConfirmed(receipt).render(SITE).text).toContain('Suite × 1: $1,234.50\nTotal charged: $1,234.50');
    expect(templates.bookingConfirmed({ ...receipt, currency: 'eur' }).render(SITE).text).toContain('Total charged: €1,234.50');
  });
});

describe('booking cancelled mail', () => {
  it("writes the refund in the booking's currency", () => {
    expect(templates.bookingCancelled({ name: 'ana', bookingId: 9, refund: 1234.5, currency: 'eur' }).render(SITE).text).toContain('We have refunded €1,234.50 to your card.');
    expect(templates.bookingCancelled({ name: 'ana', bookingId: 9, refund: 12 }).render(SITE).text).toContain('We have refunded $12.00 to your card.');
  });
});

describe('order on the way mail', () => {
  it('gives the arrival time in UTC, marked so', () => {
    const r = templates.orderOnTheWay({ name: 'ana', eta: '12 min', etaAt: '2026-11-24T19:45:00Z', trackingId: 'trk_1', serviceName: 'Kintaro Ramen Bar' }).render(SITE);
    expect(r.text).toContain('Estimated arrival: 12 min (about 7:45 PM UTC)');
  });
});

describe('order mail subjects per kind', () => {
  it('words food, rides and parcels each their own way', () => {
    expect(orderPhrase('food', 'Kintaro Ramen Bar')).toBe('your order from Kintaro Ramen Bar');
    expect(orderPhrase('taxi', 'Taxi: Economy')).toBe('your Economy ride');
    expect(orderPhrase('shipping', 'Express Shipping')).toBe('your parcel (Express Shipping)');
    const base = { name: 'ana', eta: '12 min', etaAt: null, trackingId: 'trk_1' };
    expect(templates.orderOnTheWay({ ...base, kind: 'food', serviceName: 'Kintaro Ramen Bar' }).render(SITE).subject).toBe('Your order from Kintaro Ramen Bar is on the way');
    const ride = templates.orderOnTheWay({ ...base, kind: 'taxi', serviceName: 'Taxi: Economy' }).render(SITE);
    expect(ride.subject).toBe('Your Economy ride has started');
    expect(ride.subject).not.toContain('order from');
    expect(templates.orderOnTheWay({ ...base, kind: 'shipping', serviceName: 'Express Shipping' }).render(SITE).subject).toBe('Your parcel (Express Shipping) is on the way');
    expect(templates.orderDelivered({ name: 'ana', kind: 'taxi', serviceName: 'Taxi: Economy', trackingId: 'trk_1' }).render(SITE).subject).toBe('Your Economy ride is complete');
    expect(templates.orderDelivered({ name: 'ana', kind: 'food', serviceName: 'Kintaro Ramen Bar', trackingId: 'trk_1' }).render(SITE).subject).toBe('Delivered: your order from Kintaro Ramen Bar');
    const accepted = { name: 'ana', driverName: 'Sam', vehicle: 'Civic', plate: 'ABC 123', trackingId: 'trk_1' };
    expect(templates.orderAccepted({ ...accepted, kind: 'taxi', serviceName: 'Taxi: Economy' }).render(SITE).subject).toBe('Sam is taking care of your Economy ride');
  });
});
