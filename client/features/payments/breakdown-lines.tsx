import type { PriceBreakdown } from '@domain/bookings/breakdown';
import { formatMoney } from '@domain/format';
import { cn } from '@client/lib/cn';

/**
 * The server's price breakdown (issue 26): the subtotal, each restaurant's delivery fee, the service fee, the taxes of
 * the listings' places and the tip, then the total; the same lines in the cart, the payment dialog, the receipt
 * screen and the mail. `totalTestId` names the total for tests ('cart-total', 'checkout-total', 'receipt-total').
 */
export function BreakdownLines({
  breakdown,
  totalTestId,
  totalLabel = 'Total',
  className,
  busy = false,
}: {
  breakdown: PriceBreakdown;
  totalTestId?: string;
  totalLabel?: string;
  className?: string;
  /** A newer quote is on its way: the lines stay, marked as being updated. */
  busy?: boolean;
}) {
  return (
    <div className={cn('grid gap-1 text-sm', busy && 'opacity-60', className)} aria-busy={busy || undefined}>
      <dl className="grid gap-1">
        {breakdown.lines.map((line, i) => (
          <div key={`${line.key}-${i}`} className="flex items-start justify-between gap-3 text-gray-700" data-line={line.key}>
            <dt className="min-w-0 break-words">{line.label}</dt>
            <dd className="shrink-0 tabular-nums">{line.key === 'delivery' && line.amount === 0 ? 'Free' : formatMoney(line.amount)}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-1 flex items-center justify-between gap-3 border-t border-gray-200 pt-2 text-base font-semibold text-gray-900">
        <span>{totalLabel}</span>
        <span className="tabular-nums" data-testid={totalTestId}>
          {formatMoney(breakdown.total)}
        </span>
      </div>
    </div>
  );
}
