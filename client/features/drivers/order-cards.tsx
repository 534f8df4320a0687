import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Clock, ExternalLink, Flag, LoaderCircle, MapPin, MessageCircle, Phone, Timer, User } from 'lucide-react';
import type { DriverOrder } from '@domain/orders/schemas';
import type { DriverStep } from '@domain/orders/states';
import { formatDateTime, formatDistance, formatMoney } from '@domain/format';
import { Badge } from '@client/ui/badge';
import { Button } from '@client/ui/button';
import { Card } from '@client/ui/card';
import { ChatDialog } from '@client/features/chat/chat-dialog';
import { nextStep, offerSecondsLeft, ORDER_KIND_LABEL, telHref } from './driver-format';

/** Pickup and dropoff, one line each, with icons that screen readers skip (the terms say it). */
function Route({ order }: { order: DriverOrder }) {
  return (
    <dl className="grid gap-2 text-sm">
      <div className="flex items-start gap-2">
        <MapPin className="mt-0.5 size-4 shrink-0 text-brand-600" aria-hidden="true" />
        <div className="min-w-0">
          <dt className="text-xs text-gray-500">Pickup</dt>
          <dd className="break-words text-gray-900">{order.pickupAddress}</dd>
        </div>
      </div>
      <div className="flex items-start gap-2">
        <Flag className="mt-0.5 size-4 shrink-0 text-emerald-600" aria-hidden="true" />
        <div className="min-w-0">
          <dt className="text-xs text-gray-500">Dropoff</dt>
          <dd className="break-words text-gray-900">{order.dropoffAddress}</dd>
        </div>
      </div>
    </dl>
  );
}

/** Distance, pay and ETA side by side: the three numbers a driver decides on. */
function Figures({ order }: { order: DriverOrder }) {
  return (
    <dl className="grid grid-cols-3 gap-2 rounded-lg bg-gray-50 p-2 text-center text-sm">
      <div>
        <dt className="text-xs text-gray-500">Distance</dt>
        <dd className="font-semibold tabular-nums">{formatDistance(order.distanceKm)}</dd>
      </div>
      <div>
        <dt className="text-xs text-gray-500">You earn</dt>
        <dd className="font-semibold tabular-nums">{formatMoney(order.price)}</dd>
      </div>
      <div>
        <dt className="text-xs text-gray-500">ETA</dt>
        <dd className="font-semibold tabular-nums">{order.estimatedTime} min</dd>
      </div>
    </dl>
  );
}

/** The order the driver is working on, with the one button that moves it on (spec 002 section 4). */
export function ActiveOrderCard({
  order,
  advancing,
  onAdvance,
}: {
  order: DriverOrder;
  advancing: boolean;
  onAdvance: (order: DriverOrder, to: DriverStep) => void;
}) {
  const step = nextStep(order);
  const [chatOpen, setChatOpen] = useState(false);
  return (
    <Card className="grid gap-4 border-brand-300 p-4 ring-1 ring-brand-100" aria-labelledby="active-order-title">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 id="active-order-title" className="text-lg font-semibold text-gray-900">
            Active order
          </h2>
          <p className="text-xs text-gray-500">
            {ORDER_KIND_LABEL[order.kind]} · <span className="font-mono break-all">{order.trackingId}</span>
          </p>
        </div>
        {/* The journey step the customer reads too (one status model everywhere); a change is announced politely. */}
        <Badge variant="success" role="status">
          {order.stepLabel}
        </Badge>
      </div>
      <dl className="grid gap-2 text-sm">
        <div className="flex items-center gap-2">
          <User className="size-4 shrink-0 text-gray-500" aria-hidden="true" />
          <dt className="sr-only">Customer</dt>
          <dd className="min-w-0 break-words font-medium">{order.customerName}</dd>
        </div>
        {order.customerPhone ? (
          <div className="flex items-center gap-2">
            <Phone className="size-4 shrink-0 text-gray-500" aria-hidden="true" />
            <dt className="sr-only">Phone</dt>
            <dd>
              {/* A large target: the driver taps it with a thumb, often at arm's length. */}
              <a
                href={telHref(order.customerPhone)}
                className="inline-flex min-h-10 items-center font-medium text-brand-700 underline underline-offset-4"
                aria-label={`Call ${order.customerName} at ${order.customerPhone}`}
              >
                {order.customerPhone}
              </a>
            </dd>
          </div>
        ) : null}
      </dl>
      <Route order={order} />
      <Figures order={order} />
      {step ? (
        <Button size="lg" className="w-full" onClick={() => onAdvance(order, step.to)} disabled={advancing} aria-busy={advancing}>
          {advancing ? <LoaderCircle className="size-4 animate-spin motion-reduce:animate-none" aria-hidden="true" /> : null}
          {step.label}
        </Button>
      ) : null}
      <Button variant="outline" className="w-full" onClick={() => setChatOpen(true)} aria-label={`Message customer ${order.customerName}`}>
        <MessageCircle className="size-4" aria-hidden="true" />
        Message customer
      </Button>
      <Link
        to={`/track/${encodeURIComponent(order.trackingId)}`}
        className="inline-flex items-center gap-1 justify-self-start text-sm text-brand-700 underline-offset-4 hover:underline"
      >
        <ExternalLink className="size-3.5" aria-hidden="true" />
        Customer tracking page
      </Link>
      <ChatDialog open={chatOpen} onOpenChange={setChatOpen} target={{ kind: 'tracking', trackingId: order.trackingId }} title={`Message ${order.customerName}`} />
    </Card>
  );
}

/** One live offer: Accept (only when the driver has no active order) and Decline, with the time left to decide. */
export function OfferCard({
  order,
  now,
  hasActiveOrder,
  accepting,
  declining,
  onAccept,
  onDecline,
}: {
  order: DriverOrder;
  now: number;
  hasActiveOrder: boolean;
  accepting: boolean;
  declining: boolean;
  onAccept: () => void;
  onDecline: () => void;
}) {
  const titleId = useId();
  const noteId = useId();
  const secondsLeft = offerSecondsLeft(order.offerExpiresAt, now);
  const busy = accepting || declining;
  return (
    <li>
      <Card className="grid gap-3 p-4" aria-labelledby={titleId}>
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h3 id={titleId} className="font-semibold text-gray-900">
            {ORDER_KIND_LABEL[order.kind]} · {formatMoney(order.price)}
          </h3>
          {secondsLeft !== null ? (
            <span className="inline-flex items-center gap-1 text-xs font-medium text-amber-800 tabular-nums">
              <Timer className="size-3.5" aria-hidden="true" />
              {/* The server decides expiry; at 0 the offer stays until it is withdrawn, in case the clocks differ. */}
              {secondsLeft > 0 ? `Expires in ${secondsLeft} s` : 'Expiring…'}
            </span>
          ) : null}
        </div>
        {/* Where the order is, in the customer's words ('Ready for pickup': the kitchen is done). */}
        <p className="text-xs text-gray-600">
          Status: <span className="font-medium text-gray-900">{order.stepLabel}</span>
        </p>
        <Route order={order} />
        <Figures order={order} />
        {hasActiveOrder ? (
          <p id={noteId} className="text-xs text-gray-600">
            Finish your active order before accepting another.
          </p>
        ) : null}
        <div className="grid grid-cols-2 gap-2">
          <Button variant="outline" onClick={onDecline} disabled={busy} aria-describedby={titleId}>
            Decline
          </Button>
          <Button
            onClick={onAccept}
            disabled={busy || hasActiveOrder}
            aria-busy={accepting}
            aria-describedby={hasActiveOrder ? `${titleId} ${noteId}` : titleId}
          >
            {accepting ? <LoaderCircle className="size-4 animate-spin motion-reduce:animate-none" aria-hidden="true" /> : null}
            Accept
          </Button>
        </div>
      </Card>
    </li>
  );
}

/** The last completed orders (the server sends at most 5). */
export function RecentOrderList({ orders }: { orders: DriverOrder[] }) {
  if (orders.length === 0) return <p className="text-sm text-gray-600">No completed orders yet.</p>;
  return (
    <ul className="divide-y divide-gray-100 text-sm">
      {orders.map((order) => (
        <li key={order.id} className="flex items-start justify-between gap-3 py-2.5">
          <div className="min-w-0">
            <p className="font-medium text-gray-900">{ORDER_KIND_LABEL[order.kind]}</p>
            <p className="break-words text-gray-600">{order.dropoffAddress}</p>
            <p className="flex items-center gap-1 text-xs text-gray-500">
              <Clock className="size-3" aria-hidden="true" />
              <time dateTime={order.completedAt ?? order.createdAt}>{formatDateTime(order.completedAt ?? order.createdAt)}</time>
            </p>
          </div>
          <span className="shrink-0 font-semibold tabular-nums">{formatMoney(order.price)}</span>
        </li>
      ))}
    </ul>
  );
}
