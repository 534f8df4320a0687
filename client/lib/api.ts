import type { QueryFunction, QueryKey } from '@tanstack/react-query';
import { takeEarlyResponse } from './early-data';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

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

async function throwIfResNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  let body = '';
  try {
    body = await res.text();
  } catch {
    body = '';
  }
  throw new ApiError(res.status, res.statusText, body);
}

const MUTATING = new Set<HttpMethod>(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Sends a request with the session cookie. A state-changing call always carries a JSON body (`{}` when there
 * is no data) because the server refuses anything else (CSRF defence). Throws {@link ApiError} on non-2xx.
 */
export async function apiRequest(method: HttpMethod, url: string, data?: unknown): Promise<Response> {
  // GET cannot carry a body (fetch rejects it); put GET parameters in the URL.
  const hasBody = MUTATING.has(method);
  const res = await fetch(url, {
    method,
    credentials: 'include',
    headers: hasBody ? { 'Content-Type': 'application/json', Accept: 'application/json' } : { Accept: 'application/json' },
    body: hasBody ? JSON.stringify(data ?? {}) : undefined,
  });
  await throwIfResNotOk(res);
  return res;
}

/** {@link apiRequest} and parse the JSON reply (`null` for an empty body, e.g. 204). */
export async function apiJson<T>(method: HttpMethod, url: string, data?: unknown): Promise<T> {
  const res = await apiRequest(method, url, data);
  const text = await res.text();
  return (text ? JSON.parse(text) : null) as T;
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

/** Turns an error thrown by {@link apiRequest} (or any other error) into `{status, message, errors}`. */
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
 * Builds a URL from a query key: string and number segments joined with '/', e.g. ['/api/tracking', 7]. The first
 * segment is the path as written; later ones are values (ids typed by a user) and are percent-encoded so that a
 * '/', '?' or '#' inside them cannot change the path.
 */
export function queryKeyToUrl(queryKey: QueryKey): string {
  return queryKey
    .filter((segment): segment is string | number => typeof segment === 'string' || typeof segment === 'number')
    .map((segment, i) => (i === 0 ? String(segment) : encodeURIComponent(String(segment))))
    .join('/');
}

/** Default loader: GET the joined key with credentials and parse JSON. On 401 throw or return null. */
export function getQueryFn<T>(options: { on401: UnauthorizedBehavior }): QueryFunction<T | null> {
  return async ({ queryKey, signal }) => {
    const url = queryKeyToUrl(queryKey);
    const get = () => fetch(url, { credentials: 'include', headers: { Accept: 'application/json' }, signal });
    // The same request may already be on its way, started by the document's boot script; if that one failed to
    // reach the server, it is asked again.
    const early = takeEarlyResponse(url);
    const res = await (early ? early.catch(get) : get());
    if (options.on401 === 'returnNull' && res.status === 401) return null;
    await throwIfResNotOk(res);
    return (await res.json()) as T;
  };
}
