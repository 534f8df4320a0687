/**
 * Cancellation policies per listing kind (issue 28): free until a deadline, then a fee of a share of the order's
 * items (the provider's, less commission: split.ts refundOf), then no longer cancellable once the service has begun.
 * The server computes the refund with these rules and shows it before the customer confirms (GET
 * /api/bookings/:id/cancellation); the cancellation applies exactly what was shown or refuses with 409.
 *
 * Reservations count in whole UTC days before the day they start (check-in, pickup, move-in, departure, the
 * appointment). Deliveries go by their progress: food is free until the restaurant accepts it, rides until a driver
 * accepts them, parcels until they are picked up.
 */
export type CancellationPolicy =
  | { basis: 'days'; freeDaysBefore: number; feePercent: number; text: string }
  | { basis: 'delivery'; freeUntil: 'kitchen' | 'driver' | 'pickup'; feePercent: number; text: string }
  | { basis: 'free'; text: string };

export const CANCELLATION_POLICIES: Record<string, CancellationPolicy> = {
  restaurants: { basis: 'delivery', freeUntil: 'kitchen', feePercent: 50, text: 'Free until the restaurant accepts the order; then 50% of the items until it is picked up.' },
  'taxi-rides': { basis: 'delivery', freeUntil: 'driver', feePercent: 10, text: 'Free until a driver accepts the ride; then 10% of the fare until pickup.' },
  'shipping-rates': { basis: 'delivery', freeUntil: 'pickup', feePercent: 0, text: 'Free until the parcel is picked up.' },
  hotels: { basis: 'days', freeDaysBefore: 2, feePercent: 50, text: 'Free until 2 days before check-in; then 50% of the stay.' },
  cars: { basis: 'days', freeDaysBefore: 1, feePercent: 25, text: 'Free until the day before pickup; then 25% of the rental.' },
  properties: { basis: 'days', freeDaysBefore: 14, feePercent: 50, text: 'Free until 14 days before move-in; then 50% of the booked rent.' },
  flights: { basis: 'days', freeDaysBefore: 7, feePercent: 50, text: 'Free until 7 days before departure; then 50% of the fare.' },
  'general-services': { basis: 'days', freeDaysBefore: 1, feePercent: 50, text: 'Free until the day before the appointment; then 50% of the price.' },
  'additional-services': { basis: 'free', text: 'Free to cancel.' },
};

export function policyOf(listingKind: string): CancellationPolicy {
  return CANCELLATION_POLICIES[listingKind] ?? { basis: 'free', text: 'Free to cancel.' };
}

/** What the policy needs of an order. */
export type CancellableOrder = {
  listingKind: string;
  status: 'confirmed' | 'accepted' | 'completed' | 'declined' | 'cancelled';
  itemsCents: number;
  /** Reservations: the first day ('YYYY-MM-DD'). */
  startsOn: string | null;
  /** Deliveries: how far the delivery has gone (null when the order delivers nothing). */
  delivery: { kitchenAccepted: boolean; driverAssigned: boolean; pickedUp: boolean } | null;
};

export type CancellationTerms =
  | { ok: true; feeCents: number; free: boolean; policy: string; freeUntil: string | null }
  | { ok: false; message: string; policy: string };

const DAY_MS = 86_400_000;
const utcDay = (d: Date) => Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());

/** Whether and at what fee an order can be cancelled now. */
export function cancellationTerms(o: CancellableOrder, now: Date): CancellationTerms {
  const policy = policyOf(o.listingKind);
  if (o.status === 'completed') return { ok: false, message: 'This order is already completed', policy: policy.text };
  if (o.status === 'declined') return { ok: false, message: 'This order was declined and refunded', policy: policy.text };
  if (o.status === 'cancelled') return { ok: false, message: 'This order is already cancelled', policy: policy.text };
  const fee = (percent: number) => Math.floor((o.itemsCents * percent + 50) / 100);
  if (policy.basis === 'free') return { ok: true, feeCents: 0, free: true, policy: policy.text, freeUntil: null };
  if (policy.basis === 'delivery') {
    const d = o.delivery;
    if (d?.pickedUp) return { ok: false, message: 'This order is on its way and can no longer be cancelled', policy: policy.text };
    const started = d ? (policy.freeUntil === 'kitchen' ? d.kitchenAccepted || d.driverAssigned : policy.freeUntil === 'driver' ? d.driverAssigned : false) : false;
    if (!started || policy.feePercent === 0) return { ok: true, feeCents: 0, free: true, policy: policy.text, freeUntil: null };
    return { ok: true, feeCents: fee(policy.feePercent), free: false, policy: policy.text, freeUntil: null };
  }
  if (!o.startsOn) return { ok: true, feeCents: 0, free: true, policy: policy.text, freeUntil: null };
  const start = Date.parse(`${o.startsOn}T00:00:00Z`);
  const today = utcDay(now);
  if (today >= start) return { ok: false, message: 'This reservation has begun and can no longer be cancelled', policy: policy.text };
  const freeUntilMs = start - policy.freeDaysBefore * DAY_MS;
  const freeUntil = new Date(freeUntilMs).toISOString();
  if (now.getTime() < freeUntilMs) return { ok: true, feeCents: 0, free: true, policy: policy.text, freeUntil };
  return { ok: true, feeCents: fee(policy.feePercent), free: false, policy: policy.text, freeUntil };
}

/** A provider may decline an order it has not accepted, within this many hours of its payment. */
export const DECLINE_WINDOW_HOURS = 24;
export const DECLINE_REASON_MAX = 500;
