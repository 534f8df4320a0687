import { and, eq, getTableName, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flightCityMatches } from '../../../domain/catalogue/filters';
import { decodeCursor, encodeCursor, parseNextLink } from '../../../domain/catalogue/paging';
import { addDays, earliestTravelDay } from '../../../domain/catalogue/pricing';
import { additionalServices, cars, flights, generalServices, hotels, properties, restaurants, shippingRates, taxiRides } from '../../db/schema';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { locationDirectory } from '../locations';

type Json = Record<string, unknown>;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

const LISTS = [
  ['/api/restaurants', restaurants],
  ['/api/hotels', hotels],
  ['/api/flights', flights],
  ['/api/shipping-rates', shippingRates],
  ['/api/cars', cars],
  ['/api/taxi-rides', taxiRides],
  ['/api/properties', properties],
  ['/api/services', additionalServices],
  ['/api/general-services', generalServices],
] as const;
type ListingTable = (typeof LISTS)[number][1];

/** Adds a copy of the table's first row (active) and announces it as the product does: 'catalogue.changed'. */
async function addCopy(table: ListingTable): Promise<number> {
  const t0 = table as typeof hotels;
  return t.ctx.events.transaction(async (tx, emit) => {
    const [row] = await tx.select().from(t0).orderBy(t0.id).limit(1);
    const { id: _id, ...copy } = row;
    const [added] = await tx.insert(t0).values({ ...copy, isActive: true }).returning({ id: t0.id });
    await emit('catalogue.changed', { kind: getTableName(table), id: added.id });
    return added.id;
  });
}

async function activeIds(table: ListingTable, where?: ReturnType<typeof sql>): Promise<number[]> {
  const t0 = table as typeof hotels;
  const rows = await t.database.db.select({ id: t0.id }).from(t0).where(and(eq(t0.isActive, true), where)).orderBy(t0.id);
  return rows.map((r) => r.id);
}

const total = (res: LightMyRequestResponse) => Number(res.headers['x-total-count']);
const next = (res: LightMyRequestResponse) => parseNextLink(res.headers.link as string | undefined);

describe('paged catalogue lists (limit, cursor, X-Total-Count, Link)', () => {
  it.each(LISTS)('%s pages through every active row exactly once while rows are added between pages', async (path, table) => {
    // Two more rows than the seed may have, so there are several pages of 2 even for the shortest list.
    await addCopy(table);
    await addCopy(table);
    const seen: number[] = [];
    const added: number[] = [];
    let url: string | null = `${path}?limit=2`;
    let pages = 0;
    while (url) {
      const res = await get(url);
      expect(res.statusCode, res.body).toBe(200);
      const items = res.json() as Json[];
      expect(Array.isArray(items)).toBe(true);
      expect(items.length).toBeLessThanOrEqual(2);
      seen.push(...items.map((i) => i.id as number));
      // The total counts every active row now, on every page.
      expect(total(res)).toBe((await activeIds(table)).length);
      url = next(res);
      if (url) {
        expect(items).toHaveLength(2);
        expect(url.startsWith(`${path}?limit=2&cursor=`)).toBe(true);
      }
      // A row is added between the first pages: it comes at the end, and nothing shifts.
      if (pages < 2) added.push(await addCopy(table));
      pages += 1;
      expect(pages).toBeLessThan(100);
    }
    expect(pages).toBeGreaterThan(1);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual(await activeIds(table));
    for (const id of added) expect(seen).toContain(id);
  });

  it('gives the first 50 by default, with the Link to the rest, and no Link on the last page', async () => {
    while ((await activeIds(restaurants)).length <= 55) await addCopy(restaurants);
    const all = await activeIds(restaurants);
    const first = await get('/api/restaurants');
    expect((first.json() as Json[]).map((r) => r.id)).toEqual(all.slice(0, 50));
    expect(total(first)).toBe(all.length);
    expect(first.headers.link).toBe(`</api/restaurants?cursor=${encodeCursor(all[49])}>; rel="next"`);
    const rest = await get(next(first)!);
    expect((rest.json() as Json[]).map((r) => r.id)).toEqual(all.slice(50));
    expect(rest.headers.link).toBeUndefined();
    expect(total(rest)).toBe(all.length);
    const max = await get('/api/restaurants?limit=100');
    expect((max.json() as Json[]).length).toBe(Math.min(100, all.length));
  });

  it('keeps the filters in the Link, and pages a filtered list by its matches', async () => {
    const italian = await activeIds(restaurants, sql`lower(${restaurants.cuisine}) = 'italian'`);
    expect(italian.length).toBeGreaterThan(1);
    const seen: number[] = [];
    let url: string | null = '/api/restaurants?cuisine=italian&limit=1';
    while (url) {
      const res = await get(url);
      expect(total(res)).toBe(italian.length);
      seen.push(...(res.json() as Json[]).map((r) => r.id as number));
      url = next(res);
      if (url) expect(url).toMatch(/^\/api\/restaurants\?cuisine=italian&limit=1&cursor=/);
    }
    expect(seen).toEqual(italian);
  });

  it('pages a dated search (never cached) the same way', async () => {
    const checkIn = addDays(earliestTravelDay(), 10);
    const checkOut = addDays(checkIn, 2);
    const seen: number[] = [];
    let url: string | null = `/api/hotels?checkIn=${checkIn}&checkOut=${checkOut}&limit=3`;
    let first = true;
    while (url) {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(total(res)).toBe((await activeIds(hotels)).length);
      for (const h of res.json() as Json[]) {
        expect(h.unitsLeft).toEqual(expect.any(Number));
        seen.push(h.id as number);
      }
      url = next(res);
      if (url) expect(url).toContain(`checkIn=${checkIn}&checkOut=${checkOut}&limit=3&cursor=`);
      if (first) await addCopy(hotels);
      first = false;
    }
    expect(seen).toEqual(await activeIds(hotels));
  });

  it.each([
    ['limit=0', 'limit', 'Limit must be a whole number from 1 to 100'],
    ['limit=101', 'limit', 'Limit must be a whole number from 1 to 100'],
    ['limit=abc', 'limit', 'Limit must be a whole number from 1 to 100'],
    ['limit=2.5', 'limit', 'Limit must be a whole number from 1 to 100'],
    ['cursor=garbage!', 'cursor', 'Cursor is not valid'],
    ['cursor=abc', 'cursor', 'Cursor is not valid'],
    [`cursor=${Buffer.from('id:99999999999').toString('base64url')}`, 'cursor', 'Cursor is not valid'],
  ])('refuses %s with a 400 naming the field', async (query, field, message) => {
    for (const [path] of LISTS) {
      const res = await get(`${path}?${query}`);
      expect(res.statusCode, `${path}?${query}`).toBe(400);
      expect(res.json().errors?.[field]).toBe(message);
    }
  });

  it('reads an empty limit or cursor as absent', async () => {
    const res = await get('/api/taxi-rides?limit=&cursor=');
    expect(res.statusCode).toBe(200);
    expect(total(res)).toBe((res.json() as Json[]).length);
  });

  it('answers a cursor past the end with an empty last page', async () => {
    const res = await get(`/api/cars?cursor=${encodeCursor(2_000_000_000)}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
    expect(res.headers.link).toBeUndefined();
    expect(total(res)).toBe((await activeIds(cars)).length);
  });
});

describe('cached pages', () => {
  it('replays X-Total-Count and Link on a cache hit and on a 304, and a change shows in the next read', async () => {
    await addCopy(shippingRates);
    const url = '/api/shipping-rates?limit=2';
    const first = await get(url);
    expect(first.statusCode).toBe(200);
    const count = total(first);
    expect(first.headers.link).toMatch(/^<\/api\/shipping-rates\?limit=2&cursor=[A-Za-z0-9_-]+>; rel="next"$/);

    // A row written behind the product's back (no 'catalogue.changed'): the answer still comes from the cache,
    // headers and all, which shows the hit replays them.
    await t.database.db.insert(shippingRates).values({ ...(await t.database.db.select().from(shippingRates).limit(1))[0], id: undefined });
    const hit = await get(url);
    expect(hit.body).toBe(first.body);
    expect(hit.headers.etag).toBe(first.headers.etag);
    expect(hit.headers['x-total-count']).toBe(String(count));
    expect(hit.headers.link).toBe(first.headers.link);

    // Another spelling of the same query (an empty cursor) is the same cache entry, answered past the front door.
    const sameKey = await get(`${url}&cursor=`);
    expect(sameKey.body).toBe(first.body);
    expect(sameKey.headers['x-total-count']).toBe(String(count));
    expect(sameKey.headers.link).toBe(first.headers.link);

    const notModified = await get(url, { 'if-none-match': first.headers.etag as string });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.headers['x-total-count']).toBe(String(count));
    expect(notModified.headers.link).toBe(first.headers.link);

    // The product's own change ('catalogue.changed') empties the cache: the next read counts both new rows, and the
    // page's ETag changes with its total although its two rows are the same.
    await addCopy(shippingRates);
    const after = await get(url);
    expect(total(after)).toBe(count + 2);
    expect(after.body).toBe(first.body);
    expect(after.headers.etag).not.toBe(first.headers.etag);
    expect((await get(url, { 'if-none-match': first.headers.etag as string })).statusCode).toBe(200);
  });

  it('keys each page by its cursor and limit', async () => {
    const a = await get('/api/properties?limit=2');
    const b = await get(next(a)!);
    const a1 = await get('/api/properties?limit=1');
    expect((a.json() as Json[]).map((p) => p.id)).not.toEqual((b.json() as Json[]).map((p) => p.id));
    expect((a1.json() as Json[]).map((p) => p.id)).toEqual((a.json() as Json[]).slice(0, 1).map((p) => p.id));
    expect(a1.headers.link).not.toBe(a.headers.link);
  });
});

describe('flight cities are matched in SQL as flightCityMatches matches them', () => {
  const cities = ['Montréal', 'São Paulo', 'Zürich', 'New York', 'Toronto', 'ÅLESUND'];
  beforeAll(async () => {
    const [row] = await t.database.db.select().from(flights).limit(1);
    const { id: _id, ...copy } = row;
    await t.ctx.events.transaction(async (tx, emit) => {
      for (const [i, from] of cities.entries()) {
        await tx.insert(flights).values({ ...copy, flightNumber: `PG${i}`, departureCity: from, arrivalCity: cities[(i + 1) % cities.length], isActive: true });
      }
      await emit('catalogue.changed', { kind: 'flights', id: 0 });
    });
  });

  it.each([
    'montreal',
    'Montréal, Quebec, Canada',
    'MONTREAL',
    'sao paulo',
    'São Paulo',
    'zurich',
    'Ålesund',
    'alesund',
    'New York City',
    'new york',
    'New',
    'Toronto Pearson International Airport (YYZ)',
    'Lester B Pearson International Airport (YYZ)',
    'Torontonian',
    'Tor',
    '(YYZ)',
    '%',
    "o'hare",
  ])('from=%s lists exactly the flights flightCityMatches accepts', async (input) => {
    const all = await t.database.db.select().from(flights).where(eq(flights.isActive, true)).orderBy(flights.id);
    const { cityOfIata } = locationDirectory();
    const expected = all.filter((f) => flightCityMatches(input, f.departureCity, cityOfIata)).map((f) => f.id);
    const res = await get(`/api/flights?from=${encodeURIComponent(input)}&limit=100`);
    expect(res.statusCode).toBe(200);
    expect((res.json() as Json[]).map((f) => f.id)).toEqual(expected);
    expect(total(res)).toBe(expected.length);
  });

  it('finds the accented cities by their plain spelling, on both ends', async () => {
    const res = await get('/api/flights?from=Sao%20Paulo&to=zurich');
    expect((res.json() as Json[]).map((f) => [f.departureCity, f.arrivalCity])).toEqual([['São Paulo', 'Zürich']]);
  });
});

describe('the API document', () => {
  it('documents limit and cursor, and the X-Total-Count and Link headers of each paged list', async () => {
    const doc = (await get('/api/openapi.json')).json() as {
      paths: Record<string, { get: { parameters?: Array<{ name: string; in: string }>; responses: Record<string, { headers?: Record<string, unknown> }> } }>;
    };
    for (const [path] of LISTS) {
      const op = doc.paths[path].get;
      expect(op.parameters?.filter((p) => p.in === 'query').map((p) => p.name), path).toEqual(expect.arrayContaining(['limit', 'cursor']));
      expect(Object.keys(op.responses['200'].headers ?? {}), path).toEqual(['X-Total-Count', 'Link']);
    }
  });
});

describe('cursors', () => {
  it('are opaque text that round-trips an id, and refuse anything else', () => {
    for (const id of [0, 1, 42, 2_147_483_647]) expect(decodeCursor(encodeCursor(id))).toBe(id);
    for (const bad of ['', '!!', 'aWQ6', Buffer.from('id:01').toString('base64url'), Buffer.from('id:2147483648').toString('base64url'), 'x'.repeat(65)]) {
      expect(decodeCursor(bad)).toBeUndefined();
    }
  });

  it('parseNextLink finds rel="next" among several links', () => {
    expect(parseNextLink('</a?x=1>; rel="prev", </a?cursor=b>; rel="next"')).toBe('/a?cursor=b');
    expect(parseNextLink('</a?cursor=b>; rel=next')).toBe('/a?cursor=b');
    expect(parseNextLink('</a>; rel="prev"')).toBeNull();
    expect(parseNextLink(undefined)).toBeNull();
  });
});
