import { useMemo, useState } from 'react';
import type { ProviderOrder } from '@domain/provider/schemas';
import { cn } from '@client/lib/cn';
import { formatCents, formatDate, pluralize } from '@domain/format';
import { Badge } from '@client/ui/badge';
import { EarlierOrdersButton } from './earlier-orders-button';
import { BalanceCard } from '@client/features/money/balance-card';
import { deductionsText, feeRateText, moneyTotals } from '@client/features/money/money-format';
import { LoadingBlocks } from '@client/features/money/money-ui';
import { PayoutsList } from '@client/features/money/payouts-list';
import { StatementDownload } from '@client/features/money/statement-download';
import { useProviderOrders } from './provider-orders';
import { EmptyNote, QueryError } from './provider-ui';
import { orderKey, stepLabel } from './today-logic';

const ROWS = 20;

/**
 * /provider/earnings (issue 28): my balance (available, pending, paid out), my payouts, the monthly statement, and
 * every paid order's money as fixed when it was paid: gross, the platform fee, net and what I earn from it.
 */
export function EarningsSection() {
  return (
    <section aria-labelledby="earnings-heading" className="grid gap-4">
      <h2 id="earnings-heading" className="text-xl font-semibold text-gray-900">
        Earnings
      </h2>
      <div className="grid gap-4 md:grid-cols-2">
        <BalanceCard payee="provider" headingLevel="h3" />
        <PayoutsList payee="provider" headingLevel="h3" />
      </div>
      <StatementDownload headingLevel="h3" />
      <OrdersMoney />
    </section>
  );
}

const th = 'whitespace-nowrap px-3 py-2 text-left text-xs font-semibold uppercase tracking-wide text-gray-600';
const num = 'whitespace-nowrap px-3 py-2 text-right tabular-nums';
const AMOUNT_HEADS = ['Gross', 'Fee', 'Net', 'You earn'];

/** Each paid order's gross, fee, net and earnings, newest first, with their totals. */
function OrdersMoney() {
  // The Today tab polls the same list; opening this tab asks again (staleTime 0). Older orders come a page at a
  // time (issue 29): the table and its totals are of the orders loaded so far.
  const orders = useProviderOrders();
  const [shown, setShown] = useState(ROWS);
  const paid = useMemo(() => (orders.data?.orders ?? []).filter((o) => o.money), [orders.data]);
  const totals = useMemo(() => moneyTotals(paid), [paid]);
  return (
    <section aria-labelledby="orders-money-heading" className="grid gap-2">
      <h3 id="orders-money-heading" className="text-lg font-semibold text-gray-900">
        Orders
      </h3>
      <p className="text-sm text-gray-600">
        The platform fee of each order is fixed when it is paid: a percent of its items for its kind, with a minimum for some kinds.
      </p>
      {orders.isPending ? (
        <LoadingBlocks label="Loading your orders" count={3} blockClassName="h-10 w-full" />
      ) : orders.isError && !orders.data ? (
        <QueryError query={orders} what="your orders" />
      ) : paid.length === 0 ? (
        <EmptyNote>No paid orders yet. Each paid order shows here with its gross, the platform fee and your net.</EmptyNote>
      ) : (
        <>
          {/* Scrolls sideways inside its box on a phone; the page itself never does. */}
          <div className="w-full max-w-full overflow-x-auto rounded-lg border border-gray-200 bg-white" role="region" aria-label="Money of your orders" tabIndex={0}>
            <table className="min-w-full divide-y divide-gray-200 text-sm">
              <caption className="sr-only">Gross, platform fee, net and what you earn, per paid order, with totals</caption>
              <thead className="bg-gray-50">
                <tr>
                  <th scope="col" className={th}>
                    Order
                  </th>
                  {AMOUNT_HEADS.map((name) => (
                    <th key={name} scope="col" className={cn(th, 'text-right')}>
                      {name}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-gray-100 text-gray-800">
                {paid.slice(0, shown).map((o) => (
                  <OrderRow key={orderKey(o)} order={o} />
                ))}
              </tbody>
              <tfoot className="border-t-2 border-gray-200 bg-gray-50 font-semibold text-gray-900">
                <tr>
                  <th scope="row" className="px-3 py-2 text-left">
                    Total ({pluralize(totals.orders, 'order')})
                  </th>
                  <td className={num} data-testid="earnings-gross">
                    {formatCents(totals.grossCents)}
                  </td>
                  <td className={num} data-testid="earnings-fee">
                    {formatCents(totals.feeCents)}
                  </td>
                  <td className={num} data-testid="earnings-net">
                    {formatCents(totals.netCents)}
                  </td>
                  <td className={cn(num, 'text-emerald-800')} data-testid="earnings-earned">
                    {formatCents(totals.earnedCents)}
                  </td>
                </tr>
              </tfoot>
            </table>
          </div>
          {totals.refundedCents > 0 ? <p className="text-sm text-gray-600">Refunded to customers: {formatCents(totals.refundedCents)}.</p> : null}
          <EarlierOrdersButton hidden={Math.max(0, paid.length - shown)} step={ROWS} onShowMore={() => setShown(shown + ROWS)} orders={orders} />
        </>
      )}
    </section>
  );
}

function OrderRow({ order }: { order: ProviderOrder }) {
  const m = order.money;
  const deductions = deductionsText(m);
  const off = order.orderStatus === 'declined' || order.orderStatus === 'cancelled';
  return (
    <tr>
      <th scope="row" className="min-w-44 px-3 py-2 text-left font-normal">
        <span className="font-medium text-gray-900">#{order.id}</span> <span className="break-words">{order.listingName}</span>
        <span className="block text-xs text-gray-500">
          {formatDate(order.createdAt)} · fee {feeRateText(m)}
        </span>
        {off || m.refundedCents > 0 ? (
          <span className="mt-0.5 flex flex-wrap items-center gap-1 text-xs text-red-700">
            {off ? <Badge variant="destructive">{stepLabel(order)}</Badge> : null}
            {m.refundedCents > 0 ? `Refunded ${formatCents(m.refundedCents)}` : null}
          </span>
        ) : null}
        {deductions ? <span className="block text-xs text-gray-600">{deductions}</span> : null}
      </th>
      <td className={num}>{formatCents(m.grossCents)}</td>
      <td className={num}>{formatCents(m.feeCents)}</td>
      <td className={num}>{formatCents(m.netCents)}</td>
      <td className={cn(num, 'font-semibold text-emerald-800')}>{formatCents(m.earnedCents)}</td>
    </tr>
  );
}
