import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Star } from 'lucide-react';
import type { Reviewable } from '@domain/reviews/schemas';
import { getQueryFn } from '@client/lib/api';
import { Button } from '@client/ui/button';
import { MY_REVIEWS_KEY } from './reviews-api';
import { ReviewDialog } from './review-form';

/** The signed-in customer's reviewable listings (GET /api/reviews/mine), shared by My bookings' cards. */
export function useMyReviewables() {
  return useQuery<Reviewable[] | null>({ queryKey: MY_REVIEWS_KEY, queryFn: getQueryFn<Reviewable[]>({ on401: 'returnNull' }), refetchOnMount: 'always' });
}

/**
 * What My bookings says of a review withdrawn from the rating (its booking cancelled, declined or refunded), or null
 * when there is none to say: no review, one that counts, or a withdrawn one its author may replace (`eligible`: a
 * completed order of the listing; they get 'Write a review' again).
 */
export function withdrawnNote(r: Reviewable): string | null {
  if (!r.review?.withdrawn || r.eligible) return null;
  const why = r.review.withdrawnReason?.replace(/^Withdrawn: /, '');
  return `Your review of ${r.name} was withdrawn${why ? ` (${why})` : ''} and no longer counts`;
}

/**
 * 'Write a review' (or 'Edit your review' within 48 hours) for each listing of one booking the customer may review
 * (a completed order of it), and a note for a review withdrawn because the booking was cancelled or refunded.
 */
export function BookingReviewButtons({ bookingId, reviewables }: { bookingId: number; reviewables: Reviewable[] | null | undefined }) {
  const [open, setOpen] = useState<Reviewable | null>(null);
  const mine = (reviewables ?? []).filter((r) => r.bookingId === bookingId);
  if (mine.length === 0) return null;
  return (
    <div className="flex flex-wrap gap-2 border-t border-gray-100 pt-2">
      {mine.map((r) => {
        // A withdrawn review (its booking cancelled or refunded) no longer counts: said so, with the reason; a completed
        // order of the listing lets its author write a new one.
        const note = withdrawnNote(r);
        if (note) {
          return (
            <p key={`${r.serviceType}-${r.serviceId}`} className="inline-flex items-center gap-1 text-sm text-gray-600" data-testid="review-withdrawn">
              <Star className="size-4 text-gray-400" aria-hidden="true" />
              {note}
            </p>
          );
        }
        const review = r.review?.withdrawn ? null : r.review;
        const editable = review && new Date(review.editableUntil).getTime() > Date.now();
        if (review && !editable) {
          return (
            <p key={`${r.serviceType}-${r.serviceId}`} className="inline-flex items-center gap-1 text-sm text-gray-600">
              <Star className="size-4 fill-amber-400 text-amber-400" aria-hidden="true" />
              You reviewed {r.name}
              {review.hidden ? ' (not shown)' : ''}
            </p>
          );
        }
        return (
          <Button key={`${r.serviceType}-${r.serviceId}`} size="sm" variant={review ? 'outline' : 'default'} onClick={() => setOpen({ ...r, review })} aria-label={`${review ? 'Edit your review of' : 'Write a review of'} ${r.name}`}>
            <Star className="size-4" aria-hidden="true" />
            {review ? 'Edit your review' : 'Write a review'}
          </Button>
        );
      })}
      {open ? <ReviewDialog target={open} onClose={() => setOpen(null)} /> : null}
    </div>
  );
}
