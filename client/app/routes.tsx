import { Navigate, matchRoutes, useParams, useRoutes, type RouteObject } from 'react-router';
import { Layout } from './layout';
import { lazyComponent, type LazyComponent } from '@client/lib/lazy-component';
import { NotFound } from './not-found';

/** Each page is its own chunk, loaded when its route is first visited (or ahead of the first render: main.tsx). */
const home = lazyComponent(() => import('@client/features/home/home-page').then((m) => m.HomePage));
const login = lazyComponent(() => import('@client/features/accounts/login-page').then((m) => m.LoginPage));
const signInLink = lazyComponent(() => import('@client/features/accounts/sign-in-link-page').then((m) => m.SignInLinkPage));
const setPassword = lazyComponent(() => import('@client/features/accounts/set-password-page').then((m) => m.SetPasswordPage));
const forgotPassword = lazyComponent(() => import('@client/features/accounts/forgot-password-page').then((m) => m.ForgotPasswordPage));
const resetPassword = lazyComponent(() => import('@client/features/accounts/reset-password-page').then((m) => m.ResetPasswordPage));
const account = lazyComponent(() => import('@client/features/accounts/account-page').then((m) => m.AccountPage));
const onboarding = lazyComponent(() => import('@client/features/onboarding/onboarding-page').then((m) => m.OnboardingPage));
const register = lazyComponent(() => import('@client/features/onboarding/register-page').then((m) => m.RegisterPage));
const confirmRegistration = lazyComponent(() =>
  import('@client/features/onboarding/confirm-registration-page').then((m) => m.ConfirmRegistrationPage),
);
const applyDriver = lazyComponent(() => import('@client/features/drivers/apply-driver-page').then((m) => m.ApplyDriverPage));
const track = lazyComponent(() => import('@client/features/tracking/track-page').then((m) => m.TrackPage));
const provider = lazyComponent(() => import('@client/features/provider/provider-page').then((m) => m.ProviderPage));
const driver = lazyComponent(() => import('@client/features/drivers/driver-page').then((m) => m.DriverPage));
const admin = lazyComponent(() => import('@client/features/admin/admin-page').then((m) => m.AdminPage));
const chatDemo = lazyComponent(() => import('@client/features/chat/chat-demo-page').then((m) => m.ChatDemoPage));
const testNotifications = lazyComponent(() =>
  import('@client/features/notifications/test-notifications-page').then((m) => m.TestNotificationsPage),
);
const debug = lazyComponent(() => import('./pages/debug-page').then((m) => m.DebugPage));
const contact = lazyComponent(() => import('@client/features/support/contact-page').then((m) => m.ContactPage));
const privacy = lazyComponent(() => import('@client/features/support/legal-pages').then((m) => m.PrivacyPage));
const terms = lazyComponent(() => import('@client/features/support/legal-pages').then((m) => m.TermsPage));
const bookings = lazyComponent(() => import('@client/features/bookings/bookings-page').then((m) => m.BookingsPage));
const search = lazyComponent(() => import('@client/features/search/search-page').then((m) => m.SearchPage));
const confirmation = lazyComponent(() => import('@client/features/payments/confirmation-page').then((m) => m.ConfirmationPage));

let prefetchedTracking: string | undefined;

/**
 * /track/{id}: the record and the tile template, asked for once per id. On a first visit
 * the document's boot script has already started them (scripts/prerender-plugin.ts).
 */
function prefetchTrackingOnce(id: string): Promise<void> {
  if (id === prefetchedTracking) return Promise.resolve();
  prefetchedTracking = id;
  // A failed fetch (offline) is the page's to report when it loads the same code.
  return import('@client/features/tracking/prefetch-tracking').then((m) => m.prefetchTracking(id)).catch(() => undefined);
}

/** After a link to /track/{id}, the record and the tile template load while the page's code does. */
function TrackRecordPage() {
  const { id } = useParams();
  // In the browser only: a server render (client/prerender.tsx) comes with the record.
  if (id && typeof window !== 'undefined') void prefetchTrackingOnce(id);
  return <track.Component />;
}

/**
 * What {@link loadRoute} needs of a route: its page's code, and what its first screen shows (`data`, awaited only
 * before the app's first render, when it is usually on its way already).
 */
type RouteHandle = { page: LazyComponent; data?: (params: Record<string, string | undefined>) => Promise<void> };

const page = (lazy: LazyComponent, element = <lazy.Component />, data?: RouteHandle['data']) => ({
  element,
  handle: { page: lazy, data } satisfies RouteHandle,
});

const pages: RouteObject[] = [
  { index: true, ...page(home) },
  { path: 'login', ...page(login) },
  // The one-time sign-in link mailed to an account under attack (issue 27).
  { path: 'login/link', ...page(signInLink) },
  { path: 'set-password', ...page(setPassword) },
  { path: 'forgot-password', ...page(forgotPassword) },
  { path: 'reset-password', ...page(resetPassword) },
  { path: 'account', ...page(account) },
  { path: 'onboarding', ...page(onboarding) },
  { path: 'join', ...page(onboarding) },
  // The page behind a registration's confirmation mail (/register/confirm?token=..., issue 27).
  { path: 'register/confirm', ...page(confirmRegistration) },
  { path: 'register/:kind', ...page(register) },
  { path: 'apply-driver', ...page(applyDriver) },
  { path: 'track', ...page(track) },
  { path: 'track/:id', ...page(track, <TrackRecordPage />, ({ id }) => (id ? prefetchTrackingOnce(id) : Promise.resolve())) },
  { path: 'provider', ...page(provider) },
  // The provider portal's sections (issue 26): the listings, one listing's editor, the earnings.
  { path: 'provider/listings', ...page(provider) },
  { path: 'provider/listings/:kind/:id', ...page(provider) },
  { path: 'provider/earnings', ...page(provider) },
  { path: 'driver', ...page(driver) },
  { path: 'admin', ...page(admin) },
  { path: 'chat-demo', ...page(chatDemo) },
  { path: 'test-notifications', ...page(testNotifications) },
  { path: 'debug', ...page(debug) },
  { path: 'contact', ...page(contact) },
  { path: 'privacy', ...page(privacy) },
  { path: 'terms', ...page(terms) },
  { path: 'bookings', ...page(bookings) },
  // One search across every kind of listing (issue 29); the URL holds every parameter.
  { path: 'search', ...page(search) },
  // Where a paid checkout lands (issue 26): the receipt, the tracking links and what happens next.
  { path: 'bookings/:id/confirmation', ...page(confirmation) },
  { path: 'reviews', element: <Navigate to="/" replace /> },
  { path: '*', element: <NotFound /> },
];

export const routes: RouteObject[] = [{ path: '/', element: <Layout />, children: pages }];

/** The app's pages inside the layout (header, footer, the page's error boundary and loading state). */
export function AppRoutes() {
  return useRoutes(routes);
}

/** True when the code of the page at `pathname` is here: a navigation there needs no wait. */
export function routeLoaded(pathname: string): boolean {
  return (matchRoutes(routes, pathname) ?? []).every((m) => (m.route.handle as RouteHandle | undefined)?.page.loaded() ?? true);
}

/**
 * Loads the code of the page at `pathname`, so its first render shows it rather than a spinner; with `data`, also
 * what its first screen shows, so the app's first render is the page with its content (one render, not a loading
 * state then the content). Data that fails to load is the page's to report.
 */
export async function loadRoute(pathname: string, { data = false } = {}): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(
    matches.flatMap((m) => {
      const handle = m.route.handle as RouteHandle | undefined;
      if (!handle) return [];
      return [handle.page.load(), ...(data && handle.data ? [handle.data(m.params)] : [])];
    }),
  );
}
