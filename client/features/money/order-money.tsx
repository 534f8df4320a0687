import type { OrderMoneyView } from '@domain/money/schemas';
import { formatCents } from '@domain/format';
import { deductionsText, feeLabel } from './money-format';

/**
 * One order's money as its provider sees it (issue 28): the gross (its items), the platform fee fixed when it was paid
 * (its percent, and the minimum when that set it), the net; then any refund, and what the provider earns from it when
 * refunds or drivers' pay take something off the net.
 */
export function OrderMoney({ money, label = 'Your money' }: { money: OrderMoneyView | null; label?: string }) {
  if (!money) return null;
  const deductions = deductionsText(money);
  return (
    <div className="grid gap-1 border-t border-gray-100 pt-2 text-sm">
      <dl className="grid gap-0.5 text-gray-700" aria-label={label}>
        <div className="flex justify-between gap-2">
          <dt>Gross</dt>
          <dd className="whitespace-nowrap tabular-nums">{formatCents(money.grossCents)}</dd>
        </div>
        <div className="flex justify-between gap-2">
          <dt className="min-w-0 break-words">{feeLabel(money)}</dt>
          <dd className="whitespace-nowrap tabular-nums">{formatCents(money.feeCents)}</dd>
        </div>
        <div className="flex justify-between gap-2 font-semibold text-gray-900">
          <dt>Net</dt>
          <dd className="whitespace-nowrap tabular-nums">{formatCents(money.netCents)}</dd>
        </div>
        {deductions ? (
          <div className="flex justify-between gap-2 font-semibold text-emerald-800">
            <dt className="min-w-0 break-words">
              You earn <span className="font-normal text-gray-600">({deductions.toLowerCase()})</span>
            </dt>
            <dd className="whitespace-nowrap tabular-nums">{formatCents(money.earnedCents)}</dd>
          </div>
        ) : null}
      </dl>
      {money.refundedCents > 0 ? <p className="text-red-700">Refunded {formatCents(money.refundedCents)}</p> : null}
    </div>
  );
}
