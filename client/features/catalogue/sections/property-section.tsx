import { useState } from 'react';
import { Bath, BedDouble, Building, MapPin, Ruler } from 'lucide-react';
import type { Property } from '@domain/catalogue/types';
import { centsToDollars, dollarsToCents } from '@domain/catalogue/money';
import { LEASE_MONTHS, PROPERTY_PRICE_RANGES, propertyTotalCents, type LeaseMonths } from '@domain/catalogue/pricing';
import { formatMoney, pluralize } from '@client/lib/format';
import { Badge } from '@client/ui/badge';
import { Button } from '@client/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@client/ui/dialog';
import { BookNowButton } from '@client/features/bookings/book-now-button';
import { ChatButton } from '@client/features/chat/chat-button';
import { SECTION_IDS } from '../categories';
import { localToday } from '../components/dates';
import { DateField, SelectField, TextField } from '../components/fields';
import { CardImage, QueryStates } from '../components/states';
import { RatingButton } from '@client/features/reviews/rating-button';
import { buildQuery, useCatalogue, useDebouncedValue } from '../components/use-catalogue';
import { SectionShell } from './section-shell';

export const PROPERTY_TYPES = ['Apartment', 'House', 'Condo', 'Studio', 'Penthouse'] as const;

const ALL = 'all';

function bedroomsLabel(n: number): string {
  return n === 0 ? 'Studio' : pluralize(n, 'bedroom');
}

export function PropertySection() {
  const [location, setLocation] = useState('');
  const [type, setType] = useState(ALL);
  const [range, setRange] = useState(ALL);
  const [selected, setSelected] = useState<Property | null>(null);
  const where = useDebouncedValue(location.trim(), 250);
  const priceRange = PROPERTY_PRICE_RANGES.find((r) => r.id === range);

  const list = useCatalogue<Property[]>(
    `/api/properties${buildQuery({
      location: where,
      type: type === ALL ? undefined : type,
      minPrice: priceRange?.min,
      maxPrice: priceRange?.max,
    })}`,
    { keepPrevious: true },
  );

  return (
    <SectionShell id={SECTION_IDS.property} title="Property Rental" icon={Building} intro="Apartments, houses and studios to rent by the month.">
      <form role="search" aria-label="Filter properties" className="grid gap-3 sm:grid-cols-3" onSubmit={(e) => e.preventDefault()}>
        <TextField label="Location" type="search" placeholder="City or area" value={location} onChange={setLocation} />
        <SelectField
          label="Property type"
          value={type}
          onChange={setType}
          options={[{ value: ALL, label: 'All types' }, ...PROPERTY_TYPES.map((t) => ({ value: t, label: t }))]}
        />
        <SelectField
          label="Price range"
          value={range}
          onChange={setRange}
          options={[{ value: ALL, label: 'Any price' }, ...PROPERTY_PRICE_RANGES.map((r) => ({ value: r.id, label: r.label }))]}
        />
      </form>
      <div className="mt-6">
        <QueryStates query={list} label="properties" empty="No properties found matching your criteria.">
          {(items) => (
          <ul aria-label="Properties" aria-busy={list.isPlaceholderData} className="grid gap-4 transition-opacity aria-busy:opacity-60 sm:grid-cols-2 lg:grid-cols-3">
            {items.map((p) => (
              <li key={p.id}>
                <article aria-labelledby={`property-${p.id}`} className="flex h-full flex-col overflow-hidden rounded-xl border border-gray-200 bg-white">
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
          )}
        </QueryStates>
      </div>
      {selected ? <PropertyDialog property={selected} onOpenChange={(open) => !open && setSelected(null)} /> : null}
    </SectionShell>
  );
}

function PropertyDialog({ property, onOpenChange }: { property: Property; onOpenChange: (open: boolean) => void }) {
  const [months, setMonths] = useState<LeaseMonths>(1);
  const [moveIn, setMoveIn] = useState('');
  const total = centsToDollars(propertyTotalCents(dollarsToCents(property.pricePerMonth), months));
  const details = { moveIn, months };
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
            {property.sqft.toLocaleString('en-US')} sqft
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
          <SelectField
            label="Lease duration"
            value={String(months)}
            onChange={(v) => setMonths(Number(v) as LeaseMonths)}
            options={LEASE_MONTHS.map((m) => ({ value: String(m), label: pluralize(m, 'month') }))}
          />
          <DateField label="Move-in date" value={moveIn} min={localToday()} onChange={setMoveIn} />
        </div>
        <div className="rounded-lg bg-gray-50 p-3 text-sm text-gray-700">
          {formatMoney(property.pricePerMonth)} / month × {pluralize(months, 'month')} ={' '}
          <span className="font-semibold text-gray-900">Total {formatMoney(total)}</span>
        </div>
        <div className="flex flex-col gap-2 sm:flex-row sm:justify-end">
          <ChatButton label="Message the owner" target={{ kind: 'service', serviceType: 'properties', serviceId: property.id, serviceName: property.title }} />
          <BookNowButton
            label="Book Property"
            serviceName={property.title}
            successTitle="Property Booked Successfully!"
            disabled={!moveIn}
            // Booked: the details dialog has done its job (the success toast stays).
            onBooked={() => onOpenChange(false)}
            lines={[{ serviceType: 'properties', serviceId: property.id, quantity: 1, details, name: property.title, price: total }]}
          />
        </div>
      </DialogContent>
    </Dialog>
  );
}
