import type { OrderKind, OrderStatus } from './states';

/**
 * The journey of a delivery order: the one status model every screen shows (tracking page and dialog, My bookings,
 * the driver's and the provider's screens, the status mails). The server derives it from facts it holds
 * (delivery_orders.status, when the restaurant accepted and marked the food ready, whether the driver is near the
 * drop-off, the carrier's line-haul scans); nothing here is stored, so a rule change never rewrites the past.
 *
 * Food:    Order received -> Accepted by the restaurant -> Ready for pickup -> Driver on the way to pickup -> Driver at
 *          the restaurant -> Picked up -> Arriving -> Delivered
 *          A restaurant not run by a provider has nobody to press Accept or Ready: the listing takes every order it
 *          is sold, so the order is accepted on its behalf when paid and a driver is asked at once; its journey has
 *          no 'Ready for pickup' step (nobody reports it; 'Picked up' is when the food leaves the restaurant).
 * Rides:   Ride requested -> Driver on the way -> Driver arrived -> On the ride -> Arriving -> Dropped off
 * Parcels: Shipment booked -> Courier on the way to pickup -> Courier at pickup -> Collected -> Arriving -> Delivered;
 *          a parcel between cities (line-haul) goes Collected -> In transit to <city> hub -> At the <city> hub -> Out
 *          for delivery -> Arriving -> Delivered, the middle steps from the carrier's scans.
 * Every driver status is one step, so the driver's screen shows the same words as the customer's ('Arrived at the
 * restaurant' makes 'Driver at the restaurant', 'Picked up' makes 'Picked up').
 * Any unfinished journey can end in Cancelled: the steps reached stay done, then Cancelled is the current step.
 */

export const FOOD_STEPS = ['received', 'restaurant_accepted', 'ready', 'driver_to_pickup', 'driver_at_restaurant', 'picked_up', 'arriving', 'delivered'] as const;
export const RIDE_STEPS = ['requested', 'driver_on_the_way', 'driver_arrived', 'on_the_ride', 'arriving', 'dropped_off'] as const;
export const PARCEL_STEPS = ['booked', 'courier_to_pickup', 'courier_at_pickup', 'collected', 'line_haul', 'at_hub', 'out_for_delivery', 'arriving', 'delivered'] as const;

export type JourneyStepKey =
  | (typeof FOOD_STEPS)[number]
  | (typeof RIDE_STEPS)[number]
  | (typeof PARCEL_STEPS)[number]
  | 'cancelled';

/** Every step key once (the API's enum). */
export const JOURNEY_STEP_KEYS = [
  'received',
  'restaurant_accepted',
  'ready',
  'driver_to_pickup',
  'driver_at_restaurant',
  'picked_up',
  'arriving',
  'delivered',
  'requested',
  'driver_on_the_way',
  'driver_arrived',
  'on_the_ride',
  'dropped_off',
  'booked',
  'courier_to_pickup',
  'courier_at_pickup',
  'collected',
  'line_haul',
  'at_hub',
  'out_for_delivery',
  'cancelled',
] as const satisfies readonly JourneyStepKey[];

/** What each step reads (the line-haul steps name the destination hub's city when it is known: see stepLabel). */
export const STEP_LABEL: Record<JourneyStepKey, string> = {
  received: 'Order received',
  restaurant_accepted: 'Accepted by the restaurant',
  ready: 'Ready for pickup',
  driver_to_pickup: 'Driver on the way to pickup',
  driver_at_restaurant: 'Driver at the restaurant',
  picked_up: 'Picked up',
  arriving: 'Arriving',
  delivered: 'Delivered',
  requested: 'Ride requested',
  driver_on_the_way: 'Driver on the way',
  driver_arrived: 'Driver arrived',
  on_the_ride: 'On the ride',
  dropped_off: 'Dropped off',
  booked: 'Shipment booked',
  courier_to_pickup: 'Courier on the way to pickup',
  courier_at_pickup: 'Courier at pickup',
  collected: 'Collected',
  line_haul: 'In transit to the destination hub',
  at_hub: 'At the destination hub',
  out_for_delivery: 'Out for delivery',
  cancelled: 'Cancelled',
};

/** A step's label; the line-haul steps name the hub's city ('In transit to Vancouver hub'). */
export function stepLabel(key: JourneyStepKey, hubCity?: string | null): string {
  const city = hubCity?.trim();
  if (city && key === 'line_haul') return `In transit to ${city} hub`;
  if (city && key === 'at_hub') return `At the ${city} hub`;
  return STEP_LABEL[key];
}

/**
 * 'Arriving': the driver is within ARRIVING_WITHIN_KM road kilometres or ARRIVING_WITHIN_MINUTES of the drop-off
 * (whichever comes first), measured from the positions the driver sends after pickup. The server notes the first
 * time an order comes that near (delivery_orders.arriving_at), so a detour does not take the step back.
 */
export const ARRIVING_WITHIN_KM = 1;
export const ARRIVING_WITHIN_MINUTES = 3;

/** Whether a driver this far from the drop-off counts as arriving (distance in road km, ETA in whole minutes). */
export function isArriving(remaining: { km: number | null; minutes: number | null }): boolean {
  if (remaining.km !== null && Number.isFinite(remaining.km) && remaining.km <= ARRIVING_WITHIN_KM) return true;
  return remaining.minutes !== null && Number.isFinite(remaining.minutes) && remaining.minutes <= ARRIVING_WITHIN_MINUTES;
}

/**
 * The carrier's scans of a parcel between cities, in the order they happen. They are tracking updates whose
 * `status` is one of these (written by the dispatch module's line-haul); the journey takes the furthest one seen.
 *   in_transit       the parcel left the origin hub for the destination hub
 *   at_hub           it arrived at the destination hub
 *   out_for_delivery the last mile has begun (a local courier has it, or it is on the carrier's van)
 */
export const LINE_HAUL_SCANS = ['in_transit', 'at_hub', 'out_for_delivery'] as const;
export type LineHaulScan = (typeof LINE_HAUL_SCANS)[number];

export function isLineHaulScan(status: string): status is LineHaulScan {
  return (LINE_HAUL_SCANS as readonly string[]).includes(status);
}

/** What the server knows about an order, the journey's only input. */
export type JourneyFacts = {
  kind: OrderKind;
  /** delivery_orders.status (for a tracking record without an order, see factsOfTrackingRecord). */
  status: OrderStatus;
  /** Food: a provider runs the restaurant, so it must accept the order and mark it ready (delivery_orders.awaits_ready). */
  restaurantAccepts?: boolean;
  /** Food: the restaurant accepted it (kitchen_accepted_at is set). */
  kitchenAccepted?: boolean;
  /** Food: the restaurant marked it ready for pickup (ready_at is set). */
  ready?: boolean;
  /** After pickup: the driver has come within the arriving threshold (arriving_at is set, or isArriving now). */
  arriving?: boolean;
  /**
   * Parcels between cities: the destination hub's city and the carrier's scans so far. `status` is then the status
   * of the local courier's order for the mile at hand: the first mile's until the parcel reaches the destination hub
   * ('at_hub', when the last mile's order is created), the last mile's from then on.
   */
  lineHaul?: { hubCity: string | null; scans: readonly LineHaulScan[] } | null;
};

export type JourneyStepState = 'done' | 'current' | 'upcoming';
export type JourneyStep = { key: JourneyStepKey; label: string; state: JourneyStepState };

/** The journey as every API answer carries it: the current step, its label, and every step in order. */
export type Journey = { current: JourneyStepKey; label: string; steps: JourneyStep[] };

/** The steps of a journey of this kind, in order, without Cancelled. */
export function journeySteps(facts: Pick<JourneyFacts, 'kind' | 'restaurantAccepts' | 'lineHaul'>): JourneyStepKey[] {
  switch (facts.kind) {
    case 'food':
      // Nobody reports 'Ready for pickup' for a restaurant that is not run by a provider.
      return facts.restaurantAccepts === false ? FOOD_STEPS.filter((s) => s !== 'ready') : [...FOOD_STEPS];
    case 'taxi':
      return [...RIDE_STEPS];
    case 'shipping':
      return facts.lineHaul ? [...PARCEL_STEPS] : PARCEL_STEPS.filter((s) => s !== 'line_haul' && s !== 'at_hub' && s !== 'out_for_delivery');
  }
}

/** The step the facts have reached (never Cancelled: for a cancelled order, the last step it reached before). */
function reachedStep(f: JourneyFacts): JourneyStepKey {
  const s = f.status;
  const finished = s === 'delivered' || s === 'completed';
  const afterPickup = s === 'transit';
  switch (f.kind) {
    case 'food': {
      if (finished) return 'delivered';
      if (afterPickup) return f.arriving ? 'arriving' : 'picked_up';
      if (s === 'pickup') return 'driver_at_restaurant';
      if (s === 'accepted') return 'driver_to_pickup';
      // Waiting for a driver (pending, or cancelled before one took it).
      if (f.restaurantAccepts === false) return 'restaurant_accepted';
      if (f.ready) return 'ready';
      if (f.kitchenAccepted) return 'restaurant_accepted';
      return 'received';
    }
    case 'taxi': {
      if (finished) return 'dropped_off';
      if (afterPickup) return f.arriving ? 'arriving' : 'on_the_ride';
      if (s === 'pickup') return 'driver_arrived';
      if (s === 'accepted') return 'driver_on_the_way';
      return 'requested';
    }
    case 'shipping': {
      const scans = f.lineHaul?.scans ?? [];
      if (f.lineHaul && (scans.includes('at_hub') || scans.includes('out_for_delivery'))) {
        // From the destination hub on, `status` is the last mile's: its courier collecting it is 'Out for delivery'.
        if (finished) return 'delivered';
        if (afterPickup) return f.arriving ? 'arriving' : 'out_for_delivery';
        return scans.includes('out_for_delivery') ? 'out_for_delivery' : 'at_hub';
      }
      // Between the hubs: the first mile is over, whatever its order says.
      if (f.lineHaul && scans.includes('in_transit')) return 'line_haul';
      if (finished) return f.lineHaul ? 'collected' : 'delivered';
      // A first mile ends at the origin hub: 'Collected' until the carrier scans the parcel out of it.
      if (afterPickup) return f.arriving && !f.lineHaul ? 'arriving' : 'collected';
      if (s === 'pickup') return 'courier_at_pickup';
      if (s === 'accepted') return 'courier_to_pickup';
      return 'booked';
    }
  }
}

/**
 * The journey of an order from its facts: exactly one step is current; the steps before it are done and those after
 * it upcoming. A cancelled order keeps the steps it reached as done and ends with Cancelled as the current step.
 */
export function journeyOf(facts: JourneyFacts): Journey {
  const keys = journeySteps(facts);
  const hubCity = facts.lineHaul?.hubCity ?? null;
  const reached = reachedStep(facts);
  const at = Math.max(0, keys.indexOf(reached));
  if (facts.status === 'cancelled') {
    const steps: JourneyStep[] = keys.slice(0, at + 1).map((key) => ({ key, label: stepLabel(key, hubCity), state: 'done' }));
    steps.push({ key: 'cancelled', label: STEP_LABEL.cancelled, state: 'current' });
    return { current: 'cancelled', label: STEP_LABEL.cancelled, steps };
  }
  const steps: JourneyStep[] = keys.map((key, i) => ({
    key,
    label: stepLabel(key, hubCity),
    state: i < at ? 'done' : i === at ? 'current' : 'upcoming',
  }));
  return { current: keys[at], label: steps[at].label, steps };
}

/** Whether the journey is over (delivered, dropped off or cancelled): nothing will change any more. */
export function journeyFinished(journey: Pick<Journey, 'current'>): boolean {
  return journey.current === 'delivered' || journey.current === 'dropped_off' || journey.current === 'cancelled';
}

/**
 * The facts of a tracking record that has no delivery order (a carrier's parcel tracked by number only, like the
 * seeded demo parcels): its tracking status and the scans among its updates.
 */
export function factsOfTrackingRecord(record: {
  type: 'delivery' | 'ride' | 'shipping' | 'flight' | 'service';
  status: 'pending' | 'active' | 'completed' | 'cancelled';
  updateStatuses: readonly string[];
}): JourneyFacts {
  const kind: OrderKind = record.type === 'delivery' ? 'food' : record.type === 'ride' ? 'taxi' : 'shipping';
  const scans = record.updateStatuses.filter(isLineHaulScan);
  const status: OrderStatus =
    record.status === 'pending' ? 'pending' : record.status === 'completed' ? 'completed' : record.status === 'cancelled' ? 'cancelled' : 'transit';
  // Nothing is known of a restaurant's side here: a pending food record reads 'Order received', no more.
  return { kind, status, restaurantAccepts: true, lineHaul: kind === 'shipping' && scans.length > 0 ? { hubCity: null, scans } : null };
}

/** The facts of a delivery order row as the server stores it (server/db/schema.ts deliveryOrders). */
export function factsOfOrder(
  order: {
    kind: OrderKind;
    status: OrderStatus;
    awaitsReady: boolean;
    kitchenAcceptedAt: Date | string | null;
    readyAt: Date | string | null;
    arrivingAt: Date | string | null;
  },
  lineHaul: JourneyFacts['lineHaul'] = null,
): JourneyFacts {
  return {
    kind: order.kind,
    status: order.status,
    restaurantAccepts: order.awaitsReady,
    kitchenAccepted: order.kitchenAcceptedAt !== null,
    ready: order.readyAt !== null,
    arriving: order.arrivingAt !== null,
    lineHaul,
  };
}
