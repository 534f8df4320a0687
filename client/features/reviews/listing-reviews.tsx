import { useState } from 'react';
import { keepPreviousData, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { ThumbsUp } from 'lucide-react';
import { ratingLabel } from '@domain/reviews/rating-label';
import { REVIEW_SORTS, type Review, type ReviewPage, type ReviewServiceType, type ReviewSort } from '@domain/reviews/schemas';
import { apiGet, parseApiError } from '@client/lib/api';
import { formatDate } from '@domain/format';
import { Button } from '@client/ui/button';
import { Skeleton } from '@client/ui/skeleton';
import { toast } from '@client/ui/use-toast';
import { useAuth } from '@client/features/accounts/use-auth';
import { markHelpful, reviewsKey } from './reviews-api';
import { StarRow } from './stars';

const SORT_LABEL: Record<ReviewSort, string> = { recent: 'Most recent', helpful: 'Most helpful', rating: 'Highest rating' };

/** A listing's rating summary (average, count, 1-5 histogram) and its reviews, sortable, with Helpful. */
export function ListingReviews({ serviceType, serviceId }: { serviceType: ReviewServiceType; serviceId: number }) {
  const [sort, setSort] = useState<ReviewSort>('recent');
  // Pages 1..n in one list ("Show more" adds the next page); the previous sort's list stays while another loads.
  const query = useInfiniteQuery({
    queryKey: reviewsKey(serviceType, serviceId, sort),
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }): Promise<ReviewPage> => apiGet('/api/reviews', { params: { query: { serviceType, serviceId, sort, page: pageParam } }, signal }),
    getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
    select: (data) => joinPages(data.pages),
    placeholderData: keepPreviousData,
  });
  const headingId = `reviews-${serviceType}-${serviceId}`;

  return (
    <section aria-labelledby={headingId} className="grid gap-3 border-t border-gray-100 pt-4">
      <h3 id={headingId} className="font-semibold text-gray-900">
        Reviews
      </h3>
      {query.isPending ? (
        <div className="grid gap-2" aria-label="Loading reviews">
          <Skeleton className="h-16 w-full" />
          <Skeleton className="h-12 w-full" />
        </div>
      ) : query.isError ? (
        <div role="alert" className="text-sm text-red-700">
          Could not load the reviews.{' '}
          <Button size="sm" variant="outline" onClick={() => void query.refetch()}>
            Retry
          </Button>
        </div>
      ) : (
        <>
          <Summary page={query.data} />
          {query.data.summary.count === 0 ? (
            <p className="text-sm text-gray-600">No reviews yet. Customers who book it can write the first one.</p>
          ) : (
            <>
              <label className="flex items-center gap-2 text-sm text-gray-700">
                Sort by
                <select
                  className="rounded-md border border-gray-300 bg-white px-2 py-1 text-sm"
                  value={sort}
                  onChange={(e) => setSort(e.target.value as ReviewSort)}
                >
                  {REVIEW_SORTS.map((s) => (
                    <option key={s} value={s}>
                      {SORT_LABEL[s]}
                    </option>
                  ))}
                </select>
              </label>
              <ul className="grid gap-3" aria-label="Customer reviews">
                {query.data.reviews.map((r) => (
                  <ReviewItem key={r.id} review={r} serviceType={serviceType} serviceId={serviceId} />
                ))}
              </ul>
              {query.hasNextPage ? (
                <Button size="sm" variant="outline" onClick={() => void query.fetchNextPage()} disabled={query.isFetching}>
                  Show more reviews
                </Button>
              ) : null}
            </>
          )}
        </>
      )}
    </section>
  );
}

/** The pages read so far as one: the newest page's summary and total, every page's reviews. */
function joinPages(all: ReviewPage[]): ReviewPage {
  const last = all[all.length - 1];
  return { ...last, reviews: all.flatMap((p) => p.reviews) };
}

function Summary({ page }: { page: ReviewPage }) {
  const { average, count, histogram } = page.summary;
  return (
    <div className="flex flex-wrap items-center gap-4">
      <div className="text-center">
        <p className="text-3xl font-bold text-gray-900" data-testid="rating-average">
          {ratingLabel(average, count)}
        </p>
        {count > 0 ? <StarRow value={average} /> : null}
        <p className="text-xs text-gray-600" data-testid="rating-count">
          {count === 1 ? '1 review' : `${count} reviews`}
        </p>
      </div>
      {count > 0 ? (
        <ul className="grid min-w-40 flex-1 gap-1" aria-label="Ratings by stars">
          {([5, 4, 3, 2, 1] as const).map((n) => {
            const c = histogram[String(n) as keyof typeof histogram];
            const pct = count ? Math.round((c / count) * 100) : 0;
            return (
              <li key={n} className="flex items-center gap-2 text-xs text-gray-700">
                <span className="w-12 shrink-0">{n} star{n === 1 ? '' : 's'}</span>
                <span className="h-2 flex-1 overflow-hidden rounded bg-gray-100" aria-hidden="true">
                  <span className="block h-full bg-amber-400" style={{ width: `${pct}%` }} />
                </span>
                <span className="w-16 shrink-0 text-right tabular-nums">
                  {c} <span className="sr-only">reviews</span>
                </span>
              </li>
            );
          })}
        </ul>
      ) : null}
    </div>
  );
}

function ReviewItem({ review, serviceType, serviceId }: { review: Review; serviceType: ReviewServiceType; serviceId: number }) {
  const auth = useAuth();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: () => markHelpful(review.id, !review.votedHelpful),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reviewsKey(serviceType, serviceId) }),
    onError: (error) => toast({ title: 'Could not record your vote', description: parseApiError(error).message ?? 'Please try again.', variant: 'destructive' }),
  });
  const signedIn = auth.status === 'signed-in';
  return (
    <li className="grid gap-1 rounded-lg border border-gray-100 p-3" data-testid="review">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <StarRow value={review.rating} />
        <span className="font-medium text-gray-900">{review.author}</span>
        {review.verified ? <span className="rounded bg-emerald-50 px-1.5 text-xs text-emerald-800">Verified booking</span> : null}
        <span className="text-xs text-gray-500">
          {formatDate(review.createdAt)}
          {review.edited ? ' · edited' : ''}
        </span>
      </div>
      {/* Comments are plain text: React escapes them, and whitespace is kept. */}
      {review.comment ? <p className="whitespace-pre-line break-words text-sm text-gray-700">{review.comment}</p> : null}
      <div className="flex items-center gap-2">
        {review.mine ? (
          <span className="text-xs text-gray-500">Your review · {review.helpful} found it helpful</span>
        ) : (
          <Button
            size="sm"
            variant={review.votedHelpful ? 'default' : 'outline'}
            aria-pressed={review.votedHelpful}
            disabled={mutation.isPending}
            onClick={() => {
              if (!signedIn) {
                toast({ title: 'Sign in to vote', description: 'Sign in to mark reviews as helpful.' });
                return;
              }
              mutation.mutate();
            }}
          >
            <ThumbsUp className="size-4" aria-hidden="true" />
            Helpful ({review.helpful})
          </Button>
        )}
      </div>
    </li>
  );
}
