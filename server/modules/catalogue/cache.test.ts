import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REGISTRATION_FORMS } from '../../../domain/onboarding';
import { VALID_SAMPLES } from '../../../domain/onboarding/test-samples';
import { confirmRegistration } from '../onboarding/test-helpers';
import { createAdmin, createTestApp, type TestApp } from '../../testing/test-app';
import { createTwoInstances } from '../../testing/two-instances';
import { ResponseCache } from '../../platform/response-cache';

type Json = Record<string, unknown>;

describe('ResponseCache', () => {
  it('does not store a load that began before an invalidation (a read racing a write cannot bring old data back)', async () => {
    const cache = new ResponseCache({ cacheControl: 'no-cache' });
    let release!: () => void;
    const slow = cache.get('k', () => new Promise((resolve) => (release = () => resolve({ v: 'old' }))));
    cache.invalidate(); // the write commits while the read is still loading
    release();
    expect(JSON.parse((await slow).body.toString())).toEqual({ v: 'old' }); // that read answers what it read...
    const next = await cache.get('k', async () => ({ v: 'new' }));
    expect(JSON.parse(next.body.toString())).toEqual({ v: 'new' }); // ...but the next one loads again
    expect(cache.stats.discarded).toBe(1);
  });

  it('keeps gzip and brotli variants of larger bodies that decompress to the same bytes', async () => {
    const cache = new ResponseCache({ cacheControl: 'no-cache', compressAbove: 100 });
    const small = await cache.get('small', async () => ({ a: 1 }));
    expect(small.gzip).toBeUndefined();
    const big = await cache.get('big', async () => Array.from({ length: 50 }, (_, i) => ({ i, name: `item ${i}` })));
    expect(gunzipSync(big.gzip!).equals(big.body)).toBe(true);
    expect(brotliDecompressSync(big.br!).equals(big.body)).toBe(true);
  });
});

describe('ResponseCache front-door answers', () => {
  /** A one-route app whose answers go through the cache, as the catalogue routes do. */
  async function remembered(cache: ResponseCache, data: unknown) {
    const app = Fastify();
    app.get('/list', (request, reply) => cache.reply(request, reply, 'list', async () => data));
    await app.ready();
    expect((await app.inject({ method: 'GET', url: '/list?a=1', headers: { host: 'h' } })).statusCode).toBe(200);
    await app.close();
  }

  it('answers a remembered URL completely (content-length, encoding, 304) with answers built once, not per request', async () => {
    const cache = new ResponseCache({ cacheControl: 'no-cache', compressAbove: 100 });
    const data = Array.from({ length: 40 }, (_, i) => ({ i, name: `item ${i}` }));
    await remembered(cache, data);
    const json = JSON.stringify(data);

    const plain = cache.answer('GET', '/list?a=1', { host: 'h' })!;
    expect(plain.status).toBe(200);
    expect(plain.body!.toString()).toBe(json);
    expect(plain.headers['content-length']).toBe(String(plain.body!.length));
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['cache-control']).toBe('no-cache');

    const br = cache.answer('GET', '/list?a=1', { host: 'h', 'accept-encoding': 'gzip, br' })!;
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-length']).toBe(String(br.body!.length));
    expect(brotliDecompressSync(br.body!).toString()).toBe(json);
    const gz = cache.answer('GET', '/list?a=1', { host: 'h', 'accept-encoding': 'gzip' })!;
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body!).toString()).toBe(json);

    const notModified = cache.answer('GET', '/list?a=1', { host: 'h', 'if-none-match': plain.headers.etag })!;
    expect(notModified.status).toBe(304);
    expect(notModified.body).toBeUndefined();
    expect(notModified.headers.etag).toBe(plain.headers.etag);

    // The same objects every time: answering a remembered URL copies no headers (ADR 019).
    expect(cache.answer('GET', '/list?a=1', { host: 'h', 'accept-encoding': 'br' })).toBe(br);
    expect(cache.answer('HEAD', '/list?a=1', { host: 'h' })).toBe(plain);
    // Another URL, another host, or a write in between: not answered from memory.
    expect(cache.answer('GET', '/list?a=2', { host: 'h' })).toBeUndefined();
    expect(cache.answer('GET', '/list?a=1', { host: 'other' })).toBeUndefined();
    cache.invalidate();
    expect(cache.answer('GET', '/list?a=1', { host: 'h' })).toBeUndefined();
  });

  it('remembers at most maxUrls URLs, dropping the oldest, and still answers the newest correctly', async () => {
    const cache = new ResponseCache({ cacheControl: 'no-cache', maxUrls: 3 });
    const app = Fastify();
    app.get('/list', (request, reply) => cache.reply(request, reply, 'list', async () => ({ v: 1 })));
    await app.ready();
    for (let i = 0; i < 5; i++) await app.inject({ method: 'GET', url: `/list?n=${i}`, headers: { host: 'h' } });
    await app.close();
    expect(cache.size.urls).toBe(3);
    expect(cache.answer('GET', '/list?n=0', { host: 'h' })).toBeUndefined();
    expect(cache.answer('GET', '/list?n=4', { host: 'h' })?.body?.toString()).toBe('{"v":1}');
  });
});

describe('cached public catalogue on one instance', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = (await createAdmin(t)).cookie;
  });
  afterAll(async () => t?.close());

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
  const patch = (url: string, payload: Json) => t.app.inject({ method: 'PATCH', url, headers: { cookie: admin }, payload });

  it('answers a repeated read with the same bytes, ETag and security headers, and 304 for a matching If-None-Match', async () => {
    const first = await get('/api/hotels');
    const second = await get('/api/hotels');
    expect(second.statusCode).toBe(200);
    expect(second.body).toBe(first.body);
    expect(second.headers.etag).toBe(first.headers.etag);
    for (const h of ['content-security-policy', 'x-frame-options', 'x-content-type-options', 'cache-control', 'content-type']) {
      expect(second.headers[h]).toBe(first.headers[h]);
    }
    expect(second.headers['cache-control']).toBe('no-cache');
    const again = await get('/api/hotels', { 'if-none-match': first.headers.etag as string });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('sends brotli or gzip as the client accepts, decompressing to the identical JSON', async () => {
    const plain = await get('/api/restaurants');
    const br = await get('/api/restaurants', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gz = await get('/api/restaurants', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    const refused = await get('/api/restaurants', { 'accept-encoding': 'br;q=0, gzip;q=0' });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.body).toBe(plain.body);
  });

  it('still refuses a bad filter after good ones were cached', async () => {
    expect((await get('/api/restaurants?cuisine=Italian')).statusCode).toBe(200);
    const bad = await get('/api/restaurants?cuisine=Martian');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty('cuisine');
  });

  it('shows an admin edit and a deactivation in the very next read, plain and filtered, with a new ETag', async () => {
    const before = await get('/api/restaurants');
    const filteredBefore = (await get('/api/restaurants?q=a')).json() as Json[];
    const target = (before.json() as Json[])[0];
    expect((await get('/api/restaurants')).headers.etag).toBe(before.headers.etag);

    expect((await patch(`/api/admin/restaurants/${target.id}`, { name: 'Renamed by the admin a' })).statusCode).toBe(200);
    const after = await get('/api/restaurants');
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect((after.json() as Json[]).find((r) => r.id === target.id)?.name).toBe('Renamed by the admin a');
    const filtered = (await get('/api/restaurants?q=a')).json() as Json[];
    expect(filtered.find((r) => r.id === target.id)?.name).toBe('Renamed by the admin a');
    expect(filtered.length).toBeGreaterThanOrEqual(filteredBefore.length > 0 ? 1 : 0);
    const stale = await get('/api/restaurants', { 'if-none-match': before.headers.etag as string });
    expect(stale.statusCode).toBe(200);

    expect((await patch(`/api/admin/restaurants/${target.id}`, { isActive: false })).statusCode).toBe(200);
    expect(((await get('/api/restaurants')).json() as Json[]).some((r) => r.id === target.id)).toBe(false);
    expect((await get(`/api/restaurants/${target.id}/menu`)).statusCode).toBe(404);
    expect((await patch(`/api/admin/restaurants/${target.id}`, { isActive: true })).statusCode).toBe(200);
    expect(((await get('/api/restaurants')).json() as Json[]).some((r) => r.id === target.id)).toBe(true);
  });

  it('shows an approved registration in the very next read', async () => {
    const hotelsBefore = (await get('/api/hotels')).json() as Json[];
    const sub = await t.app.inject({
      method: 'POST',
      url: REGISTRATION_FORMS.hotel.apiPath,
      payload: { ...VALID_SAMPLES.hotel, name: 'Cache Test Inn' },
    });
    expect(sub.statusCode).toBe(201);
    await confirmRegistration(t, sub.json().id as number);
    const approved = await t.app.inject({ method: 'POST', url: `/api/admin/registrations/${sub.json().id}/approve`, headers: { cookie: admin }, payload: {} });
    expect(approved.statusCode).toBe(200);
    const hotels = (await get('/api/hotels')).json() as Json[];
    expect(hotels).toHaveLength(hotelsBefore.length + 1);
    expect(hotels.some((h) => h.name === 'Cache Test Inn')).toBe(true);
  });

  it('caches location answers with their public max-age and the same results', async () => {
    const a = await get('/api/locations?q=toronto');
    const b = await get('/api/locations?q=toronto');
    expect(b.statusCode).toBe(200);
    expect(b.body).toBe(a.body);
    expect(b.headers['cache-control']).toBe('public, max-age=3600');
    expect((await get('/api/locations?q=t')).statusCode).toBe(400);
  });
});

/** PostgreSQL + Redis: each instance caches in its own memory; a write on one must show in the next read on the other. */
describe.runIf(process.env.DATABASE_URL && process.env.REDIS_URL)('cached catalogue on two instances', () => {
  let both: Awaited<ReturnType<typeof createTwoInstances>>;
  let adminA: string;
  beforeAll(async () => {
    both = await createTwoInstances();
    adminA = (await createAdmin(both.a)).cookie;
  });
  afterAll(async () => both?.close());

  it('an admin edit on A shows in the very next read on B, every time', async () => {
    const { a, b } = both;
    const getB = (url: string) => b.app.inject({ method: 'GET', url });
    const [target] = (await getB('/api/cars')).json() as Json[];
    for (let round = 1; round <= 5; round++) {
      // B holds the list (twice: the second read is a cache hit).
      await getB('/api/cars');
      await getB('/api/cars?category=SUV');
      const model = `Edited on A, round ${round}`;
      const res = await a.app.inject({ method: 'PATCH', url: `/api/admin/cars/${target.id}`, headers: { cookie: adminA }, payload: { model } });
      expect(res.statusCode).toBe(200);
      expect(((await getB('/api/cars')).json() as Json[]).find((c) => c.id === target.id)?.model).toBe(model);
    }
    const off = await a.app.inject({ method: 'PATCH', url: `/api/admin/cars/${target.id}`, headers: { cookie: adminA }, payload: { isActive: false } });
    expect(off.statusCode).toBe(200);
    expect(((await getB('/api/cars')).json() as Json[]).some((c) => c.id === target.id)).toBe(false);
  });

  it("a provider's rename on A is found by the very next search on B, and the old name no longer is", async () => {
    const { a, b } = both;
    const search = async (q: string) => ((await b.app.inject({ method: 'GET', url: `/api/search?q=${encodeURIComponent(q)}&kind=hotel` })).json() as { items: Json[] }).items;
    const [hotel] = (await b.app.inject({ method: 'GET', url: '/api/hotels' })).json() as Json[];
    for (const name of ['Quokka Cove Lodge', 'Wombat Ridge Inn']) {
      const res = await a.app.inject({ method: 'PATCH', url: `/api/admin/hotels/${hotel.id}`, headers: { cookie: adminA }, payload: { name } });
      expect(res.statusCode).toBe(200);
      expect((await search(name))[0]).toMatchObject({ id: hotel.id, name });
    }
    expect((await search('quokka cove')).some((h) => h.id === hotel.id)).toBe(false);
  });
});
