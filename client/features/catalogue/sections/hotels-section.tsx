import { useEffect, useState } from 'react';
import { ChevronLeft, ChevronRight, Hotel as HotelIcon, MapPin, Star } from 'lucide-react';
import type { Hotel } from '@domain/catalogue/types';
import { centsToDollars, dollarsToCents } from '@domain/catalogue/money';
import { hotelTotalCents, nights } from '@domain/catalogue/pricing';
import { formatCalendarDay, formatMoney, pluralize } from '@domain/format';
import { apiHref } from '@client/lib/api';
import { Badge } from '@client/ui/badge';
import { Button } from '@client/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@client/ui/dialog';
import { AddToCartButton } from '@client/features/cart/add-to-cart-button';
import { CheckoutDialog } from '@client/features/payments/checkout-dialog';
import { availabilityWindow, checkSpan, earliestStart, nearestFree, shortReason } from '@client/features/availability/day-availability';
import { SoldOutNotice } from '@client/features/availability/sold-out-notice';
import { StayCalendar } from '@client/features/availability/stay-calendar';
import { UnitsLeft } from '@client/features/availability/units-left';
import { useDayAvailability } from '@client/features/availability/use-day-availability';
import { useSoldOutCheckout } from '@client/features/availability/use-sold-out-checkout';
import { Spinner } from '@client/ui/spinner';
import { ChatButton } from '@client/features/chat/chat-button';
import { LocationInput } from '@client/features/locations/location-input';
import { SECTION_IDS } from '../categories';
import { dayAfter, isAfter, localToday } from '../components/dates';
import { DateField, SelectField, type Option } from '../components/fields';
import { CardImage, SearchStates } from '../components/states';
import { AreaNote, ResultCount, NextPageButton, ViewToggle, sortOptions, useRevealFocus } from '../components/list-controls';
import { PRICE_BANDS } from '@domain/search/schemas';
import { bboxParam, searchQueryString } from '@client/features/search/search-query';
import { facetCounts, useSearch } from '@client/features/search/use-search';
import { useLinkedListing } from '@client/features/search/listing-link';
import { MapArea, mapItemsOf } from '@client/features/search/map-area';
import { RatingButton } from '@client/features/reviews/rating-button';
import { ListingReviews } from '@client/features/reviews/listing-reviews';
import { useDebouncedValue } from '../components/use-catalogue';
import { SectionShell } from './section-shell';
import { stayDatesError } from './date-checks';

/** Spec 000 section 9: guests 1-5 (5 reads "5+"), default 2; rooms 1-4 (4 reads "4+"), default 1. */
const GUEST_OPTIONS: Option[] = [1, 2, 3, 4, 5].map((n) => ({ value: String(n), label: n === 5 ? '5+' : String(n) }));
const ROOM_OPTIONS: Option[] = [1, 2, 3, 4].map((n) => ({ value: String(n), label: n === 4 ? '4+' : String(n) }));

/** The details gallery shows 6 views of the hotel. */
export const HOTEL_GALLERY_SIZE = 6;
/**
 * The gallery: the hotel's own picture first (the provider's photo, or its generated artwork), then generated
 * illustrations of the other views, captioned as such (issue 15: no wireframes, nothing posing as a photo).
 */
const HOTEL_VIEWS = ['Exterior', 'Lobby', 'Room', 'Bathroom', 'Pool', 'View'] as const;
function galleryImage(hotel: Hotel, index: number): string {
  if (index === 0 && hotel.image) return hotel.image;
  return apiHref('/api/placeholder/{w}/{h}', { path: { w: 800, h: 500 }, query: { kind: 'hotel', subject: `${HOTEL_VIEWS[index % HOTEL_VIEWS.length]} (illustration)` } });
}

type Stay = { checkIn: string; checkOut: string; guests: number; rooms: number };

export function HotelsSection() {
  const [location, setLocation] = useState('');
  const [checkIn, setCheckIn] = useState('');
  const [checkOut, setCheckOut] = useState('');
  const [guests, setGuests] = useState('2');
  const [rooms, setRooms] = useState('1');
  const [stars, setStars] = useState(ANY);
  const [price, setPrice] = useState(ANY);
  const [sort, setSort] = useState('');
  const [view, setView] = useState<'list' | 'map'>('list');
  const [area, setArea] = useState('');
  const [selected, setSelected] = useState<Hotel | null>(null);
  const where = useDebouncedValue(location.trim(), 250);
  const today = localToday();

  const stay: Stay = { checkIn, checkOut, guests: Number(guests), rooms: Number(rooms) };
  // With both dates, the search lists only hotels with the rooms free on every night, each with its rooms left.
  const dated = Boolean(checkIn && checkOut) && isAfter(checkIn, checkOut);
  const order = sort || (where ? 'relevance' : 'rating');
  // The destination's words find hotels by place, name or amenity, typos and all (issue 29), 20 a page.
  const hotels = useSearch(
    searchQueryString({
      kind: 'hotel',
      q: where,
      stars: stars === ANY ? undefined : stars,
      price: price === ANY ? undefined : price,
      bbox: area,
      sort: order,
      guests,
      rooms,
      checkIn: dated ? checkIn : undefined,
      checkOut: dated ? checkOut : undefined,
    }),
    { staleTime: dated ? SEARCH_STALE_MS : undefined },
  );
  const items = hotels.items as unknown as Hotel[];
  const starCounts = facetCounts(hotels.facets, 'stars');
  const priceCounts = facetCounts(hotels.facets, 'price');
  const reveal = useRevealFocus(items.length);

  // A hotel asked for by a link (a search result: /?hotel=ID#hotels) opens its details.
  const linked = useLinkedListing<Hotel>('hotel');
  useEffect(() => {
    if (linked.listing) setSelected(linked.listing);
  }, [linked.listing]);

  const changeCheckIn = (value: string) => {
    setCheckIn(value);
    // Keep the stay valid: a check-out on or before the new check-in is cleared.
    if (checkOut && value && !isAfter(value, checkOut)) setCheckOut('');
  };
  const changeDates = (nextIn: string, nextOut: string) => {
    setCheckIn(nextIn);
    setCheckOut(nextOut);
  };

  return (
    <SectionShell id={SECTION_IDS.hotels} title="Hotels" icon={HotelIcon} intro="Find a room for any trip, from city breaks to long stays.">
      <form role="search" aria-label="Search hotels" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5" onSubmit={(e) => e.preventDefault()}>
        <LocationInput
          className="sm:col-span-2 lg:col-span-1"
          label="Destination"
          type="city"
          placeholder="City or area"
          value={location}
          onValueChange={setLocation}
          displayText={(l) => l.city || l.name}
          onSelect={() => undefined}
        />
        <DateField label="Check-in" value={checkIn} min={today} onChange={changeCheckIn} />
        <DateField label="Check-out" value={checkOut} min={dayAfter(checkIn, dayAfter(today, today))} onChange={setCheckOut} error={stayDatesError(checkIn, checkOut)} />
        <SelectField label="Guests" value={guests} onChange={setGuests} options={GUEST_OPTIONS} />
        <SelectField label="Rooms" value={rooms} onChange={setRooms} options={ROOM_OPTIONS} />
        <SelectField
          label="Stars"
          value={stars}
          onChange={setStars}
          options={[{ value: ANY, label: 'Any stars' }, ...STAR_VALUES.map((n) => ({ value: n, label: withCount(`${n} stars`, starCounts.get(n)) }))]}
        />
        <SelectField
          label="Price per night"
          value={price}
          onChange={setPrice}
          options={[{ value: ANY, label: 'Any price' }, ...PRICE_BANDS.hotel.map((b) => ({ value: b.value, label: withCount(b.label, priceCounts.get(b.value)) }))]}
        />
      </form>
      <div className="mt-4 flex flex-wrap items-end justify-between gap-3">
        <ResultCount total={hotels.total} singular="hotel" plural="hotels" pending={hotels.isPending} estimated={hotels.estimated} />
        <div className="flex flex-wrap items-end gap-2">
          <SelectField className="min-w-44" label="Sort by" value={order} onChange={setSort} options={sortOptions(false)} />
          <ViewToggle view={view} onChange={setView} label="Show hotels as" />
        </div>
      </div>
      {area ? <AreaNote onClear={() => setArea('')} /> : null}
      <div className="mt-6">
        {view === 'map' ? (
          <MapArea
            className="mb-6 h-96"
            items={mapItemsOf(hotels.items, (i) => (typeof i.pricePerNight === 'number' ? `${formatMoney(i.pricePerNight)} / night` : undefined))}
            selectedKey={selected ? `hotel:${selected.id}` : undefined}
            onPick={(item) => setSelected(items.find((h) => h.id === item.id) ?? null)}
            onSearchArea={(bounds) => setArea(bboxParam(bounds))}
          />
        ) : null}
        <SearchStates<Hotel> search={hotels} label="hotels" empty={dated ? 'No hotel has the rooms free for these dates. Try other dates.' : 'No hotels found matching your search.'}>
          {(items) => (
          <>
          <ul aria-label="Hotels" aria-busy={hotels.isPlaceholderData} className="grid gap-4 transition-opacity aria-busy:opacity-60 sm:grid-cols-2 lg:grid-cols-3">
            {items.map((h, i) => (
              <li key={h.id}>
                <article
                  ref={reveal.refFor(i)}
                  tabIndex={reveal.refFor(i) ? -1 : undefined}
                  aria-labelledby={`hotel-${h.id}`}
                  className="flex h-full flex-col overflow-hidden rounded-xl border border-gray-200 bg-white focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
                >
                  <CardImage src={h.image} alt={h.name} />
                  <div className="flex flex-1 flex-col gap-2 p-4">
                    <div className="flex items-start justify-between gap-2">
                      <h3 id={`hotel-${h.id}`} className="font-semibold text-gray-900">
                        {h.name}
                      </h3>
                      <RatingButton rating={h.rating} reviewCount={h.reviewCount} serviceType="hotels" serviceId={h.id} name={h.name} />
                    </div>
                    <p className="flex items-center gap-1 text-sm text-gray-600">
                      <MapPin className="size-4 shrink-0 text-gray-400" aria-hidden="true" />
                      {h.location}
                    </p>
                    <Stars count={h.starRating} />
                    {dated ? <UnitsLeft kind="hotels" left={h.unitsLeft} className="w-fit" /> : null}
                    <p className="mt-auto text-sm text-gray-700">
                      <span className="text-lg font-bold text-gray-900">{formatMoney(h.pricePerNight)}</span> / night
                    </p>
                    <Button size="sm" variant="outline" onClick={() => setSelected(h)} aria-label={`View details of ${h.name}`}>
                      View Details
                    </Button>
                  </div>
                </article>
              </li>
            ))}
          </ul>
          <NextPageButton pages={hotels} reveal={reveal}>
            Show more hotels
          </NextPageButton>
          </>
          )}
        </SearchStates>
      </div>
      {selected ? (
        <HotelDialog
          hotel={selected}
          stay={stay}
          today={today}
          onCheckIn={changeCheckIn}
          onCheckOut={setCheckOut}
          onDates={changeDates}
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

const ANY = 'any';
const STAR_VALUES = ['5', '4', '3', '2', '1'];

/** "4 stars (3)": an option with the number of hotels it would list. */
function withCount(label: string, count: number | undefined): string {
  return count === undefined ? label : `${label} (${count})`;
}

/** A search with dates is asked again after this long: rooms left change as others book. */
const SEARCH_STALE_MS = 30_000;

function Stars({ count }: { count: number }) {
  return (
    <span role="img" className="inline-flex items-center gap-0.5" aria-label={`${count}-star hotel`}>
      {Array.from({ length: count }, (_, i) => (
        <Star key={i} className="size-3.5 fill-amber-400 text-amber-400" aria-hidden="true" />
      ))}
    </span>
  );
}

function HotelDialog({
  hotel,
  stay,
  today,
  onCheckIn,
  onCheckOut,
  onDates,
  onOpenChange,
}: {
  hotel: Hotel;
  stay: Stay;
  today: string;
  onCheckIn: (v: string) => void;
  onCheckOut: (v: string) => void;
  onDates: (checkIn: string, checkOut: string) => void;
  onOpenChange: (open: boolean) => void;
}) {
  const [index, setIndex] = useState(0);

  const datesValid = Boolean(stay.checkIn && stay.checkOut) && isAfter(stay.checkIn, stay.checkOut);
  const span = datesValid ? { start: stay.checkIn, end: stay.checkOut } : null;
  const n = datesValid ? nights(stay.checkIn, stay.checkOut) : 0;
  const total = datesValid ? centsToDollars(hotelTotalCents(dollarsToCents(hotel.pricePerNight), stay.checkIn, stay.checkOut, stay.rooms)) : 0;
  const details = { checkIn: stay.checkIn, checkOut: stay.checkOut, rooms: stay.rooms, guests: stay.guests };
  // The server prices a hotel line per room-stay: nights x rooms, so the unit price shown is the whole stay.
  const name = `${hotel.name}${datesValid ? ` (${formatCalendarDay(stay.checkIn, 'medium')} - ${formatCalendarDay(stay.checkOut, 'medium')})` : ''}`;

  const availability = useDayAvailability('hotels', hotel.id, availabilityWindow(today, span));
  const days = availability.data?.days ?? [];
  const rules = availability.data?.rules;
  const earliest = earliestStart(today, rules);
  const check = span ? checkSpan(days, span, stay.rooms) : ({ state: 'unknown' } as const);
  // The server's refusal of these very dates and rooms (409) is kept until the customer changes them.
  // Booked: the details dialog has done its job (the success toast stays).
  const booking = useSoldOutCheckout('hotels', `${stay.checkIn}|${stay.checkOut}|${stay.rooms}`, () => onOpenChange(false));
  const refused = booking.refused;
  const soldOut = datesValid && (check.state === 'short' || refused !== null);
  const nearest = soldOut && span && days.length > 0 ? nearestFree(days, span, stay.rooms, earliest) : null;

  const prev = () => setIndex((i) => (i - 1 + HOTEL_GALLERY_SIZE) % HOTEL_GALLERY_SIZE);
  const next = () => setIndex((i) => (i + 1) % HOTEL_GALLERY_SIZE);

  const chooseNearest = () => {
    if (!nearest) return;
    onDates(nearest.start, nearest.end);
    // The notice goes with the sold-out dates: the keyboard goes on to the button that books the new ones.
    booking.focusBook();
  };

  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{hotel.name}</DialogTitle>
          <DialogDescription className="flex items-center gap-1">
            <MapPin className="size-4 shrink-0" aria-hidden="true" />
            {hotel.location}
          </DialogDescription>
        </DialogHeader>
        <div className="grid gap-2" role="group" aria-roledescription="carousel" aria-label={`${hotel.name} photos`}>
          <div className="relative overflow-hidden rounded-lg bg-gray-100">
            <img
              src={galleryImage(hotel, index)}
              alt={`${hotel.name}, photo ${index + 1}`}
              className="aspect-[8/5] w-full object-cover"
            />
            <Button variant="outline" size="icon-sm" className="absolute left-2 top-1/2 -translate-y-1/2 bg-white/90" aria-label="Previous image" onClick={prev}>
              <ChevronLeft className="size-4" aria-hidden="true" />
            </Button>
            <Button variant="outline" size="icon-sm" className="absolute right-2 top-1/2 -translate-y-1/2 bg-white/90" aria-label="Next image" onClick={next}>
              <ChevronRight className="size-4" aria-hidden="true" />
            </Button>
          </div>
          <p className="text-center text-sm text-gray-600" aria-live="polite">
            Image {index + 1} of {HOTEL_GALLERY_SIZE}
          </p>
        </div>
        <p className="text-sm text-gray-700">{hotel.description}</p>
        <div>
          <h3 className="text-sm font-semibold text-gray-900">Amenities</h3>
          <ul className="mt-2 flex flex-wrap gap-1.5" aria-label="Amenities">
            {hotel.amenities.map((a) => (
              <li key={a}>
                <Badge variant="secondary">{a}</Badge>
              </li>
            ))}
          </ul>
        </div>
        <div className="grid gap-3 sm:grid-cols-2">
          <DateField label="Check-in" value={stay.checkIn} min={earliest} onChange={onCheckIn} />
          <DateField
            label="Check-out"
            value={stay.checkOut}
            min={dayAfter(stay.checkIn, dayAfter(earliest, earliest))}
            onChange={onCheckOut}
            error={stayDatesError(stay.checkIn, stay.checkOut)}
          />
        </div>
        {availability.isPending ? (
          <Spinner label="Loading free nights…" showLabel />
        ) : availability.isError ? (
          <p className="flex flex-wrap items-center gap-2 text-sm text-gray-600">
            Free nights could not be shown; the hotel confirms them when you reserve.
            <Button size="sm" variant="outline" onClick={() => void availability.refetch()}>
              Retry
            </Button>
          </p>
        ) : (
          <StayCalendar
            label="Choose your nights"
            days={days}
            wanted={stay.rooms}
            earliest={earliest}
            rules={rules}
            value={{ checkIn: stay.checkIn, checkOut: stay.checkOut }}
            onChange={(pick) => onDates(pick.checkIn, pick.checkOut)}
          />
        )}
        {soldOut ? (
          <SoldOutNotice
            ref={booking.noticeRef}
            title="Sold out for these dates"
            reason={refused ?? (check.state === 'short' ? shortReason('hotels', check) : null)}
            searching={availability.isFetching}
            nearest={nearest ? { text: `${formatCalendarDay(nearest.start, 'medium')} to ${formatCalendarDay(nearest.end, 'medium')}`, onChoose: chooseNearest } : null}
          />
        ) : null}
        <div className="rounded-lg bg-gray-50 p-3 text-sm text-gray-700">
          <p>
            {formatMoney(hotel.pricePerNight)} / night · {pluralize(stay.rooms, 'room')} · {pluralize(stay.guests, 'guest')}
          </p>
          {datesValid ? (
            <p className="mt-1 font-semibold text-gray-900">
              {pluralize(n, 'night')} · Total {formatMoney(total)}
            </p>
          ) : (
            <p className="mt-1">
              {stayDatesError(stay.checkIn, stay.checkOut) ? 'Choose a check-out day after check-in to see the total.' : 'Choose check-in and check-out dates to see the total.'}
            </p>
          )}
          {datesValid && check.state === 'free' ? <UnitsLeft kind="hotels" left={check.left} className="mt-2" /> : null}
        </div>
        <ListingReviews serviceType="hotels" serviceId={hotel.id} />
        <div className="flex flex-col gap-2 sm:flex-row sm:justify-end">
          <ChatButton label="Message the hotel" target={{ kind: 'service', serviceType: 'hotels', serviceId: hotel.id, serviceName: hotel.name }} />
          <AddToCartButton
            disabled={!datesValid || soldOut}
            item={{ serviceType: 'hotels', serviceId: hotel.id, name, price: total, image: hotel.image, description: hotel.location, details }}
          />
          <Button ref={booking.bookRef} disabled={!datesValid || soldOut} aria-haspopup="dialog" onClick={booking.openCheckout}>
            Reserve Now
          </Button>
          <CheckoutDialog
            // Refused as sold out: back here, where the reason shows with the nearest free dates, and the keyboard with it.
            {...booking.checkout}
            items={[{ serviceType: 'hotels', serviceId: hotel.id, quantity: 1, details, name, price: total }]}
            serviceName={hotel.name}
            successTitle="Hotel Booked Successfully!"
          />
        </div>
      </DialogContent>
    </Dialog>
  );
}
