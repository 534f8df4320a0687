import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { PageSpinner } from '@client/ui/spinner';
import { ConnectivityBadge } from './connectivity-badge';
import { Footer } from './footer';
import { Header } from './header';
import { InstallHelp } from './pwa/install-app-button';
import { IosInstallBanner } from './pwa/ios-install-banner';
import { PageCommitted } from './page-commit';
import { ErrorBoundary } from './error-boundary';
import { RouteError } from './route-error';
import { useNavigationPending } from './router';
import { ScrollRestoration } from './scroll-restoration';

function skipToMain() {
  const main = document.getElementById('main');
  main?.focus();
}

export function Layout() {
  const pending = useNavigationPending();
  const { pathname } = useLocation();
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        onClick={(event) => {
          event.preventDefault();
          skipToMain();
        }}
        className="sr-only rounded-md bg-white px-4 py-2 text-sm font-medium text-brand-800 shadow focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-[200]"
      >
        Skip to main content
      </a>
      {pending ? (
        <div className="fixed inset-x-0 top-0 z-[150] h-0.5 animate-pulse bg-brand-500" role="progressbar" aria-label="Loading page" />
      ) : null}
      <Header />
      <ConnectivityBadge />
      {/* At least the screen below the header (h-16): the footer starts below the fold, so a page growing as its
          code and data arrive never moves anything the visitor already sees. */}
      <main id="main" tabIndex={-1} className="flex min-h-[calc(100svh-4rem)] flex-1 flex-col focus:outline-none">
        {/* A failing page keeps the header and footer; the next page is tried afresh. */}
        <ErrorBoundary resetKey={pathname} fallback={(error) => <RouteError error={error} />}>
          <Suspense fallback={<PageSpinner />}>
            <PageCommitted>
              <Outlet />
            </PageCommitted>
          </Suspense>
        </ErrorBoundary>
      </main>
      <Footer />
      <IosInstallBanner />
      <InstallHelp />
      <ScrollRestoration />
    </div>
  );
}
