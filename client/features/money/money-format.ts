/**
 * What the provider's and driver's money screens say (issue 28), as pure rules: the platform fee's label, the hold
 * period, a payout's status, a month for the statement, and the totals of the orders table. Amounts are integer cents
 * and are written with domain/format.
 */
import { commissionCents } from '@domain/money/commission';
import type { OrderMoneyView, Payout } from '@domain/money/schemas';
import type { ProviderOrder } from '@domain/provider/schemas';
import { formatCents, formatDate, pluralize } from '@domain/format';

/** `15` -> `15%`, `12.5` -> `12.5%`: a commission percent (at most two decimals). */
export function percentText(percent: number): string {
  return `${Number(percent.toFixed(2))}%`;
}

type FeeParts = Pick<OrderMoneyView, 'grossCents' | 'commissionPercent' | 'commissionMinCents' | 'feeCents'>;

/** Whether the rule's minimum, not its percent, set the fee (e.g. food 15 % of $5.00 is $0.75, the minimum $1.00). */
export function minimumApplied(m: FeeParts): boolean {
  return m.commissionMinCents > 0 && m.grossCents > 0 && m.feeCents > commissionCents(m.grossCents, { percent: m.commissionPercent, minCents: 0 });
}

/** `15%`, or `15%, minimum $1.00` when the minimum set the fee. */
export function feeRateText(m: FeeParts): string {
  return `${percentText(m.commissionPercent)}${minimumApplied(m) ? `, minimum ${formatCents(m.commissionMinCents)}` : ''}`;
}

/** `Platform fee (15%)`, or `Platform fee (15%, minimum $1.00)` when the minimum set it. */
export function feeLabel(m: FeeParts): string {
  return `Platform fee (${feeRateText(m)})`;
}

/** What "Pending" means with this hold period (PAYOUT_HOLD_DAYS). */
export function pendingText(holdDays: number): string {
  if (holdDays <= 0) return 'Paid orders not yet completed; they become available when completed.';
  return `Paid orders not yet completed, and completed ones held ${pluralize(holdDays, 'day')} after completion.`;
}

export const PAYOUT_STATUS_TEXT: Record<Payout['status'], string> = { pending: 'Pending', paid: 'Paid', failed: 'Failed' };

/** When a payout happened, as the list says it: paid or failed on its settling day, pending since it was started. */
export function payoutWhen(p: Pick<Payout, 'status' | 'createdAt' | 'settledAt'>): string {
  if (p.status === 'pending' || !p.settledAt) return `Started ${formatDate(p.createdAt)}`;
  return `${p.status === 'paid' ? 'Paid' : 'Failed'} ${formatDate(p.settledAt)}`;
}

/** Why a payout failed (the gateway's words), and where its money went. */
export function failureText(failureMessage: string | null): string {
  const why = (failureMessage ?? '').trim().replace(/[.\s]+$/, '');
  return `${why ? `${why}. ` : ''}The money is back in your available balance.`;
}

/** "YYYY-MM" of a date in the browser's time zone (the statement's default month). */
export function monthOf(date: Date): string {
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}`;
}

/** The statement's file name: the server's (Content-Disposition), else `statement-YYYY-MM.csv`. */
export function statementFileName(month: string, contentDisposition: string | null): string {
  const named = contentDisposition ? /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(contentDisposition) : null;
  const name = named ? decodeURIComponent(named[1]).replace(/[/\\]/g, '_').trim() : '';
  return name || `statement-${month}.csv`;
}

export type MoneyTotals = { orders: number; grossCents: number; feeCents: number; netCents: number; refundedCents: number; earnedCents: number };

/** The provider's orders that carry money (paid), and the sums of the orders table's columns. */
export function moneyTotals(orders: ReadonlyArray<Pick<ProviderOrder, 'money'>>): MoneyTotals {
  const totals: MoneyTotals = { orders: 0, grossCents: 0, feeCents: 0, netCents: 0, refundedCents: 0, earnedCents: 0 };
  for (const { money } of orders) {
    if (!money) continue;
    totals.orders += 1;
    totals.grossCents += money.grossCents;
    totals.feeCents += money.feeCents;
    totals.netCents += money.netCents;
    totals.refundedCents += money.refundedCents;
    totals.earnedCents += money.earnedCents;
  }
  return totals;
}

/** What is taken off an order's net besides the fee: the provider's share of refunds and drivers' pay. */
export function deductionsText(m: Pick<OrderMoneyView, 'netRefundedCents' | 'fulfilmentCents'>): string | null {
  const parts = [
    m.netRefundedCents > 0 ? `${formatCents(m.netRefundedCents)} of refunds` : null,
    m.fulfilmentCents > 0 ? `${formatCents(m.fulfilmentCents)} of drivers' pay` : null,
  ].filter((p): p is string => p !== null);
  return parts.length > 0 ? `Less ${parts.join(' and ')}` : null;
}
