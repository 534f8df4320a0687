import { Navigate, type RouteObject } from 'react-router';
import { PageSpinner } from '@client/ui/spinner';
import { Layout } from './layout';
import { NotFound } from './not-found';
import { RouteError } from './route-error';

/** Each page is its own chunk, loaded when its route is first visited. */
const pages: RouteObject[] = [
  { index: true, lazy: () => import('@client/features/home/home-page').then((m) => ({ Component: m.HomePage })) },
  { path: 'login', lazy: () => import('@client/features/accounts/login-page').then((m) => ({ Component: m.LoginPage })) },
  { path: 'set-password', lazy: () => import('@client/features/accounts/set-password-page').then((m) => ({ Component: m.SetPasswordPage })) },
  {
    path: 'forgot-password',
    lazy: () => import('@client/features/accounts/forgot-password-page').then((m) => ({ Component: m.ForgotPasswordPage })),
  },
  { path: 'reset-password', lazy: () => import('@client/features/accounts/reset-password-page').then((m) => ({ Component: m.ResetPasswordPage })) },
  { path: 'account', lazy: () => import('@client/features/accounts/account-page').then((m) => ({ Component: m.AccountPage })) },
  { path: 'onboarding', lazy: () => import('@client/features/onboarding/onboarding-page').then((m) => ({ Component: m.OnboardingPage })) },
  { path: 'join', lazy: () => import('@client/features/onboarding/onboarding-page').then((m) => ({ Component: m.OnboardingPage })) },
  { path: 'register/:kind', lazy: () => import('@client/features/onboarding/register-page').then((m) => ({ Component: m.RegisterPage })) },
  { path: 'apply-driver', lazy: () => import('@client/features/drivers/apply-driver-page').then((m) => ({ Component: m.ApplyDriverPage })) },
  { path: 'track', lazy: () => import('@client/features/tracking/track-page').then((m) => ({ Component: m.TrackPage })) },
  {
    path: 'track/:id',
    // Runs alongside `lazy`: the record and the map's code load while the page's code does. Returns at once, so the
    // page never waits for it (the page's own query picks the record up from the cache).
    loader: ({ params }) => {
      // A failed fetch (offline) is the page's to report when it loads the same code.
      if (params.id) void import('@client/features/tracking/prefetch-tracking').then((m) => m.prefetchTracking(params.id!), () => undefined);
      return null;
    },
    lazy: () => import('@client/features/tracking/track-page').then((m) => ({ Component: m.TrackPage })),
  },
  { path: 'provider', lazy: () => import('@client/features/provider/provider-page').then((m) => ({ Component: m.ProviderPage })) },
  { path: 'driver', lazy: () => import('@client/features/drivers/driver-page').then((m) => ({ Component: m.DriverPage })) },
  { path: 'admin', lazy: () => import('@client/features/admin/admin-page').then((m) => ({ Component: m.AdminPage })) },
  { path: 'chat-demo', lazy: () => import('@client/features/chat/chat-demo-page').then((m) => ({ Component: m.ChatDemoPage })) },
  {
    path: 'test-notifications',
    lazy: () => import('@client/features/notifications/test-notifications-page').then((m) => ({ Component: m.TestNotificationsPage })),
  },
  { path: 'debug', lazy: () => import('./pages/debug-page').then((m) => ({ Component: m.DebugPage })) },
  { path: 'contact', lazy: () => import('@client/features/support/contact-page').then((m) => ({ Component: m.ContactPage })) },
  { path: 'privacy', lazy: () => import('@client/features/support/legal-pages').then((m) => ({ Component: m.PrivacyPage })) },
  { path: 'terms', lazy: () => import('@client/features/support/legal-pages').then((m) => ({ Component: m.TermsPage })) },
  { path: 'bookings', lazy: () => import('@client/features/bookings/bookings-page').then((m) => ({ Component: m.BookingsPage })) },
  { path: 'reviews', element: <Navigate to="/" replace /> },
  { path: '*', Component: NotFound },
];

export const routes: RouteObject[] = [
  {
    path: '/',
    Component: Layout,
    // Outer boundary: only if the layout itself fails.
    errorElement: <RouteError />,
    HydrateFallback: () => <PageSpinner />,
    // Inner pathless boundary: a failing page keeps the header and footer.
    children: [{ errorElement: <RouteError />, children: pages }],
  },
];

