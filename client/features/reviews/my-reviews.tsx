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

/** 'Write a review' (or 'Edit your review' within 48 hours) for each listing of one booking the customer may review. */
export function BookingReviewButtons({ bookingId, reviewables }: { bookingId: number; reviewables: Reviewable[] | null | undefined }) {
  const [open, setOpen] = useState<Reviewable | null>(null);
  const mine = (reviewables ?? []).filter((r) => r.bookingId === bookingId);
  if (mine.length === 0) return null;
  return (
    <div className="flex flex-wrap gap-2 border-t border-gray-100 pt-2">
      {mine.map((r) => {
        const editable = r.review && new Date(r.review.editableUntil).getTime() > Date.now();
        if (r.review && !editable) {
          return (
            <p key={`${r.serviceType}-${r.serviceId}`} className="inline-flex items-center gap-1 text-sm text-gray-600">
              <Star className="size-4 fill-amber-400 text-amber-400" aria-hidden="true" />
              You reviewed {r.name}
              {r.review.hidden ? ' (not shown)' : ''}
            </p>
          );
        }
        return (
          <Button key={`${r.serviceType}-${r.serviceId}`} size="sm" variant={r.review ? 'outline' : 'default'} onClick={() => setOpen(r)} aria-label={`${r.review ? 'Edit your review of' : 'Write a review of'} ${r.name}`}>
            <Star className="size-4" aria-hidden="true" />
            {r.review ? 'Edit your review' : 'Write a review'}
          </Button>
        );
      })}
      {open ? <ReviewDialog target={open} onClose={() => setOpen(null)} /> : null}
    </div>
  );
}
