import type { CancelledBooking } from '@domain/bookings/schemas';
import type { CommissionRule, CommissionRules } from '@domain/money/commission';
import type { CancellationQuote, FinanceReport, Payout, PayoutRun } from '@domain/money/schemas';
import { apiJson } from '@client/lib/api';
import { financeQuery, type DateRange } from './finance-logic';

/** Query keys of the admin's finance tab and the customer's cancellation quote (issue 28). */
export const FINANCE_KEY = ['/api/admin/finance'] as const;
export const financeKey = (range: DateRange) => [...FINANCE_KEY, range.from, range.to] as const;
export const PAYOUTS_KEY = ['/api/admin/payouts'] as const;
export const COMMISSION_KEY = ['/api/admin/commission'] as const;
export const cancellationKey = (bookingId: number) => ['/api/bookings', bookingId, 'cancellation'] as const;

/** GET /api/admin/finance?from&to: totals, per day and per kind, the trial balance and the reconciliation. */
export function fetchFinance(range: DateRange): Promise<FinanceReport> {
  return apiJson<FinanceReport>('GET', `/api/admin/finance?${financeQuery(range)}`);
}

/** GET /api/admin/payouts: newest first, 200 at most. */
export function fetchPayouts(): Promise<Payout[]> {
  return apiJson<Payout[]>('GET', '/api/admin/payouts');
}

/** POST /api/admin/payouts/run: pays every available balance now; answers the payouts it made. */
export function runPayouts(): Promise<PayoutRun> {
  return apiJson<PayoutRun>('POST', '/api/admin/payouts/run', {});
}

/** GET /api/admin/commission. */
export function fetchCommission(): Promise<CommissionRules> {
  return apiJson<CommissionRules>('GET', '/api/admin/commission');
}

/** PUT /api/admin/commission {rules}: 400 {errors: {'rules.0.percent': ...}} when a rule is refused. */
export function saveCommission(rules: CommissionRule[]): Promise<CommissionRules> {
  return apiJson<CommissionRules>('PUT', '/api/admin/commission', { rules });
}

/** GET /api/bookings/:id/cancellation: what cancelling now refunds, order by order. */
export function fetchCancellationQuote(bookingId: number): Promise<CancellationQuote> {
  return apiJson<CancellationQuote>('GET', `/api/bookings/${bookingId}/cancellation`);
}

/**
 * POST /api/bookings/:id/cancel, naming the refund the customer was shown (none for an unpaid booking): 409 with
 * the server's message (and the new quote) when the terms changed meanwhile.
 */
export function cancelBookingAsQuoted(bookingId: number, expectedRefundCents?: number): Promise<CancelledBooking> {
  return apiJson<CancelledBooking>('POST', `/api/bookings/${bookingId}/cancel`, expectedRefundCents === undefined ? {} : { expectedRefundCents });
}
