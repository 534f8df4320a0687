import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AlertTriangle, RefreshCw } from 'lucide-react';
import type { Booking, CancelledBooking } from '@domain/bookings/schemas';
import type { CancellationQuote, OrderStatus } from '@domain/money/schemas';
import { ApiError, apiKey, parseApiError } from '@client/lib/api';
import { cn } from '@client/lib/cn';
import { formatCents, formatDateTime } from '@domain/format';
import { stopIfOffline } from '@client/lib/online';
import { Button } from '@client/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@client/ui/dialog';
import { FormAlert } from '@client/ui/form-field';
import { OfflineNotice } from '@client/ui/offline-notice';
import { Skeleton } from '@client/ui/skeleton';
import { toast } from '@client/ui/use-toast';
import { cancelBookingAsQuoted, cancellationKey, fetchCancellationQuote } from './finance-api';
import { cancelledText, conflictOf, quoteSummary } from './finance-logic';

type CancelBookingDialogProps = {
  booking: Booking;
  onClose: () => void;
  /** After the server cancelled it: the refund in dollars, when any. */
  onCancelled: (result: CancelledBooking) => void;
};

/**
 * Cancel from My bookings (issue 28). A paid booking first asks the server what cancelling now would refund, order
 * by order under each provider's policy, and shows it; Cancel booking then sends the refund shown, and when the
 * terms changed meanwhile (409) says so and shows the new terms. An unpaid booking is simply cancelled.
 *
 * Mounted while open (a fresh quote each time). A Radix dialog: focus is trapped, Escape keeps the booking, and
 * focus goes back to the Cancel button that opened it.
 */
export function CancelBookingDialog({ booking, onClose, onCancelled }: CancelBookingDialogProps) {
  const queryClient = useQueryClient();
  const paid = booking.status === 'confirmed';
  const quote = useQuery({
    queryKey: cancellationKey(booking.id),
    queryFn: () => fetchCancellationQuote(booking.id),
    enabled: paid,
    staleTime: 0,
    gcTime: 0,
  });
  const [conflict, setConflict] = useState<string | null>(null);

  const mutation = useMutation({
    mutationFn: (expectedRefundCents: number | undefined) => cancelBookingAsQuoted(booking.id, expectedRefundCents),
    onSuccess: (result) => {
      onCancelled(result);
      toast({ title: 'Booking Cancelled', description: cancelledText(result), variant: 'success' });
      void queryClient.invalidateQueries({ queryKey: apiKey('/api/bookings'), exact: true });
      void queryClient.invalidateQueries({ queryKey: apiKey('/api/bookings/{id}', { path: { id: booking.id } }), exact: true });
      onClose();
    },
    onError: (error) => {
      const parsed = parseApiError(error);
      if (parsed.status === 409) {
        // The terms changed (a restaurant accepted, a deadline passed): say so and show the new ones.
        const found = error instanceof ApiError ? conflictOf(error.body) : { message: null, quote: null };
        setConflict(found.message ?? parsed.message ?? 'The cancellation terms have changed. Check them again.');
        if (found.quote) queryClient.setQueryData(cancellationKey(booking.id), found.quote);
        else if (paid) void quote.refetch();
        return;
      }
      toast({ title: 'Cancellation Failed', description: parsed.message ?? 'Please try again.', variant: 'destructive' });
    },
  });

  const terms = quote.data;
  const cancellable = !paid || terms?.cancellable === true;
  const confirm = () => {
    if (stopIfOffline('cancelling a booking')) return;
    if (paid && !terms) return;
    setConflict(null);
    mutation.mutate(paid ? terms?.refundCents : undefined);
  };

  return (
    <Dialog open onOpenChange={(open) => !open && !mutation.isPending && onClose()}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>Cancel booking #{booking.id}?</DialogTitle>
          <DialogDescription>
            {paid ? 'What comes back to your card depends on each provider’s cancellation policy.' : 'This booking has not been paid; nothing is charged.'}
          </DialogDescription>
        </DialogHeader>
        {paid ? (
          quote.isPending ? (
            <div className="grid gap-2" role="status">
              <span className="sr-only">Checking what cancelling would refund…</span>
              <Skeleton className="h-16" />
              <Skeleton className="h-5 w-48" />
            </div>
          ) : quote.isError ? (
            <div className="grid justify-items-start gap-2 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800" role="alert">
              <p>
                We could not check what cancelling would refund.{' '}
                {parseApiError(quote.error).message ?? (parseApiError(quote.error).status === null ? 'You seem to be offline.' : 'Please try again.')}
              </p>
              <Button size="sm" variant="outline" onClick={() => void quote.refetch()}>
                <RefreshCw className="size-3.5" aria-hidden="true" />
                Try again
              </Button>
            </div>
          ) : (
            <QuoteDetails quote={quote.data} refreshing={quote.isFetching} />
          )
        ) : null}
        <FormAlert message={conflict} />
        <OfflineNotice action="cancelling a booking" />
        <DialogFooter>
          <Button variant="outline" onClick={onClose} disabled={mutation.isPending}>
            {cancellable ? 'Keep booking' : 'Close'}
          </Button>
          {cancellable ? (
            <Button variant="destructive" onClick={confirm} disabled={mutation.isPending || (paid && (!terms || quote.isFetching))} aria-busy={mutation.isPending}>
              {mutation.isPending ? 'Cancelling...' : 'Cancel booking'}
            </Button>
          ) : null}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** An order whose policy no longer matters: it was declined, cancelled or completed. */
const settled = (status: OrderStatus) => status === 'declined' || status === 'cancelled' || status === 'completed';

function QuoteDetails({ quote, refreshing }: { quote: CancellationQuote; refreshing: boolean }) {
  return (
    <div className={cn('grid gap-3', refreshing && 'opacity-60')} aria-busy={refreshing}>
      {quote.orders.length > 0 ? (
        <ul className="grid max-h-[45vh] gap-2 overflow-y-auto text-sm" aria-label="What each order refunds">
          {quote.orders.map((o) => (
            <li key={o.orderId} className="grid gap-1 rounded-lg border border-gray-200 p-3">
              <div className="flex flex-wrap items-baseline justify-between gap-x-3">
                <span className="font-medium break-words text-gray-900">{o.provider}</span>
                <span className="tabular-nums">
                  {o.cancellable ? (o.refundCents > 0 ? `Refund ${formatCents(o.refundCents)}` : 'No refund') : 'Not cancellable'}
                </span>
              </div>
              {o.cancellable && o.feeCents > 0 ? <p className="text-amber-800">Cancellation fee kept: {formatCents(o.feeCents)}</p> : null}
              {o.message ? <p className="text-gray-700">{o.message}</p> : null}
              {settled(o.status) ? null : (
                <p className="text-xs text-gray-600">
                  {o.policy}
                  {o.freeUntil && o.cancellable ? (
                    <>
                      {' '}
                      {o.feeCents > 0 ? 'Free cancellation ended' : 'Free until'} <time dateTime={o.freeUntil}>{formatDateTime(o.freeUntil)}</time>.
                    </>
                  ) : null}
                </p>
              )}
            </li>
          ))}
        </ul>
      ) : null}
      {quote.cancellable ? (
        <p className="border-t border-gray-100 pt-2 font-semibold text-gray-900" data-testid="cancel-refund">
          {quoteSummary(quote)}
        </p>
      ) : (
        <p className="flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="cancel-refund">
          <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {quoteSummary(quote)}
        </p>
      )}
    </div>
  );
}
