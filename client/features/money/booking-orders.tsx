import type { Booking } from '@domain/bookings/schemas';
import { kindOfCollection } from '@domain/catalogue/kinds';
import type { BookingOrder, OrderStatus } from '@domain/money/schemas';
import { cn } from '@client/lib/cn';
import { formatCents } from '@domain/format';
import { Badge, type BadgeVariant } from '@client/ui/badge';
import { ORDER_STATUS_LABEL } from './finance-logic';

const STATUS_VARIANT: Record<OrderStatus, BadgeVariant> = {
  confirmed: 'secondary',
  accepted: 'default',
  completed: 'success',
  declined: 'destructive',
  cancelled: 'destructive',
};

/**
 * The orders of a paid booking (issue 28): one per provider's listing, each with its status, its lines, what the
 * customer paid for it, what came back (a provider's decline, a cancellation) and any cancellation fee kept.
 *
 * The status badge and the refund line are worded so that their text never equals the booking's own ('Confirmed',
 * 'Refunded $x'): the booking card's badge and refund line stay the one match of those words on the card.
 */
export function BookingOrders({
  booking,
  className,
  headingLevel = 'h3',
}: {
  booking: Pick<Booking, 'id' | 'orders'>;
  className?: string;
  /** The heading's level where it is shown (an h3 inside a booking card, an h2 on the receipt page). */
  headingLevel?: 'h2' | 'h3';
}) {
  const Heading = headingLevel;
  // A list saved on this device before orders existed has none.
  const orders: BookingOrder[] = booking.orders ?? [];
  if (orders.length === 0) return null;
  const headingId = `booking-${booking.id}-orders`;
  return (
    <section aria-labelledby={headingId} className={cn('grid gap-2', className)}>
      <Heading id={headingId} className={headingLevel === 'h2' ? 'font-semibold text-gray-900' : 'text-sm font-semibold text-gray-900'}>
        {orders.length === 1 ? 'Your order' : `Your ${orders.length} orders`}
      </Heading>
      <ul className="grid gap-2">
        {orders.map((order) => (
          <OrderItem key={order.id} order={order} />
        ))}
      </ul>
    </section>
  );
}

function OrderItem({ order }: { order: BookingOrder }) {
  const kind = kindOfCollection(order.listingKind)?.serviceLabel;
  const items = order.items.map((i) => (i.quantity > 1 ? `${i.quantity} × ${i.name}` : i.name)).join(', ');
  return (
    <li className="grid gap-1 rounded-lg border border-gray-200 p-3 text-sm" data-testid="booking-order">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-medium break-words text-gray-900">{order.provider}</p>
          {kind ? <p className="text-xs text-gray-500">{kind}</p> : null}
        </div>
        <Badge variant={STATUS_VARIANT[order.status]} className="whitespace-normal">
          <span className="sr-only">Order status: </span>
          {ORDER_STATUS_LABEL[order.status]}
        </Badge>
      </div>
      {items ? <p className="text-xs break-words text-gray-600">{items}</p> : null}
      <p className="flex justify-between gap-3">
        <span className="text-gray-700">Order amount</span>
        <span className="tabular-nums">{formatCents(order.totalCents)}</span>
      </p>
      {order.status === 'declined' && order.declineReason ? (
        <p className="break-words text-gray-700">
          <span className="font-medium">Reason given:</span> {order.declineReason}
        </p>
      ) : null}
      {order.refundedCents > 0 ? <p className="font-medium text-amber-800">Refunded {formatCents(order.refundedCents)} to your card</p> : null}
      {order.cancellationFeeCents > 0 ? (
        <p className="text-gray-700">Cancellation fee kept: {formatCents(order.cancellationFeeCents)}</p>
      ) : null}
    </li>
  );
}
