import { describe, expect, it } from 'vitest';
import { deferred, mockFetch } from './mock-fetch';

describe('mockFetch', () => {
  it('answers a URL and init (a plain fetch) by method and path, with JSON and headers', async () => {
    const server = mockFetch({ 'GET /api/search': { body: { items: [] }, headers: { 'X-Total-Count': '0', Link: undefined } } });

    const res = await fetch('/api/search?kind=hotel&q=lisbon', { headers: { Accept: 'application/json' } });

    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(res.headers.get('x-total-count')).toBe('0');
    expect(res.headers.has('link')).toBe(false);
    expect(await res.json()).toEqual({ items: [] });
    expect(server.calls.map((c) => [c.method, c.path, c.query.get('q')])).toEqual([['GET', '/api/search', 'lisbon']]);
  });

  it('reads a Request object (openapi-fetch) with its method, path parameters and JSON body', async () => {
    const server = mockFetch({ 'PATCH /api/provider/listings/:kind/:id': (request) => ({ status: 201, body: { ...(request.body as object), id: Number(request.params.id) } }) });

    const res = await fetch(new Request('http://localhost:5173/api/provider/listings/hotels/12', { method: 'PATCH', body: JSON.stringify({ isActive: false }) }));

    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ isActive: false, id: 12 });
    expect(server.requests('PATCH /api/provider/listings/:kind/:id').map((r) => [r.params, r.body])).toEqual([[{ kind: 'hotels', id: '12' }, { isActive: false }]]);
    expect(server.requests('GET /api/provider/listings/:kind/:id')).toEqual([]);
  });

  it('answers an unknown route with 404 and keeps it aside', async () => {
    const server = mockFetch({ 'GET /api/services': { body: [] } });

    const res = await fetch('/api/services', { method: 'POST', body: '{}' });

    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: 'No mock for POST /api/services' });
    expect(server.unhandled.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /api/services']);
  });

  it('replaces a route with use(), and fails a request given up on as fetch does', async () => {
    const server = mockFetch({ 'GET /api/config': { body: { a: 1 } } });
    server.use({ 'GET /api/config': { body: { a: 2 } } });
    expect(await (await fetch('/api/config')).json()).toEqual({ a: 2 });

    const gate = deferred();
    server.use({
      'GET /api/config': async () => {
        await gate.promise;
        return { body: { a: 3 } };
      },
    });
    const controller = new AbortController();
    const pending = fetch('/api/config', { signal: controller.signal });
    controller.abort();
    gate.resolve();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('is gone after the test that set it', () => {
    expect(typeof fetch).toBe('function');
    expect('mock' in fetch).toBe(false);
  });
});
