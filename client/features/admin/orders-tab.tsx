import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Download, Eye, RotateCcw, Search } from 'lucide-react';
import { ADMIN_REPORTS, type AdminOrderRow } from '@domain/admin/orders';
import { BOOKING_STATUSES, type BookingStatus, type Delivery } from '@domain/bookings/schemas';
import { apiGet, apiHref, apiPost, apiQuery, parseApiError } from '@client/lib/api';
import { cn } from '@client/lib/cn';
import { formatDateTime, formatMoney, pluralize } from '@domain/format';
import { Badge, type BadgeVariant } from '@client/ui/badge';
import { Button, buttonVariants } from '@client/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@client/ui/dialog';
import { Input, fieldClasses } from '@client/ui/input';
import { Skeleton } from '@client/ui/skeleton';
import { toast } from '@client/ui/use-toast';
import { TableScroll, TableState, TableHead, tdClass } from './admin-ui';
import { ConfirmDialog } from './confirm-dialog';
import { STATS_KEY } from './listing-tab';

export const ORDERS_KEY = ['admin-orders'] as const;
const detailQuery = (id: number) => apiQuery('/api/admin/orders/{id}', { path: { id } });

const STATUS_LABEL: Record<BookingStatus, string> = { pending: 'Pending payment', confirmed: 'Paid', completed: 'Completed', cancelled: 'Cancelled' };
const STATUS_VARIANT: Record<BookingStatus, BadgeVariant> = { pending: 'warning', confirmed: 'default', completed: 'success', cancelled: 'destructive' };

export function StatusBadge({ status }: { status: BookingStatus }) {
  return <Badge variant={STATUS_VARIANT[status]}>{STATUS_LABEL[status]}</Badge>;
}

/** Why a booking cannot be refunded, or null when it can (the server checks the same and says why). */
export function refundBlocker(order: { status: BookingStatus; paid: number; refundable: number }): string | null {
  if (order.status === 'completed') return 'Completed bookings cannot be refunded here.';
  if (order.paid === 0) return order.status === 'pending' ? 'Not paid yet: nothing to refund.' : 'Never paid: nothing to refund.';
  if (order.refundable === 0) return 'Everything paid has been refunded.';
  if (order.status !== 'confirmed') return 'Only a paid, open booking can be refunded.';
  return null;
}

/** The Orders tab (issue 26): search by booking id, customer e-mail or tracking number, filter by status, open, refund. */
export function OrdersTab() {
  const searchId = useId();
  const statusId = useId();
  const [draft, setDraft] = useState('');
  const [q, setQ] = useState('');
  const [status, setStatus] = useState<BookingStatus | 'all'>('all');
  const [opened, setOpened] = useState<number | null>(null);

  const orders = useInfiniteQuery({
    queryKey: [...ORDERS_KEY, q, status],
    initialPageParam: null as number | null,
    queryFn: async ({ pageParam }) => {
      return apiGet('/api/admin/orders', { params: { query: { status, limit: 25, q: q || undefined, before: pageParam ?? undefined } } });
    },
    getNextPageParam: (last) => last.nextBefore,
  });
  const rows = orders.data?.pages.flatMap((p) => p.orders) ?? [];

  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    setQ(draft.trim());
  };

  return (
    <div className="grid min-w-0 gap-4">
      <div className="flex flex-col gap-3 lg:flex-row lg:items-end lg:justify-between">
        <form role="search" aria-label="Orders" onSubmit={onSearch} className="flex min-w-0 flex-wrap items-end gap-2">
          <div className="grid min-w-0 flex-1 gap-1 sm:min-w-72">
            <label htmlFor={searchId} className="text-sm font-medium text-gray-700">
              Search orders
            </label>
            <Input
              id={searchId}
              type="search"
              value={draft}
              onChange={(e) => setDraft(e.target.value)}
              placeholder="Booking id, customer e-mail or tracking number"
              autoComplete="off"
            />
          </div>
          <div className="grid gap-1">
            <label htmlFor={statusId} className="text-sm font-medium text-gray-700">
              Status
            </label>
            <select id={statusId} value={status} onChange={(e) => setStatus(e.target.value as BookingStatus | 'all')} className={cn(fieldClasses, 'h-10 w-auto')}>
              <option value="all">All statuses</option>
              {BOOKING_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {STATUS_LABEL[s]}
                </option>
              ))}
            </select>
          </div>
          <Button type="submit">
            <Search className="size-4" aria-hidden="true" />
            Search
          </Button>
        </form>
        <div className="flex flex-wrap gap-2">
          {(['bookings', 'orders'] as const).map((report) => (
            <a key={report} href={apiHref('/api/admin/export/{file}', { path: { file: `${report}.csv` } })} download className={buttonVariants({ variant: 'outline', size: 'sm' })} title={ADMIN_REPORTS[report]}>
              <Download className="size-4" aria-hidden="true" />
              {report}.csv
            </a>
          ))}
        </div>
      </div>

      {orders.isPending ? (
        <TableState status="pending" label="orders" />
      ) : orders.isError ? (
        <TableState status="error" label="orders" onRetry={() => void orders.refetch()} />
      ) : rows.length === 0 ? (
        <TableState status="empty" label="orders" emptyText={q || status !== 'all' ? 'No orders match this search.' : 'No orders yet.'} />
      ) : (
        <>
          <p className="text-sm text-gray-600" aria-live="polite">
            {q ? `Orders matching “${q}”` : 'Newest orders first'}: {pluralize(rows.length, 'order')} shown{orders.hasNextPage ? ', more below' : ''}.
          </p>
          <TableScroll label="Orders table">
            <table className="min-w-full divide-y divide-gray-200">
              <caption className="sr-only">Orders, newest first</caption>
              <TableHead columns={['Booking', 'Placed', 'Customer', 'Items', 'Total', 'Paid', 'Status', 'Tracking']} actions />
              <tbody className="divide-y divide-gray-100 bg-white">
                {rows.map((o) => (
                  <OrderRow key={o.id} order={o} onOpen={() => setOpened(o.id)} />
                ))}
              </tbody>
            </table>
          </TableScroll>
          {orders.hasNextPage ? (
            <Button variant="outline" className="justify-self-center" onClick={() => void orders.fetchNextPage()} disabled={orders.isFetchingNextPage}>
              {orders.isFetchingNextPage ? 'Loading…' : 'Load more orders'}
            </Button>
          ) : null}
        </>
      )}
      {opened !== null ? <OrderDialog id={opened} onClose={() => setOpened(null)} /> : null}
    </div>
  );
}

function OrderRow({ order, onOpen }: { order: AdminOrderRow; onOpen: () => void }) {
  return (
    <tr>
      <td className={cn(tdClass, 'whitespace-nowrap font-medium')}>#{order.id}</td>
      <td className={cn(tdClass, 'whitespace-nowrap')}>
        <time dateTime={order.createdAt}>{formatDateTime(order.createdAt)}</time>
      </td>
      <td className={cn(tdClass, 'max-w-56')}>
        <span className="block truncate font-medium">{order.customer.username}</span>
        <span className="block truncate text-xs text-gray-600">{order.customer.email}</span>
      </td>
      <td className={cn(tdClass, 'max-w-64')}>
        <span className="line-clamp-2">{order.summary || '—'}</span>
      </td>
      <td className={cn(tdClass, 'whitespace-nowrap')}>{formatMoney(order.total)}</td>
      <td className={cn(tdClass, 'whitespace-nowrap')}>
        {formatMoney(order.paid)}
        {order.refunded > 0 ? <span className="block text-xs text-red-700">−{formatMoney(order.refunded)} refunded</span> : null}
      </td>
      <td className={tdClass}>
        <StatusBadge status={order.status} />
      </td>
      <td className={cn(tdClass, 'whitespace-nowrap font-mono text-xs')}>{order.trackingNumbers.length ? order.trackingNumbers.join(', ') : '—'}</td>
      <td className={cn(tdClass, 'whitespace-nowrap text-right')}>
        <Button size="sm" variant="ghost" onClick={onOpen} aria-label={`Open order #${order.id}`}>
          <Eye className="size-3.5" aria-hidden="true" />
          Open
        </Button>
      </td>
    </tr>
  );
}

/** A delivery's journey step, as the customer's tracking page names it. */
function deliveryStep(d: Delivery): string {
  return d.stepLabel || d.status;
}

function OrderDialog({ id, onClose }: { id: number; onClose: () => void }) {
  const queryClient = useQueryClient();
  const detail = useQuery(detailQuery(id));
  const [confirming, setConfirming] = useState(false);
  const refund = useMutation({
    mutationFn: (amount: number) => apiPost('/api/admin/orders/{id}/refund', { params: { path: { id } }, body: { amount } }),
    onSuccess: (result) => {
      const amount = result.refund?.amount ?? 0;
      toast({ title: 'Refund issued', description: `${formatMoney(amount)} is on its way back for booking #${id}, which is now cancelled.`, variant: 'success' });
      setConfirming(false);
    },
    onError: (error) => {
      toast({ title: 'Refund failed', description: parseApiError(error).message ?? 'Please try again.', variant: 'destructive' });
      setConfirming(false);
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: detailQuery(id).queryKey }),
        queryClient.invalidateQueries({ queryKey: ORDERS_KEY }),
        queryClient.invalidateQueries({ queryKey: STATS_KEY }),
      ]),
  });
  const data = detail.data;
  const blocker = data ? refundBlocker({ status: data.booking.status, paid: data.paid, refundable: data.refundable }) : null;
  const card = data?.booking.payments.find((p) => p.status === 'succeeded');

  return (
    <Dialog open onOpenChange={(open) => (open || confirming ? undefined : onClose())}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Order #{id}</DialogTitle>
          <DialogDescription>{data ? `Placed ${formatDateTime(data.booking.createdAt)} by ${data.customer.username} (${data.customer.email})` : 'Loading the order…'}</DialogDescription>
        </DialogHeader>
        {detail.isPending ? (
          <div className="grid gap-2" aria-busy="true">
            <Skeleton className="h-6 w-40" />
            <Skeleton className="h-24" />
          </div>
        ) : detail.isError || !data ? (
          <TableState status="error" label="order" onRetry={() => void detail.refetch()} />
        ) : (
          <div className="grid max-h-[60vh] gap-4 overflow-y-auto text-sm">
            <div className="flex flex-wrap items-center gap-2">
              <StatusBadge status={data.booking.status} />
              <span className="text-gray-700">Customer #{data.customer.id}</span>
            </div>
            <section aria-label="Lines" className="grid gap-1">
              <h3 className="font-semibold text-gray-900">What was ordered</h3>
              <ul className="grid gap-1">
                {data.booking.items.map((item) => (
                  <li key={item.id} className="flex justify-between gap-2">
                    <span>
                      {item.quantity} × {item.name}
                    </span>
                    <span className="whitespace-nowrap">{formatMoney(item.lineTotal)}</span>
                  </li>
                ))}
              </ul>
              <dl className="mt-1 grid gap-1 border-t border-gray-100 pt-2">
                {(data.booking.breakdown?.lines ?? []).map((line) => (
                  <div key={`${line.key}:${line.label}`} className="flex justify-between gap-2 text-gray-700">
                    <dt>{line.label}</dt>
                    <dd className="whitespace-nowrap">{formatMoney(line.amount)}</dd>
                  </div>
                ))}
                <div className="flex justify-between gap-2 font-semibold text-gray-900">
                  <dt>Total</dt>
                  <dd>{formatMoney(data.booking.totalAmount)}</dd>
                </div>
              </dl>
            </section>
            <section aria-label="Money" className="grid gap-1">
              <h3 className="font-semibold text-gray-900">Money</h3>
              <dl className="grid grid-cols-3 gap-2 rounded-lg border border-gray-200 p-3 text-center">
                <div>
                  <dt className="text-xs text-gray-500">Paid</dt>
                  <dd className="font-semibold" data-testid="order-paid">
                    {formatMoney(data.paid)}
                  </dd>
                </div>
                <div>
                  <dt className="text-xs text-gray-500">Refunded</dt>
                  <dd className="font-semibold" data-testid="order-refunded">
                    {formatMoney(data.refunded)}
                  </dd>
                </div>
                <div>
                  <dt className="text-xs text-gray-500">Refundable</dt>
                  <dd className="font-semibold">{formatMoney(data.refundable)}</dd>
                </div>
              </dl>
              {data.booking.payments.length > 0 ? (
                <ul className="grid gap-1 text-gray-700">
                  {data.booking.payments.map((p) => (
                    <li key={p.id} className="flex flex-wrap justify-between gap-2">
                      <span>
                        {p.status === 'refunded' ? 'Refund' : p.status === 'failed' ? 'Failed payment' : 'Payment'}
                        {p.brand ? ` · ${p.brand} ${p.last4 ? `•••• ${p.last4}` : ''}` : ''}
                      </span>
                      <span className="whitespace-nowrap">
                        {p.status === 'refunded' ? '−' : ''}
                        {formatMoney(p.amount)} · {formatDateTime(p.createdAt)}
                      </span>
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="text-gray-600">No payment yet.</p>
              )}
            </section>
            {data.booking.deliveries.length > 0 ? (
              <section aria-label="Deliveries" className="grid gap-1">
                <h3 className="font-semibold text-gray-900">Deliveries</h3>
                <ul className="grid gap-1">
                  {data.booking.deliveries.map((d) => (
                    <li key={d.trackingId} className="flex flex-wrap justify-between gap-2">
                      <span>
                        {d.name} · <span className="font-mono text-xs">{d.trackingNumber}</span>
                      </span>
                      <span className="flex items-center gap-2">
                        <Badge variant="outline">{deliveryStep(d)}</Badge>
                        <Link to={`/track/${d.trackingId}`} className="text-brand-700 underline-offset-4 hover:underline">
                          Track
                        </Link>
                      </span>
                    </li>
                  ))}
                </ul>
              </section>
            ) : null}
          </div>
        )}
        <DialogFooter className="items-center">
          {blocker && data ? <p className="text-sm text-gray-600 sm:mr-auto">{blocker}</p> : null}
          <Button variant="outline" onClick={onClose}>
            Close
          </Button>
          {data ? (
            <Button variant="destructive" disabled={Boolean(blocker) || refund.isPending} onClick={() => setConfirming(true)}>
              <RotateCcw className="size-4" aria-hidden="true" />
              Refund {formatMoney(data.refundable)}
            </Button>
          ) : null}
        </DialogFooter>
        {data ? (
          <ConfirmDialog
            open={confirming}
            onOpenChange={setConfirming}
            title={`Refund ${formatMoney(data.refundable)}?`}
            description={`Booking #${id} is cancelled and ${formatMoney(data.refundable)} goes back to ${data.customer.email}${card?.last4 ? ` on the card ending ${card.last4}` : ''}. This cannot be undone.`}
            confirmLabel={`Refund ${formatMoney(data.refundable)}`}
            busyLabel="Refunding…"
            destructive
            busy={refund.isPending}
            onConfirm={() => refund.mutate(data.refundable)}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
