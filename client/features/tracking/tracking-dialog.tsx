import type { RefObject } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { RefreshCw } from 'lucide-react';
import type { TrackingView } from '@domain/catalogue/types';
import { getQueryFn, parseApiError } from '@client/lib/api';
import { Button, buttonVariants } from '@client/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@client/ui/dialog';
import { Skeleton } from '@client/ui/skeleton';
import { TrackingDetails } from './tracking-details';

export type TrackingDialogProps = {
  trackingId: string | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where keyboard focus goes when the dialog closes; by default the element that had focus when it opened. */
  returnFocusRef?: RefObject<HTMLElement | null>;
};

/** The live-tracking dialog: the server's tracking record for an order or ride. */
export function TrackingDialog({ trackingId, open, onOpenChange, returnFocusRef }: TrackingDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        className="max-w-md"
        returnFocusRef={returnFocusRef}
      >
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

  return (
    <div className="grid gap-4 text-sm">
      <TrackingDetails tracking={query.data} />
      <Link to={`/track/${encodeURIComponent(query.data.id)}`} onClick={onLeave} className={buttonVariants({ variant: 'outline', className: 'w-full' })}>
        Open tracking page
      </Link>
    </div>
  );
}
