import type { RefObject } from 'react';
import { Link } from 'react-router';
import { RefreshCw, Share2 } from 'lucide-react';
import { parseApiError } from '@client/lib/api';
import { Button, buttonVariants } from '@client/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@client/ui/dialog';
import { Skeleton } from '@client/ui/skeleton';
import { shareTracking } from './share-tracking';
import { TrackingDetails } from './tracking-details';
import { useLiveTracking } from './use-live-tracking';

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
      {/* Wider than the old max-w-md so the 300 px map is readable; the overlay scrolls on short screens. */}
      <DialogContent className="max-w-lg" returnFocusRef={returnFocusRef}>
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
  // The dialog is open only while someone watches it, so the socket lives exactly as long (unmount closes it).
  const query = useLiveTracking(trackingId);

  if (query.isPending) {
    return (
      <div className="grid gap-3" aria-busy="true" aria-label="Loading tracking">
        <Skeleton className="h-6 w-32" />
        <Skeleton className="h-16 w-full" />
        <Skeleton className="h-24 w-full" />
      </div>
    );
  }
  // A failed background refresh keeps the record on screen; only a record never loaded is an error.
  if (!query.data) {
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
      <TrackingDetails tracking={query.data} view="dialog" mapHeight={300} />
      {/* Spec 000 section 4: Share Tracking appears only while the order is on its way. */}
      {query.data.status === 'active' ? (
        <Button variant="outline" className="w-full" onClick={() => void shareTracking(query.data?.id ?? trackingId)}>
          <Share2 className="size-4" aria-hidden="true" />
          Share Tracking
        </Button>
      ) : null}
      <Link to={`/track/${encodeURIComponent(query.data.id)}`} onClick={onLeave} className={buttonVariants({ variant: 'outline', className: 'w-full' })}>
        Open tracking page
      </Link>
    </div>
  );
}
