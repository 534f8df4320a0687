/**
 * What the service worker (client/sw.ts) caches at run time and which old caches it deletes (ADR 014). Pure, so
 * the rules are unit-tested without a browser; the worker imports this module by a relative path.
 */

/** Runtime cache names. None may contain v4, v5 or v6: those names are deleted on activate (spec 002 section 9). */
export const CATALOGUE_CACHE = 'go-live-catalogue';
export const IMAGE_CACHE = 'go-live-images';
export const TILE_CACHE = 'go-live-map-tiles';

/** Catalogue reads wait this long for the network before answering from the cache. */
export const CATALOGUE_NETWORK_TIMEOUT_S = 3;
/** Bounds of the cache-first image caches (count and age). */
export const IMAGE_CACHE_MAX_ENTRIES = 200;
export const TILE_CACHE_MAX_ENTRIES = 150;
export const IMAGE_CACHE_MAX_AGE_S = 30 * 24 * 60 * 60;
export const CATALOGUE_CACHE_MAX_ENTRIES = 100;
export const CATALOGUE_CACHE_MAX_AGE_S = 7 * 24 * 60 * 60;

/**
 * Public catalogue reads (no session needed, the same answer for everyone). Anything else under /api (bookings,
 * account, chat, admin, driver...) answers per user and is never cached; /ws is never touched.
 */
const CATALOGUE_PATHS = [
  /^\/api\/restaurants$/,
  /^\/api\/restaurants\/\d+\/menu$/,
  /^\/api\/hotels$/,
  /^\/api\/flights$/,
  /^\/api\/cars$/,
  /^\/api\/properties$/,
  /^\/api\/taxi-rides$/,
  /^\/api\/shipping-rates$/,
  /^\/api\/services$/,
  /^\/api\/general-services$/,
  // The catalogue search (issue 29): the sections' lists and the results page.
  /^\/api\/search$/,
  /^\/api\/countries$/,
  /^\/api\/config$/,
];

type RequestLike = { url: URL; method: string; destination?: string; origin: string };

/** True for a same-origin GET of a public catalogue list (network first, cache fallback). */
export function isCatalogueRequest({ url, method, origin }: RequestLike): boolean {
  if (method !== 'GET' || url.origin !== origin) return false;
  return CATALOGUE_PATHS.some((re) => re.test(url.pathname));
}

/** True for pictures: placeholder SVGs, catalogue photos (any origin) and map tiles (cache first, bounded). */
export function isImageRequest({ url, method, destination, origin }: RequestLike): boolean {
  if (method !== 'GET' || destination !== 'image') return false;
  // Same-origin pictures outside /api/placeholder are static files already in the precache or served by /uploads.
  if (url.origin === origin) return !isNeverCached(url, origin);
  return true;
}

/** Map tiles come from the configured tile server: another origin, `/{z}/{x}/{y}` paths. */
export function isMapTile(url: URL, origin: string): boolean {
  return url.origin !== origin && /\/\d+\/\d+\/\d+(@2x)?\.(png|jpg|jpeg|webp)$/i.test(url.pathname);
}

/** Paths the worker must never answer from a cache: the API outside the catalogue rules above, and sockets. */
export function isNeverCached(url: URL, origin: string): boolean {
  if (url.origin !== origin) return false;
  if (/^\/ws(\/|$)/.test(url.pathname)) return true;
  return /^\/api(\/|$)/.test(url.pathname) && !/^\/api\/placeholder\//.test(url.pathname);
}

/** Navigations answered by a precached document (domain/pages.ts): everything but /api and /ws. */
export const NAVIGATION_DENYLIST = [/^\/api(\/|$)/, /^\/ws(\/|$)/];

/**
 * A response may be stored only when it is a plain success that the server did not mark private or no-store
 * (authenticated answers carry `Cache-Control: no-store` or `private`).
 */
export function isStorableResponse(status: number, cacheControl: string | null): boolean {
  if (status !== 200) return false;
  return !/(^|,|\s)(no-store|private)(\s|,|$|=)/i.test(cacheControl ?? '');
}

/** Spec 002 section 9: caches of old app versions, named with v4, v5 or v6, are deleted on activate. */
const OLD_VERSION = /(^|[^a-z0-9])v[456](?![0-9])/i;

/** The cache names to delete: those containing v4, v5 or v6 as a version mark. */
export function obsoleteCacheNames(names: readonly string[]): string[] {
  return names.filter((name) => OLD_VERSION.test(name));
}
