import { DRIVER_STEPS, nextStatus, nextStepLabel, type DriverStep, type OrderKind, type OrderStatus } from '@domain/orders/states';

export const ORDER_KIND_LABEL: Record<OrderKind, string> = { food: 'Food delivery', taxi: 'Taxi ride', shipping: 'Shipment' };

function isDriverStep(status: OrderStatus | null): status is DriverStep {
  return status !== null && (DRIVER_STEPS as readonly string[]).includes(status);
}

/**
 * The next-step button of an active order: its label, which says what the driver has just done ('Arrived at the
 * restaurant', 'Picked up', 'Delivered', 'Complete Order'; domain/orders/states.ts), and the status it asks for. Null
 * when the driver has no step to take (a pending offer is accepted through its own endpoint, a final order has none).
 */
export function nextStep(order: { status: OrderStatus; kind: OrderKind }): { label: string; to: DriverStep } | null {
  const to = nextStatus(order.status);
  const label = nextStepLabel(order.status, order.kind);
  return isDriverStep(to) && label ? { label, to } : null;
}

/** A dialable tel: link; the shown number keeps its formatting, the link keeps digits and a leading +. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}


/** Whole seconds until an offer lapses (never negative), or null when the offer has no expiry or it is unreadable. */
export function offerSecondsLeft(offerExpiresAt: string | undefined, now: number): number | null {
  if (!offerExpiresAt) return null;
  const at = Date.parse(offerExpiresAt);
  if (Number.isNaN(at)) return null;
  return Math.max(0, Math.ceil((at - now) / 1000));
}
