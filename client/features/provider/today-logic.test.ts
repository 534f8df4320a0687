import { describe, expect, it } from 'vitest';
import type { ProviderOrder } from '@domain/provider/schemas';
import { arrivals, kitchenActions, kitchenStage, localDay, orderKey, partTotal, stepLabel, todayView } from './today-logic';

const NOW = new Date(2027, 2, 10, 12, 0, 0);
const at = (day: number, hour = 10) => new Date(2027, 2, day, hour, 0, 0).toISOString();

function order(over: Partial<ProviderOrder> & { id: number }): ProviderOrder {
  return {
    kind: 'restaurants',
    listingId: 1,
    listingName: 'Pho Place',
    status: 'confirmed',
    customerName: 'ana',
    createdAt: at(10),
    items: [],
    total: 10,
    charges: [{ key: 'items', label: 'Subtotal (1 item)', amount: 10 }],
    bookingTotal: 12.5,
    startDate: null,
    endDate: null,
    delivery: null,
    ...over,
  };
}
const food = (id: number, d: Partial<NonNullable<ProviderOrder['delivery']>> = {}, over: Partial<ProviderOrder> = {}) =>
  order({
    id,
    delivery: { orderId: id * 10, status: 'pending', awaitsReady: true, acceptedAt: null, readyAt: null, step: 'received', stepLabel: 'Order received', ...d },
    ...over,
  });

describe('kitchen steps', () => {
  it('a new order can be accepted, not marked ready; an accepted one can be marked ready; then nothing', () => {
    expect(kitchenActions(food(1))).toEqual({ shown: true, accept: true, ready: false });
    expect(kitchenActions(food(1, { acceptedAt: at(10, 11) }))).toEqual({ shown: true, accept: false, ready: true });
    expect(kitchenActions(food(1, { acceptedAt: at(10, 11), readyAt: at(10, 12) })).shown).toBe(false);
    // Restaurants nobody runs, cancelled bookings and orders a driver already has are not the kitchen's.
    expect(kitchenStage(food(1, { awaitsReady: false }))).toBeNull();
    expect(kitchenStage(food(1, {}, { status: 'cancelled' }))).toBeNull();
    expect(kitchenStage(food(1, { status: 'accepted' }))).toBeNull();
    expect(kitchenStage(order({ id: 2, kind: 'hotels' }))).toBeNull();
  });

  it('names the step as the customer sees it, or the booking status', () => {
    expect(stepLabel(food(1, { stepLabel: 'Accepted by the restaurant' }))).toBe('Accepted by the restaurant');
    expect(stepLabel(order({ id: 2, kind: 'hotels' }))).toBe('Paid');
    expect(stepLabel(order({ id: 2, kind: 'hotels', status: 'cancelled' }))).toBe('Cancelled');
  });
});

describe('today view', () => {
  it('puts the kitchen first (oldest first), then today, upcoming bookings by date, and the rest', () => {
    const orders = [
      food(9, {}, { createdAt: at(10, 11) }),
      order({ id: 8, kind: 'hotels', startDate: '2027-03-20', createdAt: at(10, 9) }),
      order({ id: 7, kind: 'hotels', startDate: '2027-03-12', createdAt: at(1) }),
      order({ id: 6, kind: 'hotels', startDate: '2027-03-01', createdAt: at(1) }),
      food(5, { acceptedAt: at(9, 23) }, { createdAt: at(9, 22) }),
      food(4, { readyAt: at(10, 8), acceptedAt: at(10, 7) }, { createdAt: at(10, 7) }),
      food(3, {}, { createdAt: at(2), status: 'cancelled' }),
    ];
    const view = todayView(orders, NOW);
    expect(view.action.map((o) => o.id)).toEqual([5, 9]);
    expect(view.newCount).toBe(1);
    expect(view.today.map((o) => o.id)).toEqual([4]);
    expect(view.upcoming.map((o) => o.id)).toEqual([7, 8]);
    expect(view.earlier.map((o) => o.id)).toEqual([6, 3]);
  });

  it('uses the local day', () => {
    expect(localDay(new Date(2027, 0, 5, 23, 59))).toBe('2027-01-05');
  });
});

describe('part total', () => {
  it('is the sum of the charges (items and delivery fee) to the cent, or the items without them', () => {
    const charges = [
      { key: 'items' as const, label: 'Subtotal (3 items)', amount: 0.1 },
      { key: 'delivery' as const, label: 'Delivery fee · Pho Place', amount: 0.2 },
    ];
    expect(partTotal({ charges, total: 0.1 })).toBe(0.3);
    expect(partTotal({ charges: [], total: 15.75 })).toBe(15.75);
  });
});

describe('arrivals', () => {
  it('announces only orders not seen before, never the first load or a cancellation', () => {
    const a = food(1);
    const b = food(2);
    expect(arrivals(null, [a, b])).toEqual([]);
    expect(arrivals(new Set([orderKey(a)]), [a, b])).toEqual([b]);
    expect(arrivals(new Set([orderKey(a)]), [a, food(3, {}, { status: 'cancelled' })])).toEqual([]);
  });
});
