import type { DeclinedOrder } from '@domain/money/schemas';
import { ApiError, apiJson } from '@client/lib/api';
import { statementFileName } from './money-format';

/** Who is paid: a provider (/api/provider/*) or a driver (/api/driver/*). */
export type Payee = 'provider' | 'driver';

/** Query keys double as the GET URLs (the default query function joins them). */
export const balanceKey = (payee: Payee) => [`/api/${payee}/balance`] as const;
export const payoutsKey = (payee: Payee) => [`/api/${payee}/payouts`] as const;

/** A provider declines its own order with a reason: that order is refunded in full, the rest of the booking stands. */
export function declineProviderOrder(orderId: number, reason: string): Promise<DeclinedOrder> {
  return apiJson<DeclinedOrder>('POST', `/api/provider/orders/${orderId}/decline`, { reason });
}

export const statementUrl = (month: string) => `/api/provider/statement.csv?month=${encodeURIComponent(month)}`;

/**
 * The provider's monthly statement (CSV), fetched with the session cookie so that a refusal (an expired session, a bad
 * month) is shown on the page instead of being saved as a file. Throws {@link ApiError} like apiRequest.
 */
export async function fetchStatement(month: string): Promise<{ blob: Blob; fileName: string }> {
  const res = await fetch(statementUrl(month), { credentials: 'include', headers: { Accept: 'text/csv, application/json' } });
  if (!res.ok) throw new ApiError(res.status, res.statusText, await res.text().catch(() => ''));
  return { blob: await res.blob(), fileName: statementFileName(month, res.headers.get('Content-Disposition')) };
}
