import { AlertTriangle } from 'lucide-react';
import { parseApiError } from '@client/lib/api';
import { formatMoney } from '@domain/format';
import { Spinner } from '@client/ui/spinner';
import { BreakdownLines } from './breakdown-lines';
import type { useQuote } from './use-quote';

/**
 * A list's totals before booking (the cart, the unified booking's review): the server's breakdown (subtotal, delivery
 * fee per restaurant, service fee, taxes) and total, the same lines the payment dialog shows; the items' sum while it
 * loads or when it cannot be worked out (with why).
 */
export function QuotedTotals({ quote, estimate, totalTestId }: { quote: ReturnType<typeof useQuote>; estimate: number; totalTestId?: string }) {
  if (quote.data && !quote.isError) {
    return (
      <section aria-label="Price breakdown" aria-live="polite" className="border-t border-gray-200 pt-3">
        <BreakdownLines breakdown={quote.data} totalTestId={totalTestId} busy={quote.isFetching} />
      </section>
    );
  }
  return (
    <section aria-label="Price breakdown" className="grid gap-2 border-t border-gray-200 pt-3 text-sm">
      <div className="flex items-center justify-between text-gray-700">
        <span>Items</span>
        <span className="tabular-nums">{formatMoney(estimate)}</span>
      </div>
      {quote.isError ? (
        <p role="alert" className="flex items-start gap-2 rounded-lg border border-amber-200 bg-amber-50 p-2 text-amber-900">
          <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span className="break-words">
            {parseApiError(quote.error).message ?? 'Delivery, service fee and taxes could not be worked out right now.'} Fees and taxes are shown at checkout.
          </span>
        </p>
      ) : (
        <Spinner label="Adding delivery, service fee and taxes…" showLabel className="justify-start" />
      )}
    </section>
  );
}
