import { useState } from 'react';
import { Star } from 'lucide-react';
import { ratingLabel } from '@domain/reviews/schemas';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@client/ui/dialog';
import { ListingReviews } from './listing-reviews';

/**
 * A listing card's rating ("4.5 (10)", or "New" without reviews) as a button that opens its reviews in a dialog.
 */
export function RatingButton({ rating, reviewCount, serviceType, serviceId, name }: { rating: number; reviewCount: number; serviceType: string; serviceId: number; name: string }) {
  const [open, setOpen] = useState(false);
  const label = ratingLabel(rating, reviewCount);
  const spoken = reviewCount > 0 ? `Rated ${label} out of 5 from ${reviewCount} review${reviewCount === 1 ? '' : 's'}` : 'New, no reviews yet';
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-label={`${spoken}. Show reviews of ${name}`}
        className="inline-flex shrink-0 items-center gap-1 rounded text-sm text-gray-700 underline-offset-2 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
      >
        <Star className="size-4 fill-amber-400 text-amber-400" aria-hidden="true" />
        <span aria-hidden="true">
          {label}
          {reviewCount > 0 ? <span className="text-gray-500"> ({reviewCount})</span> : null}
        </span>
      </button>
      {open ? (
        <Dialog open onOpenChange={setOpen}>
          <DialogContent className="max-w-lg">
            <DialogHeader>
              <DialogTitle>{name}</DialogTitle>
              <DialogDescription>What customers say</DialogDescription>
            </DialogHeader>
            <div className="max-h-[70vh] overflow-y-auto">
              <ListingReviews serviceType={serviceType} serviceId={serviceId} />
            </div>
          </DialogContent>
        </Dialog>
      ) : null}
    </>
  );
}
