import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProviderOrder } from '@domain/provider/schemas';
import { parseApiError } from '@client/lib/api';
import { cn } from '@client/lib/cn';
import { formatDate, formatDateTime, formatMoney } from '@domain/format';
import { Badge, type BadgeVariant } from '@client/ui/badge';
import { Button } from '@client/ui/button';
import { Card } from '@client/ui/card';
import { Spinner } from '@client/ui/spinner';
import { toast } from '@client/ui/use-toast';
import { DeclineOrderDialog } from '@client/features/money/decline-order-dialog';
import { OrderMoney } from '@client/features/money/order-money';
import { orderAction, PROVIDER_EARNINGS_KEY, PROVIDER_ORDERS_KEY } from './provider-api';
import { cents, kitchenActions, orderActions, partTotal, stepLabel } from './today-logic';

const STATUS_VARIANT: Record<ProviderOrder['status'], BadgeVariant> = { pending: 'warning', confirmed: 'default', completed: 'success', cancelled: 'destructive' };
const ORDER_VARIANT: Record<ProviderOrder['orderStatus'], BadgeVariant> = {
  confirmed: 'outline',
  accepted: 'outline',
  completed: 'success',
  declined: 'destructive',
  cancelled: 'destructive',
};

const day = (iso: string) => formatDate(`${iso}T00:00:00`);

/** After any action: the orders (and what the Earnings tab shows) are asked for again. */
function useRefreshOrders() {
  const queryClient = useQueryClient();
  return async () => {
    void queryClient.invalidateQueries({ queryKey: PROVIDER_EARNINGS_KEY });
    await queryClient.invalidateQueries({ queryKey: PROVIDER_ORDERS_KEY });
  };
}

/**
 * The buttons of an order that is not the kitchen's (issue 28), as the server allows them now: Accept order, Decline
 * (asks for the reason; the customer gets that order's money back) and Mark completed (reservations). Actions take the
 * provider order's id. Shown on the order card and on an upcoming booking's row.
 */
export function OrderActions({ order, className, describedBy }: { order: ProviderOrder; className?: string; describedBy?: string }) {
  const refresh = useRefreshOrders();
  const [declining, setDeclining] = useState(false);
  const allowed = orderActions(order);
  const accept = useMutation({
    mutationFn: () => orderAction(order.orderId, 'accept'),
    onSuccess: async () => {
      toast({ title: 'Order accepted', description: 'The customer sees that you confirmed it.', variant: 'success' });
      await refresh();
    },
    onError: async (e) => {
      toast({ title: 'Could not accept the order', description: parseApiError(e).message ?? 'Please try again.', variant: 'destructive' });
      await refresh();
    },
  });
  const complete = useMutation({
    mutationFn: () => orderAction(order.orderId, 'complete'),
    onSuccess: async () => {
      toast({ title: 'Marked completed', description: 'Its money becomes available for payout after the hold period.', variant: 'success' });
      await refresh();
    },
    onError: async (e) => {
      toast({ title: 'Could not mark it completed', description: parseApiError(e).message ?? 'Please try again.', variant: 'destructive' });
      await refresh();
    },
  });
  if (!allowed.accept && !allowed.decline && !allowed.complete && !declining) return null;
  return (
    <div className={cn('flex flex-wrap items-center gap-2', className)}>
      {allowed.accept ? (
        <Button size="sm" variant="outline" onClick={() => accept.mutate()} disabled={accept.isPending} aria-describedby={describedBy}>
          {accept.isPending ? <Spinner label="Accepting…" /> : null}
          Accept order
        </Button>
      ) : null}
      {allowed.complete ? (
        <Button size="sm" variant="outline" onClick={() => complete.mutate()} disabled={complete.isPending} aria-describedby={describedBy}>
          {complete.isPending ? <Spinner label="Marking…" /> : null}
          Mark completed
        </Button>
      ) : null}
      {allowed.decline ? (
        <Button size="sm" variant="ghost" className="text-red-700 hover:bg-red-50 hover:text-red-800" onClick={() => setDeclining(true)} aria-describedby={describedBy}>
          Decline order
        </Button>
      ) : null}
      {declining ? (
        <DeclineOrderDialog
          order={{ orderId: order.orderId, bookingId: order.id, listingName: order.listingName, customerName: order.customerName }}
          onClose={() => {
            setDeclining(false);
            void refresh();
          }}
        />
      ) : null}
    </div>
  );
}

/** One booking or order of my listings: who, what, the step it is at, the money, and its buttons (the kitchen's first). */
export function OrderCard({ order }: { order: ProviderOrder }) {
  const refresh = useRefreshOrders();
  const accept = useMutation({
    mutationFn: (orderId: number) => orderAction(orderId, 'accept'),
    onSuccess: async () => {
      toast({ title: 'Order accepted', description: 'The customer sees that you are preparing it.', variant: 'success' });
      await refresh();
    },
    onError: async (e) => {
      toast({ title: 'Could not accept the order', description: parseApiError(e).message ?? 'Please try again.', variant: 'destructive' });
      await refresh();
    },
  });
  const ready = useMutation({
    mutationFn: (orderId: number) => orderAction(orderId, 'ready'),
    onSuccess: async () => {
      toast({ title: 'Ready for pickup', description: 'Drivers nearby are being asked to collect it.', variant: 'success' });
      await refresh();
    },
    onError: async (e) => {
      toast({ title: 'Could not mark ready', description: parseApiError(e).message ?? 'Please try again.', variant: 'destructive' });
      await refresh();
    },
  });
  const delivery = order.delivery;
  const actions = kitchenActions(order);
  const total = partTotal(order);
  const hintId = `order-${order.id}-${order.listingId}-hint`;
  const declined = order.orderStatus === 'declined';
  return (
    <Card role="group" className="grid gap-2 p-4" aria-label={`Order ${order.id} for ${order.listingName}`}>
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-semibold text-gray-900">#{order.id}</span>
        <span className="min-w-0 break-words text-gray-700">{order.listingName}</span>
        <Badge variant={STATUS_VARIANT[order.status]}>{order.status}</Badge>
        {delivery || (order.orderStatus !== 'confirmed' && order.orderStatus !== order.status) ? <Badge variant={ORDER_VARIANT[order.orderStatus]}>{stepLabel(order)}</Badge> : null}
        <span className="ml-auto text-sm text-gray-500">{formatDateTime(order.createdAt)}</span>
      </div>
      <p className="text-sm text-gray-700">
        Customer: <span className="font-medium">{order.customerName}</span>
        {order.startDate ? ` · ${day(order.startDate)}${order.endDate ? ` to ${day(order.endDate)}` : ''}` : ''}
      </p>
      {declined ? (
        <p className="break-words rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
          You declined this order{order.declineReason ? `: ${order.declineReason}` : '.'}
        </p>
      ) : null}
      <ul className="text-sm text-gray-700">
        {order.items.map((item, i) => (
          <li key={i} className="flex justify-between gap-2">
            <span className="min-w-0 break-words">
              {item.quantity} × {item.name}
            </span>
            <span className="whitespace-nowrap">{formatMoney(item.lineTotal)}</span>
          </li>
        ))}
      </ul>
      {order.charges.length > 0 ? (
        <dl className="grid gap-0.5 border-t border-gray-100 pt-2 text-sm text-gray-600" aria-label="Charges">
          {order.charges.map((line) => (
            <div key={`${line.key}:${line.label}`} className="flex justify-between gap-2">
              <dt className="min-w-0 break-words">{line.label}</dt>
              <dd className="whitespace-nowrap">{formatMoney(line.amount)}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {cents(order.bookingTotal) !== cents(total) ? (
        <p className="text-xs text-gray-500">
          The customer&apos;s whole booking came to {formatMoney(order.bookingTotal)} (service fee, tax, tip and anything else in it included).
        </p>
      ) : null}
      <div className="flex flex-wrap items-center justify-between gap-2 border-t border-gray-100 pt-2">
        <span className="font-semibold text-gray-900">Total {formatMoney(total)}</span>
        {actions.shown && delivery ? (
          <div className="flex flex-wrap items-center gap-2">
            <Button size="sm" variant="outline" onClick={() => accept.mutate(order.orderId)} disabled={!actions.accept || accept.isPending}>
              {accept.isPending ? <Spinner label="Accepting…" /> : null}
              Accept order
            </Button>
            <Button
              size="sm"
              onClick={() => ready.mutate(order.orderId)}
              disabled={!actions.ready || ready.isPending}
              aria-describedby={actions.ready ? undefined : hintId}
            >
              {ready.isPending ? <Spinner label="Marking…" className="text-white [&_svg]:text-white" /> : null}
              Ready for pickup
            </Button>
            {actions.ready ? null : (
              <span id={hintId} className="w-full text-xs text-gray-500">
                Accept the order first, then mark it ready when the food is packed.
              </span>
            )}
          </div>
        ) : null}
      </div>
      <OrderMoney money={order.money} label={`Your money from order ${order.id}`} />
      <OrderActions order={order} className="justify-end" />
    </Card>
  );
}
