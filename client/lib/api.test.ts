import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiGet, apiKey, apiPage, apiPost, apiQuery, getQueryFn, parseApiError } from './api';
import { EARLY_DATA } from './early-data';

afterEach(() => vi.unstubAllGlobals());

/** A fetch stand-in answering `reply`, recording each request (openapi-fetch passes a Request). */
function stubFetch(reply: (request: Request) => Response) {
  const requests: Request[] = [];
  const mock = vi.fn(async (input: Request) => {
    requests.push(input);
    return reply(input);
  });
  vi.stubGlobal('fetch', mock);
  return requests;
}

const json = (body: unknown, init: ResponseInit = {}) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' }, ...init });

describe('the API client', () => {
  it('sends mutations as JSON with credentials, {} when there is no body', async () => {
    const requests = stubFetch(() => json({ ok: true }));
    await apiPost('/api/auth/logout');
    const [request] = requests;
    expect(new URL(request.url).pathname).toBe('/api/auth/logout');
    expect(request.method).toBe('POST');
    expect(request.credentials).toBe('include');
    expect(request.headers.get('content-type')).toBe('application/json');
    expect(await request.text()).toBe('{}');
  });

  it('sends a body as JSON and path and query parameters in the URL, leaving out empty ones', async () => {
    const requests = stubFetch(() => json([]));
    await apiPost('/api/auth/login', { body: { email: 'a@example.com', password: 'pw' } });
    expect(await requests[0].json()).toEqual({ email: 'a@example.com', password: 'pw' });
    await apiGet('/api/tracking/{id}', { params: { path: { id: 'GL 4/2' } } });
    expect(new URL(requests[1].url).pathname).toBe('/api/tracking/GL%204%2F2');
    await apiGet('/api/hotels', { params: { query: { location: '', guests: 2 } } });
    expect(new URL(requests[2].url).search).toBe('?guests=2');
    expect(requests[2].method).toBe('GET');
  });

  it('throws "<status>: <body>" on a non-2xx answer, the status text when the body is empty', async () => {
    stubFetch(() => new Response('{"message":"Invalid credentials"}', { status: 401, statusText: 'Unauthorized' }));
    const refused = apiPost('/api/auth/login', { body: { email: 'a', password: 'b' } });
    await expect(refused).rejects.toThrow('401: {"message":"Invalid credentials"}');
    await expect(refused).rejects.toBeInstanceOf(ApiError);
    stubFetch(() => new Response('', { status: 503, statusText: 'Service Unavailable' }));
    await expect(apiGet('/api/health')).rejects.toThrow('503: Service Unavailable');
  });

  it('reads a page: its rows, the total and the next page as parameters', async () => {
    const requests = stubFetch(() => json([{ id: 1 }], { headers: { 'x-total-count': '3', link: '</api/provider/orders?limit=1&cursor=abc>; rel="next"' } }));
    const page = await apiPage('/api/provider/orders', { query: { limit: 1 } });
    expect(page).toMatchObject({ total: 3, next: { query: { limit: '1', cursor: 'abc' } } });
    await apiPage('/api/provider/orders', page.next!);
    expect(new URL(requests[1].url).search).toBe('?limit=1&cursor=abc');
  });
});

describe('query keys and the default loader', () => {
  it('keys a route by its path and parameters, and the path alone is a prefix of them all', async () => {
    stubFetch(() => json({ id: 7 }));
    const client = new QueryClient({ defaultOptions: { queries: { queryFn: getQueryFn({ on401: 'throw' }), retry: false } } });
    const one = apiQuery('/api/bookings/{id}', { path: { id: 7 } });
    expect(one.queryKey).toEqual(['/api/bookings/{id}', { path: { id: 7 } }]);
    await client.fetchQuery(one);
    // The default loader reads the same key.
    await client.fetchQuery({ queryKey: apiKey('/api/bookings/{id}', { path: { id: 8 } }) });
    expect(client.getQueriesData({ queryKey: apiKey('/api/bookings/{id}') })).toHaveLength(2);
  });

  it('returns null on 401 when asked', async () => {
    stubFetch(() => new Response('{"message":"no"}', { status: 401 }));
    const fn = getQueryFn<unknown>({ on401: 'returnNull' });
    const context = { queryKey: apiKey('/api/auth/me'), signal: new AbortController().signal, meta: undefined } as unknown as Parameters<typeof fn>[0];
    await expect(fn(context)).resolves.toBeNull();
    await expect(getQueryFn<unknown>({ on401: 'throw' })(context)).rejects.toThrow(/^401: /);
  });

  it('takes a response the boot script asked for early once, and asks again if that one failed', async () => {
    const requests = stubFetch(() => json({ from: 'fetch' }));
    const early: Record<string, Promise<Response>> = {
      '/api/tracking/GL%2042': Promise.resolve(json({ from: 'early' })),
      '/api/config': Promise.reject(new TypeError('Failed to fetch')),
    };
    early['/api/config'].catch(() => undefined);
    vi.stubGlobal('window', { [EARLY_DATA]: early });
    const tracking = { params: { path: { id: 'GL 42' } } };
    await expect(apiGet('/api/tracking/{id}', tracking)).resolves.toEqual({ from: 'early' });
    expect(requests).toHaveLength(0);
    // Handed out once: the next query for the same URL goes to the network.
    await expect(apiGet('/api/tracking/{id}', tracking)).resolves.toEqual({ from: 'fetch' });
    await expect(apiGet('/api/config')).resolves.toEqual({ from: 'fetch' });
    expect(requests.map((r) => new URL(r.url).pathname)).toEqual(['/api/tracking/GL%2042', '/api/config']);
  });
});

describe('parseApiError', () => {
  it('reads message and field errors, also from a plain Error message', () => {
    const parsed = parseApiError(new Error('400: {"message":"Validation failed","errors":{"email":"Please enter a valid email address"}}'));
    expect(parsed).toMatchObject({ status: 400, message: 'Validation failed', readable: true, errors: { email: 'Please enter a valid email address' } });
  });

  it('marks an unreadable body and a network failure', () => {
    expect(parseApiError(new ApiError(500, 'Internal Server Error', '<html>'))).toMatchObject({ status: 500, message: null, readable: false });
    expect(parseApiError(new TypeError('Failed to fetch'))).toMatchObject({ status: null, raw: 'Failed to fetch' });
  });
});
