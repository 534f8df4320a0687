import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Car, CarTaxiFront, Clock, MapPin, MapPinned, MessageCircle, Navigation, Phone, Users } from 'lucide-react';
import type { Booking, Place } from '@domain/bookings/schemas';
import type { TaxiQuote, TaxiRideQuote } from '@domain/catalogue/types';
import { apiGet, apiQuery } from '@client/lib/api';
import { formatDistance, formatMoney } from '@domain/format';
import { Button, buttonVariants } from '@client/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@client/ui/dialog';
import { Spinner } from '@client/ui/spinner';
import { toast } from '@client/ui/use-toast';
import { BookNowButton } from '@client/features/bookings/book-now-button';
import { ChatDialog } from '@client/features/chat/chat-dialog';
import { PlacePin, PlaceSearch, type PlaceValue } from '@client/features/locations/place-field';
import type { LatLng } from '@client/features/locations/pin-picker';
import { etaText, telHref } from '@client/features/tracking/live-tracking';
import { LookingForDriverNotice, TrackingStatusBadge } from '@client/features/tracking/tracking-details';
import { journeyOfRecord } from '@client/features/tracking/live-tracking';
import { useLiveTracking } from '@client/features/tracking/use-live-tracking';
import { SECTION_IDS } from '../categories';
import { CardGridSkeleton, EmptyState, ErrorState } from '../components/states';
import { RatingButton } from '@client/features/reviews/rating-button';
import { SectionShell } from './section-shell';

type Trip = { pickup: Place; dropoff: Place };
type QuoteResult = TaxiQuote & Trip;

export function TaxiSection() {
  const [pickupValue, setPickupValue] = useState<PlaceValue>({ text: '', place: null });
  const [dropoffValue, setDropoffValue] = useState<PlaceValue>({ text: '', place: null });
  // Where each map opens before its pin is placed (the best match of the typed text), and when to move onto a choice.
  const [pickupMatch, setPickupMatch] = useState<LatLng | null>(null);
  const [dropoffMatch, setDropoffMatch] = useState<LatLng | null>(null);
  const [recentre, setRecentre] = useState(0);
  const [mapOpen, setMapOpen] = useState(false);
  const pickup = pickupValue.place;
  const dropoff = dropoffValue.place;
  const [details, setDetails] = useState<TaxiRideQuote | null>(null);
  const [booked, setBooked] = useState<{ booking: Booking; ride: TaxiRideQuote; trip: Trip } | null>(null);

  const quote = useMutation({
    mutationFn: async (trip: Trip): Promise<QuoteResult> => {
      const q = await apiGet('/api/taxi-rides/quote', {
        params: { query: { pickupLat: trip.pickup.lat, pickupLng: trip.pickup.lng, dropoffLat: trip.dropoff.lat, dropoffLng: trip.dropoff.lng } },
      });
      return { ...q, ...trip };
    },
    onSuccess: (result) => {
      toast({ title: 'Rides Found', description: `${result.rides.length} ride types available for your ${formatDistance(result.distanceKm, { fractionDigits: 2 })} trip.` });
    },
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!pickup || !dropoff || !pickupValue.text.trim() || !dropoffValue.text.trim()) {
      toast({ title: 'Missing Information', description: 'Please enter both pickup and dropoff locations.', variant: 'destructive' });
      return;
    }
    setBooked(null);
    quote.mutate({ pickup, dropoff });
  };

  // A chosen street for a house number (or a city for a postcode) is only near the door: the map opens to move the pin.
  const onChosen = (approximate: boolean) => {
    setRecentre((n) => n + 1);
    if (approximate) setMapOpen(true);
  };
  // Fares shown belong to the points they were worked out for: a moved pin asks for a new search.
  const movePin = (set: (value: PlaceValue) => void) => (value: PlaceValue) => {
    set(value);
    if (quote.data) quote.reset();
  };

  const data = quote.data;

  return (
    <SectionShell id={SECTION_IDS.taxi} title="Taxi" icon={CarTaxiFront} intro="Book a ride, see the fare up front and follow your driver.">
      <form noValidate aria-label="Find a ride" onSubmit={onSubmit} className="grid gap-3 md:grid-cols-[1fr_1fr_auto] md:items-end">
        <PlaceSearch label="Pickup location" placeholder="Where are you?" value={pickupValue} onChange={setPickupValue} onMatch={setPickupMatch} onChosen={onChosen} />
        <PlaceSearch label="Dropoff location" placeholder="Where to?" value={dropoffValue} onChange={setDropoffValue} onMatch={setDropoffMatch} onChosen={onChosen} />
        <Button type="submit" disabled={quote.isPending}>
          {quote.isPending ? 'Searching...' : 'Search Rides'}
        </Button>
      </form>
      <div className="mt-2 flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
        <p className="text-xs text-gray-500">
          {(pickupValue.text.trim() && !pickup) || (dropoffValue.text.trim() && !dropoff)
            ? 'Choose a suggestion or place the pin on the map so we know the exact place.'
            : pickup || dropoff
              ? 'Check the pins: your driver comes to the pickup pin.'
              : ''}
        </p>
        <Button type="button" variant="link" size="sm" className="px-0 text-xs" aria-expanded={mapOpen} onClick={() => setMapOpen((open) => !open)}>
          <MapPinned className="size-3.5" aria-hidden="true" />
          {mapOpen ? 'Hide the map' : 'Pickup and dropoff on the map'}
        </Button>
      </div>
      {mapOpen ? (
        <div className="mt-2 grid gap-4 md:grid-cols-2">
          <PlacePin label="Pickup pin" value={pickupValue} onChange={movePin(setPickupValue)} focus={pickupMatch} recentre={recentre} />
          <PlacePin label="Dropoff pin" value={dropoffValue} onChange={movePin(setDropoffValue)} focus={dropoffMatch} recentre={recentre} />
        </div>
      ) : null}

      <div className="mt-6" aria-live="polite">
        {booked ? (
          <BookedPanel booked={booked} onDone={() => setBooked(null)} />
        ) : quote.isPending ? (
          <CardGridSkeleton label="rides" />
        ) : quote.isError ? (
          <ErrorState title="Could not find rides" error={quote.error} onRetry={() => quote.variables && quote.mutate(quote.variables)} />
        ) : data ? (
          data.rides.length === 0 ? (
            <EmptyState>No rides available for this trip right now.</EmptyState>
          ) : (
            <div>
              <p className="mb-3 text-sm text-gray-700">
                {data.pickup.address} → {data.dropoff.address} · <span className="font-medium">{formatDistance(data.distanceKm, { fractionDigits: 2 })}</span>
              </p>
              <ul aria-label="Available rides" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
                {data.rides.map((ride) => (
                  <li key={ride.id} className="flex flex-col gap-2 rounded-xl border border-gray-200 p-4">
                    <div className="flex items-start justify-between gap-2">
                      <h3 className="font-semibold text-gray-900">{ride.type}</h3>
                      <span className="text-lg font-bold text-gray-900">{formatMoney(ride.estimatedPrice)}</span>
                    </div>
                    <RatingButton rating={ride.rating} reviewCount={ride.reviewCount} serviceType="taxi" serviceId={ride.id} name={`Taxi: ${ride.type}`} />
                    <p className="text-sm text-gray-600">{ride.description}</p>
                    <div className="flex flex-wrap gap-x-3 gap-y-1 text-sm text-gray-700">
                      <span className="inline-flex items-center gap-1">
                        <Users className="size-4 text-gray-400" aria-hidden="true" />
                        {ride.passengers} passengers
                      </span>
                      <span className="inline-flex items-center gap-1">
                        <Clock className="size-4 text-gray-400" aria-hidden="true" />
                        Trip {ride.estimatedTime}
                      </span>
                      <span className="inline-flex items-center gap-1">
                        <Navigation className="size-4 text-gray-400" aria-hidden="true" />
                        Arrives in {ride.estimatedArrival}
                      </span>
                    </div>
                    <div className="mt-auto grid grid-cols-2 gap-2 pt-1">
                      <Button variant="outline" size="sm" onClick={() => setDetails(ride)} aria-label={`Details of ${ride.type}`}>
                        Details
                      </Button>
                      <RideBookButton ride={ride} trip={data} onBooked={(booking) => setBooked({ booking, ride, trip: data })} />
                    </div>
                  </li>
                ))}
              </ul>
            </div>
          )
        ) : (
          <p className="text-sm text-gray-600">Enter pickup and dropoff to see available rides and fares.</p>
        )}
      </div>

      <Dialog open={details !== null} onOpenChange={(open) => !open && setDetails(null)}>
        {details && data ? (
          <DialogContent className="max-w-md">
            <DialogHeader>
              <DialogTitle>{details.type}</DialogTitle>
              <DialogDescription>{details.description}</DialogDescription>
            </DialogHeader>
            <dl className="grid grid-cols-2 gap-3 text-sm">
              <div>
                <dt className="text-gray-500">Estimated fare</dt>
                <dd className="font-semibold text-gray-900">{formatMoney(details.estimatedPrice)}</dd>
              </div>
              <div>
                <dt className="text-gray-500">Distance</dt>
                <dd>{formatDistance(data.distanceKm, { fractionDigits: 2 })}</dd>
              </div>
              <div>
                <dt className="text-gray-500">Trip time</dt>
                <dd>{details.estimatedTime}</dd>
              </div>
              <div>
                <dt className="text-gray-500">Driver arrives in</dt>
                <dd>{details.estimatedArrival}</dd>
              </div>
              <div>
                <dt className="text-gray-500">Seats</dt>
                <dd>{details.passengers} passengers</dd>
              </div>
              <div>
                <dt className="text-gray-500">Fare</dt>
                <dd>
                  {formatMoney(details.baseFare)} + {formatMoney(details.perKm)} / km
                </dd>
              </div>
              <div className="col-span-2">
                <dt className="text-gray-500">Route</dt>
                <dd>
                  {data.pickup.address} → {data.dropoff.address}
                </dd>
              </div>
            </dl>
            <DialogFooter>
              <RideBookButton
                ride={details}
                trip={data}
                onBooked={(booking) => {
                  setBooked({ booking, ride: details, trip: data });
                  setDetails(null);
                }}
              />
            </DialogFooter>
          </DialogContent>
        ) : null}
      </Dialog>
    </SectionShell>
  );
}

function RideBookButton({ ride, trip, onBooked }: { ride: TaxiRideQuote; trip: Trip; onBooked: (booking: Booking) => void }) {
  const name = `Taxi: ${ride.type}`;
  return (
    <BookNowButton
      label="Book"
      className="h-8 px-3 text-xs"
      serviceName={name}
      successTitle="Ride Booked Successfully!"
      onBooked={onBooked}
      // The booked panel below follows the ride (driver, chat, Track Live): no confirmation screen.
      confirmation={false}
      lines={[{ serviceType: 'taxi', serviceId: ride.id, quantity: 1, details: { pickup: trip.pickup, dropoff: trip.dropoff }, name, price: ride.estimatedPrice }]}
    />
  );
}

/** The ride's delivery in a paid booking: its `deliveries` list, or the first tracking id for older answers. */
function rideTrackingId(booking: Booking): string | null {
  // `deliveries` may be missing on a booking built before the payment answer carried it.
  const taxi = (booking.deliveries ?? []).find((d) => d.kind === 'taxi');
  return taxi?.trackingId ?? booking.trackingId ?? null;
}

/** How often a paid booking is re-read while its ride has no tracking record yet (a card confirmed by webhook). */
const RIDE_RECORD_POLL_MS = 5000;

function BookedPanel({ booked, onDone }: { booked: { booking: Booking; ride: TaxiRideQuote; trip: Trip }; onDone: () => void }) {
  const { booking, ride, trip } = booked;
  const known = rideTrackingId(booking);
  // A Stripe payment is confirmed by the server's webhook, so the ride's tracking record can appear a moment after
  // the card form reports success; re-read the booking until it lists the ride.
  const reloaded = useQuery({
    ...apiQuery('/api/bookings/{id}', { path: { id: booking.id } }),
    enabled: known === null,
    // Stops once the ride is listed, or on an error (Track Live still opens the tracking page for a lookup).
    refetchInterval: (q) => (q.state.status === 'error' || (q.state.data && rideTrackingId(q.state.data)) ? false : RIDE_RECORD_POLL_MS),
  });
  const trackingId = known ?? (reloaded.data ? rideTrackingId(reloaded.data) : null);
  const tracking = useLiveTracking(trackingId);
  const t = tracking.data ?? null;
  const driver = t?.driver ?? null;
  const trackHref = trackingId ? `/track/${encodeURIComponent(trackingId)}` : '/track';
  // The chat with the driver exists once one has accepted the ride (the tracking record names them).
  const [chatOpen, setChatOpen] = useState(false);
  const canMessage = driver !== null && trackingId !== null && t?.status !== 'cancelled';

  return (
    <div className="rounded-xl border border-emerald-200 bg-emerald-50 p-4 sm:p-5">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-lg font-semibold text-emerald-900">Your {ride.type} ride is booked</h3>
        {t ? <TrackingStatusBadge status={t.status} journey={journeyOfRecord(t)} /> : null}
      </div>
      <p className="mt-1 text-sm text-emerald-900">
        Booking #{booking.id} · {formatMoney(booking.totalAmount)}
      </p>
      <p className="mt-2 flex items-start gap-1 text-sm text-gray-700">
        <MapPin className="mt-0.5 size-4 shrink-0 text-gray-500" aria-hidden="true" />
        <span>
          {trip.pickup.address} → {trip.dropoff.address}
        </span>
      </p>

      <div className="mt-3 grid gap-3 text-sm">
        {t?.status === 'cancelled' ? (
          <p className="text-red-800">This ride was cancelled.</p>
        ) : driver ? (
          <>
            <section aria-label="Your driver" className="flex items-start gap-2 rounded-lg border border-emerald-200 bg-white p-3">
              <Car className="mt-0.5 size-5 shrink-0 text-gray-500" aria-hidden="true" />
              <div className="min-w-0">
                <p className="font-semibold break-words text-gray-900">{driver.name}</p>
                <p className="text-gray-700">
                  {driver.vehicle} · <span className="font-mono">{driver.plate}</span>
                </p>
              </div>
            </section>
            {t && t.status !== 'completed' ? (
              <p className="flex items-center gap-1 text-gray-700">
                <Clock className="size-4 text-gray-500" aria-hidden="true" />
                {etaText(t)}
              </p>
            ) : null}
          </>
        ) : tracking.isError ? (
          <p className="text-gray-700">Live ride details are unavailable right now. Track Live shows the latest status.</p>
        ) : (
          <>
            <Spinner label="Finding your driver…" showLabel />
            {t?.lookingForDriver ? <LookingForDriverNotice /> : null}
          </>
        )}
      </div>

      <div className="mt-4 grid gap-2 sm:grid-cols-2">
        {driver?.phone ? (
          <a href={telHref(driver.phone)} className={buttonVariants({ variant: 'outline' })}>
            <Phone className="size-4" aria-hidden="true" />
            Call Driver
          </a>
        ) : null}
        {canMessage ? (
          <Button variant="outline" onClick={() => setChatOpen(true)} aria-label={`Message ${driver.name}`}>
            <MessageCircle className="size-4" aria-hidden="true" />
            Message
          </Button>
        ) : null}
        <Link to={trackHref} className={buttonVariants({ className: (driver?.phone ? 1 : 0) + (canMessage ? 1 : 0) === 1 ? undefined : 'sm:col-span-2' })}>
          <Navigation className="size-4" aria-hidden="true" />
          Track Live
        </Link>
      </div>
      {canMessage ? (
        <ChatDialog open={chatOpen} onOpenChange={setChatOpen} target={{ kind: 'tracking', trackingId }} title={`Message ${driver.name}`} />
      ) : null}
      <Button variant="link" className="mt-2 px-0" onClick={onDone}>
        Book another ride
      </Button>
    </div>
  );
}
