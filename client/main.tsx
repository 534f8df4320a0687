import './lib/zod-config';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { Providers } from './app/providers';
import { router } from './app/router';
import { startInstallPromptCapture } from './app/pwa/install-prompt';
import { checkForUpdate, registerServiceWorker } from './app/pwa/service-worker';
import './styles.css';

// Before rendering: the browser may offer its install prompt before the header exists.
startInstallPromptCapture();

// The offline shell and update checks (ADR 014): every 30 s and on each navigation.
if (registerServiceWorker()) {
  let lastPath = router.state.location.pathname;
  router.subscribe((state) => {
    if (state.location.pathname === lastPath) return;
    lastPath = state.location.pathname;
    checkForUpdate();
  });
}

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain <div id="root">');

createRoot(container).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
