import { useQuery, useQueryClient, useMutation } from '@tanstack/react-query';
import { LogOut, Monitor, RefreshCw } from 'lucide-react';
import { useNavigate } from 'react-router';
import { apiPost, apiQuery, parseApiError } from '@client/lib/api';
import { formatDateTime } from '@domain/format';
import { Badge } from '@client/ui/badge';
import { Button } from '@client/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/ui/card';
import { Skeleton } from '@client/ui/skeleton';
import { toast } from '@client/ui/use-toast';
import { clearSnapshots } from '@client/lib/offline-snapshot';

/** The account's signed-in browsers (device, last seen) and 'Sign out everywhere'. */
export function SessionsCard() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const sessions = useQuery(apiQuery('/api/account/sessions'));
  const signOutEverywhere = useMutation({
    mutationFn: () => apiPost('/api/account/sessions/sign-out-everywhere'),
    onSuccess: ({ ended }) => {
      toast({ title: 'Signed out everywhere', description: `${ended} session${ended === 1 ? '' : 's'} ended, this one included.`, variant: 'success' });
      // This browser is signed out too: its offline copies (session, My bookings, tracking) go with it.
      clearSnapshots();
      queryClient.clear();
      void navigate('/login?next=/account');
    },
    onError: (error) => toast({ title: 'Could not sign out', description: parseApiError(error).message ?? 'Please try again.', variant: 'destructive' }),
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Where you are signed in</CardTitle>
        <CardDescription>Each browser that is signed in to your account. Sign out everywhere if you do not recognise one.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {sessions.isPending ? (
          <div role="status" aria-label="Loading your sessions" className="grid gap-2">
            <Skeleton className="h-12" />
            <Skeleton className="h-12" />
          </div>
        ) : sessions.isError ? (
          <div role="alert" className="flex flex-wrap items-center gap-3 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
            We could not load your sessions.
            <Button size="sm" variant="outline" onClick={() => void sessions.refetch()}>
              <RefreshCw className="size-3.5" aria-hidden="true" />
              Try again
            </Button>
          </div>
        ) : sessions.data.length === 0 ? (
          <p className="text-sm text-gray-600">No other sessions.</p>
        ) : (
          <ul className="divide-y divide-gray-100 rounded-lg border border-gray-200" aria-label="Signed-in sessions">
            {sessions.data.map((s) => (
              <li key={s.id} className="flex flex-wrap items-center gap-3 p-3">
                <Monitor className="size-5 shrink-0 text-gray-500" aria-hidden="true" />
                <div className="min-w-0 flex-1">
                  <p className="break-words font-medium text-gray-900">
                    {s.device} {s.current ? <Badge className="ml-1">This browser</Badge> : null}
                  </p>
                  <p className="text-sm text-gray-600">
                    Last seen <time dateTime={s.lastSeenAt}>{formatDateTime(s.lastSeenAt)}</time> · signed in{' '}
                    <time dateTime={s.createdAt}>{formatDateTime(s.createdAt)}</time>
                  </p>
                </div>
              </li>
            ))}
          </ul>
        )}
        <div>
          <Button variant="outline" onClick={() => signOutEverywhere.mutate()} disabled={signOutEverywhere.isPending}>
            <LogOut className="size-4" aria-hidden="true" />
            {signOutEverywhere.isPending ? 'Signing out…' : 'Sign out everywhere'}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
