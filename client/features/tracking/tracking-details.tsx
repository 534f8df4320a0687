import { useId } from 'react';
import { Link } from 'react-router';
import { Car, Check, Clock, MapPin, Phone, Search, Star, Truck, X } from 'lucide-react';
import type { TrackingView } from '@domain/catalogue/types';
import { journeyFinished, type Journey } from '@domain/orders/journey';
import { formatDateTime, formatDateTimeUtc } from '@domain/format';
import { useBrowserValue } from '@client/lib/use-is-client';
import { Badge } from '@client/ui/badge';
import { buttonVariants } from '@client/ui/button';
import { cn } from '@client/lib/cn';
import { etaText, journeyOfRecord, progressPercent, telHref, trackingStatusClass } from './live-tracking';
import { TrackingMap } from './tracking-map';


/** Where a record is shown: the dialog or the /track page (both show the same status: the journey's step). */
export type TrackingViewKind = 'dialog' | 'map';

/**
 * The status badge: the journey's current step ('Ready for pickup', 'Picked up', 'Delivered'), the words every screen
 * uses, in the spec's colours of the record's status (spec 002 section 4: pending yellow, active green, completed
 * blue). It is a polite live region: a step that arrives live is read out once, without moving focus.
 */
export function TrackingStatusBadge({ status, journey }: { status: string; journey: Pick<Journey, 'label'> }) {
  return (
    <span role="status" aria-live="polite" aria-atomic="true">
      <span className="sr-only">Status: </span>
      <Badge variant="secondary" className={trackingStatusClass(status)}>
        {journey.label}
      </Badge>
    </span>
  );
}

/**
 * Every step of the journey, in order, as an ordered list: done steps ticked, the current one marked
 * (aria-current="step"), the rest upcoming. Screen readers hear each step's state in words.
 */
export function JourneySteps({ journey, compact = false }: { journey: Journey; compact?: boolean }) {
  const cancelled = journey.current === 'cancelled';
  // Delivered (or dropped off) is the end: its step is ticked like the rest, not waited for.
  const arrived = journeyFinished(journey) && !cancelled;
  return (
    <ol aria-label="Order progress" className={cn('grid', compact ? 'gap-1' : 'gap-1.5')}>
      {journey.steps.map((step) => {
        const current = step.state === 'current';
        return (
          <li key={step.key} aria-current={current ? 'step' : undefined} className="flex items-center gap-2">
            <span
              aria-hidden="true"
              className={cn(
                'flex size-5 shrink-0 items-center justify-center rounded-full border',
                (step.state === 'done' || (current && arrived)) && 'border-emerald-600 bg-emerald-600 text-white',
                current && !cancelled && !arrived && 'border-emerald-600 bg-white ring-2 ring-emerald-200',
                current && cancelled && 'border-red-600 bg-red-600 text-white',
                step.state === 'upcoming' && 'border-gray-300 bg-white',
              )}
            >
              {step.state === 'done' || (current && arrived) ? <Check className="size-3" /> : null}
              {current && cancelled ? <X className="size-3" /> : null}
              {current && !cancelled && !arrived ? <span className="size-2 rounded-full bg-emerald-600" /> : null}
            </span>
            <span className={cn('min-w-0 break-words', current ? 'font-semibold text-gray-900' : step.state === 'done' ? 'text-gray-700' : 'text-gray-500')}>
              {step.label}
              <span className="sr-only">{step.state === 'done' ? ' (done)' : current ? ' (current step)' : ' (upcoming)'}</span>
            </span>
          </li>
        );
      })}
    </ol>
  );
}

/** The trip's real progress from the driver's positions (0..1 from the server), never a simulated figure. */
export function TrackingProgress({ progress }: { progress: number }) {
  const percent = progressPercent(progress);
  const labelId = useId();
  return (
    <div className="grid gap-1">
      <div className="flex justify-between text-xs text-gray-600">
        <span id={labelId}>Trip progress</span>
        <span aria-hidden="true">{percent}%</span>
      </div>
      <div
        role="progressbar"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2 overflow-hidden rounded-full bg-gray-200"
      >
        <div className="h-full rounded-full bg-emerald-600 transition-[width] duration-500" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}

/** The assigned driver: name, vehicle and plate, and a tel: link. */
export function DriverCard({ driver }: { driver: NonNullable<TrackingView['driver']> }) {
  return (
    <section aria-label="Your driver" className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-gray-200 p-3">
      <div className="flex min-w-0 items-start gap-2">
        <Car className="mt-0.5 size-5 shrink-0 text-gray-500" aria-hidden="true" />
        <div className="min-w-0">
          <p className="font-semibold break-words text-gray-900">{driver.name}</p>
          <p className="text-gray-600">
            {driver.vehicle} · <span className="font-mono">{driver.plate}</span>
          </p>
        </div>
      </div>
      {driver.phone ? (
        <a href={telHref(driver.phone)} className={buttonVariants({ variant: 'outline', size: 'sm' })}>
          <Phone className="size-4" aria-hidden="true" />
          Call driver
        </a>
      ) : null}
    </section>
  );
}

/** Shown while the server has had no driver take the order for a while. */
export function LookingForDriverNotice() {
  return (
    <div role="status" className="flex items-start gap-2 rounded-lg border border-amber-200 bg-amber-50 p-3 text-amber-900">
      <Search className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <p>Looking for a driver. No driver has taken this order yet; we keep offering it to drivers nearby.</p>
    </div>
  );
}

export type TrackingDetailsProps = {
  tracking: TrackingView;
  view: TrackingViewKind;
  /** The map's height: 400 px on the page, 300 px in the dialog (spec 000 section 9). */
  mapHeight: number;
};

/** A delivered or completed delivery or ride asks its customer for a review (My bookings has the form). */
export function reviewPromptShown(t: Pick<TrackingView, 'serviceType' | 'orderStatus'>): boolean {
  return (t.serviceType === 'delivery' || t.serviceType === 'ride') && (t.orderStatus === 'delivered' || t.orderStatus === 'completed');
}

function ReviewPrompt({ ride }: { ride: boolean }) {
  return (
    <div role="status" className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-emerald-200 bg-emerald-50 p-3 text-emerald-900">
      <p className="flex items-center gap-2">
        <Star className="size-4 shrink-0 fill-amber-400 text-amber-400" aria-hidden="true" />
        {ride ? 'You have arrived. How was your ride?' : 'Delivered! How was your order?'}
      </p>
      <Link to="/bookings" className={buttonVariants({ size: 'sm' })}>
        Write a review
      </Link>
    </div>
  );
}

/**
 * Times in the visitor's time zone, which only the browser knows: /track/{id} is rendered on the server (and hydrated
 * from that markup) with them in UTC, marked so; the browser's render after hydration shows them in local time.
 */
function EtaText({ tracking }: { tracking: Pick<TrackingView, 'estimatedTime' | 'etaAt'> }) {
  return useBrowserValue(() => etaText(tracking), etaText(tracking, { utc: true }));
}

function LocalDateTime({ iso }: { iso: string }) {
  return <time dateTime={iso}>{useBrowserValue(() => formatDateTime(iso), formatDateTimeUtc(iso))}</time>;
}

/**
 * The facts of one tracking record: service, status, driver, provider, ETA (minutes and clock time), progress,
 * the live map and the updates, newest first.
 */
export function TrackingDetails({ tracking: t, view, mapHeight }: TrackingDetailsProps) {
  const journey = journeyOfRecord(t);
  return (
    <div className="grid gap-4 text-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="min-w-0">
          <p className="font-semibold break-words text-gray-900">{t.serviceName}</p>
          <p className="font-mono text-xs break-all text-gray-500">{t.trackingNumber}</p>
        </div>
        <TrackingStatusBadge status={t.status} journey={journey} />
      </div>
      <JourneySteps journey={journey} compact={view === 'dialog'} />
      {t.lookingForDriver && t.status === 'pending' ? <LookingForDriverNotice /> : null}
      {reviewPromptShown(t) ? <ReviewPrompt ride={t.serviceType === 'ride'} /> : null}
      {t.driver ? <DriverCard driver={t.driver} /> : null}
      <dl className="grid gap-2">
        <div className="flex items-start gap-2">
          <Truck className="mt-0.5 size-4 shrink-0 text-gray-500" aria-hidden="true" />
          <dt className="sr-only">Provider</dt>
          <dd className="min-w-0 break-words">
            {t.providerName}
            {t.providerPhone ? (
              <>
                {' · '}
                <a className="inline-flex items-center gap-1 text-brand-700 underline-offset-4 hover:underline" href={telHref(t.providerPhone)}>
                  <Phone className="size-3.5" aria-hidden="true" />
                  {t.providerPhone}
                </a>
              </>
            ) : null}
          </dd>
        </div>
        {t.status !== 'cancelled' ? (
          <div className="flex items-start gap-2">
            <Clock className="mt-0.5 size-4 shrink-0 text-gray-500" aria-hidden="true" />
            <dt className="sr-only">Estimated time</dt>
            {/* A finished order's estimatedTime is the server's closing word ('Arrived'), not a countdown. */}
            <dd>{t.status === 'completed' ? t.estimatedTime : <EtaText tracking={t} />}</dd>
          </div>
        ) : null}
        <div className="flex items-start gap-2">
          <MapPin className="mt-0.5 size-4 shrink-0 text-gray-500" aria-hidden="true" />
          <dt className="sr-only">Destination</dt>
          <dd className="min-w-0 break-words">{t.destination.address}</dd>
        </div>
      </dl>
      {/* Progress is measured along the pickup -> destination route, so it only exists for driven orders. */}
      {t.route && t.status !== 'cancelled' ? <TrackingProgress progress={t.progress} /> : null}
      <TrackingMap tracking={t} height={mapHeight} />
      <section aria-label="Updates">
        <h2 className="mb-2 text-xs font-medium uppercase tracking-wide text-gray-500">Updates</h2>
        {t.updates.length === 0 ? (
          <p className="text-gray-600">No updates yet.</p>
        ) : (
          <ol className="grid gap-2 border-l-2 border-gray-200 pl-3">
            {t.updates.map((u, i) => (
              <li key={`${u.timestamp}-${i}`}>
                <p className="break-words text-gray-900">{u.message}</p>
                <p className="text-xs text-gray-500">
                  <LocalDateTime iso={u.timestamp} />
                  {u.location?.address ? ` · ${u.location.address}` : ''}
                </p>
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}
