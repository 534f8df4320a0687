/**
 * What the provider's Today screen shows first (issue 26), as pure rules: which orders need the kitchen now, which
 * were placed today, which bookings are coming, what is new since the last look, the step each order is at, and which
 * buttons an order has (issue 28: accept, decline with a reason, mark completed).
 */
import type { ProviderOrder } from '@domain/provider/schemas';

/** A stable key for an order entry (one per booking and listing). */
export const orderKey = (o: ProviderOrder) => `${o.id}:${o.kind}:${o.listingId}`;

/** "YYYY-MM-DD" of a date in the browser's time zone (the provider's day). */
export function localDay(date: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${p(date.getMonth() + 1)}-${p(date.getDate())}`;
}

/** Cents of a dollar amount, to add money without drift. */
export const cents = (amount: number) => Math.round(amount * 100);

/**
 * What this part of the booking is worth to the provider, as the customer's receipt says it: the server's `charges`
 * (this listing's items and, for a restaurant, its delivery fee), summed to the cent. The booking's own total also
 * counts the platform's service fee, taxes and the driver's tip.
 */
export function partTotal(order: Pick<ProviderOrder, 'charges' | 'total'>): number {
  return order.charges.length > 0 ? order.charges.reduce((sum, line) => sum + cents(line.amount), 0) / 100 : order.total;
}

/** Whether the provider's own order is off: declined by it, or cancelled (the rest of the booking may stand). */
export const orderIsOff = (o: Pick<ProviderOrder, 'orderStatus'>) => o.orderStatus === 'declined' || o.orderStatus === 'cancelled';

/** A restaurant order waiting for the restaurant: not yet accepted, or accepted and not yet ready for pickup. */
export function kitchenStage(o: ProviderOrder): 'new' | 'preparing' | null {
  const d = o.delivery;
  if (!d || !d.awaitsReady || o.status !== 'confirmed' || orderIsOff(o) || d.status !== 'pending' || d.readyAt) return null;
  return d.acceptedAt ? 'preparing' : 'new';
}

/**
 * Any other order waiting for the provider's word (issue 28): paid, not yet accepted, and still within the window in
 * which it may be declined (a hotel that cannot honour a stay says so now, or accepts it).
 */
export function awaitsDecision(o: ProviderOrder): boolean {
  return kitchenStage(o) === null && o.orderStatus === 'confirmed' && o.canDecline;
}

/** What the restaurant can press now: Accept first, then Ready for pickup (the server refuses them out of order). */
export function kitchenActions(o: ProviderOrder): { accept: boolean; ready: boolean; shown: boolean } {
  const stage = kitchenStage(o);
  return { shown: stage !== null, accept: stage === 'new', ready: stage === 'preparing' };
}

/**
 * The order's other buttons, as the server allows them now: Accept (an order that is not the kitchen's; the kitchen
 * has its own Accept order), Decline (with a reason, within the window) and Mark completed (reservations).
 */
export function orderActions(o: ProviderOrder): { accept: boolean; decline: boolean; complete: boolean } {
  return { accept: kitchenStage(o) === null && o.canAccept, decline: o.canDecline, complete: o.canComplete };
}

const STATUS_WORDS: Record<ProviderOrder['status'], string> = {
  pending: 'Awaiting payment',
  confirmed: 'Paid',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

const ORDER_WORDS: Partial<Record<ProviderOrder['orderStatus'], string>> = { accepted: 'Accepted', completed: 'Completed', declined: 'Declined', cancelled: 'Cancelled' };

/**
 * The order's step as the customer's tracking names it (restaurant orders), else what the provider's order says
 * (accepted, completed, declined), else what the booking's status means.
 */
export function stepLabel(o: ProviderOrder): string {
  if (o.orderStatus === 'declined') return 'Declined';
  if (o.delivery?.stepLabel) return o.delivery.stepLabel;
  return ORDER_WORDS[o.orderStatus] ?? STATUS_WORDS[o.status];
}

export type TodayView = {
  /** Restaurant orders waiting for the kitchen and other orders waiting for a decision, oldest first (first come, first served). */
  action: ProviderOrder[];
  /** The rest of what was ordered today, newest first. */
  today: ProviderOrder[];
  /** Paid bookings starting today or later, soonest first. */
  upcoming: ProviderOrder[];
  /** Everything else, newest first. */
  earlier: ProviderOrder[];
  /** Orders not yet accepted (new in the kitchen, or waiting for a decision): the badge's count. */
  newCount: number;
};

/** Splits the provider's orders (newest first, as the API lists them) into the Today screen's sections. */
export function todayView(orders: readonly ProviderOrder[], now: Date): TodayView {
  const today = localDay(now);
  const action: ProviderOrder[] = [];
  const placedToday: ProviderOrder[] = [];
  const upcoming: ProviderOrder[] = [];
  const earlier: ProviderOrder[] = [];
  for (const o of orders) {
    if (kitchenStage(o) || awaitsDecision(o)) action.push(o);
    else if (o.startDate && o.startDate >= today && o.status === 'confirmed' && !orderIsOff(o)) upcoming.push(o);
    else if (localDay(new Date(o.createdAt)) === today) placedToday.push(o);
    else earlier.push(o);
  }
  action.sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id - b.id);
  upcoming.sort((a, b) => String(a.startDate).localeCompare(String(b.startDate)) || a.id - b.id);
  return { action, today: placedToday, upcoming, earlier, newCount: action.filter((o) => kitchenStage(o) === 'new' || awaitsDecision(o)).length };
}

/**
 * The orders in `next` that were not in `seen` (keys of what the provider has already been shown). The first load
 * (`seen` null) announces nothing: what was there before the page opened is not new.
 */
export function arrivals(seen: ReadonlySet<string> | null, next: readonly ProviderOrder[]): ProviderOrder[] {
  if (!seen) return [];
  return next.filter((o) => !seen.has(orderKey(o)) && o.status !== 'cancelled' && !orderIsOff(o));
}
