import { describe, expect, it } from 'vitest';
import type { ProviderOrder } from '@domain/provider/schemas';
import { arrivals, awaitsDecision, kitchenActions, kitchenStage, localDay, orderActions, orderKey, partTotal, stepLabel, todayView } from './today-logic';

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
    orderId: over.id * 100,
    orderStatus: 'confirmed',
    money: { grossCents: 1000, commissionPercent: 15, commissionMinCents: 100, feeCents: 150, netCents: 850, refundedCents: 0, netRefundedCents: 0, fulfilmentCents: 0, earnedCents: 850 },
    canAccept: false,
    canDecline: false,
    canComplete: false,
    declineReason: null,
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

  it('names the step as the customer sees it, or the order status, or the booking status', () => {
    expect(stepLabel(food(1, { stepLabel: 'Accepted by the restaurant' }))).toBe('Accepted by the restaurant');
    expect(stepLabel(order({ id: 2, kind: 'hotels' }))).toBe('Paid');
    expect(stepLabel(order({ id: 2, kind: 'hotels', status: 'cancelled' }))).toBe('Cancelled');
    expect(stepLabel(order({ id: 2, kind: 'hotels', orderStatus: 'accepted' }))).toBe('Accepted');
    expect(stepLabel(order({ id: 2, kind: 'hotels', orderStatus: 'completed' }))).toBe('Completed');
    // A declined part of a booking that stands says so, whatever its delivery's step.
    expect(stepLabel(food(1, { stepLabel: 'Order received' }, { orderStatus: 'declined' }))).toBe('Declined');
  });

  it('a declined or cancelled order is not the kitchen’s, even while its booking stands', () => {
    expect(kitchenStage(food(1, {}, { orderStatus: 'declined' }))).toBeNull();
    expect(kitchenStage(food(1, {}, { orderStatus: 'cancelled' }))).toBeNull();
  });
});

describe('order buttons (issue 28)', () => {
  it('offers Accept outside the kitchen, Decline and Mark completed as the server allows', () => {
    const hotel = order({ id: 2, kind: 'hotels', canAccept: true, canDecline: true });
    expect(orderActions(hotel)).toEqual({ accept: true, decline: true, complete: false });
    // The kitchen's Accept order is its own button.
    expect(orderActions(food(1, {}, { canAccept: true, canDecline: true }))).toEqual({ accept: false, decline: true, complete: false });
    expect(orderActions(order({ id: 3, kind: 'cars', orderStatus: 'accepted', canComplete: true }))).toEqual({ accept: false, decline: false, complete: true });
  });

  it('an order waiting for a decision needs action until accepted or past its window', () => {
    expect(awaitsDecision(order({ id: 2, kind: 'hotels', canAccept: true, canDecline: true }))).toBe(true);
    expect(awaitsDecision(order({ id: 2, kind: 'hotels', canAccept: true, canDecline: false }))).toBe(false);
    expect(awaitsDecision(order({ id: 2, kind: 'hotels', orderStatus: 'accepted', canDecline: false }))).toBe(false);
    // Kitchen orders are counted as the kitchen's.
    expect(awaitsDecision(food(1, {}, { canAccept: true, canDecline: true }))).toBe(false);
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

  it('puts bookings waiting for accept or decline with the kitchen, counted as new; a declined booking is not upcoming', () => {
    const orders = [
      order({ id: 9, kind: 'hotels', startDate: '2027-03-20', createdAt: at(10, 11), canAccept: true, canDecline: true }),
      order({ id: 8, kind: 'hotels', startDate: '2027-03-21', createdAt: at(10, 9), orderStatus: 'declined', declineReason: 'Closed for repairs' }),
      food(7, {}, { createdAt: at(10, 10) }),
      order({ id: 6, kind: 'cars', startDate: '2027-03-22', createdAt: at(9), orderStatus: 'accepted' }),
    ];
    const view = todayView(orders, NOW);
    expect(view.action.map((o) => o.id)).toEqual([7, 9]);
    expect(view.newCount).toBe(2);
    expect(view.upcoming.map((o) => o.id)).toEqual([6]);
    expect(view.today.map((o) => o.id)).toEqual([8]);
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
    expect(arrivals(new Set([orderKey(a)]), [a, food(4, {}, { orderStatus: 'declined' })])).toEqual([]);
  });
});
