/** The kinds of deliverable orders: one per restaurant of food lines, one per taxi ride, one per shipment. */
export const ORDER_KINDS = ['food', 'taxi', 'shipping'] as const;
export type OrderKind = (typeof ORDER_KINDS)[number];

/**
 * The life of a delivery order (a food delivery, a taxi ride or a shipment), owned by the server: pending (waiting
 * for a driver), accepted (a driver took it and is on the way to the pickup), pickup (the driver is at the pickup),
 * transit (picked up, on the way to the drop-off), delivered, completed (the driver closed it), cancelled. What the
 * customer sees is the journey built on it (journey.ts).
 */
export const ORDER_STATUSES = ['pending', 'accepted', 'pickup', 'transit', 'delivered', 'completed', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** The steps a driver takes, in order, after accepting. */
export const DRIVER_STEPS = ['pickup', 'transit', 'delivered', 'completed'] as const;
export type DriverStep = (typeof DRIVER_STEPS)[number];

/** The statuses in which an order belongs to its driver and is not finished. */
export const ACTIVE_ORDER_STATUSES = ['accepted', 'pickup', 'transit', 'delivered'] as const satisfies readonly OrderStatus[];
/** Statuses an order never leaves. */
export const FINAL_ORDER_STATUSES = ['completed', 'cancelled'] as const satisfies readonly OrderStatus[];

export type OrderEvent = { type: 'accept' } | { type: 'step'; to: OrderStatus } | { type: 'cancel' };

export type OrderTransition = { ok: true; to: OrderStatus } | { ok: false; message: string };

const NEXT: Partial<Record<OrderStatus, OrderStatus>> = {
  pending: 'accepted',
  accepted: 'pickup',
  pickup: 'transit',
  transit: 'delivered',
  delivered: 'completed',
};

/** The status a driver's next-step button moves an order to, or null when there is none. */
export function nextStatus(status: OrderStatus): OrderStatus | null {
  return NEXT[status] ?? null;
}

export function isFinal(status: OrderStatus): boolean {
  return (FINAL_ORDER_STATUSES as readonly OrderStatus[]).includes(status);
}

export function isActive(status: OrderStatus): boolean {
  return (ACTIVE_ORDER_STATUSES as readonly OrderStatus[]).includes(status);
}

/**
 * The order state machine: pending -> accepted -> pickup -> transit -> delivered -> completed, one step at a time;
 * any unfinished order can be cancelled; completed and cancelled are final.
 */
export function orderTransition(from: OrderStatus, event: OrderEvent): OrderTransition {
  if (from === 'cancelled') return { ok: false, message: 'This order was cancelled' };
  if (from === 'completed') return { ok: false, message: 'This order is already completed' };
  switch (event.type) {
    case 'cancel':
      return { ok: true, to: 'cancelled' };
    case 'accept':
      return from === 'pending' ? { ok: true, to: 'accepted' } : { ok: false, message: 'This order has already been taken' };
    case 'step': {
      if (from === 'pending') return { ok: false, message: 'Accept the order first' };
      const next = NEXT[from];
      if (next === event.to) return { ok: true, to: next };
      return { ok: false, message: `An order that is ${from} cannot move to ${event.to}; the next step is ${next}` };
    }
  }
}

/**
 * The label of the driver's button that moves an order out of `status`, per kind. Each says what the driver has just
 * done (spec 002 section 4 named them Start Pickup / En Route, which read as the opposite of what they recorded:
 * issue 26 and the journey ADR): accepted -> pickup is arriving at the pickup, pickup -> transit is picking up.
 */
export const DRIVER_STEP_LABEL: Record<OrderKind, Partial<Record<OrderStatus, string>>> = {
  food: { pending: 'Accept', accepted: 'Arrived at the restaurant', pickup: 'Picked up', transit: 'Delivered', delivered: 'Complete Order' },
  taxi: { pending: 'Accept', accepted: 'Arrived at pickup', pickup: 'Rider picked up', transit: 'Dropped off', delivered: 'Complete Ride' },
  shipping: { pending: 'Accept', accepted: 'Arrived at pickup', pickup: 'Parcel collected', transit: 'Delivered', delivered: 'Complete Order' },
};

/** The driver's next-step button label for an order of `kind` in `status`, or null when there is none. */
export function nextStepLabel(status: OrderStatus, kind: OrderKind): string | null {
  return DRIVER_STEP_LABEL[kind][status] ?? null;
}

/** The tracking record's status for an order's status (spec 000 section 3: pending, active, completed). */
export type TrackingStatus = 'pending' | 'active' | 'completed' | 'cancelled';

export function trackingStatusOf(status: OrderStatus): TrackingStatus {
  if (status === 'pending') return 'pending';
  // Delivered is the customer's end of it: Complete Order is the driver's paperwork.
  if (status === 'completed' || status === 'delivered') return 'completed';
  if (status === 'cancelled') return 'cancelled';
  return 'active';
}

/**
 * How a tracking status reads: the dialog says 'Preparing' for pending where the map view says 'Pending'
 * (spec 000 section 4); anything unknown reads 'Unknown'.
 */
export function trackingStatusLabel(status: string, view: 'dialog' | 'map'): string {
  switch (status) {
    case 'pending':
      return view === 'dialog' ? 'Preparing' : 'Pending';
    case 'active':
      return 'En Route';
    case 'completed':
      return 'Delivered';
    case 'cancelled':
      return 'Cancelled';
    default:
      return 'Unknown';
  }
}

/** The message appended to a tracking record's updates when a food order (or, by default, any order) reaches a status. */
export const ORDER_STATUS_MESSAGE: Record<OrderStatus, string> = {
  pending: 'Order received',
  accepted: 'A driver accepted your order and is on the way to the restaurant',
  pickup: 'Your driver is at the restaurant',
  transit: 'Picked up and on the way to you',
  delivered: 'Delivered',
  completed: 'Order complete',
  cancelled: 'Order cancelled',
};

const STATUS_MESSAGE_OF: Record<Exclude<OrderKind, 'food'>, Record<OrderStatus, string>> = {
  taxi: {
    pending: 'Ride requested, looking for a driver',
    accepted: 'A driver accepted your ride and is on the way',
    pickup: 'Your driver has arrived at the pickup',
    transit: 'On the ride',
    delivered: 'Dropped off',
    completed: 'Ride complete',
    cancelled: 'Ride cancelled',
  },
  shipping: {
    pending: 'Shipment booked, looking for a courier',
    accepted: 'A courier accepted your shipment and is on the way to collect it',
    pickup: 'The courier is at the pickup',
    transit: 'Collected and on the way',
    delivered: 'Delivered',
    completed: 'Shipment complete',
    cancelled: 'Shipment cancelled',
  },
};

/** The tracking update's message when an order of `kind` reaches `status`. */
export function orderStatusMessage(status: OrderStatus, kind: OrderKind): string {
  return kind === 'food' ? ORDER_STATUS_MESSAGE[status] : STATUS_MESSAGE_OF[kind][status];
}

