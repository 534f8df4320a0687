import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ARRIVING_WITHIN_KM,
  ARRIVING_WITHIN_MINUTES,
  FOOD_STEPS,
  JOURNEY_STEP_KEYS,
  LINE_HAUL_SCANS,
  PARCEL_STEPS,
  RIDE_STEPS,
  STEP_LABEL,
  factsOfOrder,
  factsOfTrackingRecord,
  isArriving,
  journeyFinished,
  journeyOf,
  journeySteps,
  stepLabel,
  type JourneyFacts,
  type LineHaulScan,
} from './journey';
import { ORDER_KINDS, ORDER_STATUSES, nextStatus, type OrderStatus } from './states';

/** `done done current upcoming ...` as one string, so a failing case shows the whole stepper. */
const states = (facts: JourneyFacts) =>
  journeyOf(facts)
    .steps.map((s) => `${s.key}:${s.state}`)
    .join(' ');

const food = (status: OrderStatus, more: Partial<JourneyFacts> = {}): JourneyFacts => ({ kind: 'food', status, restaurantAccepts: true, ...more });

describe('the food journey of a restaurant run by a provider', () => {
  it('reads, in order, the issue’s steps with the driver at the restaurant between them', () => {
    expect(journeyOf(food('pending')).steps.map((s) => s.label)).toEqual([
      'Order received',
      'Accepted by the restaurant',
      'Ready for pickup',
      'Driver on the way to pickup',
      'Driver at the restaurant',
      'Picked up',
      'Arriving',
      'Delivered',
    ]);
  });

  it('follows the restaurant, then the driver, then the positions', () => {
    const cases: Array<[JourneyFacts, string, string]> = [
      [food('pending'), 'received', 'Order received'],
      [food('pending', { kitchenAccepted: true }), 'restaurant_accepted', 'Accepted by the restaurant'],
      [food('pending', { kitchenAccepted: true, ready: true }), 'ready', 'Ready for pickup'],
      [food('accepted', { kitchenAccepted: true, ready: true }), 'driver_to_pickup', 'Driver on the way to pickup'],
      [food('pickup', { kitchenAccepted: true, ready: true }), 'driver_at_restaurant', 'Driver at the restaurant'],
      [food('transit', { kitchenAccepted: true, ready: true }), 'picked_up', 'Picked up'],
      [food('transit', { kitchenAccepted: true, ready: true, arriving: true }), 'arriving', 'Arriving'],
      [food('delivered', { kitchenAccepted: true, ready: true, arriving: true }), 'delivered', 'Delivered'],
      [food('completed', { kitchenAccepted: true, ready: true }), 'delivered', 'Delivered'],
    ];
    for (const [facts, current, label] of cases) {
      const j = journeyOf(facts);
      expect([j.current, j.label]).toEqual([current, label]);
    }
  });

  it('marks the steps before the current one done and those after it upcoming', () => {
    expect(states(food('pending', { kitchenAccepted: true }))).toBe(
      'received:done restaurant_accepted:current ready:upcoming driver_to_pickup:upcoming driver_at_restaurant:upcoming picked_up:upcoming arriving:upcoming delivered:upcoming',
    );
    expect(states(food('transit', { kitchenAccepted: true, ready: true, arriving: true }))).toBe(
      'received:done restaurant_accepted:done ready:done driver_to_pickup:done driver_at_restaurant:done picked_up:done arriving:current delivered:upcoming',
    );
  });

  it('is Delivered with every earlier step done once delivered (never "En Route" beside it)', () => {
    const j = journeyOf(food('delivered', { kitchenAccepted: true, ready: true }));
    expect(j.steps.filter((s) => s.state !== 'done').map((s) => `${s.key}:${s.state}`)).toEqual(['delivered:current']);
    expect(journeyFinished(j)).toBe(true);
  });

  it('says nothing of Arriving before the food is picked up, whatever the positions say', () => {
    expect(journeyOf(food('accepted', { kitchenAccepted: true, ready: true, arriving: true })).current).toBe('driver_to_pickup');
    expect(journeyOf(food('pickup', { kitchenAccepted: true, ready: true, arriving: true })).current).toBe('driver_at_restaurant');
  });
});

describe('the food journey of a restaurant nobody runs in the portal', () => {
  const house = (status: OrderStatus, more: Partial<JourneyFacts> = {}): JourneyFacts => ({ kind: 'food', status, restaurantAccepts: false, ...more });

  it('has no Ready for pickup step: nobody reports it', () => {
    expect(journeySteps({ kind: 'food', restaurantAccepts: false })).toEqual(FOOD_STEPS.filter((s) => s !== 'ready'));
  });

  it('is accepted on the restaurant’s behalf once paid, then follows the driver', () => {
    expect(states(house('pending'))).toBe(
      'received:done restaurant_accepted:current driver_to_pickup:upcoming driver_at_restaurant:upcoming picked_up:upcoming arriving:upcoming delivered:upcoming',
    );
    expect(journeyOf(house('accepted')).current).toBe('driver_to_pickup');
    expect(journeyOf(house('transit')).current).toBe('picked_up');
    expect(journeyOf(house('completed')).current).toBe('delivered');
  });
});

describe('the ride journey', () => {
  const ride = (status: OrderStatus, arriving = false): JourneyFacts => ({ kind: 'taxi', status, arriving });

  it('reads Ride requested -> Driver on the way -> Driver arrived -> On the ride -> Arriving -> Dropped off', () => {
    expect(RIDE_STEPS.map((k) => STEP_LABEL[k])).toEqual(['Ride requested', 'Driver on the way', 'Driver arrived', 'On the ride', 'Arriving', 'Dropped off']);
    expect(ORDER_STATUSES.filter((s) => s !== 'cancelled').map((s) => journeyOf(ride(s)).current)).toEqual([
      'requested',
      'driver_on_the_way',
      'driver_arrived',
      'on_the_ride',
      'dropped_off',
      'dropped_off',
    ]);
    expect(journeyOf(ride('transit', true)).label).toBe('Arriving');
    expect(journeyFinished(journeyOf(ride('delivered')))).toBe(true);
  });
});

describe('the parcel journey', () => {
  const local = (status: OrderStatus, arriving = false): JourneyFacts => ({ kind: 'shipping', status, arriving, lineHaul: null });
  const between = (status: OrderStatus, scans: LineHaulScan[], arriving = false, hubCity: string | null = 'Vancouver'): JourneyFacts => ({
    kind: 'shipping',
    status,
    arriving,
    lineHaul: { hubCity, scans },
  });

  it('within a city: Shipment booked -> Courier on the way to pickup -> Courier at pickup -> Collected -> Arriving -> Delivered', () => {
    expect(journeyOf(local('pending')).steps.map((s) => s.label)).toEqual([
      'Shipment booked',
      'Courier on the way to pickup',
      'Courier at pickup',
      'Collected',
      'Arriving',
      'Delivered',
    ]);
    expect(['pending', 'accepted', 'pickup', 'transit', 'delivered', 'completed'].map((s) => journeyOf(local(s as OrderStatus)).current)).toEqual([
      'booked',
      'courier_to_pickup',
      'courier_at_pickup',
      'collected',
      'delivered',
      'delivered',
    ]);
    expect(journeyOf(local('transit', true)).current).toBe('arriving');
  });

  it('between cities: the carrier’s scans lead from Collected to Out for delivery, naming the hub', () => {
    expect(journeyOf(between('pending', [])).steps.map((s) => s.label)).toEqual([
      'Shipment booked',
      'Courier on the way to pickup',
      'Courier at pickup',
      'Collected',
      'In transit to Vancouver hub',
      'At the Vancouver hub',
      'Out for delivery',
      'Arriving',
      'Delivered',
    ]);
    // First mile: the courier's order; its drop at the origin hub is still 'Collected' until the carrier scans it.
    expect(journeyOf(between('accepted', [])).current).toBe('courier_to_pickup');
    expect(journeyOf(between('pickup', [])).current).toBe('courier_at_pickup');
    expect(journeyOf(between('transit', [], true)).current).toBe('collected');
    expect(journeyOf(between('delivered', [])).current).toBe('collected');
    expect(journeyOf(between('completed', [])).current).toBe('collected');
    // Between the hubs the first mile's order no longer speaks; the scans do, whatever order they were read in.
    expect(journeyOf(between('completed', ['in_transit'])).label).toBe('In transit to Vancouver hub');
    expect(journeyOf(between('pending', ['at_hub', 'in_transit'])).label).toBe('At the Vancouver hub');
    // Last mile (its order from 'at_hub' on): at the hub until its courier collects it, then out for delivery,
    // arriving once near, delivered.
    expect(journeyOf(between('accepted', ['in_transit', 'at_hub'])).current).toBe('at_hub');
    expect(journeyOf(between('pickup', ['in_transit', 'at_hub'])).current).toBe('at_hub');
    expect(journeyOf(between('transit', ['in_transit', 'at_hub'])).current).toBe('out_for_delivery');
    expect(journeyOf(between('pending', ['in_transit', 'at_hub', 'out_for_delivery'])).current).toBe('out_for_delivery');
    expect(journeyOf(between('transit', ['in_transit', 'at_hub', 'out_for_delivery'])).current).toBe('out_for_delivery');
    expect(journeyOf(between('transit', ['in_transit', 'at_hub', 'out_for_delivery'], true)).current).toBe('arriving');
    expect(journeyOf(between('delivered', ['in_transit', 'at_hub', 'out_for_delivery'])).current).toBe('delivered');
  });

  it('says "the destination hub" when the hub’s city is not known', () => {
    expect(journeyOf(between('completed', ['in_transit'], false, null)).label).toBe('In transit to the destination hub');
    expect(stepLabel('at_hub', '  ')).toBe('At the destination hub');
    expect(stepLabel('at_hub', 'Calgary')).toBe('At the Calgary hub');
    expect(stepLabel('picked_up', 'Calgary')).toBe('Picked up');
  });
});

describe('a cancelled journey', () => {
  it('keeps the steps reached as done and ends with Cancelled as the current step', () => {
    expect(states(food('cancelled'))).toBe('received:done cancelled:current');
    expect(states(food('cancelled', { kitchenAccepted: true }))).toBe('received:done restaurant_accepted:done cancelled:current');
    expect(states({ kind: 'taxi', status: 'cancelled' })).toBe('requested:done cancelled:current');
    const j = journeyOf(food('cancelled', { kitchenAccepted: true, ready: true }));
    expect([j.current, j.label, journeyFinished(j)]).toEqual(['cancelled', 'Cancelled', true]);
  });
});

describe('Arriving', () => {
  it(`is within ${ARRIVING_WITHIN_KM} km or ${ARRIVING_WITHIN_MINUTES} min of the drop-off`, () => {
    expect(isArriving({ km: 1, minutes: 10 })).toBe(true);
    expect(isArriving({ km: 1.01, minutes: 4 })).toBe(false);
    expect(isArriving({ km: 2, minutes: 3 })).toBe(true);
    expect(isArriving({ km: 0, minutes: 0 })).toBe(true);
    expect(isArriving({ km: null, minutes: null })).toBe(false);
    expect(isArriving({ km: Number.NaN, minutes: Number.POSITIVE_INFINITY })).toBe(false);
  });
});

describe('the facts of stored rows', () => {
  it('reads a delivery order row', () => {
    const row = { kind: 'food' as const, status: 'pending' as const, awaitsReady: true, kitchenAcceptedAt: new Date(), readyAt: null, arrivingAt: null };
    expect(factsOfOrder(row)).toEqual({ kind: 'food', status: 'pending', restaurantAccepts: true, kitchenAccepted: true, ready: false, arriving: false, lineHaul: null });
    expect(journeyOf(factsOfOrder({ ...row, status: 'transit', readyAt: '2026-01-01T00:00:00Z', arrivingAt: '2026-01-01T00:10:00Z' })).current).toBe('arriving');
  });

  it('reads a carrier’s parcel tracked by number only (the seeded demo parcels)', () => {
    const pending = factsOfTrackingRecord({ type: 'shipping', status: 'pending', updateStatuses: ['label_created', 'pending'] });
    expect(journeyOf(pending).label).toBe('Shipment booked');
    expect(journeyOf(factsOfTrackingRecord({ type: 'delivery', status: 'pending', updateStatuses: [] })).label).toBe('Order received');
    const moving = factsOfTrackingRecord({ type: 'shipping', status: 'active', updateStatuses: ['picked_up', 'in_transit', 'active'] });
    expect(journeyOf(moving).label).toBe('In transit to the destination hub');
    expect(journeyOf(factsOfTrackingRecord({ type: 'shipping', status: 'completed', updateStatuses: [] })).label).toBe('Delivered');
    expect(journeyOf(factsOfTrackingRecord({ type: 'ride', status: 'cancelled', updateStatuses: [] })).label).toBe('Cancelled');
  });
});

describe('the journey, whatever the facts', () => {
  const facts: fc.Arbitrary<JourneyFacts> = fc.record({
    kind: fc.constantFrom(...ORDER_KINDS),
    status: fc.constantFrom(...ORDER_STATUSES),
    restaurantAccepts: fc.boolean(),
    kitchenAccepted: fc.boolean(),
    ready: fc.boolean(),
    arriving: fc.boolean(),
    lineHaul: fc.option(fc.record({ hubCity: fc.option(fc.constantFrom('Vancouver', 'Calgary')), scans: fc.subarray([...LINE_HAUL_SCANS]) })),
  });

  it('has exactly one current step, done steps before it and upcoming after it, and the current step’s label', () => {
    fc.assert(
      fc.property(facts, (f) => {
        const j = journeyOf(f);
        const current = j.steps.findIndex((s) => s.state === 'current');
        expect(j.steps.filter((s) => s.state === 'current')).toHaveLength(1);
        expect(j.steps[current].key).toBe(j.current);
        expect(j.steps[current].label).toBe(j.label);
        j.steps.forEach((s, i) => expect(s.state).toBe(i < current ? 'done' : i === current ? 'current' : 'upcoming'));
        const own = f.kind === 'food' ? FOOD_STEPS : f.kind === 'taxi' ? RIDE_STEPS : PARCEL_STEPS;
        for (const s of j.steps) expect([...own, 'cancelled']).toContain(s.key);
        expect(j.current === 'cancelled').toBe(f.status === 'cancelled');
      }),
    );
  });

  it('never goes back as the order moves on, one driver step at a time', () => {
    fc.assert(
      fc.property(facts, (f) => {
        let status: OrderStatus = 'pending';
        let at = -1;
        for (let next: OrderStatus | null = status; next; next = nextStatus(status)) {
          status = next;
          const j = journeyOf({ ...f, status });
          const index = j.steps.findIndex((s) => s.state === 'current');
          expect(index).toBeGreaterThanOrEqual(at);
          at = index;
        }
      }),
    );
  });

  it('names every step once, and each step has a label', () => {
    expect([...JOURNEY_STEP_KEYS].sort()).toEqual(Object.keys(STEP_LABEL).sort());
    expect(new Set(JOURNEY_STEP_KEYS).size).toBe(JOURNEY_STEP_KEYS.length);
  });
});
