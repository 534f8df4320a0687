import type { ProviderKind } from '@domain/provider/schemas';
import { ApiError } from '@client/lib/api';

export const PROVIDER_LISTINGS_KEY = ['/api/provider/listings'] as const;
export const PROVIDER_ORDERS_KEY = ['/api/provider/orders'] as const;
export const PROVIDER_EARNINGS_KEY = ['/api/provider/earnings'] as const;
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
