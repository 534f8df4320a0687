import type { ComponentType } from 'react';
import { replace, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { Layout } from './layout';
import { NotFound } from './not-found';
import { RouteError } from './route-error';

/**
 * A page in its own chunk, loaded by the router when its route is first visited: a link or `navigate()` leaves the
 * current page on screen (and the layout's progress bar showing) until the code is here. The document's first route
 * is loaded before the app's first render (main.tsx, prerender.tsx), so that render is the page, not a spinner.
 */
// The function form of `lazy`: with the object form ({ Component }), React Router 7.18 renders nothing, not the error
// element, when the page's code fails to load (a route without a loader does not wait for that promise).
const page = (load: () => Promise<ComponentType>) => ({ lazy: () => load().then((Component) => ({ Component })) });

/**
 * /track/{id}: the record and the map's tile template load while the page's code does, and the page shows once they
 * are here, with the map's first picture. On a first visit the document's boot script has already asked for them
 * (scripts/prerender-plugin.ts); a page the server rendered comes with them (main.tsx), and the query cache then asks
 * for nothing. A failed fetch (offline) is the page's to report: it asks again.
 */
async function trackingRecord({ params }: LoaderFunctionArgs): Promise<null> {
  // A server render (client/prerender.tsx) is given the record by its caller.
  if (params.id && typeof window !== 'undefined') {
    const id = params.id;
    await import('@client/features/tracking/prefetch-tracking').then((m) => m.prefetchTracking(id)).catch(() => undefined);
  }
  return null;
}

const home = page(() => import('@client/features/home/home-page').then((m) => m.HomePage));
const onboarding = page(() => import('@client/features/onboarding/onboarding-page').then((m) => m.OnboardingPage));
const track = page(() => import('@client/features/tracking/track-page').then((m) => m.TrackPage));
const provider = page(() => import('@client/features/provider/provider-page').then((m) => m.ProviderPage));

const pages: RouteObject[] = [
  { index: true, ...home },
  { path: 'login', ...page(() => import('@client/features/accounts/login-page').then((m) => m.LoginPage)) },
  // The one-time sign-in link mailed to an account under attack (issue 27).
  { path: 'login/link', ...page(() => import('@client/features/accounts/sign-in-link-page').then((m) => m.SignInLinkPage)) },
  { path: 'set-password', ...page(() => import('@client/features/accounts/set-password-page').then((m) => m.SetPasswordPage)) },
  { path: 'forgot-password', ...page(() => import('@client/features/accounts/forgot-password-page').then((m) => m.ForgotPasswordPage)) },
  { path: 'reset-password', ...page(() => import('@client/features/accounts/reset-password-page').then((m) => m.ResetPasswordPage)) },
  { path: 'account', ...page(() => import('@client/features/accounts/account-page').then((m) => m.AccountPage)) },
  { path: 'onboarding', ...onboarding },
  { path: 'join', ...onboarding },
  // The page behind a registration's confirmation mail (/register/confirm?token=..., issue 27).
  {
    path: 'register/confirm',
    ...page(() => import('@client/features/onboarding/confirm-registration-page').then((m) => m.ConfirmRegistrationPage)),
  },
  { path: 'register/:kind', ...page(() => import('@client/features/onboarding/register-page').then((m) => m.RegisterPage)) },
  { path: 'apply-driver', ...page(() => import('@client/features/drivers/apply-driver-page').then((m) => m.ApplyDriverPage)) },
  { path: 'track', ...track },
  { path: 'track/:id', loader: trackingRecord, ...track },
  { path: 'provider', ...provider },
  // The provider portal's sections (issue 26): the listings, one listing's editor, the earnings.
  { path: 'provider/listings', ...provider },
  { path: 'provider/listings/:kind/:id', ...provider },
  { path: 'provider/earnings', ...provider },
  { path: 'driver', ...page(() => import('@client/features/drivers/driver-page').then((m) => m.DriverPage)) },
  { path: 'admin', ...page(() => import('@client/features/admin/admin-page').then((m) => m.AdminPage)) },
  { path: 'chat-demo', ...page(() => import('@client/features/chat/chat-demo-page').then((m) => m.ChatDemoPage)) },
  {
    path: 'test-notifications',
    ...page(() => import('@client/features/notifications/test-notifications-page').then((m) => m.TestNotificationsPage)),
  },
  { path: 'debug', ...page(() => import('./pages/debug-page').then((m) => m.DebugPage)) },
  { path: 'contact', ...page(() => import('@client/features/support/contact-page').then((m) => m.ContactPage)) },
  { path: 'privacy', ...page(() => import('@client/features/support/legal-pages').then((m) => m.PrivacyPage)) },
  { path: 'terms', ...page(() => import('@client/features/support/legal-pages').then((m) => m.TermsPage)) },
  { path: 'bookings', ...page(() => import('@client/features/bookings/bookings-page').then((m) => m.BookingsPage)) },
  // One search across every kind of listing (issue 29); the URL holds every parameter.
  { path: 'search', ...page(() => import('@client/features/search/search-page').then((m) => m.SearchPage)) },
  // Where a paid checkout lands (issue 26): the receipt, the tracking links and what happens next.
  { path: 'bookings/:id/confirmation', ...page(() => import('@client/features/payments/confirmation-page').then((m) => m.ConfirmationPage)) },
  // The address replaces itself, so Back does not return to it.
  { path: 'reviews', loader: () => replace('/') },
  { path: '*', Component: NotFound },
];

/**
 * The app's routes, for the browser's router (main.tsx) and the server's render (prerender.tsx): every page inside the
 * layout (header, footer, progress bar, scroll restoration). A page that fails to render or whose code cannot load
 * shows the error card inside the layout, so the header and footer stay and other pages still open; the outer error
 * element is for a failure of the layout itself. The router keeps a failed code load as that route's answer until
 * the document is loaded again (the card's Reload button).
 */
export const routes: RouteObject[] = [
  {
    path: '/',
    Component: Layout,
    ErrorBoundary: RouteError,
    children: [{ ErrorBoundary: RouteError, children: pages }],
  },
];
