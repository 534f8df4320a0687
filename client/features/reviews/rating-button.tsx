import { lazy, Suspense, useState } from 'react';
import { Star } from 'lucide-react';
import { ratingLabel } from '@domain/reviews/rating-label';
import type { ReviewServiceType } from '@domain/reviews/schemas';

// The dialog and the reviews load when first asked for (or fetched early when the pointer or focus reaches the
// button): listing cards are on the home page's first screen.
const loadReviewsDialog = () => import('./reviews-dialog');
const ReviewsDialog = lazy(() => loadReviewsDialog().then((m) => ({ default: m.ReviewsDialog })));
const preload = () => void loadReviewsDialog().catch(() => undefined);

/**
 * A listing card's rating ("4.5 (10)", or "New" without reviews) as a button that opens its reviews in a dialog.
 */
export function RatingButton({ rating, reviewCount, serviceType, serviceId, name }: { rating: number; reviewCount: number; serviceType: ReviewServiceType; serviceId: number; name: string }) {
  const [open, setOpen] = useState(false);
  const label = ratingLabel(rating, reviewCount);
  const spoken = reviewCount > 0 ? `Rated ${label} out of 5 from ${reviewCount} review${reviewCount === 1 ? '' : 's'}` : 'New, no reviews yet';
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        onPointerEnter={preload}
        onFocus={preload}
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
        <Suspense fallback={null}>
          <ReviewsDialog serviceType={serviceType} serviceId={serviceId} name={name} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
