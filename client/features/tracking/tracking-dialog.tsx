import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Clock, MapPin, Phone, RefreshCw, Truck } from 'lucide-react';
import type { TrackingView } from '@domain/catalogue/types';
import { getQueryFn, parseApiError } from '@client/lib/api';
import { formatDateTime } from '@client/lib/format';
import { Badge, type BadgeVariant } from '@client/ui/badge';
import { Button, buttonVariants } from '@client/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@client/ui/dialog';
import { Skeleton } from '@client/ui/skeleton';

/** Spec 000 section 4: the dialog's status labels. */
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

const STATUS_VARIANT: Record<string, BadgeVariant> = { pending: 'warning', active: 'default', completed: 'success' };

export type TrackingDialogProps = { trackingId: string | null; open: boolean; onOpenChange: (open: boolean) => void };

/** The live-tracking dialog: the server's tracking record for an order or ride. */
export function TrackingDialog({ trackingId, open, onOpenChange }: TrackingDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>Track your order</DialogTitle>
          <DialogDescription>Live status from the provider.</DialogDescription>
        </DialogHeader>
        {trackingId ? <TrackingBody trackingId={trackingId} onLeave={() => onOpenChange(false)} /> : <p className="text-sm text-gray-600">No tracking record yet.</p>}
      </DialogContent>
    </Dialog>
  );
}

function TrackingBody({ trackingId, onLeave }: { trackingId: string; onLeave: () => void }) {
  const query = useQuery<TrackingView | null>({
    queryKey: ['/api/tracking', trackingId],
    queryFn: getQueryFn<TrackingView>({ on401: 'throw' }),
  });

  if (query.isPending) {
    return (
      <div className="grid gap-3" aria-busy="true" aria-label="Loading tracking">
        <Skeleton className="h-6 w-32" />
        <Skeleton className="h-16 w-full" />
        <Skeleton className="h-24 w-full" />
      </div>
    );
  }
  if (query.isError || !query.data) {
    const parsed = parseApiError(query.error);
    return (
      <div role="alert" className="grid gap-3">
        <p className="text-sm text-red-700">{parsed.status === 404 ? 'Tracking Not Found' : 'Could not load tracking. Please try again.'}</p>
        <Button variant="outline" onClick={() => void query.refetch()}>
          <RefreshCw className="size-4" aria-hidden="true" />
          Retry
        </Button>
      </div>
    );
  }

  const t = query.data;
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
      <Link to={`/track/${encodeURIComponent(t.id)}`} onClick={onLeave} className={buttonVariants({ variant: 'outline', className: 'w-full' })}>
        Open tracking page
      </Link>
    </div>
  );
}
