import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { ArrowLeftRight, Minus, Plane, Plus, Users } from 'lucide-react';
import { centsToDollars, dollarsToCents } from '@domain/catalogue/money';
import { CABIN_CLASSES, cabinFarePerAdultCents, flightFareCents, type CabinClass, type Passengers } from '@domain/catalogue/pricing';
import { cityPart } from '@domain/catalogue/filters';
import { apiPage, type ApiPage, type ApiParams, type ApiRow } from '@client/lib/api';
import { cn } from '@client/lib/cn';
import { formatCalendarDay, formatMoney, pluralize } from '@domain/format';
import { Button } from '@client/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@client/ui/dialog';
import { Label } from '@client/ui/label';
import { toast } from '@client/ui/use-toast';
import { AddToCartButton } from '@client/features/cart/add-to-cart-button';
import { BookNowButton } from '@client/features/bookings/book-now-button';
import { LocationInput } from '@client/features/locations/location-input';
import { SECTION_IDS } from '../categories';
import { dayAfter, isAfter, localToday } from '../components/dates';
import { DateField, SelectField } from '../components/fields';
import { CardGridSkeleton, EmptyState } from '../components/states';
import { SectionShell } from './section-shell';
import { sameCityError } from './date-checks';
import { UnitsLeft } from '@client/features/availability/units-left';
import { onlyLeftMessage } from '@domain/availability/schemas';

type TripType = 'round' | 'oneway';
type FlightsPage = ApiPage<'/api/flights'>;
/** The first page of each direction (issue 29: the flights list comes a page at a time; Show more reads the next). */
type SearchResult = { outbound: FlightsPage; inbound: FlightsPage | null; passengers: Passengers; cabin: CabinClass };

function passengerCount(p: Passengers): number {
  return p.adults + p.children + p.infants;
}

/** Seats a booking takes: infants travel on a lap. */
function seatsNeeded(p: Passengers): number {
  return p.adults + p.children;
}

function passengerSummary(p: Passengers): string {
  const parts = [pluralize(p.adults, 'adult')];
  if (p.children) parts.push(pluralize(p.children, 'child', 'children'));
  if (p.infants) parts.push(pluralize(p.infants, 'infant'));
  return parts.join(', ');
}

export function FlightsSection() {
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [trip, setTrip] = useState<TripType>('round');
  const [departure, setDeparture] = useState('');
  const [returnDate, setReturnDate] = useState('');
  const [passengers, setPassengers] = useState<Passengers>({ adults: 1, children: 0, infants: 0 });
  const [cabin, setCabin] = useState<CabinClass>('Economy');
  const [passengerOpen, setPassengerOpen] = useState(false);
  const today = localToday();
  // Toronto -> Toronto is no trip: said at once, and the search is not sent (it could only find nothing).
  const sameCity = sameCityError(from, to);

  const search = useMutation({
    mutationFn: async (input: { from: string; to: string; date: string; returnDate?: string; passengers: Passengers; cabin: CabinClass }): Promise<SearchResult> => {
      const outbound = apiPage('/api/flights', { query: { from: input.from, to: input.to, date: input.date } });
      const inbound = input.returnDate ? apiPage('/api/flights', { query: { from: input.to, to: input.from, date: input.returnDate } }) : Promise.resolve(null);
      const [out, back] = await Promise.all([outbound, inbound]);
      return { outbound: out, inbound: back, passengers: input.passengers, cabin: input.cabin };
    },
    onSuccess: (result) => {
      const count = (page: FlightsPage) => page.total ?? page.data.length;
      const n = count(result.outbound) + (result.inbound ? count(result.inbound) : 0);
      toast({ title: 'Search Complete', description: `Found ${n} flights` });
    },
    onError: () => {
      toast({ title: 'Search Error', description: 'Unable to search flights. Please try again.', variant: 'destructive' });
    },
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const fromCity = cityPart(from);
    const toCity = cityPart(to);
    if (!fromCity || !toCity || !departure) {
      toast({ title: 'Missing Information', description: 'Please fill in departure city, destination, and departure date.', variant: 'destructive' });
      return;
    }
    if (sameCity) {
      toast({ title: 'Same City', description: sameCity, variant: 'destructive' });
      return;
    }
    if (trip === 'round' && !returnDate) {
      toast({ title: 'Missing Return Date', description: 'Please select a return date for round trip flights.', variant: 'destructive' });
      return;
    }
    if (trip === 'round' && !isAfter(departure, returnDate)) {
      toast({ title: 'Invalid Return Date', description: 'Return date must be after departure date.', variant: 'destructive' });
      return;
    }
    search.mutate({ from: fromCity, to: toCity, date: departure, returnDate: trip === 'round' ? returnDate : undefined, passengers, cabin });
  };

  const swap = () => {
    setFrom(to);
    setTo(from);
  };

  const chooseTrip = (value: TripType) => {
    setTrip(value);
    if (value === 'oneway') setReturnDate('');
  };

  return (
    <SectionShell id={SECTION_IDS.flights} title="Flights" icon={Plane} intro="Search one-way and round-trip flights in every class.">
      <form aria-label="Search flights" noValidate onSubmit={onSubmit} className="grid gap-4">
        <div role="radiogroup" aria-label="Trip type" className="inline-flex w-fit gap-1 rounded-xl bg-gray-100 p-1">
          {(
            [
              ['round', 'Round Trip'],
              ['oneway', 'One Way'],
            ] as const
          ).map(([value, label]) => (
            <button
              key={value}
              type="button"
              role="radio"
              aria-checked={trip === value}
              onClick={() => chooseTrip(value)}
              className={cn(
                'rounded-lg px-3 py-1.5 text-sm font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500',
                trip === value ? 'bg-white text-brand-700 shadow-sm' : 'text-gray-600 hover:text-gray-900',
              )}
            >
              {label}
            </button>
          ))}
        </div>
        <div className="grid items-end gap-3 md:grid-cols-[1fr_auto_1fr]">
          <LocationInput label="From" placeholder="City or airport" value={from} onValueChange={setFrom} displayText={(l) => l.city || l.name} onSelect={() => undefined} />
          <Button type="button" variant="outline" size="icon" className="justify-self-center" aria-label="Swap departure and destination" onClick={swap}>
            <ArrowLeftRight className="size-4 rotate-90 md:rotate-0" aria-hidden="true" />
          </Button>
          <LocationInput label="To" placeholder="City or airport" value={to} onValueChange={setTo} displayText={(l) => l.city || l.name} onSelect={() => undefined} />
        </div>
        {sameCity ? (
          <p role="alert" className="text-sm text-red-700">
            {sameCity}
          </p>
        ) : null}
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          <DateField label="Departure date" value={departure} min={today} onChange={setDeparture} />
          <DateField label="Return date" value={returnDate} min={dayAfter(departure, today)} disabled={trip === 'oneway'} onChange={setReturnDate} />
          <div className="grid min-w-0 gap-1.5">
            <Label htmlFor="flight-passengers">Passengers</Label>
            <Button id="flight-passengers" type="button" variant="outline" className="justify-start" aria-haspopup="dialog" onClick={() => setPassengerOpen(true)}>
              <Users className="size-4" aria-hidden="true" />
              <span className="truncate">{passengerSummary(passengers)}</span>
            </Button>
          </div>
          <SelectField label="Class" value={cabin} onChange={(v) => setCabin(v as CabinClass)} options={CABIN_CLASSES.map((c) => ({ value: c, label: c }))} />
        </div>
        <Button type="submit" className="w-full sm:w-auto sm:justify-self-start" disabled={search.isPending}>
          {search.isPending ? 'Searching...' : 'Search Flights'}
        </Button>
      </form>
      <PassengerDialog open={passengerOpen} onOpenChange={setPassengerOpen} value={passengers} onChange={setPassengers} />
      <div className="mt-6" aria-live="polite">
        {search.isPending ? (
          <CardGridSkeleton label="flights" count={2} />
        ) : search.data ? (
          // Keyed by the search, so each search starts again from its first page.
          <div className="grid gap-6" key={search.submittedAt}>
            <FlightList title="Outbound flights" first={search.data.outbound} passengers={search.data.passengers} cabin={search.data.cabin} />
            {search.data.inbound ? (
              <FlightList title="Return flights" first={search.data.inbound} passengers={search.data.passengers} cabin={search.data.cabin} />
            ) : null}
          </div>
        ) : (
          <p className="text-sm text-gray-600">Enter your trip and search to see available flights.</p>
        )}
      </div>
    </SectionShell>
  );
}

/** The flights of one direction: the first page found, then each next page (the answer's Link) on Show more. */
function usePagedFlights(first: FlightsPage) {
  const [more, setMore] = useState<{ items: ApiRow<'/api/flights'>[]; next: ApiParams<'/api/flights'> | null }>({ items: [], next: first.next });
  const load = useMutation({
    mutationFn: (params: ApiParams<'/api/flights'>) => apiPage('/api/flights', params),
    // Keyset pages (after the last id shown): nothing repeats, nothing is skipped.
    onSuccess: (page) => setMore((m) => ({ items: [...m.items, ...page.data], next: page.next })),
    onError: () => {
      toast({ title: 'Search Error', description: 'Unable to load more flights. Please try again.', variant: 'destructive' });
    },
  });
  return {
    flights: [...first.data, ...more.items],
    total: first.total,
    next: more.next,
    loading: load.isPending,
    loadMore: () => {
      if (more.next) load.mutate(more.next);
    },
  };
}

function FlightList({ title, first, passengers, cabin }: { title: string; first: FlightsPage; passengers: Passengers; cabin: CabinClass }) {
  const { flights, total, next, loading, loadMore } = usePagedFlights(first);
  return (
    <div>
      <h3 className="mb-3 font-semibold text-gray-900">{title}</h3>
      {flights.length === 0 ? (
        <EmptyState>No flights found</EmptyState>
      ) : (
        <ul aria-label={title} className="grid gap-3">
          {flights.map((f) => {
            const total = centsToDollars(flightFareCents(dollarsToCents(f.price), passengers, cabin));
            const details = { date: f.date, passengers, cabinClass: cabin };
            // A flight is booked for the day searched: its seats that day are what can be sold.
            const tooFew = f.unitsLeft !== undefined && f.unitsLeft < seatsNeeded(passengers);
            const bookable = Boolean(f.date) && !tooFew;
            const blocker = !f.date ? 'Search with a departure date to book.' : tooFew ? onlyLeftMessage('flights', f.unitsLeft ?? 0) : null;
            const name = `${f.airline} ${f.flightNumber} ${f.departureCity} - ${f.arrivalCity}${f.date ? ` (${formatCalendarDay(f.date, 'medium')})` : ''}`;
            return (
              <li key={f.id} className="grid gap-3 rounded-xl border border-gray-200 p-4 md:grid-cols-[1fr_auto] md:items-center">
                <div className="min-w-0">
                  <p className="font-semibold text-gray-900">
                    {f.airline} <span className="font-normal text-gray-600">{f.flightNumber}</span>
                  </p>
                  <p className="mt-1 text-sm text-gray-700">
                    {f.departureCity} {f.departureTime} → {f.arrivalCity} {f.arrivalTime}
                    {f.arrivalDate && f.date && f.arrivalDate !== f.date ? ` (arrives ${formatCalendarDay(f.arrivalDate, 'medium')})` : ''}
                  </p>
                  <p className="text-sm text-gray-600">
                    {f.duration} · {cabin} · {passengerSummary(passengers)}
                  </p>
                  {tooFew ? null : <UnitsLeft kind="flights" left={f.unitsLeft} className="mt-1" />}
                  {blocker ? <p className="mt-1 text-sm font-medium text-red-700">{blocker}</p> : null}
                  <p className="mt-1 text-sm text-gray-700">
                    <span className="text-lg font-bold text-gray-900">{formatMoney(total)}</span>
                    {/* The price names the selected class and is priced for it (issue 15). */}
                    {passengerCount(passengers) > 1
                      ? ` ${cabin} total (${formatMoney(centsToDollars(cabinFarePerAdultCents(dollarsToCents(f.price), cabin)))} ${cabin} fare per adult)`
                      : ` ${cabin} fare`}
                  </p>
                </div>
                <div className="flex flex-col gap-2 sm:flex-row">
                  <AddToCartButton size="sm" disabled={!bookable} item={{ serviceType: 'flights', serviceId: f.id, name, price: total, image: f.image, description: `${cabin}, ${passengerSummary(passengers)}`, details }} />
                  <BookNowButton
                    label="Book"
                    className="h-8 px-3 text-xs"
                    disabled={!bookable}
                    serviceName={name}
                    lines={[{ serviceType: 'flights', serviceId: f.id, quantity: 1, details, name, price: total }]}
                  />
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {next ? (
        <div className="mt-3 flex flex-wrap items-center gap-3">
          <Button variant="outline" onClick={loadMore} disabled={loading}>
            {loading ? 'Loading…' : 'Show more flights'}
          </Button>
          {total !== null ? (
            <p className="text-sm text-gray-600">
              Showing {flights.length} of {total} flights
            </p>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

const PASSENGER_ROWS: Array<{ key: keyof Passengers; label: string; one: string; hint: string; min: number }> = [
  { key: 'adults', label: 'Adults', one: 'adult', hint: 'Age 12+', min: 1 },
  { key: 'children', label: 'Children', one: 'child', hint: 'Age 2-11', min: 0 },
  { key: 'infants', label: 'Infants', one: 'infant', hint: 'Under 2', min: 0 },
];

function PassengerDialog({
  open,
  onOpenChange,
  value,
  onChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  value: Passengers;
  onChange: (value: Passengers) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-sm">
        <DialogHeader>
          <DialogTitle>Passengers</DialogTitle>
          <DialogDescription>Who is travelling?</DialogDescription>
        </DialogHeader>
        <ul className="grid gap-3">
          {PASSENGER_ROWS.map((row) => {
            const count = value[row.key];
            return (
              <li key={row.key} className="flex items-center justify-between gap-3">
                <div>
                  <p className="font-medium text-gray-900">{row.label}</p>
                  <p className="text-xs text-gray-500">{row.hint}</p>
                </div>
                <div className="flex items-center gap-2">
                  <Button
                    variant="outline"
                    size="icon-sm"
                    aria-label={`Remove one ${row.one}`}
                    disabled={count <= row.min}
                    onClick={() => onChange({ ...value, [row.key]: Math.max(row.min, count - 1) })}
                  >
                    <Minus className="size-4" aria-hidden="true" />
                  </Button>
                  <span className="w-6 text-center font-semibold" aria-live="polite" aria-label={`${row.label}: ${count}`}>
                    {count}
                  </span>
                  <Button
                    variant="outline"
                    size="icon-sm"
                    aria-label={`Add one ${row.one}`}
                    onClick={() => onChange({ ...value, [row.key]: count + 1 })}
                  >
                    <Plus className="size-4" aria-hidden="true" />
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
        <DialogFooter>
          <Button onClick={() => onOpenChange(false)}>Done</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
