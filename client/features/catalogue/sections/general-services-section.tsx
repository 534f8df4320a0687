import { useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { Link } from 'react-router';
import { Briefcase, CalendarClock, Check, Clock, MapPin, Plus } from 'lucide-react';
import type { GeneralService } from '@domain/catalogue/types';
import { formatMoney } from '@domain/format';
import { Badge } from '@client/ui/badge';
import { Button, buttonVariants } from '@client/ui/button';
import { BookNowButton } from '@client/features/bookings/book-now-button';
import { SlotBookButton } from '@client/features/availability/slot-book-button';
import { SECTION_IDS } from '../categories';
import { FilterChips } from '../components/chips';
import { SearchStates } from '../components/states';
import { TextField, SelectField } from '../components/fields';
import { ResultCount, NextPageButton, sortOptions, useRevealFocus } from '../components/list-controls';
import { searchQueryString } from '@client/features/search/search-query';
import { facetCounts, useSearch } from '@client/features/search/use-search';
import { useLinkedListing } from '@client/features/search/listing-link';
import { cn } from '@client/lib/cn';
import { RatingButton } from '@client/features/reviews/rating-button';
import { useDebouncedValue } from '../components/use-catalogue';
import { SectionShell } from './section-shell';

export function GeneralServicesSection() {
  const [category, setCategory] = useState('All');
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState('');
  const q = useDebouncedValue(search.trim(), 250);
  const order = sort || (q ? 'relevance' : 'rating');
  // Words find services by name, category, area or skill, typos and all (issue 29); 20 a page, chips with counts.
  const list = useSearch(searchQueryString({ kind: 'general-service', q, category: category === 'All' ? undefined : category, sort: order }));
  const counts = useMemo(() => facetCounts(list.facets, 'category'), [list.facets]);
  const categories = useMemo(() => ['All', ...[...new Set([...counts.keys(), ...(category === 'All' ? [] : [category])])].sort()], [counts, category]);
  const reveal = useRevealFocus(list.items.length);

  // A service asked for by a link (a search result: /?service=ID#general) is shown first.
  const linked = useLinkedListing<GeneralService>('general-service');
  const pinned = linked.listing;

  return (
    <SectionShell
      id={SECTION_IDS.general}
      title="General Services"
      icon={Briefcase}
      intro="33+ categories of local professionals, from repairs and cleaning to tutoring and events."
    >
      <div className="mb-4 grid gap-4">
        <TextField className="sm:max-w-md" label="Search services" type="search" placeholder="Service, skill or area" value={search} onChange={setSearch} />
        {categories.length > 1 ? (
          <FilterChips label="Service category" options={categories} value={category} onChange={setCategory} counts={list.isPending ? undefined : counts} countNoun="services" />
        ) : null}
      </div>
      <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
        <ResultCount total={list.total} singular="service" plural="services" pending={list.isPending} estimated={list.estimated} />
        <SelectField className="min-w-44" label="Sort by" value={order} onChange={setSort} options={sortOptions(false)} />
      </div>
      {pinned ? (
        <ul aria-label="Your pick" className="mb-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          <ServiceCard service={pinned} focusOnShow onUnpin={linked.dismiss} />
        </ul>
      ) : null}
      <SearchStates<GeneralService> search={list} label="general services" empty={q ? `No services found for "${q}". Check the spelling or choose another category.` : 'No services in this category yet.'}>
        {(items) => (
        <>
        <ul aria-label="General services" aria-busy={list.isPlaceholderData} className="grid gap-4 transition-opacity aria-busy:opacity-60 sm:grid-cols-2 lg:grid-cols-3">
          {items.map((s, i) => (s.id === pinned?.id ? null : <ServiceCard key={s.id} service={s} cardRef={reveal.refFor(i)} />))}
        </ul>
        <NextPageButton pages={list} reveal={reveal}>
          Show more services
        </NextPageButton>
        </>
        )}
      </SearchStates>
      <div className="mt-6 flex justify-center">
        <Link to="/register/general" className={buttonVariants({ variant: 'secondary' })}>
          <Plus className="size-4" aria-hidden="true" />
          Register your service
        </Link>
      </div>
    </SectionShell>
  );
}

function ServiceCard({
  service: s,
  cardRef,
  focusOnShow = false,
  onUnpin,
}: {
  service: GeneralService;
  cardRef?: RefObject<HTMLElement | null>;
  /** Brought into view with the keyboard focus as it appears (the service a link asked for). */
  focusOnShow?: boolean;
  onUnpin?: () => void;
}) {
  const ownRef = useRef<HTMLElement>(null);
  useEffect(() => {
    if (!focusOnShow) return;
    ownRef.current?.focus({ preventScroll: true });
    ownRef.current?.scrollIntoView({ block: 'center' });
  }, [focusOnShow]);
  return (
    <li
      ref={(cardRef ?? ownRef) as RefObject<HTMLLIElement>}
      tabIndex={cardRef || focusOnShow ? -1 : undefined}
      className={cn(
        'flex flex-col gap-2 rounded-xl border p-4 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500',
        onUnpin ? 'border-brand-400 ring-2 ring-brand-200' : 'border-gray-200',
      )}
    >
      <div className="flex items-start justify-between gap-2">
        <h3 className="font-semibold text-gray-900">{s.name}</h3>
        <RatingButton rating={s.rating} reviewCount={s.reviewCount} serviceType="general-services" serviceId={s.id} name={s.name} />
      </div>
      <div>
        <Badge variant="secondary" className="whitespace-normal">
          {s.category}
        </Badge>
      </div>
      <p className="text-sm text-gray-600">{s.description}</p>
      <p className="text-sm text-gray-700">
        <span className="text-lg font-bold text-gray-900">{s.price}</span>
      </p>
      <div className="grid gap-1 text-sm text-gray-600">
        {s.duration ? (
          <span className="inline-flex items-center gap-1">
            <Clock className="size-4 text-gray-400" aria-hidden="true" />
            {s.duration}
          </span>
        ) : null}
        {s.appointmentMinutes ? (
          <span className="inline-flex items-center gap-1">
            <CalendarClock className="size-4 text-gray-400" aria-hidden="true" />
            Book a time · {s.appointmentMinutes}-minute appointments
          </span>
        ) : null}
        {s.serviceArea ? (
          <span className="inline-flex items-center gap-1">
            <MapPin className="size-4 shrink-0 text-gray-400" aria-hidden="true" />
            {s.serviceArea}
          </span>
        ) : null}
      </div>
      {s.features.length > 0 ? (
        <ul aria-label={`${s.name} features`} className="grid gap-1 text-sm text-gray-700">
          {s.features.map((f) => (
            <li key={f} className="flex items-start gap-1.5">
              <Check className="mt-0.5 size-4 shrink-0 text-emerald-600" aria-hidden="true" />
              {f}
            </li>
          ))}
        </ul>
      ) : null}
      <div className="mt-auto grid gap-2 pt-2">
        {s.appointmentMinutes ? (
          // Booked by appointment: a date and a free time first (issue 25).
          <SlotBookButton service={s} className="w-full" />
        ) : (
          <BookNowButton
            label={`Book from ${formatMoney(s.priceFrom)}`}
            className="w-full"
            serviceName={s.name}
            lines={[{ serviceType: 'general-services', serviceId: s.id, quantity: 1, details: {}, name: s.name, price: s.priceFrom }]}
          />
        )}
        {onUnpin ? (
          <Button variant="ghost" size="sm" onClick={onUnpin}>
            Show all services
          </Button>
        ) : null}
      </div>
    </li>
  );
}
