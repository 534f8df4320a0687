import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { CalendarX, CreditCard, LogIn, MessageCircle, RefreshCw, Truck, WifiOff } from 'lucide-react';
import type { Booking, BookingStatus, PaymentEntry } from '@domain/bookings/schemas';
import { apiQuery, isNetworkError, parseApiError } from '@client/lib/api';
import { SNAPSHOTS, readSnapshot, savedAgo, saveSnapshot, useNow, type Snapshot } from '@client/lib/offline-snapshot';
import { notifyOffline } from '@client/lib/online';
import { formatDate, formatDateTime, formatMoney } from '@domain/format';
import { usePageTitle } from '@client/lib/use-page-title';
import { Badge, type BadgeVariant } from '@client/ui/badge';
import { Button, buttonVariants } from '@client/ui/button';
import { Card } from '@client/ui/card';
import { Skeleton } from '@client/ui/skeleton';
import { PageSpinner } from '@client/ui/spinner';
import { useAuth } from '@client/features/accounts/use-auth';
import type { PublicUser } from '@domain/accounts/schemas';
import { bookingChatTargets, deliveryHasDriver } from '@client/features/chat/booking-targets';
import { ChatDialog, type ChatTarget } from '@client/features/chat/chat-dialog';
import { CheckoutDialog } from '@client/features/payments/checkout-dialog';
import { bookingDeliveries, deliveryTrackPath } from '@client/features/payments/deliveries';
import { lineDetailsSummary } from '@client/features/payments/payment-format';
import { BreakdownLines } from '@client/features/payments/breakdown-lines';
import { isAbandonedCheckout } from '@domain/bookings/state';
import { BookingOrders } from '@client/features/money/booking-orders';
import { CancelBookingDialog } from '@client/features/money/cancel-booking-dialog';
import { BookingReviewButtons, useMyReviewables } from '@client/features/reviews/my-reviews';

/** The last list seen, shown read-only when a reload happens offline (client/lib/offline-snapshot). */
const BOOKINGS_SNAPSHOT = SNAPSHOTS.bookings;

const STATUS: Record<BookingStatus, { label: string; variant: BadgeVariant }> = {
  pending: { label: 'Pending', variant: 'warning' },
  confirmed: { label: 'Confirmed', variant: 'success' },
  completed: { label: 'Completed', variant: 'secondary' },
  cancelled: { label: 'Cancelled', variant: 'destructive' },
};

const PAYMENT_STATUS: Record<PaymentEntry['status'], string> = { succeeded: 'Paid', failed: 'Failed', refunded: 'Refunded' };

/** /bookings: the signed-in customer's bookings, with Pay for pending ones and Cancel. */
export function BookingsPage() {
  usePageTitle('My bookings');
  const auth = useAuth();
  if (auth.status === 'loading') return <PageSpinner label="Checking your session…" />;
  // Offline the session cannot be checked; the last list seen on this device (by the account last signed in on it)
  // is shown instead of "Sign in".
  const kept = auth.status === 'error' && isNetworkError(auth.error) ? readSnapshot<Booking[]>(BOOKINGS_SNAPSHOT) : null;
  const offlineCopy = kept && (!auth.offlineUser || auth.offlineUser.user.id === kept.userId) ? kept : null;
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:py-12">
      <h1 className="text-2xl font-bold tracking-tight text-gray-900 sm:text-3xl">My bookings</h1>
      {auth.status === 'signed-in' && auth.user ? (
        <BookingList user={auth.user} />
      ) : offlineCopy ? (
        <OfflineBookings snapshot={offlineCopy} />
      ) : (
        <Card className="mt-6 p-6 text-center">
          <p className="text-gray-700">Sign in to see your bookings.</p>
          <Link to="/login?next=/bookings" className={buttonVariants({ className: 'mt-4' })}>
            <LogIn className="size-4" aria-hidden="true" />
            Sign In
          </Link>
        </Card>
      )}
    </div>
  );
}

/** My bookings as last seen on this device, read-only: paying, cancelling and chat need the server. */
function OfflineBookings({ snapshot }: { snapshot: Snapshot<Booking[]> }) {
  const offline = () => notifyOffline('this action');
  const now = useNow();
  return (
    <>
      <p role="status" className="mt-6 flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
        <WifiOff className="mt-0.5 size-4 shrink-0 text-amber-700" aria-hidden="true" />
        <span>
          You are offline. These are the bookings of {snapshot.username} as this device saw them last ({savedAgo(snapshot.savedAt, now)},{' '}
          {formatDateTime(snapshot.savedAt)}); they update when you reconnect. Paying, cancelling and messages need a connection.
        </span>
      </p>
      {snapshot.data.length === 0 ? (
        <Card className="mt-4 p-6 text-center text-gray-700">You had no bookings then.</Card>
      ) : (
        <ul className="mt-4 grid gap-4" aria-label="Bookings">
          {snapshot.data.filter((b) => !isAbandonedCheckout(b)).map((b) => (
            <BookingCard key={b.id} booking={b} onPay={offline} onCancel={offline} onMessage={offline} />
          ))}
        </ul>
      )}
    </>
  );
}

function BookingList({ user }: { user: PublicUser }) {
  const query = useQuery(apiQuery('/api/bookings'));
  useEffect(() => {
    if (query.data) saveSnapshot(BOOKINGS_SNAPSHOT, { userId: user.id, username: user.username, data: query.data });
  }, [query.data, user.id, user.username]);
  const [paying, setPaying] = useState<Booking | null>(null);
  const [cancelling, setCancelling] = useState<Booking | null>(null);
  // One chat dialog for the page: the provider of a booked listing, or the driver of a delivery.
  const [chat, setChat] = useState<{ target: ChatTarget; title: string } | null>(null);
  const [chatOpen, setChatOpen] = useState(false);
  const openChat = (target: ChatTarget, title: string) => {
    setChat({ target, title });
    setChatOpen(true);
  };
  // Refunds reported by the cancel call, shown on the card (the list's payments carry the refunded entry too).
  const [refunds, setRefunds] = useState<Record<number, number>>({});

  if (query.isPending) {
    return (
      <div className="mt-6 grid gap-4" aria-busy="true" aria-label="Loading bookings">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-36 w-full rounded-xl" />
        ))}
      </div>
    );
  }
  if (query.isError) {
    const copy = isNetworkError(query.error) ? readSnapshot<Booking[]>(BOOKINGS_SNAPSHOT) : null;
    if (copy && copy.userId === user.id) return <OfflineBookings snapshot={copy} />;
    return (
      <Card role="alert" className="mt-6 grid justify-items-center gap-3 p-6 text-center">
        <p className="text-red-700">Could not load your bookings. {parseApiError(query.error).message ?? ''}</p>
        <Button variant="outline" onClick={() => void query.refetch()}>
          <RefreshCw className="size-4" aria-hidden="true" />
          Retry
        </Button>
      </Card>
    );
  }
  // Checkouts never paid (expired after 30 minutes, or cancelled before paying) are not orders: like a marketplace's
  // abandoned carts they are left out, so only what the customer has or is still paying for is listed (issue 26).
  const bookings = (query.data ?? []).filter((b) => !isAbandonedCheckout(b));
  if (bookings.length === 0) {
    return (
      <Card className="mt-6 grid justify-items-center gap-3 p-8 text-center">
        <CalendarX className="size-10 text-gray-300" aria-hidden="true" />
        <p className="text-gray-700">You have no bookings yet.</p>
        <Link to="/" className={buttonVariants({ variant: 'outline' })}>
          Browse services
        </Link>
      </Card>
    );
  }
  return (
    <>
      <ul className="mt-6 grid gap-4" aria-label="Bookings">
        {bookings.map((b) => (
          <BookingCard key={b.id} booking={b} refund={refunds[b.id]} onPay={() => setPaying(b)} onCancel={() => setCancelling(b)} onMessage={openChat} />
        ))}
      </ul>
      <CheckoutDialog
        open={paying !== null}
        onOpenChange={(open) => !open && setPaying(null)}
        booking={paying ?? undefined}
        serviceName={paying ? bookingTitle(paying) : ''}
        listDeliveries
      />
      {chat ? <ChatDialog open={chatOpen} onOpenChange={setChatOpen} target={chat.target} title={chat.title} /> : null}
      {cancelling ? (
        <CancelBookingDialog
          key={cancelling.id}
          booking={cancelling}
          onClose={() => setCancelling(null)}
          onCancelled={(result) => {
            const amount = result.refund?.amount;
            if (amount !== undefined) setRefunds((r) => ({ ...r, [result.id]: amount }));
          }}
        />
      ) : null}
    </>
  );
}

/** 'Dish (Restaurant)' or 'Hotel and 2 more' for the payment dialog and its thank-you toast. */
function bookingTitle(booking: Booking): string {
  const [first, ...rest] = booking.items;
  if (!first) return `booking #${booking.id}`;
  return rest.length > 0 ? `${first.name} and ${rest.length} more` : first.name;
}

function BookingCard({
  booking,
  refund,
  onPay,
  onCancel,
  onMessage,
}: {
  booking: Booking;
  refund?: number;
  onPay: () => void;
  onCancel: () => void;
  onMessage: (target: ChatTarget, title: string) => void;
}) {
  const status = STATUS[booking.status];
  const { data: reviewables } = useMyReviewables();
  const refunded = refund ?? booking.payments.filter((p) => p.status === 'refunded').reduce((sum, p) => sum + p.amount, 0);
  const canCancel = booking.status === 'pending' || booking.status === 'confirmed';
  return (
    <li>
      <Card className="grid gap-3 p-4 sm:p-5" aria-labelledby={`booking-${booking.id}`}>
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div>
            <h2 id={`booking-${booking.id}`} className="font-semibold text-gray-900">
              Booking #{booking.id}
            </h2>
            <p className="text-xs text-gray-500">Booked {formatDate(booking.createdAt)}</p>
          </div>
          <Badge variant={status.variant}>{status.label}</Badge>
        </div>
        <ul className="grid gap-1.5 text-sm">
          {booking.items.map((line) => {
            const summary = lineDetailsSummary(line);
            return (
              <li key={line.id} className="flex justify-between gap-3">
                <span className="min-w-0 break-words">
                  {line.name}
                  {line.quantity > 1 ? ` × ${line.quantity}` : ''}
                  {summary ? <span className="block text-xs text-gray-500">{summary}</span> : null}
                </span>
                <span className="shrink-0 tabular-nums">{formatMoney(line.lineTotal)}</span>
              </li>
            );
          })}
        </ul>
        {booking.breakdown ? (
          // The booked breakdown (delivery fees, service fee, taxes, tip) and the total, as on the receipt.
          <BreakdownLines breakdown={booking.breakdown} className="border-t border-gray-100 pt-2" />
        ) : (
          <div className="flex justify-between border-t border-gray-100 pt-2 font-semibold">
            <span>Total</span>
            <span className="tabular-nums">{formatMoney(booking.totalAmount)}</span>
          </div>
        )}
        {booking.payments.length > 0 ? (
          <ul className="grid gap-1 text-xs text-gray-600" aria-label="Payments">
            {booking.payments.map((p) => (
              <li key={p.id} className="flex flex-wrap items-center gap-x-2">
                <CreditCard className="size-3.5" aria-hidden="true" />
                <span className="capitalize">{p.brand ?? 'Card'}</span>
                {p.last4 ? <span>•••• {p.last4}</span> : null}
                <span className="tabular-nums">{formatMoney(p.amount)}</span>
                <span className={p.status === 'failed' ? 'text-red-700' : p.status === 'refunded' ? 'text-amber-800' : 'text-emerald-700'}>
                  {PAYMENT_STATUS[p.status]}
                </span>
                <span>{formatDateTime(p.createdAt)}</span>
              </li>
            ))}
          </ul>
        ) : null}
        <BookingOrders booking={booking} />
        {booking.status === 'cancelled' && refunded > 0 ? <p className="text-sm font-medium text-amber-800">Refunded {formatMoney(refunded)}</p> : null}
        <TrackLinks booking={booking} onMessage={onMessage} />
        <MessageProviders booking={booking} onMessage={onMessage} />
        <BookingReviewButtons bookingId={booking.id} reviewables={reviewables} />
        {canCancel ? (
          <div className="flex flex-wrap justify-end gap-2">
            {canCancel ? (
              <Button variant="outline" size="sm" onClick={onCancel} aria-label={`Cancel booking #${booking.id}`}>
                Cancel
              </Button>
            ) : null}
            {booking.status === 'pending' ? (
              <Button size="sm" onClick={onPay} aria-label={`Pay for booking #${booking.id}`}>
                Pay
              </Button>
            ) : null}
          </div>
        ) : null}
      </Card>
    </li>
  );
}

/** 'Message provider' for each listing of the booking whose provider can be messaged (a restaurant once). */
function MessageProviders({ booking, onMessage }: { booking: Booking; onMessage: (target: ChatTarget, title: string) => void }) {
  const targets = bookingChatTargets(booking);
  if (targets.length === 0) return null;
  return (
    <div className="flex flex-wrap gap-2">
      {targets.map((t) => (
        <Button
          key={`${t.serviceType}:${t.serviceId}`}
          variant="outline"
          size="sm"
          onClick={() => onMessage(t, `Chat with ${t.serviceName}`)}
          aria-label={`Message the provider of ${t.serviceName}`}
        >
          <MessageCircle className="size-3.5" aria-hidden="true" />
          {targets.length > 1 ? `Message ${t.serviceName}` : 'Message provider'}
        </Button>
      ))}
    </div>
  );
}

/** One Track link per delivery of the booking, naming what it follows and where it stands; Message driver once assigned. */
function TrackLinks({ booking, onMessage }: { booking: Booking; onMessage: (target: ChatTarget, title: string) => void }) {
  const deliveries = bookingDeliveries(booking);
  if (deliveries.length === 0) {
    // A booking listed by a server without `deliveries` still names its first tracking record.
    if (!booking.trackingId || booking.status === 'cancelled') return null;
    return (
      <Link to={`/track/${encodeURIComponent(booking.trackingId)}`} className="text-sm text-brand-700 underline-offset-4 hover:underline">
        Track order
      </Link>
    );
  }
  return (
    <ul className="grid gap-1 text-sm" aria-label={`Deliveries of booking #${booking.id}`}>
      {deliveries.map((d) => (
        <li key={d.trackingId} className="flex flex-wrap items-center gap-x-2">
          <Truck className="size-3.5 text-gray-500" aria-hidden="true" />
          <Link to={deliveryTrackPath(d)} className="rounded text-brand-700 underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500">
            Track {d.name} ({d.stepLabel})
          </Link>
          <span className="font-mono text-xs break-all text-gray-500">{d.trackingNumber}</span>
          {deliveryHasDriver(d) ? (
            <Button
              variant="link"
              size="sm"
              className="h-auto px-0"
              onClick={() => onMessage({ kind: 'tracking', trackingId: d.trackingId }, `Message the driver of ${d.name}`)}
              aria-label={`Message the driver of ${d.name}`}
            >
              <MessageCircle className="size-3.5" aria-hidden="true" />
              Message driver
            </Button>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
