import './lib/zod-config';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { AppTree } from './app/app-tree';
import { routes } from './app/routes';
import { startInstallPromptCapture } from './app/pwa/install-prompt';
import { pageData } from './lib/early-data';
import { queryClient } from './lib/query-client';
import './styles.css';

// Before rendering: the browser may offer its install prompt before the header exists.
startInstallPromptCapture();

// The offline shell and update checks (ADR 014): every 30 s and on each change of path. Registered once the page has
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

// A page the server rendered for this request (/track/{id}) brings the data it was rendered with: the app starts with
// it, so its first render is that markup (and asks for none of it again).
for (const [key, value] of pageData()) queryClient.setQueryData(key, value);

// The document's prerendered markup (scripts/prerender-plugin.ts): the page of this very path (`/`, /onboarding, a
// /track/{id} the server rendered) is hydrated, the shell of any other route replaced.
const prerendered = container.querySelector<HTMLElement>(':scope > [data-prerendered]');
const hydrate = prerendered?.dataset.prerendered === window.location.pathname;

/** The prerendered page is now the app's: it can be clicked, focused and typed into. */
function takeOver() {
  prerendered?.removeAttribute('inert');
  prerendered?.removeAttribute('data-prerendered');
}

// The router starts loading the first route's code (and /track/{id}'s record) at once.
const router = createBrowserRouter(routes);

// Each change of path (a link, navigate(), Back or Forward) is also a time to look for a new version (ADR 014).
let pathname = router.state.location.pathname;
router.subscribe(({ location }) => {
  if (location.pathname === pathname) return;
  pathname = location.pathname;
  checkForUpdate?.();
});

/** Resolves once the router has the first route's code and data, or the error its error element shows. */
function routerReady(): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}

function render() {
  const app = (
    <StrictMode>
      <AppTree onPageCommit={hydrate ? takeOver : undefined}>
        <RouterProvider router={router} />
      </AppTree>
    </StrictMode>
  );
  // A transition: React renders (or hydrates) the page in slices, yielding to the browser between them, instead of
  // one long task. Hydrating adopts the markup already on screen rather than building the page again.
  startTransition(() => {
    if (hydrate && prerendered) hydrateRoot(prerendered, app);
    else createRoot(container!).render(app);
  });
}

// Render once the first route's code (and the data its first screen shows, e.g. /track/{id}'s record) has loaded, so
// React's first commit is the page rather than a spinner, and a prerendered page hydrates with the same markup. If it
// cannot load, the route's error element says so.
void routerReady().then(render);
