import type { CompletedOrder } from '@domain/money/schemas';
import type { ProviderKind } from '@domain/provider/schemas';
import { ApiError, apiJson } from '@client/lib/api';
import { balanceKey } from '@client/features/money/money-api';

export const PROVIDER_LISTINGS_KEY = ['/api/provider/listings'] as const;
export const PROVIDER_ORDERS_KEY = ['/api/provider/orders'] as const;
/**
 * What new orders and order actions change on the Earnings tab besides the orders: the balance (issue 28; the tab no
 * longer reads the old fixed-rate summary of /api/provider/earnings).
 */
export const PROVIDER_EARNINGS_KEY = balanceKey('provider');
export const menuKey = (restaurantId: number) => ['/api/provider/listings/restaurants', restaurantId, 'menu'] as const;
export const menuUrl = (restaurantId: number) => `/api/provider/listings/restaurants/${restaurantId}/menu`;

/**
 * Uploads a listing photo as multipart (field `photo`). The X-Requested-With header is what lets the server's
 * CSRF rule accept a non-JSON body on this path. Throws ApiError ("<status>: <body>") like apiRequest.
 */
export async function uploadPhoto(kind: ProviderKind, id: number, file: File): Promise<{ url: string }> {
  const body = new FormData();
  body.append('photo', file);
  const res = await fetch(`/api/provider/listings/${kind}/${id}/photos`, {
    method: 'POST',
    credentials: 'include',
    headers: { 'X-Requested-With': 'fetch', Accept: 'application/json' },
    body,
  });
  const text = await res.text();
  if (!res.ok) throw new ApiError(res.status, res.statusText, text);
  return JSON.parse(text) as { url: string };
}

/** A listing's provider calendar (issue 25); every change to it invalidates `calendarKeyOf(kind, id)`. */
export const calendarKeyOf = (kind: string, id: number) => ['provider-calendar', kind, id] as const;
export const calendarKey = (kind: string, id: number, from: string, to: string) => [...calendarKeyOf(kind, id), from, to] as const;
export const listingUrl = (kind: string, id: number) => `/api/provider/listings/${kind}/${id}`;

/**
 * What a provider does with one of its orders (issue 28). `orderId` is the provider order's id (ProviderOrder.orderId),
 * never the delivery's: accept (any kind; for food the kitchen's acceptance), ready (food: ready for pickup), complete
 * (reservations). Declining takes a reason: client/features/money/money-api.ts declineProviderOrder.
 */
export type OrderAnswers = { accept: { orderId: number; accepted: true }; ready: { orderId: number; ready: true }; complete: CompletedOrder };
export function orderAction<A extends keyof OrderAnswers>(orderId: number, action: A): Promise<OrderAnswers[A]> {
  return apiJson<OrderAnswers[A]>('POST', `/api/provider/orders/${orderId}/${action}`, {});
}
