import { api, apiPost, apiQuery } from '@client/lib/api';
import { statementFileName } from './money-format';

/** Who is paid: a provider (/api/provider/*) or a driver (/api/driver/*). */
export type Payee = 'provider' | 'driver';

/** The balance and payouts queries of a payee (their keys, to invalidate them: `.queryKey`). */
export const balanceQuery = (payee: Payee) => (payee === 'provider' ? apiQuery('/api/provider/balance') : apiQuery('/api/driver/balance'));
export const payoutsQuery = (payee: Payee) => (payee === 'provider' ? apiQuery('/api/provider/payouts') : apiQuery('/api/driver/payouts'));

/** A provider declines its own order with a reason: that order is refunded in full, the rest of the booking stands. */
export function declineProviderOrder(orderId: number, reason: string) {
  return apiPost('/api/provider/orders/{id}/decline', { params: { path: { id: orderId } }, body: { reason } });
}

/**
 * The provider's monthly statement (CSV), fetched with the session cookie so that a refusal (an expired session, a bad
 * month) is shown on the page instead of being saved as a file. Throws ApiError like every call.
 */
export async function fetchStatement(month: string): Promise<{ blob: Blob; fileName: string }> {
  const { data, response } = await api.GET('/api/provider/statement.csv', {
    params: { query: { month } },
    headers: { Accept: 'text/csv, application/json' },
    parseAs: 'blob',
  });
  return { blob: data ?? new Blob([]), fileName: statementFileName(month, response.headers.get('Content-Disposition')) };
}
