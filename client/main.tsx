import './lib/zod-config';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { Providers } from './app/providers';
import { router } from './app/router';
import { startInstallPromptCapture } from './app/pwa/install-prompt';
import './styles.css';

// Before rendering: the browser may offer its install prompt before the header exists.
startInstallPromptCapture();

// The offline shell and update checks (ADR 014): every 30 s and on each navigation. Registered once the page has
// loaded, so the worker's install and workbox-window stay out of the first load. A prerendered document's boot script
// starts this module after the first paint, often after `load` has already fired.
function startServiceWorker() {
  void import('./app/pwa/service-worker').then(({ checkForUpdate, registerServiceWorker }) => {
    if (!registerServiceWorker()) return;
    let lastPath = router.state.location.pathname;
    router.subscribe((state) => {
      if (state.location.pathname === lastPath) return;
      lastPath = state.location.pathname;
      checkForUpdate();
    });
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
          <RouterProvider router={router} />
        </Providers>
      </StrictMode>,
    ),
  );
}

// The page's HTML was prerendered at build (scripts/prerender-plugin.ts): render once the first route's code has
// loaded, so React's first commit replaces it with the same page rather than with a spinner.
if (router.state.initialized) render();
else {
  const unsubscribe = router.subscribe((state) => {
    if (!state.initialized) return;
    unsubscribe();
    render();
  });
}
