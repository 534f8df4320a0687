import { useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Briefcase, CarFront, MapPin, Users } from 'lucide-react';
import type { Car } from '@domain/catalogue/types';
import { centsToDollars, dollarsToCents } from '@domain/catalogue/money';
import { carDays, carTotalCents } from '@domain/catalogue/pricing';
import { formatCalendarDay, formatMoney, pluralize } from '@domain/format';
import { Badge } from '@client/ui/badge';
import { AddToCartButton } from '@client/features/cart/add-to-cart-button';
import { BookNowButton } from '@client/features/bookings/book-now-button';
import { SECTION_IDS } from '../categories';
import { localToday } from '../components/dates';
import { FilterChips } from '../components/chips';
import { DateField, SelectField } from '../components/fields';
import { CardImage, SearchStates } from '../components/states';
import { ResultCount, NextPageButton, sortOptions, useRevealFocus } from '../components/list-controls';
import { searchQueryString } from '@client/features/search/search-query';
import { facetCounts, useSearch } from '@client/features/search/use-search';
import { useLinkedListing } from '@client/features/search/listing-link';
import { cn } from '@client/lib/cn';
import { Button } from '@client/ui/button';
import { RatingButton } from '@client/features/reviews/rating-button';
import { SectionShell } from './section-shell';
import { UnitsLeft } from '@client/features/availability/units-left';
import { invalidateAvailability } from '@client/features/availability/use-day-availability';

/** A search with dates is asked again after this long: cars left change as others book. */
const SEARCH_STALE_MS = 30_000;

export function CarRentalSection() {
  const [category, setCategory] = useState('All');
  const [pickupDate, setPickupDate] = useState('');
  const [returnDate, setReturnDate] = useState('');
  const [sort, setSort] = useState('');
  const today = localToday();

  const days = pickupDate && returnDate ? carDays(pickupDate, returnDate) : Number.NaN;
  const datesValid = Number.isFinite(days);
  const order = sort || 'rating';
  // With both dates, only the models with a car free on every day from pickup to return, each with its cars left;
  // 20 a page, the category chips with their counts (issue 29).
  const cars = useSearch(
    searchQueryString({
      kind: 'car',
      category: category === 'All' ? undefined : category,
      sort: order,
      pickupDate: datesValid ? pickupDate : undefined,
      returnDate: datesValid ? returnDate : undefined,
    }),
    { staleTime: datesValid ? SEARCH_STALE_MS : undefined },
  );
  const counts = useMemo(() => facetCounts(cars.facets, 'category'), [cars.facets]);
  // The chips are the categories the search counts (and the one chosen, even when none is free now).
  const categories = useMemo(() => ['All', ...[...new Set([...counts.keys(), ...(category === 'All' ? [] : [category])])].sort()], [counts, category]);
  const reveal = useRevealFocus(cars.items.length);

  // A car asked for by a link (a search result: /?car=ID#car-rental) is shown first.
  const linked = useLinkedListing<Car>('car');
  const pinned = linked.listing;

  const changePickup = (value: string) => {
    setPickupDate(value);
    if (returnDate && value && returnDate < value) setReturnDate('');
  };
  const card = { pickupDate, returnDate, days, datesValid };

  return (
    <SectionShell id={SECTION_IDS.cars} title="Car Rental" icon={CarFront} intro="Rent a car by the day, from compact cars to SUVs.">
      <div className="grid gap-4">
        <div className="grid gap-3 sm:grid-cols-2 lg:max-w-xl">
          <DateField label="Pickup date" value={pickupDate} min={today} onChange={changePickup} />
          <DateField label="Return date" value={returnDate} min={pickupDate || today} onChange={setReturnDate} />
        </div>
        {categories.length > 1 ? <FilterChips label="Car category" options={categories} value={category} onChange={setCategory} counts={cars.isPending ? undefined : counts} countNoun="cars" /> : null}
        <p className="text-sm text-gray-600" aria-live="polite">
          {datesValid ? `${pluralize(days, 'day')}: ${formatCalendarDay(pickupDate, 'medium')} to ${formatCalendarDay(returnDate, 'medium')}` : 'Choose pickup and return dates to book.'}
        </p>
      </div>
      <div className="mt-4 flex flex-wrap items-end justify-between gap-3">
        <ResultCount total={cars.total} singular="car" plural="cars" pending={cars.isPending} estimated={cars.estimated} />
        <SelectField className="min-w-44" label="Sort by" value={order} onChange={setSort} options={sortOptions(false)} />
      </div>
      {pinned ? (
        <div className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3" role="group" aria-label="Your pick">
          <CarCard car={pinned} {...card} focusOnShow onUnpin={linked.dismiss} />
        </div>
      ) : null}
      <div className="mt-6">
        <SearchStates<Car> search={cars} label="cars" empty={datesValid ? 'No car of this category is free for these dates. Try other dates.' : 'No cars available in this category.'}>
          {(items) => (
          <>
          <ul aria-label="Rental cars" aria-busy={cars.isPlaceholderData} className="grid gap-4 transition-opacity aria-busy:opacity-60 sm:grid-cols-2 lg:grid-cols-3">
            {items.map((car, i) =>
              car.id === pinned?.id ? null : (
                <li key={car.id}>
                  <CarCard car={car} {...card} cardRef={reveal.refFor(i)} />
                </li>
              ),
            )}
          </ul>
          <NextPageButton pages={cars} reveal={reveal}>
            Show more cars
          </NextPageButton>
          </>
          )}
        </SearchStates>
      </div>
    </SectionShell>
  );
}

function CarCard({
  car,
  pickupDate,
  returnDate,
  days,
  datesValid,
  cardRef,
  focusOnShow = false,
  onUnpin,
}: {
  car: Car;
  pickupDate: string;
  returnDate: string;
  days: number;
  datesValid: boolean;
  cardRef?: RefObject<HTMLElement | null>;
  /** Brought into view with the keyboard focus as it appears (the car a link asked for). */
  focusOnShow?: boolean;
  onUnpin?: () => void;
}) {
  const queryClient = useQueryClient();
  const ownRef = useRef<HTMLElement>(null);
  const ref = cardRef ?? ownRef;
  useEffect(() => {
    if (!focusOnShow) return;
    ownRef.current?.focus({ preventScroll: true });
    ownRef.current?.scrollIntoView({ block: 'center' });
  }, [focusOnShow]);
  const total = datesValid ? centsToDollars(carTotalCents(dollarsToCents(car.pricePerDay), pickupDate, returnDate)) : 0;
  const details = { pickupDate, returnDate };
  const name = `${car.model}${car.company ? ` (${car.company})` : ''}`;
  return (
    <article
      ref={ref}
      tabIndex={cardRef || focusOnShow ? -1 : undefined}
      aria-labelledby={`car-${car.id}`}
      className={cn(
        'flex h-full flex-col overflow-hidden rounded-xl border bg-white focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500',
        onUnpin ? 'border-brand-400 ring-2 ring-brand-200' : 'border-gray-200',
      )}
    >
      <CardImage src={car.image} alt={car.model} />
      <div className="flex flex-1 flex-col gap-2 p-4">
        <div className="flex items-start justify-between gap-2">
          <h3 id={`car-${car.id}`} className="font-semibold text-gray-900">
            {car.model}
          </h3>
          <RatingButton rating={car.rating} reviewCount={car.reviewCount} serviceType="cars" serviceId={car.id} name={car.model} />
        </div>
        <div className="flex flex-wrap gap-2 text-sm text-gray-600">
          <Badge variant="secondary">{car.category}</Badge>
          <span className="inline-flex items-center gap-1">
            <Users className="size-4" aria-hidden="true" />
            {car.seats} seats
          </span>
          <span className="inline-flex items-center gap-1">
            <Briefcase className="size-4" aria-hidden="true" />
            {car.luggage} bags
          </span>
        </div>
        {datesValid ? <UnitsLeft kind="cars" left={car.unitsLeft} className="w-fit" /> : null}
        {car.company || car.location ? (
          <p className="flex items-center gap-1 text-sm text-gray-600">
            <MapPin className="size-4 shrink-0 text-gray-400" aria-hidden="true" />
            {[car.company, car.location].filter(Boolean).join(' · ')}
          </p>
        ) : null}
        <p className="mt-auto text-sm text-gray-700">
          <span className="text-lg font-bold text-gray-900">{formatMoney(car.pricePerDay)}</span> / day
          {datesValid ? <span className="block font-medium text-gray-900">Total {formatMoney(total)}</span> : null}
        </p>
        <div className="grid grid-cols-2 gap-2">
          <AddToCartButton
            size="sm"
            disabled={!datesValid}
            item={{ serviceType: 'cars', serviceId: car.id, name, price: total, image: car.image, description: `${car.category}, ${pluralize(days || 0, 'day')}`, details }}
          />
          <BookNowButton
            className="h-8 px-3 text-xs"
            serviceName={name}
            disabled={!datesValid}
            // Booked: the cars left of every dated search change.
            onBooked={() => void invalidateAvailability(queryClient, 'cars')}
            lines={[{ serviceType: 'cars', serviceId: car.id, quantity: 1, details, name, price: total }]}
          />
        </div>
        {onUnpin ? (
          <Button variant="ghost" size="sm" onClick={onUnpin}>
            Show all cars
          </Button>
        ) : null}
      </div>
    </article>
  );
}
