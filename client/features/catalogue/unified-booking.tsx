import { CalendarCheck } from 'lucide-react';
import { EmptyShell } from './sections/section-shell';

/** Unified Booking tab: several services in one booking. The service cards and checkout come later. */
export function UnifiedBooking() {
  return (
    <section aria-labelledby="unified-booking-heading" className="rounded-2xl border border-gray-200 bg-white p-5 shadow-sm sm:p-8">
      <div className="flex items-center gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
          <CalendarCheck className="size-5" aria-hidden="true" />
        </span>
        <h2 id="unified-booking-heading" className="text-xl font-bold tracking-tight text-gray-900 sm:text-2xl">
          Unified Booking
        </h2>
      </div>
      <p className="mt-2 text-gray-600">Combine food, travel, rides and more into a single booking and pay once.</p>
      <div className="mt-6">
        <EmptyShell>Unified booking will be available here soon.</EmptyShell>
      </div>
    </section>
  );
}
