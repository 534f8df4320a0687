import { Link, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { CheckCircle2, Clock, CreditCard, LogIn, RefreshCw, Truck, XCircle } from 'lucide-react';
import type { Booking } from '@domain/bookings/schemas';
import { apiQuery, parseApiError } from '@client/lib/api';
import { formatDateTime, formatMoney } from '@domain/format';
import { usePageTitle } from '@client/lib/use-page-title';
import { Button, buttonVariants } from '@client/ui/button';
import { Card } from '@client/ui/card';
import { PageSpinner } from '@client/ui/spinner';
import { useAuth } from '@client/features/accounts/use-auth';
import { BookingOrders } from '@client/features/money/booking-orders';
import { BreakdownLines } from './breakdown-lines';
import { bookingDeliveries, deliveryTrackPath, hasDeliverableLines } from './deliveries';
import { nextSteps } from './next-steps';
import { lineDetailsSummary } from './payment-format';

/** How often a booking is read again while its payment is being confirmed (a Stripe webhook) or its deliveries made. */
const SETTLING_POLL_MS = 3000;

/**
 * /bookings/:id/confirmation: where a paid checkout lands (issue 26). The receipt (the booked lines, the same
 * breakdown lines as the cart and the payment dialog, the total charged and the card), the tracking link of each
 * delivery, and what happens next per kind of line.
 */
export function ConfirmationPage() {
  const { id } = useParams();
  const auth = useAuth();
  usePageTitle(id ? `Booking #${id} confirmed` : 'Booking');
  const bookingId = Number(id);
  const valid = Number.isInteger(bookingId) && bookingId > 0;
  if (auth.status === 'loading') return <PageSpinner label="Checking your session…" />;
  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-8 sm:py-12">
      {!valid ? (
        <NotFoundCard />
      ) : auth.status === 'signed-in' ? (
        <Receipt id={bookingId} />
      ) : (
        <Card className="p-6 text-center">
          <h1 className="text-xl font-bold text-gray-900">Your booking</h1>
          <p className="mt-2 text-gray-700">Sign in to see booking #{bookingId} and its receipt.</p>
          <Link to={`/login?next=${encodeURIComponent(`/bookings/${bookingId}/confirmation`)}`} className={buttonVariants({ className: 'mt-4' })}>
            <LogIn className="size-4" aria-hidden="true" />
            Sign In
          </Link>
        </Card>
      )}
    </div>
  );
}

function NotFoundCard() {
  return (
    <Card role="alert" className="p-6 text-center">
      <h1 className="text-xl font-bold text-gray-900">Booking not found</h1>
      <p className="mt-2 text-gray-700">There is no booking of yours at this address.</p>
      <Link to="/bookings" className={buttonVariants({ variant: 'outline', className: 'mt-4' })}>
        My bookings
      </Link>
    </Card>
  );
}

/** Still settling: paid by card but not confirmed yet (a Stripe webhook), or confirmed before its deliveries are listed. */
function settling(b: Booking | null | undefined): boolean {
  if (!b) return false;
  return b.status === 'pending' || (b.status === 'confirmed' && hasDeliverableLines(b) && bookingDeliveries(b).length === 0);
}

function Receipt({ id }: { id: number }) {
  const query = useQuery({
    ...apiQuery('/api/bookings/{id}', { path: { id } }),
    // Always the server's current word (a booking just paid), then again while it settles.
    staleTime: 0,
    refetchInterval: (q) => (settling(q.state.data) ? SETTLING_POLL_MS : false),
  });
  if (query.isPending) return <PageSpinner label="Loading your receipt…" />;
  if (query.isError) {
    const error = parseApiError(query.error);
    if (error.status === 404 || error.status === 400) return <NotFoundCard />;
    return (
      <Card role="alert" className="grid justify-items-center gap-3 p-6 text-center">
        <p className="text-red-700">Could not load booking #{id}. {error.message ?? (error.status === null ? 'You seem to be offline.' : '')}</p>
        <Button variant="outline" onClick={() => void query.refetch()}>
          <RefreshCw className="size-4" aria-hidden="true" />
          Retry
        </Button>
      </Card>
    );
  }
  const booking = query.data;
  if (!booking) return <NotFoundCard />;
  const deliveries = bookingDeliveries(booking);
  const paid = booking.payments.find((p) => p.status === 'succeeded');
  const steps = nextSteps(booking);
  return (
    <div className="grid gap-6">
      <header className="grid gap-2">
        {booking.status === 'cancelled' ? (
          <XCircle className="size-10 text-red-600" aria-hidden="true" />
        ) : booking.status === 'pending' ? (
          <Clock className="size-10 text-amber-600" aria-hidden="true" />
        ) : (
          <CheckCircle2 className="size-10 text-emerald-600" aria-hidden="true" />
        )}
        <h1 className="text-2xl font-bold tracking-tight text-gray-900 sm:text-3xl">
          {booking.status === 'cancelled'
            ? `Booking #${booking.id} is cancelled`
            : booking.status === 'pending'
              ? `Confirming booking #${booking.id}…`
              : `Thank you! Booking #${booking.id} is confirmed`}
        </h1>
        <p className="text-gray-700" role="status">
          {booking.status === 'pending'
            ? 'Your card is being charged; this page updates by itself once the payment is confirmed.'
            : booking.status === 'cancelled'
              ? 'Nothing more will happen with it.'
              : 'We have e-mailed you this receipt.'}
        </p>
      </header>

      {deliveries.length > 0 ? (
        <Card className="grid gap-3 p-4 sm:p-5">
          <h2 className="font-semibold text-gray-900">{deliveries.length === 1 ? 'Follow it live' : `Follow each of its ${deliveries.length} deliveries live`}</h2>
          <ul className="grid gap-2" aria-label="Deliveries">
            {deliveries.map((d) => (
              <li key={d.trackingId} className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-gray-200 p-3">
                <div className="min-w-0">
                  <p className="font-medium break-words text-gray-900">{d.name}</p>
                  <p className="text-xs text-gray-600">
                    {d.stepLabel} · <span className="font-mono break-all" data-testid="delivery-tracking-number">{d.trackingNumber}</span>
                  </p>
                </div>
                <Link to={deliveryTrackPath(d)} className={buttonVariants({ size: 'sm' })} aria-label={`Track ${d.name}`}>
                  <Truck className="size-4" aria-hidden="true" />
                  Track
                </Link>
              </li>
            ))}
          </ul>
        </Card>
      ) : null}

      {steps.length > 0 ? (
        <Card className="grid gap-2 p-4 sm:p-5">
          <h2 className="font-semibold text-gray-900">What happens next</h2>
          <ul className="grid list-disc gap-1.5 pl-5 text-sm text-gray-700">
            {steps.map((s) => (
              <li key={s}>{s}</li>
            ))}
          </ul>
        </Card>
      ) : null}

      <Card role="region" className="grid gap-3 p-4 sm:p-5" aria-labelledby="receipt-title">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="receipt-title" className="font-semibold text-gray-900">
            Receipt
          </h2>
          <p className="text-xs text-gray-500">Booking #{booking.id} · {formatDateTime(booking.createdAt)}</p>
        </div>
        <ul className="grid gap-2 text-sm" aria-label="Booked">
          {booking.items.map((line) => {
            const summary = lineDetailsSummary(line);
            return (
              <li key={line.id} className="flex items-start justify-between gap-3">
                <div className="min-w-0">
                  <p className="font-medium break-words text-gray-900">
                    {line.name}
                    {line.quantity > 1 ? ` × ${line.quantity}` : ''}
                  </p>
                  {summary ? <p className="text-xs text-gray-600">{summary}</p> : null}
                </div>
                <span className="shrink-0 tabular-nums">{formatMoney(line.lineTotal)}</span>
              </li>
            );
          })}
        </ul>
        <BreakdownLines breakdown={booking.breakdown} totalTestId="receipt-total" totalLabel={paid ? 'Total charged' : 'Total'} className="border-t border-gray-200 pt-2" />
        {paid ? (
          <p className="flex items-center gap-2 text-xs text-gray-600">
            <CreditCard className="size-3.5" aria-hidden="true" />
            Paid {formatMoney(paid.amount)} with <span className="capitalize">{paid.brand ?? 'card'}</span>
            {paid.last4 ? ` •••• ${paid.last4}` : ''} on {formatDateTime(paid.createdAt)}
          </p>
        ) : null}
      </Card>

      {booking.orders?.length ? (
        // One order per provider (issue 28): each accepts or declines its own part.
        <Card className="p-4 sm:p-5">
          <BookingOrders booking={booking} headingLevel="h2" />
        </Card>
      ) : null}

      <div className="flex flex-col gap-2 sm:flex-row">
        <Link to="/bookings" className={buttonVariants({ variant: 'outline' })}>
          My bookings
        </Link>
        <Link to="/" className={buttonVariants({ variant: 'ghost' })}>
          Continue shopping
        </Link>
      </div>
    </div>
  );
}
