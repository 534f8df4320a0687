import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { journeyOf } from './journey';
import { ORDER_KINDS, ORDER_STATUSES, isFinal, nextStatus, nextStepLabel, orderStatusMessage, orderTransition, trackingStatusLabel, trackingStatusOf, type OrderEvent, type OrderStatus } from './states';

const events: fc.Arbitrary<OrderEvent> = fc.oneof(
  fc.constant<OrderEvent>({ type: 'accept' }),
  fc.constant<OrderEvent>({ type: 'cancel' }),
  fc.constantFrom(...ORDER_STATUSES).map((to): OrderEvent => ({ type: 'step', to })),
);

/** Where an order may legally be after `from`. */
const LEGAL: Record<OrderStatus, OrderStatus[]> = {
  pending: ['accepted', 'cancelled'],
  accepted: ['pickup', 'cancelled'],
  pickup: ['transit', 'cancelled'],
  transit: ['delivered', 'cancelled'],
  delivered: ['completed', 'cancelled'],
  completed: [],
  cancelled: [],
};

describe('the order state machine', () => {
  it('never reaches an illegal state, whatever events arrive; completed and cancelled are final', () => {
    fc.assert(
      fc.property(fc.array(events, { maxLength: 40 }), (sequence) => {
        let status: OrderStatus = 'pending';
        for (const event of sequence) {
          const t = orderTransition(status, event);
          if (isFinal(status)) expect(t.ok).toBe(false);
          if (t.ok) {
            expect(LEGAL[status]).toContain(t.to);
            status = t.to;
          }
        }
      }),
    );
  });

  it('walks the happy path one step at a time', () => {
    let status: OrderStatus = 'pending';
    const seen: OrderStatus[] = [status];
    for (let next = nextStatus(status); next; next = nextStatus(status)) {
      const t = orderTransition(status, next === 'accepted' ? { type: 'accept' } : { type: 'step', to: next });
      if (!t.ok) throw new Error(t.message);
      status = t.to;
      seen.push(status);
    }
    expect(seen).toEqual(['pending', 'accepted', 'pickup', 'transit', 'delivered', 'completed']);
  });

  it('explains refusals', () => {
    expect(orderTransition('accepted', { type: 'accept' })).toEqual({ ok: false, message: 'This order has already been taken' });
    expect(orderTransition('pending', { type: 'step', to: 'pickup' })).toEqual({ ok: false, message: 'Accept the order first' });
    expect(orderTransition('cancelled', { type: 'cancel' })).toEqual({ ok: false, message: 'This order was cancelled' });
  });

  it('maps order statuses onto the tracking record and its labels (spec 000 section 4); delivered is the customer’s end', () => {
    expect(ORDER_STATUSES.map(trackingStatusOf)).toEqual(['pending', 'active', 'active', 'active', 'completed', 'completed', 'cancelled']);
    expect(trackingStatusLabel('pending', 'dialog')).toBe('Preparing');
    expect(trackingStatusLabel('pending', 'map')).toBe('Pending');
    expect(trackingStatusLabel('active', 'dialog')).toBe('En Route');
    expect(trackingStatusLabel('completed', 'map')).toBe('Delivered');
    expect(trackingStatusLabel('weird', 'map')).toBe('Unknown');
  });
});

describe("the driver's buttons", () => {
  it('say what the driver has just done, per kind (issue 26: En Route meant picked up)', () => {
    const walk = (kind: (typeof ORDER_KINDS)[number]) => (['pending', 'accepted', 'pickup', 'transit', 'delivered', 'completed'] as const).map((s) => nextStepLabel(s, kind));
    expect(walk('food')).toEqual(['Accept', 'Arrived at the restaurant', 'Picked up', 'Delivered', 'Complete Order', null]);
    expect(walk('taxi')).toEqual(['Accept', 'Arrived at pickup', 'Rider picked up', 'Dropped off', 'Complete Ride', null]);
    expect(walk('shipping')).toEqual(['Accept', 'Arrived at pickup', 'Parcel collected', 'Delivered', 'Complete Order', null]);
    expect(nextStepLabel('cancelled', 'food')).toBeNull();
  });

  it("lead to the journey step the customer sees, and the tracking update names it", () => {
    // Each button's status reads on the customer's side as the step the button names.
    const after = (status: OrderStatus, kind: (typeof ORDER_KINDS)[number]) => journeyOf({ kind, status, restaurantAccepts: true, kitchenAccepted: true, ready: true }).label;
    expect(after('pickup', 'food')).toBe('Driver at the restaurant');
    expect(after('transit', 'food')).toBe('Picked up');
    expect(after('pickup', 'taxi')).toBe('Driver arrived');
    expect(after('transit', 'taxi')).toBe('On the ride');
    expect(orderStatusMessage('pickup', 'food')).toBe('Your driver is at the restaurant');
    expect(orderStatusMessage('transit', 'food')).toBe('Picked up and on the way to you');
    expect(orderStatusMessage('transit', 'taxi')).toBe('On the ride');
    expect(orderStatusMessage('delivered', 'taxi')).toBe('Dropped off');
    for (const kind of ORDER_KINDS) for (const status of ORDER_STATUSES) expect(orderStatusMessage(status, kind)).not.toBe('');
  });
});
