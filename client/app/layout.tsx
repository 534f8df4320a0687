import { Suspense } from 'react';
import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { PageSpinner } from '@client/ui/spinner';
import { ConnectivityBadge } from './connectivity-badge';
import { Footer } from './footer';
import { Header } from './header';
import { InstallHelp } from './pwa/install-app-button';
import { IosInstallBanner } from './pwa/ios-install-banner';
import { PageCommitted } from './page-commit';

function skipToMain() {
  const main = document.getElementById('main');
  main?.focus();
}

export function Layout() {
  // A link or Back/Forward to a page whose code (or /track/{id}'s record) is still loading: the current page stays.
  const pending = useNavigation().state !== 'idle';
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
        {/* A failing page is the router's to show here (routes.tsx): the header and footer stay. */}
        <Suspense fallback={<PageSpinner />}>
          <PageCommitted>
            <Outlet />
          </PageCommitted>
        </Suspense>
      </main>
      <Footer />
      <IosInstallBanner />
      <InstallHelp />
      {/* A new page starts at the top (or at its #hash); Back, Forward and a reload return to where it was left. */}
      <ScrollRestoration />
    </div>
  );
}
