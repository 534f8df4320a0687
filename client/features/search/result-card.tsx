import type { Ref } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { MapPin, Star } from 'lucide-react';
import { ratingLabel } from '@domain/reviews/rating-label';
import { cn } from '@client/lib/cn';
import { Badge } from '@client/ui/badge';
import { listingHref, rememberListing } from './listing-href';
import { detailText, distanceText, kindLabel, placeText, priceText, ratingOf } from './result-format';
import { resultKey, type SearchItem } from './use-search';

/**
 * One search result: its kind, name (the link that opens it in its section), what it is, where, its price in its
 * unit, rating and distance. `cardRef` marks the card focus moves to after 'Show more'.
 */
export function ResultCard({
  item,
  selected,
  cardRef,
  onHover,
}: {
  item: SearchItem;
  selected?: boolean;
  cardRef?: Ref<HTMLElement>;
  onHover?: (key: string | null) => void;
}) {
  const queryClient = useQueryClient();
  const headingId = `result-${item.kind}-${item.id}`;
  const detail = detailText(item);
  const place = placeText(item);
  const price = priceText(item);
  const distance = distanceText(item);
  const rated = ratingOf(item);
  const image = typeof item.image === 'string' ? item.image : null;
  const key = resultKey(item);
  return (
    <article
      ref={cardRef}
      tabIndex={cardRef ? -1 : undefined}
      aria-labelledby={headingId}
      data-result={key}
      onPointerEnter={() => onHover?.(key)}
      onPointerLeave={() => onHover?.(null)}
      onFocus={() => onHover?.(key)}
      className={cn(
        'relative flex gap-3 rounded-xl border bg-white p-3 transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 sm:p-4',
        selected ? 'border-brand-400 ring-1 ring-brand-300' : 'border-gray-200',
      )}
    >
      {image ? <img src={image} alt="" loading="lazy" className="size-20 shrink-0 rounded-lg bg-gray-100 object-cover sm:size-24" /> : null}
      <div className="grid min-w-0 flex-1 content-start gap-1">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <Badge variant="secondary">{kindLabel(item.kind)}</Badge>
          {distance ? (
            <span className="inline-flex items-center gap-1 text-xs font-medium text-gray-700">
              <MapPin className="size-3.5 text-gray-400" aria-hidden="true" />
              {distance}
            </span>
          ) : null}
        </div>
        <h2 id={headingId} className="text-base font-semibold text-gray-900">
          <Link
            to={listingHref(item)}
            onClick={() => rememberListing(queryClient, item)}
            className="rounded after:absolute after:inset-0 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
          >
            {item.name}
          </Link>
        </h2>
        {detail ? <p className="truncate text-sm text-gray-700">{detail}</p> : null}
        {place ? <p className="truncate text-sm text-gray-600">{place}</p> : null}
        <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
          {price ? <span className="font-semibold text-gray-900">{price}</span> : null}
          {rated ? (
            <span className="inline-flex items-center gap-1 text-gray-700">
              <Star className="size-4 fill-amber-400 text-amber-400" aria-hidden="true" />
              <span className="sr-only">Rating </span>
              {ratingLabel(rated.rating, rated.reviewCount)}
              {rated.reviewCount > 0 ? <span className="text-gray-500">({rated.reviewCount})</span> : null}
            </span>
          ) : null}
          {typeof item.unitsLeft === 'number' ? <span className="text-gray-700">{item.unitsLeft} left</span> : null}
        </div>
      </div>
    </article>
  );
}
