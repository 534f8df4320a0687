/// <reference lib="webworker" />
/**
 * The service worker, built by vite-plugin-pwa (injectManifest) to /sw.js. Caching strategy: ADR 014; the rules
 * themselves live in app/pwa/cache-rules.ts (pure, unit-tested).
 */
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import type { WorkboxPlugin } from 'workbox-core/types';
import {
  CATALOGUE_CACHE,
  CATALOGUE_CACHE_MAX_AGE_S,
  CATALOGUE_CACHE_MAX_ENTRIES,
  CATALOGUE_NETWORK_TIMEOUT_S,
  IMAGE_CACHE,
  IMAGE_CACHE_MAX_AGE_S,
  IMAGE_CACHE_MAX_ENTRIES,
  NAVIGATION_DENYLIST,
  TILE_CACHE,
  TILE_CACHE_MAX_ENTRIES,
  isCatalogueRequest,
  isImageRequest,
  isMapTile,
  isStorableResponse,
  obsoleteCacheNames,
} from './app/pwa/cache-rules';
import { documentFor } from '../domain/pages';

declare let self: ServiceWorkerGlobalScope;

// The app shell and every route chunk (the list is injected at build time).
const precached = self.__WB_MANIFEST;
precacheAndRoute(precached);
cleanupOutdatedCaches();

// The first install takes control of the open page at once, so it works offline without a second load. Later
// versions wait until the visitor chooses Reload in the 'A new version is available' toast.
clientsClaim();
self.addEventListener('message', (event) => {
  const data = event.data as { type?: string; catalogue?: unknown; images?: unknown } | null;
  if (data?.type === 'SKIP_WAITING') void self.skipWaiting();
  // Only pages of this origin can message the worker; the URLs still pass the same rules as any request.
  if (data?.type === 'CACHE_SEEN') event.waitUntil(cacheSeen(event, data).then(() => event.ports[0]?.postMessage({ cached: true })));
});

// Spec 002 section 9: caches of old versions (names with v4, v5 or v6) are deleted.
self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches.keys().then((names) => Promise.all(obsoleteCacheNames(names).map((name) => caches.delete(name)))),
  );
});

/** Stores only plain 200s that the server did not mark `no-store` or `private`. */
const storableOnly: WorkboxPlugin = {
  cacheWillUpdate: async ({ response }) => (isStorableResponse(response.status, response.headers.get('cache-control')) ? response : null),
};

/** Opaque (cross-origin, no CORS) tiles and photos have status 0; they are stored too, bounded by count. */
const imagesOnly: WorkboxPlugin = {
  cacheWillUpdate: async ({ response }) => (response.status === 200 || response.type === 'opaque' ? response : null),
};

const catalogue = new NetworkFirst({
  cacheName: CATALOGUE_CACHE,
  networkTimeoutSeconds: CATALOGUE_NETWORK_TIMEOUT_S,
  plugins: [storableOnly, new ExpirationPlugin({ maxEntries: CATALOGUE_CACHE_MAX_ENTRIES, maxAgeSeconds: CATALOGUE_CACHE_MAX_AGE_S })],
});
const tiles = new CacheFirst({
  cacheName: TILE_CACHE,
  plugins: [imagesOnly, new ExpirationPlugin({ maxEntries: TILE_CACHE_MAX_ENTRIES, maxAgeSeconds: IMAGE_CACHE_MAX_AGE_S, purgeOnQuotaError: true })],
});
const images = new CacheFirst({
  cacheName: IMAGE_CACHE,
  plugins: [imagesOnly, new ExpirationPlugin({ maxEntries: IMAGE_CACHE_MAX_ENTRIES, maxAgeSeconds: IMAGE_CACHE_MAX_AGE_S, purgeOnQuotaError: true })],
});
const origin = self.location.origin;

// Client routes load their prerendered document from the precache (domain/pages.ts); /api and /ws never do.
const documents = new Set(
  precached.map((entry) => (typeof entry === 'string' ? entry : entry.url).replace(/^\//, '')).filter((file) => file.endsWith('.html')),
);
const documentHandlers = new Map<string, ReturnType<typeof createHandlerBoundToURL>>();
registerRoute(
  new NavigationRoute(
    (options) => {
      const file = documentFor(options.url.pathname, documents);
      let handler = documentHandlers.get(file);
      if (!handler) documentHandlers.set(file, (handler = createHandlerBoundToURL(`/${file}`)));
      return handler(options);
    },
    { denylist: NAVIGATION_DENYLIST },
  ),
);
registerRoute(({ url, request }) => isCatalogueRequest({ url, method: request.method, origin }), catalogue);
registerRoute(({ url, request }) => isImageRequest({ url, method: request.method, destination: request.destination, origin }) && isMapTile(url, origin), tiles);
registerRoute(({ url, request }) => isImageRequest({ url, method: request.method, destination: request.destination, origin }), images);

/**
 * On a first visit the page fetched its catalogue lists and pictures before this worker controlled it; the page
 * sends those URLs once it does (client/app/pwa/service-worker.ts), and they are cached under the same rules, so
 * "what the visitor has seen" is there for an offline reload.
 */
async function cacheSeen(event: ExtendableEvent, seen: { catalogue?: unknown; images?: unknown }) {
  const urls = (list: unknown) => (Array.isArray(list) ? list.filter((u): u is string => typeof u === 'string').slice(0, 200) : []);
  const jobs: Array<Promise<unknown>> = [];
  for (const href of urls(seen.catalogue)) {
    const url = new URL(href, origin);
    if (isCatalogueRequest({ url, method: 'GET', origin })) jobs.push(catalogue.handle({ event, request: new Request(url.href) }));
  }
  for (const href of urls(seen.images)) {
    const url = new URL(href, origin);
    if (!isImageRequest({ url, method: 'GET', destination: 'image', origin })) continue;
    const request = new Request(url.href, { mode: url.origin === origin ? 'same-origin' : 'no-cors' });
    jobs.push((isMapTile(url, origin) ? tiles : images).handle({ event, request }));
  }
  // One failed picture must not stop the rest.
  await Promise.allSettled(jobs);
}
// Everything else (authenticated /api calls, /ws, uploads) goes to the network untouched.
