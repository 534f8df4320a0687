import type { CommissionRule } from '@domain/money/commission';
import { apiGet, apiKey, apiPost, apiPut } from '@client/lib/api';
import type { DateRange } from './finance-logic';

/** Query keys of the admin's finance tab and the customer's cancellation quote (issue 28). */
export const FINANCE_KEY = apiKey('/api/admin/finance');
export const financeKey = (range: DateRange) => apiKey('/api/admin/finance', { query: range });
export const PAYOUTS_KEY = apiKey('/api/admin/payouts');
export const COMMISSION_KEY = apiKey('/api/admin/commission');
export const cancellationKey = (bookingId: number) => apiKey('/api/bookings/{id}/cancellation', { path: { id: bookingId } });

/** GET /api/admin/finance?from&to: totals, per day and per kind, the trial balance and the reconciliation. */
export function fetchFinance(range: DateRange) {
  return apiGet('/api/admin/finance', { params: { query: { from: range.from, to: range.to } } });
}

/** GET /api/admin/payouts: newest first, 200 at most. */
export function fetchPayouts() {
  return apiGet('/api/admin/payouts');
}

/** POST /api/admin/payouts/run: pays every available balance now; answers the payouts it made. */
export function runPayouts() {
  return apiPost('/api/admin/payouts/run');
}

/** GET /api/admin/commission. */
export function fetchCommission() {
  return apiGet('/api/admin/commission');
}

/** PUT /api/admin/commission {rules}: 400 {errors: {'rules.0.percent': ...}} when a rule is refused. */
export function saveCommission(rules: CommissionRule[]) {
  return apiPut('/api/admin/commission', { body: { rules } });
}

/** GET /api/bookings/:id/cancellation: what cancelling now refunds, order by order. */
export function fetchCancellationQuote(bookingId: number) {
  return apiGet('/api/bookings/{id}/cancellation', { params: { path: { id: bookingId } } });
}

/**
 * POST /api/bookings/:id/cancel, naming the refund the customer was shown (none for an unpaid booking): 409 with
 * the server's message (and the new quote) when the terms changed meanwhile.
 */
export function cancelBookingAsQuoted(bookingId: number, expectedRefundCents?: number) {
  return apiPost('/api/bookings/{id}/cancel', { params: { path: { id: bookingId } }, body: expectedRefundCents === undefined ? {} : { expectedRefundCents } });
}
