import { useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import { AlertCircle, RefreshCw, Search, Share2 } from 'lucide-react';
import { parseApiError } from '@client/lib/api';
import { usePageTitle } from '@client/lib/use-page-title';
import { Button } from '@client/ui/button';
import { Card } from '@client/ui/card';
import { Input } from '@client/ui/input';
import { Label } from '@client/ui/label';
import { Skeleton } from '@client/ui/skeleton';
import { shareTracking } from './share-tracking';
import { TrackingDetails } from './tracking-details';
import { ReconnectingNote } from './reconnecting-note';
import { useLiveTracking } from './use-live-tracking';
import { OfflineRecordNotice, useKeptTrackingRecord } from './offline-record';

/** /track and /track/:id: follow an order, ride or parcel by its tracking ID or number. */
export function TrackPage() {
  usePageTitle('Track Your Order');
  const { id } = useParams();
  const navigate = useNavigate();
  const [input, setInput] = useState(id ?? '');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = input.trim();
    // Spec 002 section 5: an empty or blank ID is ignored.
    if (!value) return;
    navigate(`/track/${encodeURIComponent(value)}`);
  };

  return (
    <div className="mx-auto grid w-full max-w-2xl gap-6 px-4 py-10">
      <div>
        <h1 className="text-2xl font-bold text-gray-900 sm:text-3xl">Track Your Order</h1>
        <p className="mt-1 text-gray-600">Enter the tracking ID or number from your confirmation.</p>
      </div>
      <form onSubmit={submit} className="flex flex-col gap-2 sm:flex-row sm:items-end" role="search">
        <div className="grid flex-1 gap-1.5">
          <Label htmlFor="tracking-id">Tracking ID</Label>
          <Input id="tracking-id" value={input} onChange={(e) => setInput(e.target.value)} placeholder="e.g. GL1234567890CA" autoComplete="off" />
        </div>
        <Button type="submit">
          <Search className="size-4" aria-hidden="true" />
          Track
        </Button>
      </form>
      {id ? <TrackingResult key={id} trackingId={id} /> : null}
    </div>
  );
}

function TrackingResult({ trackingId }: { trackingId: string }) {
  // Live over the tracking socket; spec 002 section 9's 5 s refresh only while the socket is down.
  const query = useLiveTracking(trackingId);
  // Offline: the record as this device last saw it (signed-in customers only), marked with its age.
  const kept = useKeptTrackingRecord(trackingId, query.data, query.error);

  if (query.isPending) {
    return (
      <Card className="grid gap-3 p-6" aria-busy="true" aria-label="Loading tracking">
        <Skeleton className="h-6 w-40" />
        <Skeleton className="h-16 w-full" />
        <Skeleton className="h-24 w-full" />
      </Card>
    );
  }

  if (!query.data && kept) {
    return (
      <Card className="grid gap-4 p-6 text-sm">
        <OfflineRecordNotice savedAt={kept.savedAt} />
        <TrackingDetails tracking={kept.record} view="map" mapHeight={400} />
      </Card>
    );
  }

  // A failed background refresh keeps showing the record it already has; only a record never loaded is an error.
  if (!query.data) {
    const parsed = parseApiError(query.error);
    const offline = parsed.status === null;
    return (
      <Card role="alert" className="grid gap-3 p-6">
        <div className="flex items-center gap-2 text-red-700">
          <AlertCircle className="size-5" aria-hidden="true" />
          <h2 className="font-semibold">{offline ? 'Tracking Not Available Offline' : 'Tracking Not Found'}</h2>
        </div>
        <p className="text-sm text-gray-600">
          {parsed.status === 404
            ? `No order matches "${trackingId}".`
            : offline
              ? 'You are offline, and this device has no saved copy of this record. Retry once you are back online.'
              : parsed.message || 'Failed to load tracking data'}
        </p>
        {parsed.status !== 404 ? (
          <Button variant="outline" className="justify-self-start" onClick={() => void query.refetch()}>
            <RefreshCw className="size-4" aria-hidden="true" />
            Retry
          </Button>
        ) : null}
      </Card>
    );
  }

  return (
    <Card className="grid gap-4 p-6 text-sm">
      <ReconnectingNote socket={query.socket} live={query.data.status === 'pending' || query.data.status === 'active'} />
      <TrackingDetails tracking={query.data} view="map" mapHeight={400} />
      <Button variant="outline" className="justify-self-start" onClick={() => void shareTracking(query.data?.id ?? trackingId)}>
        <Share2 className="size-4" aria-hidden="true" />
        Share
      </Button>
    </Card>
  );
}
