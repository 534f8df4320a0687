import './lib/zod-config';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ErrorBoundary } from './app/error-boundary';
import { Providers } from './app/providers';
import { RouteError } from './app/route-error';
import { AppRouter } from './app/router';
import { AppRoutes, loadRoute, routeLoaded } from './app/routes';
import { startInstallPromptCapture } from './app/pwa/install-prompt';
import './styles.css';

// Before rendering: the browser may offer its install prompt before the header exists.
startInstallPromptCapture();

// The offline shell and update checks (ADR 014): every 30 s and on each navigation. Registered once the page has
// loaded, so the worker's install and workbox-window stay out of the first load. A prerendered document's boot script
// starts this module after the first paint, often after `load` has already fired.
let checkForUpdate: (() => void) | undefined;
function startServiceWorker() {
  void import('./app/pwa/service-worker').then((worker) => {
    if (worker.registerServiceWorker()) checkForUpdate = worker.checkForUpdate;
  });
}
if (document.readyState === 'complete') startServiceWorker();
else window.addEventListener('load', startServiceWorker, { once: true });

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain <div id="root">');

function render() {
  const root = createRoot(container!);
  // A transition: React renders the page in slices, yielding to the browser between them, instead of one long task.
  startTransition(() =>
    root.render(
      <StrictMode>
        <Providers>
          <AppRouter loadPage={loadRoute} pageLoaded={routeLoaded} onNavigate={() => checkForUpdate?.()}>
            {/* Only if the layout itself fails: a failing page keeps the header and footer (layout.tsx). */}
            <ErrorBoundary fallback={(error) => <RouteError error={error} />}>
              <AppRoutes />
            </ErrorBoundary>
          </AppRouter>
        </Providers>
      </StrictMode>,
    ),
  );
}

// The page's HTML was prerendered at build (scripts/prerender-plugin.ts): render once the first route's code (and the
// data its first screen shows, e.g. /track/{id}'s record) has loaded, so React's first commit replaces it with the
// page rather than with a spinner. If it cannot load, the page's error boundary says so.
loadRoute(window.location.pathname, { data: true }).then(render, render);
