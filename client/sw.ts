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

declare let self: ServiceWorkerGlobalScope;

// The app shell and every route chunk (the list is injected at build time).
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// The first install takes control of the open page at once, so it works offline without a second load. Later
// versions wait until the visitor chooses Reload in the 'A new version is available' toast.
clientsClaim();
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
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

// Client routes load index.html from the precache; /api and /ws never do.
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: NAVIGATION_DENYLIST }));

registerRoute(
  ({ url, request }) => isCatalogueRequest({ url, method: request.method, origin: self.location.origin }),
  new NetworkFirst({
    cacheName: CATALOGUE_CACHE,
    networkTimeoutSeconds: CATALOGUE_NETWORK_TIMEOUT_S,
    plugins: [storableOnly, new ExpirationPlugin({ maxEntries: CATALOGUE_CACHE_MAX_ENTRIES, maxAgeSeconds: CATALOGUE_CACHE_MAX_AGE_S })],
  }),
);

registerRoute(
  ({ url, request }) =>
    isImageRequest({ url, method: request.method, destination: request.destination, origin: self.location.origin }) &&
    isMapTile(url, self.location.origin),
  new CacheFirst({
    cacheName: TILE_CACHE,
    plugins: [imagesOnly, new ExpirationPlugin({ maxEntries: TILE_CACHE_MAX_ENTRIES, maxAgeSeconds: IMAGE_CACHE_MAX_AGE_S, purgeOnQuotaError: true })],
  }),
);

registerRoute(
  ({ url, request }) => isImageRequest({ url, method: request.method, destination: request.destination, origin: self.location.origin }),
  new CacheFirst({
    cacheName: IMAGE_CACHE,
    plugins: [imagesOnly, new ExpirationPlugin({ maxEntries: IMAGE_CACHE_MAX_ENTRIES, maxAgeSeconds: IMAGE_CACHE_MAX_AGE_S, purgeOnQuotaError: true })],
  }),
);
// Everything else (authenticated /api calls, /ws, uploads) goes to the network untouched.
