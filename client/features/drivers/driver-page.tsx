import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useMutation, useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { Inbox, LocateOff, LogIn, RefreshCw, Wifi, WifiOff } from 'lucide-react';
import type { DriverEarnings, DriverOrder, DriverOrdersResponse, DriverProfileView, DriverSocketMessage } from '@domain/orders/schemas';
import type { DriverStep } from '@domain/orders/states';
import { getQueryFn, parseApiError } from '@client/lib/api';
import { formatMoney, pluralize } from '@domain/format';
import { useLiveSocket } from '@client/lib/live-socket';
import { usePageTitle } from '@client/lib/use-page-title';
import { Button, buttonVariants } from '@client/ui/button';
import { Card, NoticeCard } from '@client/ui/card';
import { Skeleton } from '@client/ui/skeleton';
import { PageSpinner } from '@client/ui/spinner';
import { toast } from '@client/ui/use-toast';
import { useAuth } from '@client/features/accounts/use-auth';
import { SessionErrorNotice } from '@client/features/accounts/session-error-notice';
import { BalanceCard } from '@client/features/money/balance-card';
import { PayoutsList } from '@client/features/money/payouts-list';
import { acceptOrder, advanceOrder, DRIVER_BALANCE_KEY, declineOrder, DRIVER_EARNINGS_KEY, DRIVER_ME_KEY, DRIVER_ORDERS_KEY, setDriverStatus } from './driver-api';
import { ORDER_KIND_LABEL, offerSecondsLeft } from './driver-format';
import { OnlineSwitch } from './online-switch';
import { ActiveOrderCard, OfferCard, RecentOrderList } from './order-cards';
import { readCurrentFix, usePositionReporter, type ReporterMode } from './use-position-reporter';
import { useWakeLock } from './use-wake-lock';

/** While the driver socket is not open, offers are fetched this often instead (spec 002 section 9's 5 s refresh). */
const POLL_MS = 5000;
/** Close codes after which reconnecting cannot help (the session is not a driver's). */
const FINAL_SOCKET_CODES = [4401, 4403];

/**
 * /driver: the driver's order screen (spec 002 sections 2-4): online toggle, earnings, the active order, offers, recent;
 * then the balance and payouts (issue 28).
 */
export function DriverPage() {
  usePageTitle('Driver Dashboard');
  const auth = useAuth();
  if (auth.status === 'loading') return <PageSpinner label="Checking your session…" />;

  let body: ReactNode;
  if (auth.status === 'error') {
    body = <SessionErrorNotice error={auth.error} onRetry={() => void auth.refetch()} />;
  } else if (!auth.user) {
    body = (
      <NoticeCard title="Sign in to drive">
        <p>This screen is where approved drivers go online, accept orders and follow their earnings.</p>
        <div className="flex flex-wrap justify-center gap-2">
          <Link to="/login?next=/driver" className={buttonVariants()}>
            <LogIn className="size-4" aria-hidden="true" />
            Sign In
          </Link>
          <Link to="/apply-driver" className={buttonVariants({ variant: 'outline' })}>
            Apply to drive
          </Link>
        </div>
      </NoticeCard>
    );
  } else if (auth.user.role !== 'driver') {
    body = (
      <NoticeCard title="For approved drivers">
        <p>This screen is for approved drivers. Apply to drive and we will review your application.</p>
        <Link to="/apply-driver" className={buttonVariants()}>
          Apply to drive
        </Link>
      </NoticeCard>
    );
  } else {
    body = <DriverDashboard />;
  }

  return (
    <div className="mx-auto grid w-full max-w-lg gap-4 px-4 py-6 sm:py-10">
      <h1 className="text-2xl font-bold tracking-tight text-gray-900">Driver Dashboard</h1>
      {body}
    </div>
  );
}

/** A ticking clock for the offers' countdowns; runs only while there is something to count. */
function useNow(enabled: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!enabled) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [enabled]);
  return now;
}

function DriverDashboard() {
  const queryClient = useQueryClient();
  const me = useQuery<DriverProfileView | null>({ queryKey: DRIVER_ME_KEY, queryFn: getQueryFn<DriverProfileView>({ on401: 'throw' }) });
  const online = me.data?.online ?? false;

  const refreshOrders = () => void queryClient.invalidateQueries({ queryKey: DRIVER_ORDERS_KEY });
  // Today's and this week's figures, and the balance: a completed or cancelled order changes them.
  const refreshEarnings = () => {
    void queryClient.invalidateQueries({ queryKey: DRIVER_EARNINGS_KEY });
    void queryClient.invalidateQueries({ queryKey: DRIVER_BALANCE_KEY });
  };

  // Offers are pushed on /ws/driver; it is open only while online (offers are only made to online drivers).
  const socketState = useLiveSocket<DriverSocketMessage>(online ? '/ws/driver' : null, {
    finalCodes: FINAL_SOCKET_CODES,
    onMessage: (message) => {
      switch (message.type) {
        case 'connected':
          // Anything pushed while the socket was down was missed: catch up.
          refreshOrders();
          break;
        case 'offer':
          toast({
            title: 'New Order Available',
            description: `${ORDER_KIND_LABEL[message.order.kind]} from ${message.order.pickupAddress}, ${formatMoney(message.order.price)}`,
          });
          refreshOrders();
          break;
        case 'offer_withdrawn':
          refreshOrders();
          break;
        case 'order_cancelled':
          toast({ title: 'Order Cancelled', description: `The customer cancelled order ${message.trackingId}.`, variant: 'destructive' });
          refreshOrders();
          refreshEarnings();
          break;
        case 'error':
          break;
      }
    },
  });
  const live = socketState === 'open';

  const orders = useQuery<DriverOrdersResponse | null>({
    queryKey: DRIVER_ORDERS_KEY,
    queryFn: getQueryFn<DriverOrdersResponse>({ on401: 'throw' }),
    // Polling is the fallback while the socket is down; an active order is also polled offline, so a customer's
    // cancellation still shows.
    refetchInterval: (query) => (!live && (online || query.state.data?.active) ? POLL_MS : false),
  });
  const earnings = useQuery<DriverEarnings | null>({ queryKey: DRIVER_EARNINGS_KEY, queryFn: getQueryFn<DriverEarnings>({ on401: 'throw' }) });

  const active = orders.data?.active ?? null;
  const mode: ReporterMode = !online ? 'off' : active ? 'active' : 'idle';
  const reporter = usePositionReporter(mode);
  useWakeLock(active !== null);

  const [locating, setLocating] = useState(false);
  const statusMutation = useMutation({
    mutationFn: setDriverStatus,
    onSuccess: (result) => {
      queryClient.setQueryData<DriverProfileView | null>(DRIVER_ME_KEY, (old) => (old ? { ...old, online: result.online } : old));
      toast(
        result.online
          ? { title: 'Going Online', description: 'You will receive new orders near you.' }
          : { title: 'Going Offline', description: 'You will not receive new orders until you go online again.' },
      );
      refreshOrders();
    },
    onError: (error) => {
      toast({ title: 'Status Not Changed', description: parseApiError(error).message ?? 'Please try again.', variant: 'destructive' });
      void queryClient.invalidateQueries({ queryKey: DRIVER_ME_KEY });
    },
  });

  const changeOnline = async (next: boolean) => {
    let fix = reporter.lastFix.current;
    if (next) {
      // Dispatch offers orders by distance, so going online carries a position when the device gives one.
      setLocating(true);
      const reading = await readCurrentFix(fix);
      setLocating(false);
      reporter.reportProblem(reading.problem);
      fix = reading.fix;
    }
    statusMutation.mutate(fix ? { online: next, lat: fix.lat, lng: fix.lng } : { online: next });
  };

  const acceptMutation = useMutation({
    mutationFn: (order: DriverOrder) => acceptOrder(order.id),
    onSuccess: (order) => {
      queryClient.setQueryData<DriverOrdersResponse | null>(DRIVER_ORDERS_KEY, (old) =>
        old ? { ...old, active: order, available: old.available.filter((o) => o.id !== order.id) } : old,
      );
      toast({ title: 'Order Accepted', description: `Head to ${order.pickupAddress}.`, variant: 'success' });
      refreshOrders();
    },
    onError: (error) => {
      const parsed = parseApiError(error);
      toast({
        title: parsed.status === 409 ? 'Order Unavailable' : 'Could Not Accept Order',
        description: parsed.message ?? 'Please try again.',
        variant: 'destructive',
      });
      refreshOrders();
    },
  });

  const declineMutation = useMutation({
    mutationFn: (order: DriverOrder) => declineOrder(order.id),
    onSuccess: (_result, order) => {
      queryClient.setQueryData<DriverOrdersResponse | null>(DRIVER_ORDERS_KEY, (old) =>
        old ? { ...old, available: old.available.filter((o) => o.id !== order.id) } : old,
      );
    },
    onError: (error) => {
      toast({ title: 'Could Not Decline Order', description: parseApiError(error).message ?? 'Please try again.', variant: 'destructive' });
    },
    onSettled: refreshOrders,
  });

  const stepMutation = useMutation({
    mutationFn: ({ order, to }: { order: DriverOrder; to: DriverStep }) => advanceOrder(order.id, to),
    onSuccess: (order) => {
      const done = order.status === 'completed';
      queryClient.setQueryData<DriverOrdersResponse | null>(DRIVER_ORDERS_KEY, (old) => (old ? { ...old, active: done ? null : order } : old));
      toast({
        title: 'Status Updated',
        description: done ? `Order complete: ${formatMoney(order.price)} added to your earnings.` : `${order.stepLabel}.`,
        variant: 'success',
      });
      refreshOrders();
      if (done) refreshEarnings();
    },
    onError: (error) => {
      toast({ title: 'Status Not Updated', description: parseApiError(error).message ?? 'Please try again.', variant: 'destructive' });
      refreshOrders();
    },
  });

  const offers = orders.data?.available;
  const available = useMemo(() => (online ? (offers ?? []) : []), [online, offers]);
  const now = useNow(available.some((o) => o.offerExpiresAt));

  // When an offer's countdown reaches 0, ask the server once what is still on offer (withdrawals may be missed
  // while the socket reconnects).
  const expiredChecked = useRef(new Set<number>());
  useEffect(() => {
    const lapsed = available.filter((o) => offerSecondsLeft(o.offerExpiresAt, now) === 0 && !expiredChecked.current.has(o.id));
    if (lapsed.length === 0) return;
    for (const o of lapsed) expiredChecked.current.add(o.id);
    void queryClient.invalidateQueries({ queryKey: DRIVER_ORDERS_KEY });
  }, [available, now, queryClient]);

  if (me.isPending) {
    return (
      <div className="grid gap-4" aria-busy="true" aria-label="Loading driver dashboard">
        <Skeleton className="h-24 w-full rounded-xl" />
        <Skeleton className="h-24 w-full rounded-xl" />
        <Skeleton className="h-48 w-full rounded-xl" />
      </div>
    );
  }
  if (me.isError || !me.data) {
    return <LoadError what="your driver profile" error={me.error} onRetry={() => void me.refetch()} />;
  }

  return (
    <>
      <Card className="grid gap-3 p-4">
        <p className="text-sm text-gray-600">
          <span className="font-medium text-gray-900">{me.data.name}</span>
          {me.data.vehicle ? ` · ${me.data.vehicle}` : ''}
          {me.data.plate ? ` · ${me.data.plate}` : ''}
        </p>
        <OnlineSwitch
          online={online}
          busy={locating || statusMutation.isPending}
          busyText={locating ? 'Finding your location…' : 'Updating…'}
          onChange={(next) => void changeOnline(next)}
        />
        {online ? (
          <p className="flex items-center gap-1.5 text-xs text-gray-600" role="status">
            {live ? <Wifi className="size-3.5 text-emerald-600" aria-hidden="true" /> : <WifiOff className="size-3.5 text-amber-600" aria-hidden="true" />}
            {live ? 'Live: new offers appear instantly.' : 'Reconnecting… checking for offers every 5 seconds.'}
          </p>
        ) : null}
      </Card>

      {reporter.problem ? (
        <Card role="alert" className="flex items-start gap-3 border-amber-300 bg-amber-50 p-4 text-sm text-amber-900">
          <LocateOff className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
          <div>
            <p className="font-semibold">{reporter.problem.code === 'denied' ? 'Location is off' : 'No location yet'}</p>
            <p>{reporter.problem.message}</p>
          </div>
        </Card>
      ) : null}
      {reporter.backlog > 0 ? (
        <p className="text-xs text-amber-800" role="status">
          {pluralize(reporter.backlog, 'position')} waiting to be sent; retrying when the connection is back.
        </p>
      ) : null}

      <EarningsCard query={earnings} />

      {orders.isPending ? (
        <div className="grid gap-3" aria-busy="true" aria-label="Loading orders">
          <Skeleton className="h-48 w-full rounded-xl" />
        </div>
      ) : orders.isError || !orders.data ? (
        <LoadError what="your orders" error={orders.error} onRetry={() => void orders.refetch()} />
      ) : (
        <>
          {active ? (
            <>
              {!online ? (
                <p className="text-sm text-amber-800" role="status">
                  You are offline: the customer cannot follow your position until you go online.
                </p>
              ) : null}
              <ActiveOrderCard
                order={active}
                advancing={stepMutation.isPending}
                onAdvance={(order, to) => stepMutation.mutate({ order, to })}
              />
            </>
          ) : null}

          <section aria-labelledby="available-title" className="grid gap-3">
            <h2 id="available-title" className="text-lg font-semibold text-gray-900">
              Available orders
            </h2>
            {!online ? (
              <Card className="p-4 text-sm text-gray-600">You are offline. Go online to see orders near you.</Card>
            ) : available.length === 0 ? (
              <Card className="grid justify-items-center gap-2 p-6 text-center text-sm text-gray-600">
                <Inbox className="size-8 text-gray-300" aria-hidden="true" />
                <p className="font-medium text-gray-800">No orders right now</p>
                <p>New offers appear here as soon as customers order near you.</p>
              </Card>
            ) : (
              <ul className="grid gap-3" aria-labelledby="available-title">
                {available.map((order) => (
                  <OfferCard
                    key={order.id}
                    order={order}
                    now={now}
                    hasActiveOrder={active !== null}
                    accepting={acceptMutation.isPending && acceptMutation.variables?.id === order.id}
                    declining={declineMutation.isPending && declineMutation.variables?.id === order.id}
                    onAccept={() => acceptMutation.mutate(order)}
                    onDecline={() => declineMutation.mutate(order)}
                  />
                ))}
              </ul>
            )}
          </section>

          <section aria-labelledby="recent-title">
            <Card className="grid gap-2 p-4">
              <h2 id="recent-title" className="text-lg font-semibold text-gray-900">
                Recent orders
              </h2>
              <RecentOrderList orders={orders.data.recent.slice(0, 5)} />
            </Card>
          </section>
        </>
      )}

      <BalanceCard payee="driver" />
      <PayoutsList payee="driver" />
    </>
  );
}

function EarningsCard({ query }: { query: UseQueryResult<DriverEarnings | null> }) {
  return (
    <section aria-labelledby="earnings-title">
      <Card className="grid gap-3 p-4">
        <h2 id="earnings-title" className="text-lg font-semibold text-gray-900">
          Earnings
        </h2>
        {query.isPending ? (
          <div className="grid grid-cols-2 gap-3" aria-busy="true" aria-label="Loading earnings">
            <Skeleton className="h-14" />
            <Skeleton className="h-14" />
          </div>
        ) : query.isError || !query.data ? (
          <div role="alert" className="flex flex-wrap items-center justify-between gap-2 text-sm text-red-700">
            <span>Could not load your earnings. {parseApiError(query.error).message ?? ''}</span>
            <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
              <RefreshCw className="size-3.5" aria-hidden="true" />
              Retry
            </Button>
          </div>
        ) : (
          <dl className="grid grid-cols-2 gap-3">
            <div className="rounded-lg bg-emerald-50 p-3">
              <dt className="text-xs text-emerald-800">Today</dt>
              <dd className="text-xl font-bold tabular-nums text-emerald-900">{formatMoney(query.data.today)}</dd>
            </div>
            <div className="rounded-lg bg-brand-50 p-3">
              <dt className="text-xs text-brand-800">This week</dt>
              <dd className="text-xl font-bold tabular-nums text-brand-900">{formatMoney(query.data.week)}</dd>
            </div>
          </dl>
        )}
      </Card>
    </section>
  );
}

function LoadError({ what, error, onRetry }: { what: string; error: Error | null; onRetry: () => void }) {
  const parsed = parseApiError(error);
  // The session can expire while the screen stays open: then signing in again, not retrying, is what helps.
  if (parsed.status === 401) {
    return (
      <NoticeCard title="Your session has ended">
        <p>Sign in again to keep driving.</p>
        <Link to="/login?next=/driver" className={buttonVariants()}>
          <LogIn className="size-4" aria-hidden="true" />
          Sign In
        </Link>
      </NoticeCard>
    );
  }
  return (
    <Card role="alert" className="grid justify-items-center gap-3 p-6 text-center">
      <p className="text-red-700">
        Could not load {what}. {parsed.message ?? (parsed.status === null ? 'Check your connection.' : '')}
      </p>
      <Button variant="outline" onClick={onRetry}>
        <RefreshCw className="size-4" aria-hidden="true" />
        Retry
      </Button>
    </Card>
  );
}
