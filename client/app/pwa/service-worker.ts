import { Workbox } from 'workbox-window';
import { API_PREFIX } from '@client/lib/api';
import { toast } from '@client/ui/use-toast';

/** Spec 002 sections 7 and 9: the worker at /sw.js is checked for a new version every 30 s (and on navigation). */
export const SW_URL = '/sw.js';
export const UPDATE_CHECK_MS = 30_000;
export const UPDATE_TOAST_TITLE = 'A new version is available';

let workbox: Workbox | null = null;
/** A new worker is installed and waiting for the visitor's Reload. */
let waiting = false;
/** This tab asked for the update: reload once the new worker controls it (other tabs only get the toast). */
let reloadRequested = false;

function showUpdateToast() {
  toast({
    title: UPDATE_TOAST_TITLE,
    description: 'Reload to start using the latest Go Live. What you entered in other tabs is kept until you reload them.',
    duration: Infinity,
    action: { label: 'Reload', altText: 'Reload the page to use the new version', onClick: applyUpdate },
  });
}

/** Activates the waiting worker and reloads this tab under it; without a waiting worker just reloads. */
export function applyUpdate(): void {
  reloadRequested = true;
  if (workbox && waiting) workbox.messageSkipWaiting();
  else window.location.reload();
}

/** Asks the server for a newer /sw.js (no-cache, so the browser revalidates it). Skipped while offline. */
export function checkForUpdate(): void {
  if (!workbox || navigator.onLine === false) return;
  // A toast replaced by a later one comes back on the next navigation while the update still waits.
  if (waiting) showUpdateToast();
  workbox.update().catch(() => {
    // A failed check (server restarting, flaky network) is retried on the next tick.
  });
}

/** Catalogue reads and pictures this page has loaded so far (the Resource Timing entries). */
function seenResources(): { catalogue: string[]; images: string[] } {
  const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
  const catalogue = new Set<string>();
  const images = new Set<string>();
  for (const entry of entries) {
    if (entry.initiatorType === 'img' || entry.initiatorType === 'css') images.add(entry.name);
    // Recognised by URL: the timing entries name what was fetched, not which route of the typed client asked.
    else if ((entry.initiatorType === 'fetch' || entry.initiatorType === 'xmlhttprequest') && entry.name.startsWith(`${location.origin}${API_PREFIX}`)) {
      catalogue.add(entry.name);
    }
  }
  return { catalogue: [...catalogue], images: [...images] };
}

/**
 * Registers the service worker in production builds (the dev server has none) and starts the update checks.
 * Returns false when the browser has no service worker support or the page is not in a secure context.
 */
export function registerServiceWorker(): boolean {
  if (!import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return false;
  workbox = new Workbox(SW_URL, { scope: '/' });
  workbox.addEventListener('waiting', () => {
    waiting = true;
    showUpdateToast();
  });
  // workbox-window's `isUpdate` only says whether the page was controlled when it registered, so a page whose
  // first visit installed the worker must tell a later update apart itself.
  let controlled = Boolean(navigator.serviceWorker.controller);
  workbox.addEventListener('controlling', () => {
    if (!controlled) {
      controlled = true;
      // First install: hand over what this page loaded before the worker existed, so it is there offline.
      void workbox?.messageSW({ type: 'CACHE_SEEN', ...seenResources() }).catch(() => undefined);
      return;
    }
    waiting = false;
    if (reloadRequested) window.location.reload();
    // Another tab accepted the update: this one keeps what the visitor typed and offers the reload itself.
    else showUpdateToast();
  });
  workbox.register().catch(() => {
    // Registration fails in private modes or with storage disabled; the app still works online.
  });
  setInterval(checkForUpdate, UPDATE_CHECK_MS);
  return true;
}
