import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { ArrowLeft, Download, LogOut, RefreshCw } from 'lucide-react';
import type { PublicUser } from '@domain/accounts/schemas';
import { apiHref, apiQuery } from '@client/lib/api';
import { cn } from '@client/lib/cn';
import { Badge } from '@client/ui/badge';
import { Button, buttonVariants } from '@client/ui/button';
import { Skeleton } from '@client/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@client/ui/tabs';
import {
  DELIVERIES_TAB,
  LISTING_TABS,
  MAIL_TAB,
  MESSAGES_TAB,
  PROVIDERS_TAB,
  RATINGS_TAB,
  REVIEW_TAB,
  STAT_CARDS,
  exportCollection,
  AUDIT_TAB,
  OCCUPANCY_TAB,
  ORDERS_TAB,
  USERS_TAB,
  CATALOGUE_TAB,
  FINANCE_TAB,
  initialAdminTab,
  isListingTab,
} from './admin-listings';
import { OrdersTab } from './orders-tab';
import { UsersTab } from './users-tab';
import { formatMoney } from '@domain/format';
import { ProvidersTab } from './providers-tab';
import { DeliveriesTab } from './deliveries-tab';
import { ListingTable } from './listing-tab';
import { MailTab } from './mail-tab';
import { AuditTab } from './audit-tab';
import { MessagesTab } from './messages-tab';
import { OccupancyTab } from './occupancy-tab';
import { ReviewsTab } from './reviews-tab';
import { ReviewQueue } from './review-queue';
import { FinanceTab } from '@client/features/money/finance-tab';

/** Spec 002 section 2: the header's System Active badge, fed by the server's health check. */
function SystemStatusBadge() {
  const health = useQuery({ ...apiQuery('/api/health'), staleTime: 30_000 });
  if (health.isPending) {
    return (
      <Badge variant="secondary" role="status">
        Checking system…
      </Badge>
    );
  }
  if (health.isError || health.data.status !== 'ok') {
    return (
      <Badge variant="destructive" role="status">
        <span className="size-2 rounded-full bg-red-600" aria-hidden="true" />
        System Unavailable
      </Badge>
    );
  }
  return (
    <Badge variant="success" role="status">
      <span className="size-2 rounded-full bg-emerald-600" aria-hidden="true" />
      System Active
    </Badge>
  );
}

function SummaryCards({ onOpen }: { onOpen: (tab: string) => void }) {
  const stats = useQuery(apiQuery('/api/admin/stats'));
  if (stats.isError) {
    return (
      <div className="flex flex-wrap items-center gap-3 rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800" role="alert">
        We could not load the summary counts.
        <Button size="sm" variant="outline" onClick={() => void stats.refetch()}>
          <RefreshCw className="size-3.5" aria-hidden="true" />
          Try again
        </Button>
      </div>
    );
  }
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-5" aria-label="Summary">
      {STAT_CARDS.map((card) => {
        const highlight = (card.key === 'pendingRegistrations' || card.key === 'unreadMessages') && (stats.data?.[card.key] ?? 0) > 0;
        return (
          <li key={card.key}>
            <button
              type="button"
              onClick={() => onOpen(card.tab)}
              title={card.hint}
              className={cn(
                'flex h-full w-full flex-col items-start gap-1 rounded-xl border bg-white p-4 text-left shadow-sm transition hover:border-brand-400 hover:shadow-md',
                'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500',
                highlight ? 'border-amber-300 bg-amber-50' : 'border-gray-200',
              )}
            >
              <span className="text-xs font-medium text-gray-600">{card.label}</span>
              {stats.isPending ? (
                <Skeleton className="h-7 w-12" />
              ) : (
                <span className="break-all text-2xl font-bold text-gray-900" data-testid={`stat-${card.key}`}>
                  {card.format === 'money' ? formatMoney(stats.data[card.key]) : stats.data[card.key]}
                </span>
              )}
            </button>
          </li>
        );
      })}
    </ul>
  );
}

type AdminDashboardProps = { user: PublicUser; onLogout: () => void };

/**
 * /admin (spec 002 section 2, issue 26): header, summary cards (orders, users and revenue first, each counting what
 * its label says), then Orders, Users, the Catalogue (a tab per listing kind), the review queue, contact messages,
 * the mail log and the rest. The open tab is kept in the address (?tab=).
 */
export function AdminDashboard({ user, onLogout }: AdminDashboardProps) {
  const [searchParams, setSearchParams] = useSearchParams();
  const [tab, setTabState] = useState<string>(() => initialAdminTab(searchParams.get('tab')));
  // The catalogue's listing tab, kept while other sections are open.
  const [listingTab, setListingTab] = useState<string>(() => (isListingTab(tab) ? tab : LISTING_TABS[0].id));
  const exportHref = apiHref('/api/admin/export/{file}', { path: { file: `${exportCollection(tab)}.csv` } });
  const section = isListingTab(tab) ? CATALOGUE_TAB : tab;

  /** Opens a tab (a section, or a listing tab inside the catalogue); the address keeps it for a reload. */
  const setTab = (next: string) => {
    const leaf = next === CATALOGUE_TAB ? listingTab : next;
    if (isListingTab(leaf)) setListingTab(leaf);
    setTabState(leaf);
    setSearchParams(
      (params) => {
        const out = new URLSearchParams(params);
        out.set('tab', leaf);
        return out;
      },
      { replace: true },
    );
  };

  return (
    <div className="mx-auto w-full min-w-0 max-w-7xl px-4 py-8 sm:py-10">
      <div className="flex flex-col gap-4 border-b border-gray-200 pb-6 lg:flex-row lg:items-center lg:justify-between">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="text-2xl font-bold tracking-tight text-gray-900 sm:text-3xl">Admin Dashboard</h1>
            <SystemStatusBadge />
          </div>
          <p className="mt-1 truncate text-sm text-gray-600">Signed in as {user.username}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <a href={exportHref} download className={buttonVariants({ variant: 'outline' })}>
            <Download className="size-4" aria-hidden="true" />
            Export Reports
          </a>
          <Link to="/" className={buttonVariants({ variant: 'outline' })}>
            <ArrowLeft className="size-4" aria-hidden="true" />
            Back to Platform
          </Link>
          <Button variant="destructive" onClick={onLogout}>
            <LogOut className="size-4" aria-hidden="true" />
            Logout
          </Button>
        </div>
      </div>

      <section className="mt-6" aria-label="Summary counts">
        <SummaryCards onOpen={setTab} />
      </section>

      <Tabs value={section} onValueChange={setTab} className="mt-8 min-w-0">
        <TabsList className="flex h-auto w-full flex-wrap justify-start" aria-label="Dashboard sections">
          <TabsTrigger value={ORDERS_TAB} className="flex-none">
            Orders
          </TabsTrigger>
          <TabsTrigger value={USERS_TAB} className="flex-none">
            Users
          </TabsTrigger>
          <TabsTrigger value={CATALOGUE_TAB} className="flex-none">
            Catalogue
          </TabsTrigger>
          <TabsTrigger value={REVIEW_TAB} className="flex-none">
            Review queue
          </TabsTrigger>
          <TabsTrigger value={RATINGS_TAB} className="flex-none">
            Reviews
          </TabsTrigger>
          <TabsTrigger value={MESSAGES_TAB} className="flex-none">
            Messages
          </TabsTrigger>
          <TabsTrigger value={PROVIDERS_TAB} className="flex-none">
            Providers
          </TabsTrigger>
          <TabsTrigger value={OCCUPANCY_TAB} className="flex-none">
            Occupancy
          </TabsTrigger>
          <TabsTrigger value={DELIVERIES_TAB} className="flex-none">
            Deliveries
          </TabsTrigger>
          <TabsTrigger value={MAIL_TAB} className="flex-none">
            Mail
          </TabsTrigger>
          <TabsTrigger value={AUDIT_TAB} className="flex-none">
            Audit
          </TabsTrigger>
          <TabsTrigger value={FINANCE_TAB} className="flex-none">
            Finance
          </TabsTrigger>
        </TabsList>
        <TabsContent value={ORDERS_TAB} className="min-w-0">
          <OrdersTab />
        </TabsContent>
        <TabsContent value={USERS_TAB} className="min-w-0">
          <UsersTab me={user.id} />
        </TabsContent>
        <TabsContent value={CATALOGUE_TAB} className="min-w-0">
          <Tabs value={listingTab} onValueChange={setTab} className="min-w-0">
            <TabsList className="flex h-auto w-full flex-wrap justify-start" aria-label="Listing kinds">
              {LISTING_TABS.map((t) => (
                <TabsTrigger key={t.id} value={t.id} className="flex-none">
                  {t.label}
                </TabsTrigger>
              ))}
            </TabsList>
            {LISTING_TABS.map((t) => (
              <TabsContent key={t.id} value={t.id} className="min-w-0">
                <ListingTable tab={t} />
              </TabsContent>
            ))}
          </Tabs>
        </TabsContent>
        <TabsContent value={REVIEW_TAB} className="min-w-0">
          <ReviewQueue />
        </TabsContent>
        <TabsContent value={RATINGS_TAB} className="min-w-0">
          <ReviewsTab />
        </TabsContent>
        <TabsContent value={MESSAGES_TAB} className="min-w-0">
          <MessagesTab />
        </TabsContent>
        <TabsContent value={PROVIDERS_TAB} className="min-w-0">
          <ProvidersTab />
        </TabsContent>
        <TabsContent value={OCCUPANCY_TAB} className="min-w-0">
          <OccupancyTab />
        </TabsContent>
        <TabsContent value={DELIVERIES_TAB} className="min-w-0">
          <DeliveriesTab />
        </TabsContent>
        <TabsContent value={MAIL_TAB} className="min-w-0">
          <MailTab />
        </TabsContent>
        <TabsContent value={AUDIT_TAB} className="min-w-0">
          <AuditTab />
        </TabsContent>
        <TabsContent value={FINANCE_TAB} className="min-w-0">
          <FinanceTab />
        </TabsContent>
      </Tabs>
    </div>
  );
}
