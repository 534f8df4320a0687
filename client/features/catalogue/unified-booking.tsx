import { useState, type ReactNode } from 'react';
import { Building, Briefcase, CalendarCheck, CarFront, CarTaxiFront, Hotel as HotelIcon, Plane, Ship, UtensilsCrossed, type LucideIcon } from 'lucide-react';
import type { Place, ServiceType } from '@domain/bookings/schemas';
import type { Restaurant } from '@domain/catalogue/types';
import { centsToDollars, dollarsToCents } from '@domain/catalogue/money';
import {
  addDays,
  carTotalCents,
  flightFareCents,
  greatCircleKm,
  hotelTotalCents,
  propertyTotalCents,
  roundKm,
  shippingRateCents,
  taxiFareCents,
  type Parcel,
} from '@domain/catalogue/pricing';
import { formatCalendarDay, formatDistance, formatMoney } from '@domain/format';
import { Button } from '@client/ui/button';
import { Skeleton } from '@client/ui/skeleton';
import { toast } from '@client/ui/use-toast';
import { UnifiedBookingDialog } from '@client/features/bookings/unified-booking-dialog';
import { useUnifiedBooking, type NewUnifiedLine } from '@client/features/bookings/unified-booking-store';
import { firstOfNextMonth, localToday } from './components/dates';
import { EmptyState, ErrorState } from './components/states';
import { useQuery } from '@tanstack/react-query';
import { apiKey, apiQuery, collectPages } from '@client/lib/api';
import { unitsLeftText } from '@client/features/availability/day-availability';

/** Items each service card offers (spec 000 section 2: the first 3 of each category). */
const PER_CARD = 3;
const SAMPLE_PARCEL: Parcel = { weight: 5, length: 12, width: 10, height: 8 };

/** The cards' searches with dates are asked again after this long: units left change as others book. */
const SEARCH_STALE_MS = 30_000;

/** A subtitle with the units-left line after it ('Toronto · Only 2 rooms left'). */
function withLeft(subtitle: string, left: string | null): string {
  return left ? `${subtitle} · ${left}` : subtitle;
}

type Offer = { key: string; title: string; subtitle: string; price: number | null; line: NewUnifiedLine | null };

/** Unified Booking tab: pick services from every category, then book and pay for them together. */
export function UnifiedBooking() {
  const { count, lines } = useUnifiedBooking();
  const [open, setOpen] = useState(false);
  const today = localToday();
  const tomorrow = addDays(today, 1);

  return (
    <section aria-labelledby="unified-booking-heading" className="rounded-2xl border border-gray-200 bg-white p-5 shadow-sm sm:p-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-3">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
            <CalendarCheck className="size-5" aria-hidden="true" />
          </span>
          <h2 id="unified-booking-heading" className="text-xl font-bold tracking-tight text-gray-900 sm:text-2xl">
            Unified Booking
          </h2>
        </div>
        <Button onClick={() => setOpen(true)} aria-haspopup="dialog">
          Complete Booking ({count})
        </Button>
      </div>
      <p className="mt-2 text-gray-600">Combine food, travel, rides and more into a single booking and pay once.</p>
      {lines.length === 0 ? <p className="mt-2 text-sm text-gray-500">No items to book</p> : null}
      <div className="mt-6 grid gap-4 md:grid-cols-2">
        <RestaurantsCard />
        <HotelsCard checkIn={tomorrow} checkOut={addDays(tomorrow, 1)} />
        <FlightsCard date={addDays(today, 7)} />
        <CarsCard pickupDate={tomorrow} returnDate={addDays(tomorrow, 3)} />
        <TaxiCard />
        <PropertiesCard moveIn={firstOfNextMonth()} />
        <ShippingCard />
        <GeneralCard />
      </div>
      <UnifiedBookingDialog open={open} onOpenChange={setOpen} />
    </section>
  );
}

function ServiceCard({ title, icon: Icon, note, children }: { title: string; icon: LucideIcon; note?: string; children: ReactNode }) {
  return (
    <article aria-label={title} className="flex min-w-0 flex-col rounded-xl border border-gray-200 p-4">
      <h3 className="flex items-center gap-2 font-semibold text-gray-900">
        <Icon className="size-5 text-brand-700" aria-hidden="true" />
        {title}
      </h3>
      {note ? <p className="mt-1 text-xs text-gray-500">{note}</p> : null}
      <div className="mt-3">{children}</div>
    </article>
  );
}

type QueryLike<T> = { isPending: boolean; isError: boolean; error: unknown; data: T | undefined; refetch: () => unknown };

function OfferList<T>({ query, label, toOffer }: { query: QueryLike<T[]>; label: string; toOffer: (item: T) => Offer }) {
  if (query.isPending) {
    return (
      <div role="status" className="grid gap-2">
        <span className="sr-only">Loading {label}…</span>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-12 w-full" />
        ))}
      </div>
    );
  }
  if (query.isError) return <ErrorState title={`Could not load ${label}`} error={query.error} onRetry={() => void query.refetch()} />;
  const items = (query.data ?? []).slice(0, PER_CARD);
  if (items.length === 0) return <EmptyState>Nothing available right now.</EmptyState>;
  return (
    <ul className="grid gap-2" aria-label={label}>
      {items.map((item) => {
        const offer = toOffer(item);
        return <OfferRow key={offer.key} offer={offer} />;
      })}
    </ul>
  );
}

function OfferRow({ offer }: { offer: Offer }) {
  const { add, has } = useUnifiedBooking();
  const inBooking = offer.line ? has(offer.line.serviceType, offer.line.serviceId) : false;
  return (
    <li className="flex flex-col gap-2 rounded-lg bg-gray-50 p-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="font-medium text-gray-900">{offer.title}</p>
        <p className="text-xs text-gray-600">
          {offer.subtitle}
          {offer.price !== null ? ` · ${formatMoney(offer.price)}` : ''}
        </p>
      </div>
      <Button
        size="sm"
        variant={inBooking ? 'secondary' : 'default'}
        // aria-disabled, not disabled, once it is in the booking: the button keeps keyboard focus instead of
        // dropping it on <body> the moment it is pressed.
        disabled={!offer.line}
        aria-disabled={inBooking || undefined}
        aria-label={inBooking ? `${offer.title}: In Booking` : `Add to Booking: ${offer.title}`}
        onClick={() => {
          if (!offer.line || inBooking) return;
          add(offer.line);
          toast({ title: 'Added to Booking', description: `${offer.line.name} was added to your booking.` });
        }}
      >
        {inBooking ? 'In Booking' : 'Add to Booking'}
      </Button>
    </li>
  );
}

function RestaurantsCard() {
  const restaurants = useQuery(apiQuery('/api/restaurants'));
  const first = (restaurants.data ?? []).slice(0, PER_CARD);
  return (
    <ServiceCard title="Food Delivery" icon={UtensilsCrossed} note="Adds the restaurant's first menu item; the delivery address is asked at payment.">
      {restaurants.isPending || restaurants.isError || first.length === 0 ? (
        <OfferList query={restaurants} label="restaurants" toOffer={() => ({ key: '', title: '', subtitle: '', price: null, line: null })} />
      ) : (
        <ul className="grid gap-2" aria-label="restaurants">
          {first.map((r) => (
            <RestaurantOffer key={r.id} restaurant={r} />
          ))}
        </ul>
      )}
    </ServiceCard>
  );
}

function RestaurantOffer({ restaurant }: { restaurant: Restaurant }) {
  const menu = useQuery(apiQuery('/api/restaurants/{id}/menu', { path: { id: restaurant.id } }));
  const item = menu.data?.[0];
  const offer: Offer = {
    key: String(restaurant.id),
    title: restaurant.name,
    subtitle: item ? `${item.name} · ${restaurant.cuisine}` : menu.isError ? 'Menu unavailable' : `${restaurant.cuisine} · loading menu…`,
    price: item?.price ?? null,
    line: item
      ? {
          type: 'restaurant',
          serviceType: 'food-delivery',
          serviceId: item.id,
          name: `${item.name} (${restaurant.name})`,
          description: item.description,
          price: item.price,
          image: restaurant.image,
          details: { restaurantId: restaurant.id },
        }
      : null,
  };
  return <OfferRow offer={offer} />;
}

function HotelsCard({ checkIn, checkOut }: { checkIn: string; checkOut: string }) {
  // Searched for the card's dates: only hotels with a room free every night, with their rooms left.
  const hotels = useQuery({ ...apiQuery('/api/hotels', { query: { checkIn, checkOut, rooms: 1, guests: 2, limit: PER_CARD } }), staleTime: SEARCH_STALE_MS });
  return (
    <ServiceCard title="Hotels" icon={HotelIcon} note={`${formatCalendarDay(checkIn, 'medium')} to ${formatCalendarDay(checkOut, 'medium')}, 1 room, 2 guests.`}>
      <OfferList
        query={hotels}
        label="hotels"
        toOffer={(h) => {
          const price = centsToDollars(hotelTotalCents(dollarsToCents(h.pricePerNight), checkIn, checkOut, 1));
          return {
            key: String(h.id),
            title: h.name,
            subtitle: withLeft(h.location, unitsLeftText('hotels', h.unitsLeft)),
            price,
            line: line('hotel', 'hotels', h.id, h.name, `${h.location}, ${formatCalendarDay(checkIn, 'medium')} - ${formatCalendarDay(checkOut, 'medium')}`, price, h.image, {
              checkIn,
              checkOut,
              rooms: 1,
              guests: 2,
            }),
          };
        }}
      />
    </ServiceCard>
  );
}

function FlightsCard({ date }: { date: string }) {
  // A flight is booked for a day: the card searches that day's departures, with their seats left.
  const flights = useQuery({ ...apiQuery('/api/flights', { query: { date, limit: PER_CARD } }), staleTime: SEARCH_STALE_MS });
  const passengers = { adults: 1, children: 0, infants: 0 };
  return (
    <ServiceCard title="Flights" icon={Plane} note={`${formatCalendarDay(date, 'medium')}, 1 adult, Economy.`}>
      <OfferList
        query={flights}
        label="flights"
        toOffer={(f) => {
          const price = centsToDollars(flightFareCents(dollarsToCents(f.price), passengers, 'Economy'));
          const name = `${f.airline} ${f.flightNumber} ${f.departureCity} - ${f.arrivalCity}`;
          return {
            key: String(f.id),
            title: name,
            subtitle: withLeft(`${f.departureTime} - ${f.arrivalTime}, ${f.duration}`, unitsLeftText('flights', f.unitsLeft)),
            price,
            line: line('flight', 'flights', f.id, name, `${formatCalendarDay(date, 'medium')}, Economy, 1 adult`, price, f.image, { date, passengers, cabinClass: 'Economy' }),
          };
        }}
      />
    </ServiceCard>
  );
}

function CarsCard({ pickupDate, returnDate }: { pickupDate: string; returnDate: string }) {
  const cars = useQuery({ ...apiQuery('/api/cars', { query: { pickupDate, returnDate, limit: PER_CARD } }), staleTime: SEARCH_STALE_MS });
  return (
    <ServiceCard title="Car Rental" icon={CarFront} note={`${formatCalendarDay(pickupDate, 'medium')} to ${formatCalendarDay(returnDate, 'medium')}.`}>
      <OfferList
        query={cars}
        label="cars"
        toOffer={(c) => {
          const price = centsToDollars(carTotalCents(dollarsToCents(c.pricePerDay), pickupDate, returnDate));
          const name = `${c.model}${c.company ? ` (${c.company})` : ''}`;
          return {
            key: String(c.id),
            title: name,
            subtitle: withLeft(c.category, unitsLeftText('cars', c.unitsLeft)),
            price,
            line: line('car', 'cars', c.id, name, `${formatCalendarDay(pickupDate, 'medium')} - ${formatCalendarDay(returnDate, 'medium')}`, price, c.image, { pickupDate, returnDate }),
          };
        }}
      />
    </ServiceCard>
  );
}

function cityOf(address: string): string {
  return address.split(',')[1]?.trim() ?? '';
}

/** A sample trip between two restaurants of the same city (real coordinates, so the server can price it). */
function sampleTrip(restaurants: Restaurant[]): { pickup: Place; dropoff: Place } | null {
  const located = restaurants.filter((r) => r.lat !== null && r.lng !== null);
  for (const a of located) {
    const b = located.find((r) => r !== a && cityOf(r.address) === cityOf(a.address));
    if (b) {
      return {
        pickup: { lat: a.lat as number, lng: a.lng as number, address: a.address },
        dropoff: { lat: b.lat as number, lng: b.lng as number, address: b.address },
      };
    }
  }
  return null;
}

function TaxiCard() {
  const rides = useQuery(apiQuery('/api/taxi-rides'));
  const restaurants = useQuery(apiQuery('/api/restaurants'));
  const trip = restaurants.data ? sampleTrip(restaurants.data) : null;
  const km = trip ? roundKm(greatCircleKm(trip.pickup, trip.dropoff)) : 0;
  return (
    <ServiceCard title="Taxi" icon={CarTaxiFront} note={trip ? `${trip.pickup.address} to ${trip.dropoff.address} (${formatDistance(km, { fractionDigits: 2 })}).` : undefined}>
      <OfferList
        query={rides}
        label="ride types"
        toOffer={(r) => {
          const price = trip ? centsToDollars(taxiFareCents({ baseFareCents: dollarsToCents(r.baseFare), perKmCents: dollarsToCents(r.perKm) }, km)) : null;
          return {
            key: String(r.id),
            title: r.type,
            subtitle: `${r.passengers} passengers, arrives in ${r.waitTime}`,
            price,
            line:
              trip && price !== null
                ? line('taxi', 'taxi', r.id, `Taxi: ${r.type}`, `${trip.pickup.address} to ${trip.dropoff.address}`, price, r.image, {
                    pickup: trip.pickup,
                    dropoff: trip.dropoff,
                  })
                : null,
          };
        }}
      />
    </ServiceCard>
  );
}

function PropertiesCard({ moveIn }: { moveIn: string }) {
  const properties = useQuery({ ...apiQuery('/api/properties', { query: { moveIn, months: 1, limit: PER_CARD } }), staleTime: SEARCH_STALE_MS });
  return (
    <ServiceCard title="Property Rental" icon={Building} note={`Move in ${formatCalendarDay(moveIn, 'medium')}, 1-month lease.`}>
      <OfferList
        query={properties}
        label="properties"
        toOffer={(p) => {
          const price = centsToDollars(propertyTotalCents(dollarsToCents(p.pricePerMonth), 1));
          return {
            key: String(p.id),
            title: p.title,
            subtitle: `${p.type}, ${p.location}`,
            price,
            line: line('property', 'properties', p.id, p.title, `${p.location}, move in ${formatCalendarDay(moveIn, 'medium')}, 1 month`, price, p.image, { moveIn, months: 1 }),
          };
        }}
      />
    </ServiceCard>
  );
}

function ShippingCard() {
  const rates = useQuery(apiQuery('/api/shipping-rates'));
  return (
    <ServiceCard title="Shipping" icon={Ship} note="A 5 lb parcel, 12 × 10 × 8 in; sender and recipient addresses are asked at payment.">
      <OfferList
        query={rates}
        label="shipping rates"
        toOffer={(r) => {
          const price = centsToDollars(
            shippingRateCents({ basePriceCents: dollarsToCents(r.basePrice), pricePerLbCents: dollarsToCents(r.pricePerLb) }, SAMPLE_PARCEL),
          );
          return {
            key: String(r.id),
            title: r.name,
            subtitle: r.deliveryTime,
            price,
            line: line('shipping', 'shipping', r.id, r.name, `5 lb parcel, ${r.deliveryTime}`, price, r.image, { ...SAMPLE_PARCEL, speed: r.speed }),
          };
        }}
      />
    </ServiceCard>
  );
}

function GeneralCard() {
  // A service booked by appointment needs a time, picked in the General Services section; the plan offers the others.
  // The list comes a page at a time (issue 29): further pages are read until the card has its few, within a bound.
  // Its own key, for its rows are filtered, under the route's: invalidating the route's queries reloads it too.
  const withoutAppointments = useQuery({
    queryKey: [...apiKey('/api/general-services'), 'without-appointments'],
    queryFn: async () =>
      (await collectPages('/api/general-services', undefined, (items) => items.filter((s) => s.appointmentMinutes === null).length >= PER_CARD)).filter(
        (s) => s.appointmentMinutes === null,
      ),
  });
  return (
    <ServiceCard title="General Services" icon={Briefcase}>
      <OfferList
        query={withoutAppointments}
        label="general services"
        toOffer={(s) => ({
          key: String(s.id),
          title: s.name,
          subtitle: `${s.category}, ${s.price}`,
          price: s.priceFrom,
          line: line('service', 'general-services', s.id, s.name, s.description, s.priceFrom, undefined, {}),
        })}
      />
    </ServiceCard>
  );
}

function line(
  type: NewUnifiedLine['type'],
  serviceType: ServiceType,
  serviceId: number,
  name: string,
  description: string,
  price: number,
  image: string | undefined,
  details: Record<string, unknown>,
): NewUnifiedLine {
  return { type, serviceType, serviceId, name, description, price, image, details };
}
