import { useQuery } from '@tanstack/react-query';
import type { ProviderEarnings } from '@domain/provider/schemas';
import { getQueryFn } from '@client/lib/api';
import { formatMoney, pluralize } from '@client/lib/format';
import { Skeleton } from '@client/ui/skeleton';
import { PROVIDER_EARNINGS_KEY } from './provider-api';
import { QueryError } from './provider-ui';

/** /provider/earnings: gross of my paid bookings, the platform's fee and what I keep (the server's figures). */
export function EarningsSection() {
  // Fresh each time the tab opens: every paid order changes it.
  const earnings = useQuery<ProviderEarnings | null>({ queryKey: PROVIDER_EARNINGS_KEY, queryFn: getQueryFn<ProviderEarnings>({ on401: 'throw' }), staleTime: 0 });
  return (
    <section aria-labelledby="earnings-heading" className="grid gap-2">
      <h2 id="earnings-heading" className="text-xl font-semibold text-gray-900">
        Earnings
      </h2>
      {earnings.isPending ? (
        <Skeleton className="h-20 w-full" />
      ) : earnings.isError || !earnings.data ? (
        <QueryError query={earnings} what="your earnings" />
      ) : (
        <dl className="grid grid-cols-3 gap-2 rounded-lg border border-gray-200 bg-white p-4 text-center">
          <div>
            <dt className="text-xs text-gray-500">Gross</dt>
            <dd className="text-lg font-semibold text-gray-900" data-testid="earnings-gross">
              {formatMoney(earnings.data.gross)}
            </dd>
          </div>
          <div>
            <dt className="text-xs text-gray-500">Platform fee ({Math.round(earnings.data.feeRate * 100)}%)</dt>
            <dd className="text-lg font-semibold text-gray-900">{formatMoney(earnings.data.platformFee)}</dd>
          </div>
          <div>
            <dt className="text-xs text-gray-500">Net</dt>
            <dd className="text-lg font-semibold text-emerald-700" data-testid="earnings-net">
              {formatMoney(earnings.data.net)}
            </dd>
          </div>
          <p className="col-span-3 text-xs text-gray-500">From {pluralize(earnings.data.orders, 'paid booking')}.</p>
        </dl>
      )}
    </section>
  );
}
