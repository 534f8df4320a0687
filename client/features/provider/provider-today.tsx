import { useId, useState } from 'react';
import { BellRing, RefreshCw } from 'lucide-react';
import { formatDate, formatTimeOfDay } from '@domain/format';
import { Badge } from '@client/ui/badge';
import { Button } from '@client/ui/button';
import { EarlierOrdersButton } from './earlier-orders-button';
import { Checkbox } from '@client/ui/checkbox';
import { Skeleton } from '@client/ui/skeleton';
import { OrderActions, OrderCard } from './order-card';
import { EmptyNote, QueryError } from './provider-ui';
import { orderKey, stepLabel, type TodayView } from './today-logic';
import type { useOrderChime } from './order-chime';

import { ORDERS_POLL_MS, type ProviderOrdersQuery } from './provider-orders';

export { ORDERS_POLL_MS };
const EARLIER_PAGE = 10;

const day = (iso: string) => formatDate(`${iso}T00:00:00`);

type TodayProps = {
  orders: ProviderOrdersQuery;
  view: TodayView;
  chime: ReturnType<typeof useOrderChime>;
};

/**
 * /provider: what needs the kitchen or a decision now (accept or decline), upcoming bookings (with their buttons),
 * today's orders, then everything earlier.
 */
export function TodaySection({ orders, view, chime }: TodayProps) {
  const soundId = useId();
  const [earlierShown, setEarlierShown] = useState(EARLIER_PAGE);
  const checked = orders.dataUpdatedAt ? formatTimeOfDay(new Date(orders.dataUpdatedAt)) : null;
  return (
    <section aria-labelledby="today-heading" className="grid gap-6">
      <div className="grid gap-3 rounded-lg border border-gray-200 bg-white p-4 sm:flex sm:flex-wrap sm:items-center sm:justify-between">
        <div className="grid gap-1">
          <h2 id="today-heading" className="text-xl font-semibold text-gray-900">
            Today
          </h2>
          <p className="text-sm text-gray-600">
            New orders appear here within {ORDERS_POLL_MS / 1000} seconds (checked every {ORDERS_POLL_MS / 1000} s{checked ? `, last at ${checked}` : ''}).
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          {chime.supported ? (
            <div className="flex items-center gap-2">
              <Checkbox id={soundId} checked={chime.enabled} onCheckedChange={(on) => chime.setEnabled(on === true)} />
              <label htmlFor={soundId} className="flex items-center gap-1 text-sm text-gray-800">
                <BellRing className="size-4" aria-hidden="true" />
                Sound for new orders
              </label>
            </div>
          ) : null}
          <Button size="sm" variant="outline" onClick={() => void orders.refetch()} disabled={orders.isFetching}>
            <RefreshCw className="size-4" aria-hidden="true" />
            {orders.isFetching ? 'Checking…' : 'Check now'}
          </Button>
        </div>
      </div>

      {orders.isPending ? (
        <div className="grid gap-3" aria-busy="true" aria-label="Loading your orders">
          <Skeleton className="h-32 w-full" />
          <Skeleton className="h-32 w-full" />
        </div>
      ) : orders.isError && !orders.data ? (
        <QueryError query={orders} what="your orders" />
      ) : (
        <>
          {orders.isError ? <QueryError query={orders} what="the latest orders (showing what was loaded before)" /> : null}
          <section aria-labelledby="action-heading" className="grid gap-3">
            <h3 id="action-heading" className="flex items-center gap-2 text-lg font-semibold text-gray-900">
              Needs your action
              <Badge variant={view.action.length > 0 ? 'warning' : 'secondary'}>{view.action.length}</Badge>
            </h3>
            {view.action.length === 0 ? (
              <EmptyNote>No orders are waiting for you. New restaurant orders, and bookings to accept or decline, show here first.</EmptyNote>
            ) : (
              <ul className="grid gap-3">
                {view.action.map((o) => (
                  <li key={orderKey(o)}>
                    <OrderCard order={o} />
                  </li>
                ))}
              </ul>
            )}
          </section>

          <section aria-labelledby="upcoming-heading" className="grid gap-3">
            <h3 id="upcoming-heading" className="text-lg font-semibold text-gray-900">
              Upcoming bookings
            </h3>
            {view.upcoming.length === 0 ? (
              <EmptyNote>No upcoming stays, rentals or appointments.</EmptyNote>
            ) : (
              <ol className="grid gap-2" aria-label="Reservations by date">
                {view.upcoming.map((r) => (
                  <li key={orderKey(r)} className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-gray-200 bg-white px-3 py-2 text-sm">
                    <span className="font-medium text-gray-900">
                      {day(String(r.startDate))}
                      {r.endDate ? ` – ${day(r.endDate)}` : ''}
                    </span>
                    <span id={`upcoming-${orderKey(r)}`} className="min-w-0 break-words text-gray-700">
                      {r.listingName} · {r.customerName} · #{r.id}
                    </span>
                    <Badge variant="default">{stepLabel(r)}</Badge>
                    <OrderActions order={r} className="w-full justify-end" describedBy={`upcoming-${orderKey(r)}`} />
                  </li>
                ))}
              </ol>
            )}
          </section>

          <section aria-labelledby="placed-heading" className="grid gap-3">
            <h3 id="placed-heading" className="text-lg font-semibold text-gray-900">
              Placed today
            </h3>
            {view.today.length === 0 ? (
              <EmptyNote>Nothing else was ordered today.</EmptyNote>
            ) : (
              <ul className="grid gap-3">
                {view.today.map((o) => (
                  <li key={orderKey(o)}>
                    <OrderCard order={o} />
                  </li>
                ))}
              </ul>
            )}
          </section>

          <section aria-labelledby="earlier-heading" className="grid gap-3">
            <h3 id="earlier-heading" className="text-lg font-semibold text-gray-900">
              Earlier orders and bookings
            </h3>
            {view.earlier.length === 0 && !orders.hasNextPage ? (
              <EmptyNote>No earlier orders or bookings.</EmptyNote>
            ) : (
              <>
                <ul className="grid gap-3">
                  {view.earlier.slice(0, earlierShown).map((o) => (
                    <li key={orderKey(o)}>
                      <OrderCard order={o} />
                    </li>
                  ))}
                </ul>
                {/* Every order loaded is shown: older ones come from the server a page at a time (issue 29). */}
                <EarlierOrdersButton
                  hidden={Math.max(0, view.earlier.length - earlierShown)}
                  step={EARLIER_PAGE}
                  onShowMore={() => setEarlierShown(earlierShown + EARLIER_PAGE)}
                  orders={orders}
                />
              </>
            )}
          </section>
        </>
      )}
    </section>
  );
}
