/**
 * The catalogue search's query strings (issue 29), free of zod so the home page's first screen (the food section) can
 * use them: the parameters of the API's search (GET /api/search) written in one canonical order, so equal searches
 * share one cache entry. The /search page's own URL is search-state.ts.
 *
 * The contract (parameters, facets, items) is domain/search/schemas.ts; only its types are imported here.
 */
import type { SearchKind, SearchSort } from '@domain/search/schemas';
import type { ApiParams } from '@client/lib/api';

export type { SearchKind, SearchSort };

/** The API's parameters, in the order they are written (cursor and limit are added per page). */
export const API_PARAMS = [
  'q',
  'kind',
  'near',
  'radiusKm',
  'bbox',
  'sort',
  'cuisine',
  'stars',
  'type',
  'category',
  'airline',
  'price',
  'rating',
  'checkIn',
  'checkOut',
  'rooms',
  'guests',
  'moveIn',
  'months',
  'pickupDate',
  'returnDate',
] as const;
export type ApiParam = (typeof API_PARAMS)[number];

/** A search as the API takes it: each parameter as text (lists comma-separated); absent or empty means not set. */
export type SearchInput = Partial<Record<ApiParam, string | number | readonly string[] | null | undefined>>;

/** Pages of this many results ('Show more' asks for the next one). */
export const SEARCH_PAGE_SIZE = 20;

function text(value: SearchInput[ApiParam]): string {
  if (value === undefined || value === null) return '';
  if (Array.isArray(value)) return value.filter((v) => v !== '').join(',');
  return String(value).trim();
}

/**
 * The query string of a search without its cursor ("q=piza&kind=restaurant"), parameters in {@link API_PARAMS} order
 * and empty ones left out: the identity of a search (its cache key and its first page's URL).
 */
export function searchQueryString(input: SearchInput): string {
  const params = new URLSearchParams();
  for (const key of API_PARAMS) {
    const value = text(input[key]);
    if (value !== '') params.set(key, value);
  }
  return params.toString();
}

/** GET /api/search's parameters, as the API document types them. */
type SearchParams = NonNullable<ApiParams<'/api/search'>['query']>;

/**
 * One page of a search as GET /api/search's parameters: the search's own (its query string), then the page size and
 * the cursor, in that order (`q=piza&kind=restaurant&limit=20&cursor=...`).
 */
export function searchPageParams(query: string, cursor?: string | null, limit = SEARCH_PAGE_SIZE): ApiParams<'/api/search'> {
  const params: Record<string, string | number> = Object.fromEntries(new URLSearchParams(query));
  params.limit = limit;
  if (cursor) params.cursor = cursor;
  // A search is kept as its canonical text (its cache key), and the server reads every parameter from text, checking
  // numbers and names itself (domain/search/schemas.ts); the API document types them as read (`rooms` a number,
  // `kind` a name), which text is not until parsed, and this module stays free of the zod that would parse it.
  return { query: params as SearchParams };
}

/** "43.6532,-79.3832": a point as the `near` parameter (5 decimals, about a metre). */
export function nearParam(point: { lat: number; lng: number }): string {
  return `${Number(point.lat.toFixed(5))},${Number(point.lng.toFixed(5))}`;
}

/** The point of a `near` parameter, or null when it is not "lat,lng". */
export function parseNear(value: string | null | undefined): { lat: number; lng: number } | null {
  if (!value) return null;
  const parts = value.split(',').map((p) => Number(p.trim()));
  if (parts.length !== 2 || !parts.every(Number.isFinite)) return null;
  const [lat, lng] = parts as [number, number];
  return Math.abs(lat) <= 90 && Math.abs(lng) <= 180 ? { lat, lng } : null;
}

/** "south,west,north,east" of a map's visible area (4 decimals: about 10 m). */
export function bboxParam(b: { south: number; west: number; north: number; east: number }): string {
  return [b.south, b.west, b.north, b.east].map((n) => Number(n.toFixed(4))).join(',');
}
