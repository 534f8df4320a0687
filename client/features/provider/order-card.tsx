import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProviderOrder } from '@domain/provider/schemas';
import { apiJson, parseApiError } from '@client/lib/api';
import { formatDate, formatDateTime, formatMoney } from '@client/lib/format';
import { Badge, type BadgeVariant } from '@client/ui/badge';
import { Button } from '@client/ui/button';
import { Card } from '@client/ui/card';
import { Spinner } from '@client/ui/spinner';
import { toast } from '@client/ui/use-toast';
import { PROVIDER_ORDERS_KEY } from './provider-api';
import { cents, kitchenActions, partTotal, stepLabel } from './today-logic';

const STATUS_VARIANT: Record<ProviderOrder['status'], BadgeVariant> = { pending: 'warning', confirmed: 'default', completed: 'success', cancelled: 'destructive' };

const day = (iso: string) => formatDate(`${iso}T00:00:00`);

/** One booking or order of my listings: who, what, the step it is at, the money, and the kitchen's buttons. */
export function OrderCard({ order }: { order: ProviderOrder }) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: PROVIDER_ORDERS_KEY });
  const accept = useMutation({
    mutationFn: (orderId: number) => apiJson<{ orderId: number; accepted: true }>('POST', `/api/provider/orders/${orderId}/accept`, {}),
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
    mutationFn: (orderId: number) => apiJson<{ orderId: number; ready: true }>('POST', `/api/provider/orders/${orderId}/ready`, {}),
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
  return (
    <Card role="group" className="grid gap-2 p-4" aria-label={`Order ${order.id} for ${order.listingName}`}>
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-semibold text-gray-900">#{order.id}</span>
        <span className="min-w-0 break-words text-gray-700">{order.listingName}</span>
        <Badge variant={STATUS_VARIANT[order.status]}>{order.status}</Badge>
        {delivery ? <Badge variant="outline">{stepLabel(order)}</Badge> : null}
        <span className="ml-auto text-sm text-gray-500">{formatDateTime(order.createdAt)}</span>
      </div>
      <p className="text-sm text-gray-700">
        Customer: <span className="font-medium">{order.customerName}</span>
        {order.startDate ? ` · ${day(order.startDate)}${order.endDate ? ` to ${day(order.endDate)}` : ''}` : ''}
      </p>
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
            <Button size="sm" variant="outline" onClick={() => accept.mutate(delivery.orderId)} disabled={!actions.accept || accept.isPending}>
              {accept.isPending ? <Spinner label="Accepting…" /> : null}
              Accept order
            </Button>
            <Button
              size="sm"
              onClick={() => ready.mutate(delivery.orderId)}
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
    </Card>
  );
}
