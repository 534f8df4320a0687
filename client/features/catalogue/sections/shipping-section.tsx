import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Calculator, Clock, PackageSearch, Ship } from 'lucide-react';
import type { Booking } from '@domain/bookings/schemas';
import type { TrackingView } from '@domain/catalogue/types';
import { SHIPPING_DELIVERY_TIMES, SHIPPING_SPEEDS, type ShippingSpeed } from '@domain/catalogue/pricing';
import { journeyOfRecord } from '@client/features/tracking/live-tracking';
import { apiGet, apiQuery, parseApiError } from '@client/lib/api';
import { formatDateTime, formatMoney } from '@domain/format';
import { Badge } from '@client/ui/badge';
import { Button } from '@client/ui/button';
import { Input } from '@client/ui/input';
import { Label } from '@client/ui/label';
import { toast } from '@client/ui/use-toast';
import { BookNowButton } from '@client/features/bookings/book-now-button';
import { bookingDeliveries } from '@client/features/payments/deliveries';
import { SECTION_IDS } from '../categories';
import { SelectField, TextField } from '../components/fields';
import { ErrorState, QueryStates } from '../components/states';
import { SectionShell } from './section-shell';

const SPEED_LABELS: Record<ShippingSpeed, string> = { standard: 'Standard', express: 'Express', overnight: 'Overnight' };

type Lookup = { kind: 'found'; record: TrackingView } | { kind: 'missing'; number: string };

export function ShippingSection() {
  const rates = useQuery(apiQuery('/api/shipping-rates'));
  // Lifted here so a shipment booked in the calculator lands in the lookup, ready to track.
  const [trackingNumber, setTrackingNumber] = useState('');
  return (
    <SectionShell id={SECTION_IDS.shipping} title="Shipping" icon={Ship} intro="Compare shipping rates, calculate costs and track parcels.">
      <div className="grid gap-8">
        <div>
          <h3 className="mb-3 font-semibold text-gray-900">Shipping rates</h3>
          <QueryStates query={rates} label="shipping rates" empty="No shipping rates available right now.">
            {(items) => (
            <ul aria-label="Shipping rates" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
              {items.map((r) => (
                <li key={r.id} className="flex flex-col gap-1 rounded-xl border border-gray-200 p-4">
                  <div className="flex items-start justify-between gap-2">
                    <p className="font-semibold text-gray-900">{r.name}</p>
                    <Badge variant="secondary">{SPEED_LABELS[r.speed]}</Badge>
                  </div>
                  <p className="text-sm text-gray-600">{r.description}</p>
                  <p className="flex items-center gap-1 text-sm text-gray-700">
                    <Clock className="size-4 text-gray-400" aria-hidden="true" />
                    {r.deliveryTime}
                  </p>
                  <p className="text-sm text-gray-700">
                    From <span className="font-semibold text-gray-900">{formatMoney(r.basePrice)}</span> + {formatMoney(r.pricePerLb)} / lb
                  </p>
                </li>
              ))}
            </ul>
            )}
          </QueryStates>
        </div>
        <div className="grid gap-8 lg:grid-cols-2">
          <TrackingLookup number={trackingNumber} onNumberChange={setTrackingNumber} />
          <CostCalculator onShipmentBooked={setTrackingNumber} />
        </div>
      </div>
    </SectionShell>
  );
}

function TrackingLookup({ number, onNumberChange: setNumber }: { number: string; onNumberChange: (value: string) => void }) {
  const inputId = useId();
  const lookup = useMutation({
    mutationFn: async (value: string): Promise<Lookup> => {
      try {
        const record = await apiGet('/api/tracking/{id}', { params: { path: { id: value } } });
        return { kind: 'found', record };
      } catch (error) {
        if (parseApiError(error).status === 404) return { kind: 'missing', number: value };
        throw error;
      }
    },
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const value = number.trim();
    if (!value) {
      toast({ title: 'Tracking Number Required', description: 'Please enter a tracking number.', variant: 'destructive' });
      return;
    }
    lookup.mutate(value);
  };

  return (
    <div className="min-w-0">
      <h3 className="mb-3 flex items-center gap-2 font-semibold text-gray-900">
        <PackageSearch className="size-5 text-brand-700" aria-hidden="true" />
        Track a package
      </h3>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-2 sm:flex-row sm:items-end" aria-label="Track a package">
        <div className="grid min-w-0 flex-1 gap-1.5">
          <Label htmlFor={inputId}>Tracking number</Label>
          <Input id={inputId} value={number} placeholder="e.g. GL-2026-000123" onChange={(e) => setNumber(e.target.value)} />
        </div>
        <Button type="submit" disabled={lookup.isPending}>
          {lookup.isPending ? 'Tracking...' : 'Track'}
        </Button>
      </form>
      <div className="mt-4" aria-live="polite">
        {lookup.isError ? (
          <ErrorState title="Could not look up the tracking number" error={lookup.error} onRetry={() => lookup.variables && lookup.mutate(lookup.variables)} />
        ) : lookup.data?.kind === 'missing' ? (
          <div role="alert" className="rounded-xl border border-amber-200 bg-amber-50 p-4">
            <p className="font-semibold text-amber-900">Tracking Not Found</p>
            <p className="mt-1 break-words text-sm text-amber-900">
              No shipment matches &quot;{lookup.data.number}&quot;. Check the number and try again.
            </p>
          </div>
        ) : lookup.data?.kind === 'found' ? (
          <TrackingRecord record={lookup.data.record} />
        ) : null}
      </div>
    </div>
  );
}

function TrackingRecord({ record }: { record: TrackingView }) {
  return (
    <div className="rounded-xl border border-gray-200 p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-semibold text-gray-900">{record.serviceName}</p>
        <Badge variant={record.status === 'completed' ? 'success' : record.status === 'active' ? 'default' : record.status === 'cancelled' ? 'destructive' : 'warning'}>
          {journeyOfRecord(record).label}
        </Badge>
      </div>
      <dl className="mt-3 grid gap-1 text-sm text-gray-700 sm:grid-cols-2">
        <div>
          <dt className="text-gray-500">Tracking number</dt>
          <dd className="break-all">{record.trackingNumber}</dd>
        </div>
        <div>
          <dt className="text-gray-500">Provider</dt>
          <dd>
            {record.providerName}
            {record.providerPhone ? (
              <>
                {' · '}
                <a className="text-brand-700 hover:underline" href={`tel:${record.providerPhone.replace(/\s+/g, '')}`}>
                  {record.providerPhone}
                </a>
              </>
            ) : null}
          </dd>
        </div>
        <div>
          <dt className="text-gray-500">Estimated time</dt>
          <dd>{record.estimatedTime}</dd>
        </div>
        <div>
          <dt className="text-gray-500">Destination</dt>
          <dd>{record.destination.address}</dd>
        </div>
        {record.currentLocation ? (
          <div className="sm:col-span-2">
            <dt className="text-gray-500">Current location</dt>
            <dd>{record.currentLocation.address}</dd>
          </div>
        ) : null}
      </dl>
      <h4 className="mt-4 text-sm font-semibold text-gray-900">Updates</h4>
      {record.updates.length === 0 ? (
        <p className="mt-1 text-sm text-gray-600">No updates yet.</p>
      ) : (
        <ol className="mt-2 grid gap-2 border-l-2 border-brand-200 pl-3">
          {record.updates.map((u, i) => (
            <li key={`${u.timestamp}-${i}`} className="text-sm">
              <p className="font-medium text-gray-900">{u.message}</p>
              <p className="text-xs text-gray-500">
                {formatDateTime(u.timestamp)}
                {u.location ? ` · ${u.location.address}` : ''}
              </p>
            </li>
          ))}
        </ol>
      )}
      <a className="mt-3 inline-block text-sm font-medium text-brand-700 hover:underline" href={`/track/${encodeURIComponent(record.id)}`}>
        Open live tracking
      </a>
    </div>
  );
}

type ParcelForm = { weight: string; length: string; width: string; height: string; speed: ShippingSpeed };

/** The shipment's tracking number from a paid shipping booking, if the server listed one. */
function shipmentNumber(booking: Booking): string | null {
  return bookingDeliveries(booking).find((d) => d.kind === 'shipping')?.trackingNumber ?? null;
}

function CostCalculator({ onShipmentBooked }: { onShipmentBooked: (trackingNumber: string) => void }) {
  const [form, setForm] = useState<ParcelForm>({ weight: '5', length: '12', width: '10', height: '8', speed: 'standard' });
  const [error, setError] = useState<string | null>(null);
  const [bookedNumber, setBookedNumber] = useState<string | null>(null);
  const quote = useMutation({
    mutationFn: (input: { weight: number; length: number; width: number; height: number; speed: ShippingSpeed }) =>
      apiGet('/api/shipping-rates/quote', { params: { query: input } }).then((q) => ({ quote: q, parcel: input })),
  });

  // An estimate belongs to the parcel it was worked out for: a changed field or a refused one takes it away, so no
  // stale price stays under an error or beside other numbers.
  const clearEstimate = () => {
    quote.reset();
    setBookedNumber(null);
  };
  const set = (key: keyof ParcelForm) => (value: string) => {
    setForm((f) => ({ ...f, [key]: value }));
    setError(null);
    clearEstimate();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parcel = { weight: Number(form.weight), length: Number(form.length), width: Number(form.width), height: Number(form.height) };
    if (Object.values(parcel).some((v) => !Number.isFinite(v) || v <= 0)) {
      setError('Enter a weight and all three dimensions as positive numbers.');
      clearEstimate();
      return;
    }
    setError(null);
    quote.mutate({ ...parcel, speed: form.speed });
  };

  const serverError = quote.isError ? parseApiError(quote.error) : null;

  return (
    <div className="min-w-0">
      <h3 className="mb-3 flex items-center gap-2 font-semibold text-gray-900">
        <Calculator className="size-5 text-brand-700" aria-hidden="true" />
        Calculate shipping cost
      </h3>
      <form noValidate onSubmit={onSubmit} className="grid gap-3" aria-label="Calculate shipping cost">
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          <TextField label="Weight (lbs)" type="number" min={0} step="any" inputMode="decimal" value={form.weight} onChange={set('weight')} />
          <TextField label="Length (in)" type="number" min={0} step="any" inputMode="decimal" value={form.length} onChange={set('length')} />
          <TextField label="Width (in)" type="number" min={0} step="any" inputMode="decimal" value={form.width} onChange={set('width')} />
          <TextField label="Height (in)" type="number" min={0} step="any" inputMode="decimal" value={form.height} onChange={set('height')} />
        </div>
        <SelectField
          label="Speed"
          value={form.speed}
          onChange={(v) => set('speed')(v)}
          options={SHIPPING_SPEEDS.map((s) => ({ value: s, label: `${SPEED_LABELS[s]} (${SHIPPING_DELIVERY_TIMES[s]})` }))}
        />
        {error ? (
          <p role="alert" className="text-sm text-red-700">
            {error}
          </p>
        ) : null}
        <Button type="submit" className="sm:justify-self-start" disabled={quote.isPending}>
          {quote.isPending ? 'Calculating...' : 'Calculate Cost'}
        </Button>
      </form>
      <div className="mt-4" aria-live="polite">
        {serverError ? (
          <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
            {Object.values(serverError.errors)[0] ?? serverError.message ?? 'Unable to calculate the cost. Please try again.'}
          </p>
        ) : quote.data ? (
          <div className="rounded-xl border border-gray-200 p-4">
            <p className="text-sm text-gray-600">Estimated cost</p>
            <p className="text-2xl font-bold text-gray-900">{quote.data.quote.price === null ? 'No estimate' : formatMoney(quote.data.quote.price)}</p>
            {quote.data.quote.carrier ? <p className="text-sm text-gray-600">Cheapest option: {quote.data.quote.carrier}</p> : null}
            <p className="text-sm text-gray-700">
              {quote.data.quote.deliveryTime} · billable weight {quote.data.quote.billableWeight} lbs
            </p>
            <h4 className="mt-4 text-sm font-semibold text-gray-900">Carrier options</h4>
            {quote.data.quote.rates.length === 0 ? (
              <p className="mt-1 text-sm text-gray-600">No carriers offer this speed right now.</p>
            ) : (
              <ul className="mt-2 grid gap-2" aria-label="Carrier options">
                {quote.data.quote.rates.map((r) => {
                  const details = { ...quote.data.parcel };
                  return (
                    <li key={r.id} className="flex flex-col gap-2 rounded-lg border border-gray-200 p-3 sm:flex-row sm:items-center sm:justify-between">
                      <div className="min-w-0">
                        <p className="font-medium text-gray-900">{r.name}</p>
                        <p className="text-sm text-gray-600">
                          {formatMoney(r.price)} · {r.deliveryTime}
                        </p>
                      </div>
                      <BookNowButton
                        label="Book"
                        className="h-8 px-3 text-xs"
                        serviceName={r.name}
                        // Sender and recipient addresses are asked in the checkout, which needs picked places.
                        lines={[{ serviceType: 'shipping', serviceId: r.id, quantity: 1, details, name: r.name, price: r.price }]}
                        listDeliveries
                        onBooked={(booking) => {
                          const number = shipmentNumber(booking);
                          setBookedNumber(number);
                          if (number) onShipmentBooked(number);
                        }}
                      />
                    </li>
                  );
                })}
              </ul>
            )}
            {bookedNumber ? (
              <p role="status" className="mt-3 rounded-lg border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-900">
                Shipment booked. Tracking number <span className="font-mono font-semibold break-all">{bookedNumber}</span> is in the tracking lookup.
              </p>
            ) : null}
          </div>
        ) : null}
      </div>
    </div>
  );
}
