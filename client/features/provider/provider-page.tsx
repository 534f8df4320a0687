import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link, NavLink, useLocation, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { CalendarClock, LayoutList, LogIn, Wallet } from 'lucide-react';
import { cn } from '@client/lib/cn';
import { pluralize } from '@domain/format';
import { usePageTitle } from '@client/lib/use-page-title';
import { buttonVariants } from '@client/ui/button';
import { NoticeCard } from '@client/ui/card';
import { PageSpinner } from '@client/ui/spinner';
import { toast } from '@client/ui/use-toast';
import { useAuth } from '@client/features/accounts/use-auth';
import { SessionErrorNotice } from '@client/features/accounts/session-error-notice';
import { ListingEditor } from './listing-editor';
import { useOrderChime } from './order-chime';
import { PROVIDER_EARNINGS_KEY } from './provider-api';
import { useProviderOrders } from './provider-orders';
import { EarningsSection } from './provider-earnings';
import { ListingsSection } from './provider-listings';
import { TodaySection } from './provider-today';
import { arrivals, orderKey, todayView } from './today-logic';

type Section = 'today' | 'listings' | 'editor' | 'earnings';

/** The portal's section from the address: /provider, /provider/listings, /provider/listings/:kind/:id, /provider/earnings. */
export function sectionOf(pathname: string): Section {
  const path = pathname.replace(/\/+$/, '');
  if (/^\/provider\/listings\/[^/]+\/[^/]+$/.test(path)) return 'editor';
  if (path === '/provider/listings') return 'listings';
  if (path === '/provider/earnings') return 'earnings';
  return 'today';
}

const TITLES: Record<Section, string> = { today: 'Today', listings: 'My listings', editor: 'Edit listing', earnings: 'Earnings' };

/**
 * /provider (issues 15 and 26): a provider runs its business here. Today comes first (orders waiting for the kitchen
 * with a count and an optional sound, upcoming bookings, today's and earlier orders); Listings is a list of my
 * listings, each edited on its own page (photo, prices, menu, calendar); Earnings shows what I keep.
 */
export function ProviderPage() {
  const { pathname } = useLocation();
  const section = sectionOf(pathname);
  const auth = useAuth();
  if (auth.status === 'loading') return <PageSpinner label="Checking your session…" />;
  let body: ReactNode;
  if (auth.status === 'error') {
    body = <SessionErrorNotice error={auth.error} onRetry={() => void auth.refetch()} />;
  } else if (!auth.user) {
    body = (
      <NoticeCard title="Sign in to manage your listings">
        <p>Approved providers follow their orders and change their prices, menus and photos here.</p>
        <Link to={`/login?next=${encodeURIComponent(pathname)}`} className={buttonVariants()}>
          <LogIn className="size-4" aria-hidden="true" />
          Sign In
        </Link>
      </NoticeCard>
    );
  } else if (auth.user.role !== 'provider') {
    body = (
      <NoticeCard title="For approved providers">
        <p>This page is for providers whose registration was approved. Register your business and we will review it.</p>
        <Link to="/onboarding" className={buttonVariants()}>
          Join as Provider
        </Link>
      </NoticeCard>
    );
  } else {
    return <ProviderPortal section={section} />;
  }
  return (
    <Frame>
      <PageTitle section={section} count={0} />
      {body}
    </Frame>
  );
}

function Frame({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto grid w-full min-w-0 max-w-5xl gap-5 px-4 py-6 sm:py-10">
      <h1 className="text-2xl font-bold tracking-tight text-gray-900">Provider portal</h1>
      {children}
    </div>
  );
}

/** The tab's title, with the count of new orders in front so it shows on a background tab. */
function PageTitle({ section, count }: { section: Section; count: number }) {
  usePageTitle(`${count > 0 ? `(${count}) ` : ''}${TITLES[section]} · Provider portal`);
  return null;
}

function ProviderPortal({ section }: { section: Section }) {
  const params = useParams();
  const queryClient = useQueryClient();
  // New orders reach this screen by polling (TanStack Query's refetchInterval), in the background too; older ones a
  // page at a time when asked for (issue 29).
  const orders = useProviderOrders({ poll: true });
  const chime = useOrderChime();
  const { dataUpdatedAt } = orders;
  const data = orders.data?.orders;
  // eslint-disable-next-line react-hooks/exhaustive-deps -- recomputed at every answer (the day may have turned)
  const view = useMemo(() => todayView(data ?? [], new Date()), [data, dataUpdatedAt]);

  // What is new since the last answer: a chime (when on), a toast, and a sentence for screen readers.
  const seen = useRef<Set<string> | null>(null);
  // The newest order id seen: older orders that Show more loads later (issue 29) are not new arrivals.
  const newest = useRef(0);
  const play = useRef(chime.play);
  useEffect(() => {
    play.current = chime.play;
  });
  const [announcement, setAnnouncement] = useState('');
  useEffect(() => {
    if (!data) return;
    const fresh = arrivals(seen.current, data).filter((o) => o.orderId > newest.current);
    seen.current = new Set(data.map(orderKey));
    newest.current = Math.max(newest.current, ...data.map((o) => o.orderId));
    if (fresh.length === 0) return;
    play.current();
    const what = fresh.length === 1 ? `Order #${fresh[0].id} for ${fresh[0].listingName}` : pluralize(fresh.length, 'new order');
    setAnnouncement(`New: ${what}.`);
    toast({ title: fresh.length === 1 ? 'New order' : `${fresh.length} new orders`, description: `${what}. It is on Today.` });
    void queryClient.invalidateQueries({ queryKey: PROVIDER_EARNINGS_KEY });
  }, [data, queryClient]);

  return (
    <Frame>
      {/* The editor names its listing in the title itself. */}
      {section === 'editor' ? null : <PageTitle section={section} count={view.newCount} />}
      <nav aria-label="Provider portal" className="relative -mx-1 overflow-x-auto">
        <ul className="flex min-w-max gap-1 border-b border-gray-200 px-1">
          <PortalLink to="/provider" end icon={<CalendarClock className="size-4" aria-hidden="true" />}>
            Today
            {view.newCount > 0 ? (
              <span className="rounded-full bg-red-600 px-1.5 text-xs font-semibold text-white" data-testid="new-orders-badge">
                {view.newCount}
                <span className="sr-only"> {view.newCount === 1 ? 'new order' : 'new orders'}</span>
              </span>
            ) : null}
          </PortalLink>
          <PortalLink to="/provider/listings" icon={<LayoutList className="size-4" aria-hidden="true" />}>
            Listings
          </PortalLink>
          <PortalLink to="/provider/earnings" icon={<Wallet className="size-4" aria-hidden="true" />}>
            Earnings
          </PortalLink>
        </ul>
      </nav>
      <p className="sr-only" aria-live="polite">
        {announcement}
      </p>
      {section === 'today' ? <TodaySection orders={orders} view={view} chime={chime} /> : null}
      {section === 'listings' ? <ListingsSection /> : null}
      {section === 'editor' ? <ListingEditor kind={params.kind} id={params.id} /> : null}
      {section === 'earnings' ? <EarningsSection /> : null}
    </Frame>
  );
}

function PortalLink({ to, end = false, icon, children }: { to: string; end?: boolean; icon: ReactNode; children: ReactNode }) {
  return (
    <li>
      <NavLink
        to={to}
        end={end}
        className={({ isActive }) =>
          cn(
            '-mb-px flex min-h-11 items-center gap-2 border-b-2 px-3 text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500',
            isActive ? 'border-brand-600 text-brand-700' : 'border-transparent text-gray-600 hover:text-gray-900',
          )
        }
      >
        {icon}
        {children}
      </NavLink>
    </li>
  );
}
