import { Clock, MapPin, Phone, Truck } from 'lucide-react';
import type { TrackingView } from '@domain/catalogue/types';
import { formatDateTime } from '@client/lib/format';
import { Badge, type BadgeVariant } from '@client/ui/badge';

/** Spec 000 section 4 and spec 002 section 4: the status labels of a tracking record. */
export function trackingStatusLabel(status: string): string {
  switch (status) {
    case 'pending':
      return 'Preparing';
    case 'active':
      return 'En Route';
    case 'completed':
      return 'Delivered';
    default:
      return 'Unknown';
  }
}

// Preparing yellow, En Route green, Delivered blue, Unknown grey (spec 002 section 4).
const STATUS_VARIANT: Record<string, BadgeVariant> = { pending: 'warning', active: 'success', completed: 'default' };

/** The facts of one tracking record: service, status, provider, ETA, destination and the updates, newest first. */
export function TrackingDetails({ tracking: t }: { tracking: TrackingView }) {
  return (
    <div className="grid gap-4 text-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="min-w-0">
          <p className="font-semibold break-words text-gray-900">{t.serviceName}</p>
          <p className="font-mono text-xs break-all text-gray-500">{t.trackingNumber}</p>
        </div>
        <Badge variant={STATUS_VARIANT[t.status] ?? 'secondary'}>{trackingStatusLabel(t.status)}</Badge>
      </div>
      <dl className="grid gap-2">
        <div className="flex items-start gap-2">
          <Truck className="mt-0.5 size-4 shrink-0 text-gray-500" aria-hidden="true" />
          <dt className="sr-only">Provider</dt>
          <dd className="min-w-0 break-words">
            {t.providerName}
            {t.providerPhone ? (
              <>
                {' · '}
                <a className="inline-flex items-center gap-1 text-brand-700 underline-offset-4 hover:underline" href={`tel:${t.providerPhone.replace(/[^\d+]/g, '')}`}>
                  <Phone className="size-3.5" aria-hidden="true" />
                  {t.providerPhone}
                </a>
              </>
            ) : null}
          </dd>
        </div>
        <div className="flex items-start gap-2">
          <Clock className="mt-0.5 size-4 shrink-0 text-gray-500" aria-hidden="true" />
          <dt className="sr-only">Estimated time</dt>
          <dd>ETA {t.estimatedTime}</dd>
        </div>
        <div className="flex items-start gap-2">
          <MapPin className="mt-0.5 size-4 shrink-0 text-gray-500" aria-hidden="true" />
          <dt className="sr-only">Destination</dt>
          <dd className="min-w-0 break-words">{t.destination.address}</dd>
        </div>
      </dl>
      <section aria-label="Updates">
        <h3 className="mb-2 text-xs font-medium uppercase tracking-wide text-gray-500">Updates</h3>
        {t.updates.length === 0 ? (
          <p className="text-gray-600">No updates yet.</p>
        ) : (
          <ol className="grid gap-2 border-l-2 border-gray-200 pl-3">
            {t.updates.map((u, i) => (
              <li key={`${u.timestamp}-${i}`}>
                <p className="break-words text-gray-900">{u.message}</p>
                <p className="text-xs text-gray-500">
                  <time dateTime={u.timestamp}>{formatDateTime(u.timestamp)}</time>
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
