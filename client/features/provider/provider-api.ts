import type { AvailabilityKind } from '@domain/availability/schemas';
import type { ProviderKind } from '@domain/provider/schemas';
import { api, apiKey, apiPost, apiQueriesUnder, apiQuery } from '@client/lib/api';
import { balanceQuery } from '@client/features/money/money-api';

export const PROVIDER_LISTINGS_KEY = apiKey('/api/provider/listings');
/** Every query about my listings: the list, one listing, its menu and its calendar (what a listing change may affect). */
export const PROVIDER_LISTINGS = apiQueriesUnder('/api/provider/listings');
export const PROVIDER_ORDERS_KEY = apiKey('/api/provider/orders');
/**
 * What new orders and order actions change on the Earnings tab besides the orders: the balance (issue 28; the tab no
 * longer reads the old fixed-rate summary of /api/provider/earnings).
 */
export const PROVIDER_EARNINGS_KEY = balanceQuery('provider').queryKey;
export const menuQuery = (restaurantId: number) => apiQuery('/api/provider/listings/restaurants/{id}/menu', { path: { id: restaurantId } });

/**
 * Uploads a listing photo as multipart (field `photo`). The X-Requested-With header is what lets the server's
 * CSRF rule accept a non-JSON body on this path. Throws ApiError ("<status>: <body>") like every call.
 */
export async function uploadPhoto(kind: ProviderKind, id: number, file: File) {
  const form = new FormData();
  form.append('photo', file);
  const { data } = await api.POST('/api/provider/listings/{kind}/{id}/photos', {
    params: { path: { kind, id } },
    // A multipart body, which the route reads itself: its schema declares no JSON body to type it with.
    body: form as never,
    headers: { 'X-Requested-With': 'fetch' },
  });
  return data!;
}

/** A listing's provider calendar (issue 25); every change to it invalidates `calendarKeyOf(kind, id)`. */
export const calendarKeyOf = (kind: AvailabilityKind, id: number) => apiKey('/api/provider/listings/{kind}/{id}/calendar', { path: { kind, id } });
export const calendarQuery = (kind: AvailabilityKind, id: number, from: string, to: string) =>
  apiQuery('/api/provider/listings/{kind}/{id}/calendar', { path: { kind, id }, query: { from, to } });

/**
 * What a provider does with one of its orders (issue 28). `orderId` is the provider order's id (ProviderOrder.orderId),
 * never the delivery's: accept (any kind; for food the kitchen's acceptance), ready (food: ready for pickup), complete
 * (reservations). Declining takes a reason: client/features/money/money-api.ts declineProviderOrder.
 */
const ORDER_ACTIONS = {
  accept: (id: number) => apiPost('/api/provider/orders/{id}/accept', { params: { path: { id } } }),
  ready: (id: number) => apiPost('/api/provider/orders/{id}/ready', { params: { path: { id } } }),
  complete: (id: number) => apiPost('/api/provider/orders/{id}/complete', { params: { path: { id } } }),
};
export type OrderAction = keyof typeof ORDER_ACTIONS;
export function orderAction<A extends OrderAction>(orderId: number, action: A): ReturnType<(typeof ORDER_ACTIONS)[A]> {
  return ORDER_ACTIONS[action](orderId) as ReturnType<(typeof ORDER_ACTIONS)[A]>;
}
