import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { Briefcase, CalendarClock, Check, Clock, MapPin, Plus } from 'lucide-react';
import type { GeneralService } from '@domain/catalogue/types';
import { formatMoney } from '@client/lib/format';
import { Badge } from '@client/ui/badge';
import { buttonVariants } from '@client/ui/button';
import { BookNowButton } from '@client/features/bookings/book-now-button';
import { SlotBookButton } from '@client/features/availability/slot-book-button';
import { SECTION_IDS } from '../categories';
import { FilterChips } from '../components/chips';
import { QueryStates } from '../components/states';
import { RatingButton } from '@client/features/reviews/rating-button';
import { buildQuery, useCatalogue } from '../components/use-catalogue';
import { SectionShell } from './section-shell';

export function GeneralServicesSection() {
  const [category, setCategory] = useState('All');
  const all = useCatalogue<GeneralService[]>('/api/general-services');
  const categories = useMemo(() => ['All', ...Array.from(new Set((all.data ?? []).map((s) => s.category))).sort()], [all.data]);
  const list = useCatalogue<GeneralService[]>(`/api/general-services${buildQuery({ category: category === 'All' ? undefined : category })}`, { keepPrevious: true });

  return (
    <SectionShell
      id={SECTION_IDS.general}
      title="General Services"
      icon={Briefcase}
      intro="33+ categories of local professionals, from repairs and cleaning to tutoring and events."
    >
      {categories.length > 1 ? (
        <div className="mb-4">
          <FilterChips label="Service category" options={categories} value={category} onChange={setCategory} />
        </div>
      ) : null}
      <QueryStates query={list} label="general services" empty="No services in this category yet.">
        {(items) => (
        <ul aria-label="General services" aria-busy={list.isPlaceholderData} className="grid gap-4 transition-opacity aria-busy:opacity-60 sm:grid-cols-2 lg:grid-cols-3">
          {items.map((s) => (
            <li key={s.id} className="flex flex-col gap-2 rounded-xl border border-gray-200 p-4">
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
              <div className="mt-auto pt-2">
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
              </div>
            </li>
          ))}
        </ul>
        )}
      </QueryStates>
      <div className="mt-6 flex justify-center">
        <Link to="/register/general" className={buttonVariants({ variant: 'secondary' })}>
          <Plus className="size-4" aria-hidden="true" />
          Register your service
        </Link>
      </div>
    </SectionShell>
  );
}
