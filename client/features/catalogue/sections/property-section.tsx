import { useEffect, useState } from 'react';
import { addMonths } from '@domain/availability/schemas';
import { Bath, BedDouble, Building, MapPin, Ruler } from 'lucide-react';
import type { Property } from '@domain/catalogue/types';
import { centsToDollars, dollarsToCents } from '@domain/catalogue/money';
import { LEASE_MONTHS, PROPERTY_PRICE_RANGES, propertyTotalCents, type LeaseMonths } from '@domain/catalogue/pricing';
import { formatCalendarDay, formatMoney, formatMoneyRange, formatNumber, pluralize } from '@domain/format';
import { Badge } from '@client/ui/badge';
import { Button } from '@client/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@client/ui/dialog';
import { CheckoutDialog } from '@client/features/payments/checkout-dialog';
import { availabilityWindow, checkSpan, earliestStart, isDay, nearestFreeLease, takenRuns } from '@client/features/availability/day-availability';
import { SoldOutNotice } from '@client/features/availability/sold-out-notice';
import { UnitsLeft } from '@client/features/availability/units-left';
import { useDayAvailability } from '@client/features/availability/use-day-availability';
import { useSoldOutCheckout } from '@client/features/availability/use-sold-out-checkout';
import { Spinner } from '@client/ui/spinner';
import { ChatButton } from '@client/features/chat/chat-button';
import { SECTION_IDS } from '../categories';
import { localToday } from '../components/dates';
import { DateField, SelectField, TextField } from '../components/fields';
import { CardImage, SearchStates } from '../components/states';
import { AreaNote, ResultCount, NextPageButton, ViewToggle, sortOptions, useRevealFocus } from '../components/list-controls';
import { bboxParam, searchQueryString } from '@client/features/search/search-query';
import { facetCounts, useSearch } from '@client/features/search/use-search';
import { useLinkedListing } from '@client/features/search/listing-link';
import { MapArea, mapItemsOf } from '@client/features/search/map-area';
import { RatingButton } from '@client/features/reviews/rating-button';
import { useDebouncedValue } from '../components/use-catalogue';
import { SectionShell } from './section-shell';

export const PROPERTY_TYPES = ['Apartment', 'House', 'Condo', 'Studio', 'Penthouse'] as const;

const ALL = 'all';
/** A search with a move-in date is asked again after this long: leases are taken as others book. */
const SEARCH_STALE_MS = 30_000;
/** How many booked periods the lease dialog lists next to the move-in date. */
const LISTED_PERIODS = 6;
const LEASE_OPTIONS = LEASE_MONTHS.map((m) => ({ value: String(m), label: pluralize(m, 'month') }));

function bedroomsLabel(n: number): string {
  return n === 0 ? 'Studio' : pluralize(n, 'bedroom');
}

export function PropertySection() {
  const [location, setLocation] = useState('');
  const [type, setType] = useState(ALL);
  const [range, setRange] = useState(ALL);
  const [moveIn, setMoveIn] = useState('');
  const [months, setMonths] = useState<LeaseMonths>(1);
  const [sort, setSort] = useState('');
  const [view, setView] = useState<'list' | 'map'>('list');
  const [area, setArea] = useState('');
  const [selected, setSelected] = useState<Property | null>(null);
  const where = useDebouncedValue(location.trim(), 250);
  const priceRange = PROPERTY_PRICE_RANGES.find((r) => r.id === range);
  // With a move-in date, only the properties free for the whole lease are listed.
  const dated = isDay(moveIn);
  const order = sort || (where ? 'relevance' : 'rating');

  // The location's words find properties by place, title or amenity, typos and all (issue 29), 20 a page.
  const list = useSearch(
    searchQueryString({
      kind: 'property',
      q: where,
      type: type === ALL ? undefined : type,
      price: priceRange ? bandOf(priceRange) : undefined,
      bbox: area,
      sort: order,
      moveIn: dated ? moveIn : undefined,
      months: dated ? months : undefined,
    }),
    { staleTime: dated ? SEARCH_STALE_MS : undefined },
  );
  const items = list.items as unknown as Property[];
  const typeCounts = facetCounts(list.facets, 'type');
  const priceCounts = facetCounts(list.facets, 'price');
  const reveal = useRevealFocus(items.length);

  // A property asked for by a link (a search result: /?property=ID#property) opens its details.
  const linked = useLinkedListing<Property>('property');
  useEffect(() => {
    if (linked.listing) setSelected(linked.listing);
  }, [linked.listing]);

  return (
    <SectionShell id={SECTION_IDS.property} title="Property Rental" icon={Building} intro="Apartments, houses and studios to rent by the month.">
      <form role="search" aria-label="Filter properties" className="grid gap-3 sm:grid-cols-3 lg:grid-cols-5" onSubmit={(e) => e.preventDefault()}>
        <TextField label="Location" type="search" placeholder="City or area" value={location} onChange={setLocation} />
        <SelectField
          label="Property type"
          value={type}
          onChange={setType}
          options={[{ value: ALL, label: 'All types' }, ...PROPERTY_TYPES.map((t) => ({ value: t, label: withCount(t, typeCounts.get(t)) }))]}
        />
        <SelectField
          label="Price range"
          value={range}
          onChange={setRange}
          options={[{ value: ALL, label: 'Any price' }, ...PROPERTY_PRICE_RANGES.map((r) => ({ value: r.id, label: withCount(formatMoneyRange(r.min, r.max), priceCounts.get(bandOf(r))) }))]}
        />
        <DateField label="Move-in date" value={moveIn} min={localToday()} onChange={setMoveIn} />
        <SelectField label="Lease duration" value={String(months)} onChange={(v) => setMonths(Number(v) as LeaseMonths)} options={LEASE_OPTIONS} />
      </form>
      <div className="mt-4 flex flex-wrap items-end justify-between gap-3">
        <ResultCount total={list.total} singular="property" plural="properties" pending={list.isPending} estimated={list.estimated} />
        <div className="flex flex-wrap items-end gap-2">
          <SelectField className="min-w-44" label="Sort by" value={order} onChange={setSort} options={sortOptions(false)} />
          <ViewToggle view={view} onChange={setView} label="Show properties as" />
        </div>
      </div>
      {area ? <AreaNote onClear={() => setArea('')} /> : null}
      <div className="mt-6">
        {view === 'map' ? (
          <MapArea
            className="mb-6 h-96"
            items={mapItemsOf(list.items, (i) => (typeof i.pricePerMonth === 'number' ? `${formatMoney(i.pricePerMonth)} / month` : undefined))}
            selectedKey={selected ? `property:${selected.id}` : undefined}
            onPick={(item) => setSelected(items.find((p) => p.id === item.id) ?? null)}
            onSearchArea={(bounds) => setArea(bboxParam(bounds))}
          />
        ) : null}
        <SearchStates<Property>
          search={list}
          label="properties"
          empty={dated ? 'No property matching your criteria is free for this lease. Try another move-in date.' : 'No properties found matching your criteria.'}
        >
          {(items) => (
          <>
          <ul aria-label="Properties" aria-busy={list.isPlaceholderData} className="grid gap-4 transition-opacity aria-busy:opacity-60 sm:grid-cols-2 lg:grid-cols-3">
            {items.map((p, i) => (
              <li key={p.id}>
                <article
                  ref={reveal.refFor(i)}
                  tabIndex={reveal.refFor(i) ? -1 : undefined}
                  aria-labelledby={`property-${p.id}`}
                  className="flex h-full flex-col overflow-hidden rounded-xl border border-gray-200 bg-white focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
                >
                  <CardImage src={p.image} alt={p.title} />
                  <div className="flex flex-1 flex-col gap-2 p-4">
                    <div className="flex items-start justify-between gap-2">
                      <h3 id={`property-${p.id}`} className="font-semibold text-gray-900">
                        {p.title}
                      </h3>
                      <RatingButton rating={p.rating} reviewCount={p.reviewCount} serviceType="properties" serviceId={p.id} name={p.title} />
                    </div>
                    <p className="flex items-center gap-1 text-sm text-gray-600">
                      <MapPin className="size-4 shrink-0 text-gray-400" aria-hidden="true" />
                      {p.location}
                    </p>
                    <div className="flex flex-wrap gap-x-3 gap-y-1 text-sm text-gray-700">
                      <Badge variant="secondary">{p.type}</Badge>
                      <span className="inline-flex items-center gap-1">
                        <BedDouble className="size-4 text-gray-400" aria-hidden="true" />
                        {bedroomsLabel(p.bedrooms)}
                      </span>
                      <span className="inline-flex items-center gap-1">
                        <Bath className="size-4 text-gray-400" aria-hidden="true" />
                        {pluralize(p.bathrooms, 'bath')}
                      </span>
                    </div>
                    {dated ? <UnitsLeft kind="properties" left={p.unitsLeft} className="w-fit" /> : null}
                    <p className="mt-auto text-sm text-gray-700">
                      <span className="text-lg font-bold text-gray-900">{formatMoney(p.pricePerMonth)}</span> / month
                    </p>
                    <Button size="sm" variant="outline" onClick={() => setSelected(p)} aria-label={`View details of ${p.title}`}>
                      View Details
                    </Button>
                  </div>
                </article>
              </li>
            ))}
          </ul>
          <NextPageButton pages={list} reveal={reveal}>
            Show more properties
          </NextPageButton>
          </>
          )}
        </SearchStates>
      </div>
      {selected ? (
        <PropertyDialog
          property={selected}
          moveIn={moveIn}
          months={months}
          onMoveIn={setMoveIn}
          onMonths={setMonths}
          onOpenChange={(open) => {
            if (open) return;
            setSelected(null);
            linked.dismiss();
          }}
        />
      ) : null}
    </SectionShell>
  );
}

/** The search's price band of one of the spec's ranges ('500-1000', '3000+' -> '3000-'). */
function bandOf(range: (typeof PROPERTY_PRICE_RANGES)[number]): string {
  return range.max === undefined ? `${range.min}-` : `${range.min}-${range.max}`;
}

/** "Penthouse (2)": an option with the number of properties it would list. */
function withCount(label: string, count: number | undefined): string {
  return count === undefined ? label : `${label} (${count})`;
}

function PropertyDialog({
  property,
  moveIn,
  months,
  onMoveIn,
  onMonths,
  onOpenChange,
}: {
  property: Property;
  moveIn: string;
  months: LeaseMonths;
  onMoveIn: (day: string) => void;
  onMonths: (months: LeaseMonths) => void;
  onOpenChange: (open: boolean) => void;
}) {
  // The server's refusal of this very lease (409) is kept until the customer changes it.
  // Booked: the details dialog has done its job (the success toast stays).
  const booking = useSoldOutCheckout('properties', `${moveIn}|${months}`, () => onOpenChange(false));
  const today = localToday();
  const total = centsToDollars(propertyTotalCents(dollarsToCents(property.pricePerMonth), months));
  const details = { moveIn, months };

  const dated = isDay(moveIn);
  const lease = dated ? { start: moveIn, end: addMonths(moveIn, months) } : null;
  const availability = useDayAvailability('properties', property.id, availabilityWindow(today, lease));
  const days = availability.data?.days ?? [];
  const earliest = earliestStart(today, availability.data?.rules);
  const check = lease ? checkSpan(days, lease, 1) : ({ state: 'unknown' } as const);
  const refused = booking.refused;
  const booked = dated && (check.state === 'short' || refused !== null);
  const nearest = booked && days.length > 0 ? nearestFreeLease(days, moveIn, months, earliest) : null;
  const periods = takenRuns(days.filter((d) => d.date >= earliest));

  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{property.title}</DialogTitle>
          <DialogDescription className="flex items-center gap-1">
            <MapPin className="size-4 shrink-0" aria-hidden="true" />
            {property.location}
          </DialogDescription>
        </DialogHeader>
        <img src={property.image} alt={property.title} className="aspect-[8/5] w-full rounded-lg bg-gray-100 object-cover" />
        <div className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-gray-700">
          <Badge variant="secondary">{property.type}</Badge>
          <span className="inline-flex items-center gap-1">
            <BedDouble className="size-4 text-gray-400" aria-hidden="true" />
            {bedroomsLabel(property.bedrooms)}
          </span>
          <span className="inline-flex items-center gap-1">
            <Bath className="size-4 text-gray-400" aria-hidden="true" />
            {pluralize(property.bathrooms, 'bath')}
          </span>
          <span className="inline-flex items-center gap-1">
            <Ruler className="size-4 text-gray-400" aria-hidden="true" />
            {formatNumber(property.sqft)} sqft
          </span>
        </div>
        <p className="text-sm text-gray-700">{property.description}</p>
        {property.amenities.length > 0 ? (
          <div>
            <h3 className="text-sm font-semibold text-gray-900">Amenities</h3>
            <ul className="mt-2 flex flex-wrap gap-1.5" aria-label="Amenities">
              {property.amenities.map((a) => (
                <li key={a}>
                  <Badge variant="outline">{a}</Badge>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        <div className="grid gap-3 sm:grid-cols-2">
          <SelectField label="Lease duration" value={String(months)} onChange={(v) => onMonths(Number(v) as LeaseMonths)} options={LEASE_OPTIONS} />
          <DateField label="Move-in date" value={moveIn} min={earliest} onChange={onMoveIn} />
        </div>
        {availability.isPending ? (
          <Spinner label="Loading booked dates…" showLabel />
        ) : availability.isError ? (
          <p className="flex flex-wrap items-center gap-2 text-sm text-gray-600">
            Booked dates could not be shown; the owner confirms them when you book.
            <Button size="sm" variant="outline" onClick={() => void availability.refetch()}>
              Retry
            </Button>
          </p>
        ) : periods.length > 0 ? (
          <div className="text-sm text-gray-700">
            <p className="font-medium text-gray-900">Not available</p>
            <ul className="mt-1 grid gap-0.5" aria-label="Dates not available">
              {periods.slice(0, LISTED_PERIODS).map((r) => (
                <li key={r.from}>{r.from === r.to ? formatCalendarDay(r.from, 'medium') : `${formatCalendarDay(r.from, 'medium')} to ${formatCalendarDay(r.to, 'medium')}`}</li>
              ))}
            </ul>
          </div>
        ) : (
          <p className="text-sm text-gray-700">Free on every day of the coming year.</p>
        )}
        {booked ? (
          <SoldOutNotice
            ref={booking.noticeRef}
            title="Booked for these dates"
            reason={refused}
            searching={availability.isFetching}
            nearest={
              nearest
                ? {
                    text: `${formatCalendarDay(nearest.start, 'medium')} to ${formatCalendarDay(nearest.end, 'medium')}`,
                    onChoose: () => {
                      onMoveIn(nearest.start);
                      booking.focusBook();
                    },
                  }
                : null
            }
          />
        ) : null}
        <div className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-gray-50 p-3 text-sm text-gray-700">
          <span>
            {formatMoney(property.pricePerMonth)} / month × {pluralize(months, 'month')} ={' '}
            <span className="font-semibold text-gray-900">Total {formatMoney(total)}</span>
          </span>
          {dated && check.state === 'free' ? <UnitsLeft kind="properties" left={1} /> : null}
        </div>
        <div className="flex flex-col gap-2 sm:flex-row sm:justify-end">
          <ChatButton label="Message the owner" target={{ kind: 'service', serviceType: 'properties', serviceId: property.id, serviceName: property.title }} />
          <Button ref={booking.bookRef} disabled={!dated || booked} aria-haspopup="dialog" onClick={booking.openCheckout}>
            Book Property
          </Button>
          <CheckoutDialog
            {...booking.checkout}
            items={[{ serviceType: 'properties', serviceId: property.id, quantity: 1, details, name: property.title, price: total }]}
            serviceName={property.title}
            successTitle="Property Booked Successfully!"
          />
        </div>
      </DialogContent>
    </Dialog>
  );
}
