import { queryOptions, type QueryFunction } from '@tanstack/react-query';
import createClient, { createFinalURL, createQuerySerializer, defaultPathSerializer, type MaybeOptionalInit } from 'openapi-fetch';
import { LINK_HEADER, TOTAL_COUNT_HEADER, parseNextLink, parseTotalCount } from '@domain/catalogue/paging-links';
import type { paths } from './api-schema';
import { takeEarlyResponse } from './early-data';

/**
 * The client's one way to the server: an openapi-fetch client typed with client/lib/api-schema.d.ts, the types
 * `npm run api:types` generates from the routes' zod schemas. A path, its parameters, its body and its answer are
 * checked against the route, so a route that changes its request or answer fails the client's typecheck. Call sites
 * use the short helpers below (apiGet, apiPost..., apiQuery for TanStack Query) rather than `api` itself.
 */

/** Where every route lives: for code that must recognise API requests by URL (the service worker's cache rules). */
export const API_PREFIX = '/api/';

/**
 * A non-2xx response. Its message is `"<status>: <body text or status text>"` (spec 000, section 8), so code
 * that only sees a plain Error can still recover the status with {@link parseApiError}.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly body: string;

  constructor(status: number, statusText: string, body: string) {
    super(`${status}: ${body || statusText}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }
}

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The page's origin; outside a browser (Node tests) a stand-in, since a Request needs an absolute URL there. */
const ORIGIN = typeof location !== 'undefined' && location.origin !== 'null' ? location.origin : 'http://localhost';

const serializeQuery = createQuerySerializer();
/** The default query-string rules, leaving out empty strings too (an empty filter box means "any"). */
const querySerializer = (query: unknown) => serializeQuery(Object.fromEntries(Object.entries(query as Record<string, unknown>).filter(([, value]) => value !== '')));

/**
 * GET requests may already be on their way, started by a prerendered document's boot script (early-data.ts): each
 * is taken once, by exact path and query; if it failed to reach the server, it is asked again. Everything else goes
 * to the fetch of the moment (looked up per call, so tests can stand in for the server).
 */
function send(request: Request): Promise<Response> {
  if (request.method === 'GET') {
    const url = new URL(request.url);
    const early = takeEarlyResponse(url.pathname + url.search);
    if (early) return early.catch(() => globalThis.fetch(request));
  }
  return globalThis.fetch(request);
}

export const api = createClient<paths>({
  baseUrl: ORIGIN,
  credentials: 'include',
  headers: { Accept: 'application/json' },
  fetch: send,
  querySerializer,
});

api.use({
  // A state-changing call always carries a JSON body, `{}` when there is no data: the server refuses anything else
  // (CSRF defence). Multipart uploads (FormData) keep theirs.
  onRequest({ request }) {
    if (!MUTATING.has(request.method) || request.body !== null) return undefined;
    const headers = new Headers(request.headers);
    headers.set('Content-Type', 'application/json');
    return new Request(request, { body: '{}', headers });
  },
  // Any non-2xx answer throws, with the body as the server sent it (screens show its `message`, parseApiError).
  async onResponse({ response }) {
    if (response.ok) return undefined;
    let body = '';
    try {
      body = await response.clone().text();
    } catch {
      body = '';
    }
    throw new ApiError(response.status, response.statusText, body);
  },
});

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** The paths that have a route for `M`. */
export type ApiPath<M extends Method = 'get'> = { [P in keyof paths]: paths[P] extends { [K in M]: object } ? P : never }[keyof paths];

type Operation<P extends keyof paths, M extends Method> = paths[P] extends { [K in M]: infer O } ? O : never;
type JsonOf<R> = R extends { content: { 'application/json': infer T } } ? T : undefined;
type SuccessStatus = 200 | 201 | 202 | 204;

/** What a route answers on success (the JSON of its 2xx answers; undefined for 204 No Content). */
export type ApiResult<P extends keyof paths, M extends Method = 'get'> =
  Operation<P, M> extends { responses: infer R } ? JsonOf<R[Extract<keyof R, SuccessStatus>]> : never;

/** A route's JSON body. */
export type ApiBody<P extends keyof paths, M extends Method> =
  Operation<P, M> extends { requestBody?: { content: { 'application/json': infer B } } } ? B : never;

/** A route's path and query parameters, as openapi-fetch takes them (`{ path: { id }, query: { ... } }`). */
export type ApiParams<P extends keyof paths, M extends Method = 'get'> = Operation<P, M> extends { parameters: infer X } ? X : never;

type Init<P extends ApiPath<M>, M extends Method> = MaybeOptionalInit<paths[P], M>;
/** The init argument, optional when the route needs neither parameters nor a body. */
type InitArgs<P extends ApiPath<M>, M extends Method> = undefined extends Init<P, M> ? [init?: Init<P, M>] : [init: Init<P, M>];
/** The parameters argument, optional when the route needs none. */
export type ParamsArgs<P extends ApiPath> = Record<never, never> extends ApiParams<P> ? [params?: ApiParams<P>] : [params: ApiParams<P>];

async function call(method: Method, path: string, init: object | undefined): Promise<unknown> {
  const { data } = await api.request(method as 'get', path as ApiPath, init as never);
  return data;
}

/** GET a route; resolves with its answer, throws {@link ApiError} on a non-2xx one. */
export const apiGet = <P extends ApiPath<'get'>>(path: P, ...[init]: InitArgs<P, 'get'>) => call('get', path, init) as Promise<ApiResult<P, 'get'>>;
/** POST to a route (`{}` is sent when there is no body). */
export const apiPost = <P extends ApiPath<'post'>>(path: P, ...[init]: InitArgs<P, 'post'>) => call('post', path, init) as Promise<ApiResult<P, 'post'>>;
export const apiPut = <P extends ApiPath<'put'>>(path: P, ...[init]: InitArgs<P, 'put'>) => call('put', path, init) as Promise<ApiResult<P, 'put'>>;
export const apiPatch = <P extends ApiPath<'patch'>>(path: P, ...[init]: InitArgs<P, 'patch'>) => call('patch', path, init) as Promise<ApiResult<P, 'patch'>>;
export const apiDelete = <P extends ApiPath<'delete'>>(path: P, ...[init]: InitArgs<P, 'delete'>) => call('delete', path, init) as Promise<ApiResult<P, 'delete'>>;

/** Some of a route's parameters: a key prefix (TanStack Query matches keys' objects partially). */
type SomeParams<P extends ApiPath> = { [K in keyof ApiParams<P>]?: Partial<ApiParams<P>[K]> };

/**
 * The TanStack Query key of a GET route: `[path]` or `[path, params]`, the path as the API document writes it
 * (`/api/bookings/{id}`). `apiKey(path)` alone is also the prefix of every key of that route, whatever its
 * parameters: `invalidateQueries({ queryKey: apiKey('/api/bookings/{id}') })` reloads every booking shown; with some
 * parameters, of those that have them.
 */
export function apiKey<P extends ApiPath>(path: P, params?: SomeParams<P>): readonly [P] | readonly [P, SomeParams<P>] {
  return params === undefined ? ([path] as const) : ([path, params] as const);
}

/**
 * The URL of a GET route, for what the browser fetches itself rather than through the client: a download link
 * (`<a href download>`), an image's src.
 */
export function apiHref<P extends ApiPath>(path: P, ...[params]: ParamsArgs<P>): string {
  const { path: pathParams, query } = (params ?? {}) as { path?: Record<string, unknown>; query?: Record<string, unknown> };
  return createFinalURL(path, { baseUrl: '', params: { path: pathParams, query }, querySerializer, pathSerializer: defaultPathSerializer });
}

/** Every path a route's path starts with, at a '/': '/api/admin/users/{id}' gives '/api/admin', '/api/admin/users'... */
type Prefixes<S extends string, Done extends string = ''> = S extends `/${infer Head}/${infer Rest}`
  ? `${Done}/${Head}` | Prefixes<`/${Rest}`, `${Done}/${Head}`>
  : `${Done}${S}`;
export type ApiPrefix = Prefixes<keyof paths & string>;

/**
 * A query filter for every query of the routes under `prefix`, whatever their parameters: e.g.
 * `invalidateQueries(apiQueriesUnder('/api/admin'))` reloads every admin table shown.
 */
export function apiQueriesUnder(prefix: ApiPrefix) {
  return {
    predicate: (query: { queryKey: readonly unknown[] }) => {
      const path = query.queryKey[0];
      return typeof path === 'string' && (path === prefix || path.startsWith(`${prefix}/`));
    },
  };
}

/** The public list route of a listing collection ('hotels' -> '/api/hotels'), as a prefix of its queries. */
export const collectionListPath = (collection: string) => `${API_PREFIX}${collection}` as ApiPrefix;

/** Query options of a GET route (key from {@link apiKey}, typed answer), for useQuery, prefetchQuery, setQueryData... */
export function apiQuery<P extends ApiPath>(path: P, ...[params]: ParamsArgs<P>) {
  return queryOptions({
    queryKey: apiKey(path, params) as readonly unknown[],
    queryFn: ({ signal }) => call('get', path, { params, signal }) as Promise<ApiResult<P>>,
  });
}

/**
 * One page of a paged list route (issue 29: the catalogue lists and the admin tables answer one page at a time):
 * its answer, how many rows match in all (X-Total-Count; null when not sent) and the parameters of the next page
 * (from the Link rel="next" the server sent; null on the last page), to pass back for that page.
 */
export type ApiPage<P extends ApiPath> = { data: ApiResult<P>; total: number | null; next: ApiParams<P> | null };

/** One row of a list route's answer. */
export type ApiRow<P extends ApiPath> = ApiResult<P> extends ReadonlyArray<infer R> ? R : never;

export async function apiPage<P extends ApiPath>(path: P, ...[params]: ParamsArgs<P>): Promise<ApiPage<P>> {
  const { data, response } = await api.GET(path as ApiPath, { params } as never);
  const link = parseNextLink(response.headers.get(LINK_HEADER));
  const next = link === null ? null : ({ ...(params as object), query: Object.fromEntries(new URL(link, ORIGIN).searchParams) } as ApiParams<P>);
  return { data: data as ApiResult<P>, total: parseTotalCount(response.headers.get(TOTAL_COUNT_HEADER)), next };
}

/**
 * Rows of a paged list, following its next pages until `enough` says so, the list ends, or `maxPages` pages were
 * read (a bound, so a caller that filters rows itself never walks a whole catalogue).
 */
export async function collectPages<P extends ApiPath>(
  path: P,
  params: ApiParams<P> | undefined,
  enough: (items: ApiResult<P>) => boolean,
  maxPages = 5,
): Promise<ApiResult<P>> {
  const items: unknown[] = [];
  let next: ApiParams<P> | undefined | null = params;
  for (let page = 0; next !== null && page < maxPages; page++) {
    const got: ApiPage<P> = await apiPage(path, ...([next] as ParamsArgs<P>));
    items.push(...(got.data as unknown[]));
    if (enough(items as ApiResult<P>)) break;
    next = got.next;
  }
  return items as ApiResult<P>;
}

export type ParsedApiError = {
  /** HTTP status, or null when the request never got an answer (offline, DNS, server down). */
  status: number | null;
  /** The server's `message`, or null when the body had none or was not readable JSON. */
  message: string | null;
  /** Field -> message from a 400 validation answer; empty otherwise. */
  errors: Record<string, string>;
  /** False when a body was present but was not JSON of the `{message, errors?}` shape. */
  readable: boolean;
  /** The original error message, for "Unable to connect to server: ..." style texts. */
  raw: string;
};

const STATUS_PREFIX = /^(\d{3}): ([\s\S]*)$/;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Turns an error thrown by the client ({@link ApiError}) (or any other error) into `{status, message, errors}`. */
export function parseApiError(error: unknown): ParsedApiError {
  const raw = error instanceof Error ? error.message : String(error);
  const match = STATUS_PREFIX.exec(raw);
  if (!match) return { status: null, message: null, errors: {}, readable: false, raw };

  const status = Number(match[1]);
  const bodyText = error instanceof ApiError ? error.body : match[2];
  let parsed: unknown;
  try {
    parsed = JSON.parse(bodyText);
  } catch {
    return { status, message: null, errors: {}, readable: false, raw };
  }
  if (!isRecord(parsed)) return { status, message: null, errors: {}, readable: false, raw };

  const errors: Record<string, string> = {};
  if (isRecord(parsed.errors)) {
    for (const [field, msg] of Object.entries(parsed.errors)) {
      if (typeof msg === 'string') errors[field] = msg;
      else if (Array.isArray(msg) && typeof msg[0] === 'string') errors[field] = msg[0];
    }
  }
  const message = typeof parsed.message === 'string' && parsed.message.trim() ? parsed.message : null;
  return { status, message, errors, readable: true, raw };
}

/** True for failures where the request never reached the server (fetch rejected). */
export function isNetworkError(error: unknown): boolean {
  return parseApiError(error).status === null;
}

export type UnauthorizedBehavior = 'returnNull' | 'throw';

/**
 * The default loader, for a query whose key is an {@link apiKey} (`[path, params?]`) and that names no loader of its
 * own: GET that route with those parameters. On 401 throw or return null.
 */
export function getQueryFn<T>(options: { on401: UnauthorizedBehavior }): QueryFunction<T | null> {
  return async ({ queryKey, signal }) => {
    const [path, params] = queryKey as [string, unknown];
    // Only an apiKey names a route and its parameters; any other key must come with its own queryFn.
    if (typeof path !== 'string' || !path.startsWith(API_PREFIX) || path.includes('?') || (params !== undefined && (typeof params !== 'object' || params === null))) {
      throw new Error(`Query key ${JSON.stringify(queryKey)} is not an API key (apiKey) and the query has no queryFn`);
    }
    try {
      return (await call('get', path, { params, signal })) as T;
    } catch (error) {
      if (options.on401 === 'returnNull' && error instanceof ApiError && error.status === 401) return null;
      throw error;
    }
  };
}
