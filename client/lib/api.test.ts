import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, getQueryFn, parseApiError, queryKeyToUrl } from './api';
import { EARLY_DATA } from './early-data';

afterEach(() => vi.unstubAllGlobals());

describe('apiRequest', () => {
  it('sends mutations as JSON with credentials, {} when there is no data', async () => {
    const fetchMock = vi.fn(async () => new Response('{}', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    await apiRequest('POST', '/api/auth/logout');
    expect(fetchMock).toHaveBeenCalledWith('/api/auth/logout', expect.objectContaining({ method: 'POST', credentials: 'include', body: '{}' }));
    const init = (fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1];
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it('throws "<status>: <body>" on a non-2xx answer', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('{"message":"Invalid credentials"}', { status: 401, statusText: 'Unauthorized' })));
    await expect(apiRequest('POST', '/api/auth/login', { email: 'a', password: 'b' })).rejects.toThrow('401: {"message":"Invalid credentials"}');
  });

  it('falls back to the status text when the body is empty', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('', { status: 503, statusText: 'Service Unavailable' })));
    await expect(apiRequest('GET', '/api/health')).rejects.toThrow('503: Service Unavailable');
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

describe('getQueryFn', () => {
  it('joins the key with "/" and returns null on 401 when asked', async () => {
    const fetchMock = vi.fn(async () => new Response('{"message":"no"}', { status: 401 }));
    vi.stubGlobal('fetch', fetchMock);
    const fn = getQueryFn<unknown>({ on401: 'returnNull' });
    const context = { queryKey: ['/api/tracking', 7], signal: new AbortController().signal, meta: undefined } as unknown as Parameters<typeof fn>[0];
    await expect(fn(context)).resolves.toBeNull();
    expect((fetchMock.mock.calls[0] as unknown as [string])[0]).toBe('/api/tracking/7');
    await expect(getQueryFn<unknown>({ on401: 'throw' })(context)).rejects.toThrow(/^401: /);
  });

  it("takes a response the boot script asked for early once, and asks again if that one failed", async () => {
    const fetchMock = vi.fn(async () => new Response('{"from":"fetch"}', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    const early: Record<string, Promise<Response>> = {
      '/api/tracking/GL%2042': Promise.resolve(new Response('{"from":"early"}', { status: 200 })),
      '/api/config': Promise.reject(new TypeError('Failed to fetch')),
    };
    vi.stubGlobal('window', { [EARLY_DATA]: early });
    const fn = getQueryFn<{ from: string }>({ on401: 'throw' });
    const context = (queryKey: unknown[]) => ({ queryKey, signal: new AbortController().signal, meta: undefined }) as unknown as Parameters<typeof fn>[0];
    await expect(fn(context(['/api/tracking', 'GL 42']))).resolves.toEqual({ from: 'early' });
    expect(fetchMock).not.toHaveBeenCalled();
    // Handed out once: the next query for the same URL goes to the network.
    await expect(fn(context(['/api/tracking', 'GL 42']))).resolves.toEqual({ from: 'fetch' });
    await expect(fn(context(['/api/config']))).resolves.toEqual({ from: 'fetch' });
    expect(fetchMock.mock.calls.map((c) => (c as unknown as [string])[0])).toEqual(['/api/tracking/GL%2042', '/api/config']);
  });

  it('encodes value segments so they cannot change the path', () => {
    expect(queryKeyToUrl(['/api/tracking', 'a/b?c#d'])).toBe('/api/tracking/a%2Fb%3Fc%23d');
    expect(queryKeyToUrl(['/api/restaurants?q=x y'])).toBe('/api/restaurants?q=x y');
  });

  it('ignores non-string segments', () => {
    expect(queryKeyToUrl(['/api/auth/me'])).toBe('/api/auth/me');
    expect(queryKeyToUrl(['/api/hotels', { city: 'x' }])).toBe('/api/hotels');
  });
});
