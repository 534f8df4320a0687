import { afterEach, vi } from 'vitest';

/**
 * A stand-in for the server in component tests: `globalThis.fetch` answers by method and path ("GET /api/search",
 * "PATCH /api/provider/listings/:kind/:id") with the JSON a test gives, and records every request so a test can say
 * what was asked. The client reaches the server only through fetch (client/lib/api.ts, the search, openapi-fetch,
 * which passes a Request object), so both call shapes are read here. Restored after each test.
 */

/** A request as the mock saw it. */
export type MockRequest = {
  method: string;
  url: URL;
  /** The path, without the query string. */
  path: string;
  query: URLSearchParams;
  /** `:name` segments of the route that matched. */
  params: Record<string, string>;
  /** The body parsed as JSON; the raw text when it is not JSON; a FormData as is; undefined without a body. */
  body: unknown;
};

/** What the mock answers: `body` is sent as JSON (none for undefined); status 200 unless given; undefined headers are left out. */
export type MockReply = { status?: number; body?: unknown; headers?: Record<string, string | undefined> };

export type MockRoute = MockReply | ((request: MockRequest) => MockReply | Promise<MockReply>);

/** "METHOD /path" (with `:name` segments) -> the reply, or a function of the request that returns it. */
export type MockRoutes = Record<string, MockRoute>;

export type FetchMock = {
  /** Every request, oldest first. */
  readonly calls: MockRequest[];
  /** Requests no route answered (each got a 404 `{message}`). */
  readonly unhandled: MockRequest[];
  /** The requests of one route ("GET /api/search"), oldest first. */
  requests: (route: string) => MockRequest[];
  /** Adds or replaces routes (a later answer of the same route). */
  use: (routes: MockRoutes) => void;
};

type CompiledRoute = { key: string; method: string; pattern: RegExp; names: string[]; route: MockRoute };

/** Where relative URLs are resolved (the page's origin in the tests' DOM does not matter: only paths are matched). */
const BASE = 'http://localhost';

function compile(key: string, route: MockRoute): CompiledRoute {
  const match = /^([A-Z]+) (\/\S*)$/.exec(key);
  if (!match) throw new Error(`mockFetch: a route is "METHOD /path", not "${key}"`);
  const names: string[] = [];
  const source = match[2]
    .split('/')
    .map((segment) => {
      if (!segment.startsWith(':')) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      names.push(segment.slice(1));
      return '([^/]+)';
    })
    .join('/');
  return { key, method: match[1], pattern: new RegExp(`^${source}$`), names, route };
}

/** A Request object (openapi-fetch passes one), told apart by shape: the test DOM and Node each have their own class. */
function isRequest(input: RequestInfo | URL): input is Request {
  return typeof input === 'object' && 'url' in input && 'method' in input && typeof input.clone === 'function';
}

async function readBody(input: RequestInfo | URL, init: RequestInit | undefined): Promise<unknown> {
  let raw: unknown = init?.body;
  if (raw === undefined && isRequest(input)) {
    const text = await input.clone().text();
    raw = text === '' ? undefined : text;
  }
  if (typeof raw !== 'string') return raw ?? undefined;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return raw;
  }
}

function target(input: RequestInfo | URL, init: RequestInit | undefined): { method: string; url: URL } {
  if (isRequest(input)) return { method: (init?.method ?? input.method).toUpperCase(), url: new URL(input.url, BASE) };
  return { method: (init?.method ?? 'GET').toUpperCase(), url: new URL(String(input), BASE) };
}

/** A Response as fetch would give it: JSON with the reply's status and headers. */
function respond(reply: MockReply): Response {
  const status = reply.status ?? 200;
  const text = reply.body === undefined ? null : JSON.stringify(reply.body);
  const headers = new Headers();
  for (const [name, value] of Object.entries(reply.headers ?? {})) if (value !== undefined) headers.set(name, value);
  if (text !== null && !headers.has('Content-Type')) headers.set('Content-Type', 'application/json');
  return new Response(status === 204 ? null : text, { status, headers });
}

/**
 * Replaces fetch for this test with answers by route; an unknown route gets 404 `{message: "No mock for ..."}` and is
 * kept in `unhandled`. Routes are matched on the path alone; read `query` to answer by parameters.
 */
export function mockFetch(routes: MockRoutes = {}): FetchMock {
  const compiled = new Map<string, CompiledRoute>();
  const calls: MockRequest[] = [];
  const unhandled: MockRequest[] = [];
  const addRoutes = (next: MockRoutes) => {
    for (const [key, route] of Object.entries(next)) compiled.set(key, compile(key, route));
  };
  addRoutes(routes);

  const fetchStub = vi.fn(async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const { method, url } = target(input, init);
    const signal = init?.signal ?? (isRequest(input) ? input.signal : undefined);
    const request: MockRequest = { method, url, path: url.pathname, query: url.searchParams, params: {}, body: await readBody(input, init) };
    calls.push(request);
    for (const candidate of compiled.values()) {
      if (candidate.method !== method) continue;
      const found = candidate.pattern.exec(url.pathname);
      if (!found) continue;
      candidate.names.forEach((name, i) => (request.params[name] = decodeURIComponent(found[i + 1])));
      const reply = typeof candidate.route === 'function' ? await candidate.route(request) : candidate.route;
      // A request the page gave up on (a query cancelled by a newer one) fails as fetch would.
      if (signal?.aborted) throw new DOMException('The operation was aborted.', 'AbortError');
      return respond(reply);
    }
    unhandled.push(request);
    return respond({ status: 404, body: { message: `No mock for ${method} ${url.pathname}` } });
  });
  vi.stubGlobal('fetch', fetchStub);

  return {
    calls,
    unhandled,
    requests: (route) => {
      const { method, pattern } = compile(route, {});
      return calls.filter((c) => c.method === method && pattern.test(c.path));
    },
    use: addRoutes,
  };
}

/** A promise settled from outside: a reply held back until the test has seen the loading state. */
export function deferred<T = void>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

afterEach(() => {
  vi.unstubAllGlobals();
});
