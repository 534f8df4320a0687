import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { addDays, earliestTravelDay, greatCircleKm } from '../../../domain/catalogue/pricing';
import { PRICE_BANDS, SEARCH_KINDS, SearchQuerySchema, type SearchKind } from '../../../domain/search/schemas';
import { availabilityDays, hotels, menuItems, restaurants } from '../../db/schema';
import { RESTAURANTS } from '../../db/seed/catalogue-data';
import { changeCatalogue, createAdmin, createTestApp, type TestApp } from '../../testing/test-app';
import { searchListings } from './service';

type Json = Record<string, unknown>;
type Item = Json & { kind: SearchKind; id: number; name: string; city: string | null; lat: number | null; lng: number | null; distanceKm?: number; unitsLeft?: number };
type Facet = { value: string; label?: string; count: number };
type Result = { items: Item[]; total: number; facets: Record<string, Facet[]>; nextCursor: string | null };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string) => t.app.inject({ method: 'GET', url });
const query = (params: Record<string, string | number>) => new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();
async function search(params: Record<string, string | number> = {}): Promise<Result> {
  const res = await get(`/api/search?${query(params)}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
/** Every page of a search, following nextCursor. */
async function allPages(params: Record<string, string | number>): Promise<Item[]> {
  const items: Item[] = [];
  let cursor: string | null = null;
  do {
    const page: Result = await search({ ...params, ...(cursor ? { cursor } : {}) });
    items.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return items;
}
/** A public list route's whole list (the demo catalogue fits one page of 100). */
async function list(path: string): Promise<Json[]> {
  const res = await get(`${path}${path.includes('?') ? '&' : '?'}limit=100`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const LIST_ROUTES: Record<SearchKind, string> = {
  restaurant: '/api/restaurants',
  hotel: '/api/hotels',
  flight: '/api/flights',
  car: '/api/cars',
  property: '/api/properties',
  'taxi-ride': '/api/taxi-rides',
  'shipping-rate': '/api/shipping-rates',
  'general-service': '/api/general-services',
};
const names = (r: Result | Item[]) => ('items' in r ? r.items : r).map((i) => i.name);
const countBy = <T>(rows: T[], key: (r: T) => string) => {
  const m = new Map<string, number>();
  for (const r of rows) m.set(key(r), (m.get(key(r)) ?? 0) + 1);
  return m;
};
const asMap = (facet: Facet[]) => new Map(facet.filter((f) => f.count > 0).map((f) => [f.value, f.count]));

describe('words', () => {
  it("finds Via Roma Pizzeria by 'pizza' (its menu) and by 'piza' (one typo)", async () => {
    for (const q of ['pizza', 'piza', 'Pizza!']) expect(names(await search({ q })), q).toContain('Via Roma Pizzeria');
  });

  it("finds the Toronto hotel by 'tornto', first", async () => {
    const r = await search({ q: 'tornto', kind: 'hotel' });
    expect(names(r)).toEqual(['Harbourfront Grand Toronto']);
    expect((await search({ q: 'tornto' })).items[0]!.name).toBe('Harbourfront Grand Toronto');
  });

  it('counts a transposition as one typo and refuses more typos than the word allows', async () => {
    expect(names(await search({ q: 'hotle', kind: 'hotel' }))).toContain('Hudson Park Hotel');
    // 'pzzia' is two typos from 'pizza' (5 letters allow one).
    expect((await search({ q: 'pzzia' })).total).toBe(0);
  });

  it('ignores accents both ways', async () => {
    expect(names(await search({ q: 'gotica' }))).toEqual(['Casa Gótica Boutique Hotel']);
    expect(names(await search({ q: 'GÓTICA' }))).toEqual(['Casa Gótica Boutique Hotel']);
    await changeCatalogue(t, 'hotels', (tx) =>
      tx.insert(hotels).values({ name: 'Auberge du Vieux-Port', location: 'Montréal, Canada', pricePerNightCents: 21000, lat: '45.504000', lng: '-73.554000' }),
    );
    await changeCatalogue(t, 'restaurants', (tx) => tx.insert(restaurants).values({ name: 'Chez Jeanne Crepe House', cuisine: 'French', address: '12 Rue Saint-Paul, Montreal, QC' }));
    const montreal = await search({ q: 'montreal' });
    expect(names(montreal)).toEqual(expect.arrayContaining(['Auberge du Vieux-Port', 'Chez Jeanne Crepe House']));
    expect(montreal.items.find((i) => i.name === 'Auberge du Vieux-Port')!.city).toBe('Montréal');
    // The seeded flights say 'Montreal'; typed with the accent, they are found too.
    expect(montreal.facets.kind!.find((k) => k.value === 'flight')?.count).toBe((await search({ q: 'montréal', kind: 'flight' })).total);
    expect(names(await search({ q: 'crêpe' }))).toContain('Chez Jeanne Crepe House');
  });

  it('matches the last word as a prefix while typing, and names that begin with the words first', async () => {
    expect((await search({ q: 'harbourf' })).items[0]!.name).toBe('Harbourfront Grand Toronto');
    expect((await search({ q: 'via rom' })).items[0]!.name).toBe('Via Roma Pizzeria');
    expect(names(await search({ q: 'casa got', kind: 'hotel' }))).toEqual(['Casa Gótica Boutique Hotel']);
  });

  it('ranks an exact name above names holding the words, and those above other fields', async () => {
    await changeCatalogue(t, 'restaurants', (tx) =>
      tx.insert(restaurants).values([
        { name: 'Golden Hour', cuisine: 'American', rating: '1.0', description: 'Burgers.' },
        { name: 'Hour of Gold', cuisine: 'American', rating: '5.0', description: 'A golden hour every evening.' },
      ]),
    );
    const r = await search({ q: 'golden hour' });
    expect(r.items[0]!.name).toBe('Golden Hour'); // the exact name wins despite its rating
    const photography = r.items.findIndex((i) => i.name === 'Golden Hour Photography'); // name begins with the words
    const described = r.items.findIndex((i) => i.name === 'Hour of Gold'); // words only in the description
    expect(photography).toBeGreaterThan(0);
    expect(described).toBeGreaterThan(photography);
  });

  it('ranks the name holding all the typed words (a typo in the word being typed included) above one holding fewer', async () => {
    // 'Pizza Roma' holds 'roma' and 'pizza' (one typo from 'piza') in its name and 'via' in its street; 'Via Roma
    // Pizzeria' holds 'via', 'roma' and, as the word being typed, 'piza' (one typo from 'pizz...').
    await changeCatalogue(t, 'restaurants', (tx) => tx.insert(restaurants).values({ name: 'Pizza Roma', cuisine: 'Italian', rating: '4.9', address: 'Via Verdi 76, Milano' }));
    const r = await search({ q: 'via roma piza' });
    expect(names(r).slice(0, 2)).toEqual(['Via Roma Pizzeria', 'Pizza Roma']);
    expect(r.items[1]!.city).toBe('Milano');
    expect((await search({ q: 'via roma piza', kind: 'restaurant' })).items[0]!.name).toBe('Via Roma Pizzeria');
  });

  it('ranks a name holding more of the words (typos included) above one holding fewer, whatever the other fields hold', async () => {
    // Two of three words in the name (one a typo: 'nordik') above one, though the other's words are all exact.
    await changeCatalogue(t, 'restaurants', (tx) =>
      tx.insert(restaurants).values([
        { name: 'Nordik Fjord', cuisine: 'Scandinavian', rating: '3.0', description: 'A bakery and coffee bar.' },
        { name: 'Fjord House', cuisine: 'Scandinavian', rating: '5.0', description: 'Bakery.', address: '12 Nordic Way, Oslo' },
      ]),
    );
    expect(names(await search({ q: 'nordic fjord bakery' }))).toEqual(['Nordik Fjord', 'Fjord House']);
  });

  it('answers words nothing matches with an empty list, not an error', async () => {
    const r = await search({ q: 'qwxzvk blorptangle' });
    expect(r).toMatchObject({ items: [], total: 0, nextCursor: null });
    expect(r.facets.rating).toEqual([
      { value: '4', count: 0 },
      { value: '3', count: 0 },
    ]);
  });
});

describe('facets', () => {
  it('counts every kind like its list route when no kind is asked', async () => {
    const r = await search();
    let all = 0;
    for (const kind of SEARCH_KINDS) {
      const n = (await list(LIST_ROUTES[kind])).length;
      all += n;
      expect(r.facets.kind!.find((f) => f.value === kind)?.count ?? 0, kind).toBe(n);
    }
    expect(r.total).toBe(all);
    expect(r.facets.price).toBeUndefined();
    // Sorted by count, then value.
    const counts = r.facets.kind!.map((f) => f.count);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
  });

  it("counts restaurants' cuisines, price bands and ratings like the list and menu routes", async () => {
    const rows = (await list('/api/restaurants')) as Array<{ id: number; cuisine: string; rating: number }>;
    const r = await search({ kind: 'restaurant' });
    expect(r.total).toBe(rows.length);
    expect(asMap(r.facets.cuisine!)).toEqual(countBy(rows, (x) => x.cuisine));
    expect(r.facets.rating).toEqual([
      { value: '4', count: rows.filter((x) => x.rating >= 4).length },
      { value: '3', count: rows.filter((x) => x.rating >= 3).length },
    ]);
    // A restaurant's price is its cheapest available menu item (none available: no price, in no band).
    const cheapest = await Promise.all(rows.map(async (x) => Math.min(...((await list(`/api/restaurants/${x.id}/menu`)) as Array<{ price: number }>).map((m) => m.price))));
    const bands = PRICE_BANDS.restaurant;
    expect(r.facets.price!.map((f) => f.value)).toEqual(bands.map((b) => b.value));
    expect(r.facets.price![0]!.label).toBe('Under $10');
    for (const [i, band] of bands.entries()) {
      expect(r.facets.price![i]!.count, band.value).toBe(cheapest.filter((p) => Number.isFinite(p) && p >= band.min && (band.max === null || p < band.max)).length);
    }
  });

  it("counts each facet with the other filters but not its own (and values match without case)", async () => {
    const rows = (await list('/api/restaurants')) as Array<{ cuisine: string; rating: number }>;
    const r = await search({ kind: 'restaurant', cuisine: 'italian', rating: '4' });
    const italian4 = rows.filter((x) => x.cuisine === 'Italian' && x.rating >= 4);
    expect(r.total).toBe(italian4.length);
    expect(r.items.every((i) => i.cuisine === 'Italian' && (i.rating as number) >= 4)).toBe(true);
    // cuisine: rated 4+ of every cuisine; rating: Italian restaurants by rating.
    expect(asMap(r.facets.cuisine!)).toEqual(countBy(rows.filter((x) => x.rating >= 4), (x) => x.cuisine));
    expect(r.facets.rating![0]).toEqual({ value: '4', count: italian4.length });
    expect(r.facets.rating![1]).toEqual({ value: '3', count: rows.filter((x) => x.cuisine === 'Italian' && x.rating >= 3).length });
  });

  it("counts hotels' stars, and several values of a facet are alternatives", async () => {
    const rows = (await list('/api/hotels')) as Array<{ starRating: number; pricePerNight: number }>;
    const r = await search({ kind: 'hotel', stars: '4,5' });
    expect(asMap(r.facets.stars!)).toEqual(countBy(rows, (x) => String(x.starRating)));
    expect(r.total).toBe(rows.filter((x) => x.starRating >= 4).length);
    const cheap = await search({ kind: 'hotel', price: '100-200,0-100' });
    expect(cheap.total).toBe(rows.filter((x) => x.pricePerNight < 200).length);
    expect(cheap.items.every((i) => (i.pricePerNight as number) < 200)).toBe(true);
  });

  it('keeps the search tables exact: the counts without words equal the matches counted one by one', async () => {
    const counted = await t.database.db.execute(sql`select kind, count(*)::int as n from search_documents where is_active group by kind`);
    const stored = await t.database.db.execute(sql`select kind, sum(count)::int as n from search_counts group by kind having sum(count) > 0`);
    const byKind = (rows: unknown) => new Map((rows as { rows: Array<{ kind: string; n: number }> }).rows.map((r) => [r.kind, r.n]));
    expect(byKind(stored)).toEqual(byKind(counted));
  });

  it('bands prices in the database exactly as PRICE_BANDS says', async () => {
    for (const kind of SEARCH_KINDS) {
      for (const [i, band] of PRICE_BANDS[kind].entries()) {
        const res = await t.database.db.execute(sql`select search_price_band(${kind}, ${band.min * 100}::int) as at, search_price_band(${kind}, ${band.min * 100 - 1}::int) as below`);
        const [row] = (res as unknown as { rows: Array<{ at: number; below: number }> }).rows;
        expect(row, `${kind} ${band.value}`).toEqual({ at: i, below: i === 0 ? -1 : i - 1 });
      }
    }
  });
});

describe('sorting', () => {
  it('sorts by price (ascending), rating (descending) and, with words, relevance', async () => {
    const byPrice = await allPages({ kind: 'hotel', sort: 'price', limit: 4 });
    const prices = byPrice.map((h) => h.pricePerNight as number);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(byPrice.length).toBe((await list('/api/hotels')).length);

    const byRating = await allPages({ kind: 'property', limit: 5 }); // no words: rating by default
    const ratings = byRating.map((p) => p.rating as number);
    expect(ratings).toEqual([...ratings].sort((a, b) => b - a));

    const relevant = await search({ q: 'coal harbour' });
    expect(names(relevant).slice(0, 2).sort()).toEqual(['Coal Harbour Suites', 'Coal Harbour Waterfront Penthouse']);
  });

  it('sorts by distance from a place, within the radius, each with its distance', async () => {
    const toronto = { lat: 43.6532, lng: -79.3832 };
    const r = await search({ near: `${toronto.lat},${toronto.lng}`, radiusKm: 10, sort: 'distance', limit: 100 });
    expect(r.items.length).toBeGreaterThan(3);
    const distances = r.items.map((i) => i.distanceKm!);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    for (const i of r.items) {
      expect(i.distanceKm).toBeLessThanOrEqual(10);
      expect(Math.abs(i.distanceKm! - greatCircleKm(toronto, { lat: i.lat!, lng: i.lng! }))).toBeLessThan(0.2);
    }
    // Every listing with a place within 10 km, from the list routes.
    let expected = 0;
    for (const kind of SEARCH_KINDS) {
      for (const x of (await list(LIST_ROUTES[kind])) as Array<{ lat?: number | null; lng?: number | null }>) {
        if (typeof x.lat === 'number' && typeof x.lng === 'number' && greatCircleKm(toronto, { lat: x.lat, lng: x.lng }) <= 10) expected += 1;
      }
    }
    expect(r.total).toBe(expected);
    // Regina is 2,000 km away: nothing of it within 25 km (the default radius) of Toronto.
    expect(r.items.some((i) => i.city === 'Regina')).toBe(false);
    expect((await search({ near: '50.4452,-104.6189' })).items.every((i) => i.distanceKm! <= 25)).toBe(true);
  });

  it('lists what is in the visible map area', async () => {
    const box = { south: 50.3, west: -104.8, north: 50.6, east: -104.4 }; // Regina
    const r = await search({ bbox: `${box.south},${box.west},${box.north},${box.east}`, limit: 100 });
    expect(r.items.length).toBeGreaterThan(3);
    for (const i of r.items) {
      expect(i.lat).toBeGreaterThanOrEqual(box.south);
      expect(i.lat).toBeLessThanOrEqual(box.north);
      expect(i.lng).toBeGreaterThanOrEqual(box.west);
      expect(i.lng).toBeLessThanOrEqual(box.east);
    }
    expect(new Set(r.items.map((i) => i.city))).toEqual(new Set(['Regina']));
    expect(r.total).toBe(r.items.length);
  });
});

describe('pages', () => {
  it('defaults to 20 items and says how many match in all', async () => {
    const r = await search();
    expect(r.items).toHaveLength(20);
    expect(r.total).toBeGreaterThan(20);
    expect(r.nextCursor).toEqual(expect.any(String));
  });

  it('pages without gaps or repeats while listings are added between pages', async () => {
    const before = (await list('/api/hotels')) as Array<{ id: number; pricePerNight: number }>;
    const seen: Item[] = [];
    let page = await search({ kind: 'hotel', sort: 'price', limit: 3 });
    seen.push(...page.items);
    const reached = page.items.at(-1)!.pricePerNight as number;
    // One added behind the pages read so far (cheaper), one ahead (dearer).
    const [behind] = await t.database.db.insert(hotels).values({ name: 'Budget Behind', location: 'Regina, Canada', pricePerNightCents: 100 }).returning();
    const [ahead] = await t.database.db.insert(hotels).values({ name: 'Pricey Ahead', location: 'Regina, Canada', pricePerNightCents: 99_999_00 }).returning();
    while (page.nextCursor) {
      page = await search({ kind: 'hotel', sort: 'price', limit: 3, cursor: page.nextCursor });
      seen.push(...page.items);
    }
    const ids = seen.map((h) => h.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(expect.arrayContaining(before.map((h) => h.id)));
    expect(ids).toContain(ahead!.id);
    expect(ids).not.toContain(behind!.id);
    expect(reached).toBeGreaterThan(1); // 'Budget Behind' ($1) sorts before where the first page ended
  });

  it('pages a relevance search the same way', async () => {
    const first = await allPages({ q: 'toronto', limit: 4 });
    const ids = first.map((i) => `${i.kind}:${i.id}`);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBe((await search({ q: 'toronto' })).total);
  });

  it('refuses a limit of 0 or over 100, a damaged cursor and a cursor of another query', async () => {
    for (const limit of [0, 101, 2.5]) {
      const res = await get(`/api/search?limit=${limit}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toHaveProperty('limit');
    }
    expect((await search({ limit: 100 })).items.length).toBeLessThanOrEqual(100);
    for (const cursor of ['garbage', 'eyJ4IjoxfQ', '%%%']) {
      const res = await get(`/api/search?${query({ cursor })}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message: 'Cursor is not valid' });
    }
    const { nextCursor } = await search({ kind: 'hotel', sort: 'price', limit: 2 });
    const other = await get(`/api/search?${query({ kind: 'hotel', sort: 'rating', limit: 2, cursor: nextCursor! })}`);
    expect(other.statusCode).toBe(400);
    expect(other.json().message).toBe('Cursor is not valid');
    // The same query with another page size may use it.
    expect((await get(`/api/search?${query({ kind: 'hotel', sort: 'price', limit: 5, cursor: nextCursor! })}`)).statusCode).toBe(200);
  });
});

describe('bad parameters', () => {
  const cases: Array<[string, string]> = [
    ['sort=fastest', 'sort'],
    ['kind=boat', 'kind'],
    ['near=north', 'near'],
    ['near=91,10', 'near'],
    ['sort=distance', 'sort'],
    ['radiusKm=5', 'radiusKm'],
    ['near=43.6,-79.4&radiusKm=0', 'radiusKm'],
    ['bbox=1,2,3', 'bbox'],
    ['price=0-10', 'price'],
    ['kind=hotel&price=1-2', 'price'],
    ['kind=hotel&cuisine=Italian', 'cuisine'],
    ['rating=5', 'rating'],
    ['checkIn=2031-01-01&checkOut=2031-01-03', 'checkIn'],
    ['kind=hotel&checkIn=2031-01-01', 'checkOut'],
    ['kind=hotel&checkIn=2031-01-05&checkOut=2031-01-03', 'checkOut'],
    ['kind=hotel&checkIn=2031-02-30&checkOut=2031-03-03', 'checkIn'],
    ['kind=hotel&checkIn=2001-01-01&checkOut=2001-01-03', 'checkIn'],
    ['kind=property&moveIn=2031-01-01', 'months'],
    [`q=${'x'.repeat(101)}`, 'q'],
    ['q=one two three four five six seven eight nine', 'q'],
  ];
  for (const [params, field] of cases) {
    it(`answers 400 naming ${field} for ${params.slice(0, 60)}`, async () => {
      const res = await get(`/api/search?${params}`);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors).toHaveProperty(field);
    });
  }
});

describe('dated searches', () => {
  it('lists only hotels free for the whole stay, with the rooms left, as the hotels list does', async () => {
    const checkIn = addDays(earliestTravelDay(), 30);
    const checkOut = addDays(checkIn, 3);
    const rows = (await list('/api/hotels')) as Array<{ id: number; name: string; rooms: number }>;
    const [full, busy] = rows;
    // One hotel is full on the second night, another has a few rooms taken.
    await t.database.db.insert(availabilityDays).values([
      { kind: 'hotels', listingId: full!.id, day: addDays(checkIn, 1), capacity: full!.rooms, taken: full!.rooms },
      { kind: 'hotels', listingId: busy!.id, day: checkIn, capacity: busy!.rooms, taken: busy!.rooms - 2 },
    ]);
    const r = await search({ kind: 'hotel', checkIn, checkOut, limit: 100 });
    const ids = r.items.map((i) => i.id);
    expect(ids).not.toContain(full!.id);
    expect(r.items.find((i) => i.id === busy!.id)?.unitsLeft).toBe(2);
    expect(r.items.every((i) => typeof i.unitsLeft === 'number')).toBe(true);
    const listed = (await list(`/api/hotels?checkIn=${checkIn}&checkOut=${checkOut}`)) as Array<{ id: number; unitsLeft: number }>;
    expect(new Map(r.items.map((i) => [i.id, i.unitsLeft]))).toEqual(new Map(listed.map((h) => [h.id, h.unitsLeft])));
    expect(r.total).toBe(listed.length);
    // Three rooms: the busy hotel (two left) drops out too.
    const three = await search({ kind: 'hotel', checkIn, checkOut, rooms: 3, limit: 100 });
    expect(three.items.map((i) => i.id)).not.toContain(busy!.id);
  });
});

describe('freshness', () => {
  it('shows a rename and a deactivation through the admin in the very next search', async () => {
    const admin = await createAdmin(t, 'search-admin@example.com');
    const [hotel] = (await search({ q: 'wascana lakeside', kind: 'hotel' })).items;
    expect(hotel!.name).toBe('Wascana Lakeside Inn');
    const total = (await search({ kind: 'hotel' })).total;
    const renamed = await t.app.inject({ method: 'PATCH', url: `/api/admin/hotels/${hotel!.id}`, headers: { cookie: admin.cookie }, payload: { name: 'Prairie Sky Lodge' } });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(names(await search({ q: 'prairie sky' }))).toContain('Prairie Sky Lodge');
    expect((await search({ q: 'wascana lakeside', kind: 'hotel' })).total).toBe(0);
    const off = await t.app.inject({ method: 'PATCH', url: `/api/admin/hotels/${hotel!.id}`, headers: { cookie: admin.cookie }, payload: { isActive: false } });
    expect(off.statusCode, off.body).toBe(200);
    expect((await search({ q: 'prairie sky' })).total).toBe(0);
    expect((await search({ kind: 'hotel' })).total).toBe(total - 1);
  });

  it("follows a restaurant's menu: its price is its cheapest available item", async () => {
    const [via] = await t.database.db.select().from(restaurants).where(eq(restaurants.name, 'Via Roma Pizzeria'));
    await t.database.db.update(menuItems).set({ priceCents: 99 }).where(eq(menuItems.restaurantId, via!.id));
    expect((await search({ kind: 'restaurant', sort: 'price' })).items[0]!.name).toBe('Via Roma Pizzeria');
    await t.database.db.update(menuItems).set({ available: false }).where(eq(menuItems.restaurantId, via!.id));
    // Nothing available: no price, after every restaurant that has one.
    const r = names(await allPages({ kind: 'restaurant', sort: 'price', limit: 50 }));
    const priced = RESTAURANTS.map((x) => x.name).filter((n) => n !== 'Via Roma Pizzeria');
    expect(Math.max(...priced.map((n) => r.indexOf(n)))).toBeLessThan(r.indexOf('Via Roma Pizzeria'));
    expect((await search({ kind: 'restaurant', price: '0-10' })).items.map((i) => i.name)).not.toContain('Via Roma Pizzeria');
  });
});

describe('items', () => {
  it('are the listings as their list routes show them, plus kind, name, place and distance', async () => {
    const r = await search({ near: '43.6532,-79.3832', limit: 100 });
    for (const item of r.items) {
      const row = ((await list(LIST_ROUTES[item.kind])) as Json[]).find((x) => x.id === item.id)!;
      const { kind: _kind, name: _name, city: _city, lat: _lat, lng: _lng, distanceKm, ...rest } = item;
      expect(rest).toEqual(Object.fromEntries(Object.entries(row).filter(([k]) => !['lat', 'lng', 'name'].includes(k))));
      expect(typeof distanceKm).toBe('number');
    }
    const property = (await search({ kind: 'property', limit: 1 })).items[0]!;
    expect(property.name).toBe(property.title);
    expect((await search({ kind: 'flight', limit: 1 })).items[0]).toMatchObject({ lat: null, lng: null });
  });

  it('name the city of an address written in any common order, street first or city first', async () => {
    const addresses: Array<[string, string | null]> = [
      ['Milano', 'Milano'],
      ['Milano, Italia', 'Milano'],
      ['Via Verdi 76, Milano', 'Milano'],
      ['123 King St W, Toronto, ON', 'Toronto'],
      ['Via Garibaldi, Milano, Italia', 'Milano'],
      ['Baker Street, London, United Kingdom', 'London'],
      ['Calle Mayor, Madrid, Spain', 'Madrid'],
      ['Hauptstraße 5, 10115 Berlin, Germany', 'Berlin'],
      ["St. John's, NL", "St. John's"],
      ['Downtown Regina, SK', 'Regina'],
      ['Via Verdi 76', null], // a street alone names no city
    ];
    await changeCatalogue(t, 'restaurants', (tx) =>
      tx.insert(restaurants).values(addresses.map(([address], i) => ({ name: `Placeholder Kitchen ${i + 1}`, cuisine: 'Fusion', address }))),
    );
    const found = await search({ q: 'placeholder kitchen', kind: 'restaurant', limit: 100 });
    const cities = new Map(found.items.map((i) => [i.name, i.city]));
    expect(Object.fromEntries(addresses.map(([address], i) => [address, cities.get(`Placeholder Kitchen ${i + 1}`)]))).toEqual(
      Object.fromEntries(addresses.map(([address, city]) => [address, city])),
    );
  });

  it('answers with no-cache, and the function answers the same as the route', async () => {
    const res = await get('/api/search?q=pizza');
    expect(res.headers['cache-control']).toBe('no-cache');
    const direct = await searchListings(t.database.db, SearchQuerySchema.parse({ q: 'pizza' }));
    expect(JSON.parse(JSON.stringify(direct))).toEqual(res.json());
  });
});

describe('broad searches (more matches than are counted one by one)', () => {
  const broadly = { exactMax: 3 };
  async function pages(params: Record<string, string | number>, options: Parameters<typeof searchListings>[2]) {
    const items: Item[] = [];
    const results: Array<Awaited<ReturnType<typeof searchListings>>> = [];
    let cursor: string | undefined;
    do {
      const r = await searchListings(t.database.db, SearchQuerySchema.parse({ ...params, ...(cursor ? { cursor } : {}) }), options);
      results.push(r);
      items.push(...(r.items as Item[]));
      cursor = r.nextCursor ?? undefined;
    } while (cursor);
    return { items, results };
  }
  const keys = (items: Item[]) => items.map((i) => `${i.kind}:${i.id}`);

  // Walks long enough to find every page, and walks of four rows per row of the page, which find some pages and hand
  // the others over to collecting the matches.
  const walks = [{ walkPerRow: 1000 }, { walkPerRow: 4 }];

  it.each(walks)('list every match once, in every order, like the exact search (walks of $walkPerRow rows per row)', async (walk) => {
    const cases: Array<Record<string, string>> = [
      { q: 'toronto' },
      { q: 'toronto', sort: 'price' },
      { q: 'toronto', sort: 'rating' },
      { near: '43.6532,-79.3832', sort: 'distance' },
      { near: '43.6532,-79.3832' },
    ];
    for (const params of cases) {
      const exact = await pages({ ...params, limit: 4 }, {});
      const broad = await pages({ ...params, limit: 4 }, { ...broadly, ...walk });
      expect(exact.results[0]!.estimated, JSON.stringify(params)).toBeUndefined();
      expect(new Set(keys(broad.items)).size, JSON.stringify(params)).toBe(broad.items.length);
      expect(new Set(keys(broad.items)), JSON.stringify(params)).toEqual(new Set(keys(exact.items)));
      if ('sort' in params) expect(keys(broad.items), JSON.stringify(params)).toEqual(keys(exact.items)); // same order but for relevance
      // A sample as large as the catalogue counts exactly.
      expect(broad.results[0]!.total).toBe(exact.results[0]!.total);
      expect(broad.results[0]!.facets).toEqual(exact.results[0]!.facets);
    }
  });

  it('page by distance through many listings at the same distance as through few', async () => {
    // 275 restaurants on a street north of a point: 75 one after another, then 200 at the same spot (far more than a
    // walk's margin). Pages end inside the tie, and a walk of the nearest-first index must not cut it short.
    const at = { lat: 62.5, lng: -101.5 }; // far from any other listing
    // Numbered against the order they are stored in, so that the index's own order within the tie is not the page's.
    const rows = Array.from({ length: 275 }, (_, i) => ({
      id: 900_000 - i,
      name: `Tie Test Diner ${i}`,
      cuisine: 'American',
      lat: (at.lat + (i < 200 ? 0.02 : 0.0002 * (i - 199))).toFixed(6),
      lng: at.lng.toFixed(6),
    }));
    const added = await t.database.db.insert(restaurants).values(rows).returning({ id: restaurants.id });
    onTestFinished(() => t.database.db.delete(restaurants).where(inArray(restaurants.id, added.map((r) => r.id))).then(() => undefined));
    const params = { near: `${at.lat},${at.lng}`, radiusKm: 5, sort: 'distance', limit: 25 };
    const exact = await pages(params, {});
    expect(exact.items).toHaveLength(275);
    for (const walk of [{ walkPerRow: 1000 }, { walkPerRow: 2 }]) {
      const broad = await pages(params, { ...broadly, ...walk });
      expect(keys(broad.items), JSON.stringify(walk)).toEqual(keys(exact.items));
    }
  });

  it.each(walks)('rank names beginning with the words first, then by rating (walks of $walkPerRow rows per row)', async (walk) => {
    const [snacks] = await t.database.db.insert(restaurants).values({ name: 'Harbour Snacks', cuisine: 'American', rating: '1.0' }).returning();
    onTestFinished(() => t.database.db.delete(restaurants).where(eq(restaurants.id, snacks!.id)).then(() => undefined));
    const { items } = await pages({ q: 'harbour', limit: 2 }, { ...broadly, ...walk });
    const beginning = items.filter((i) => i.name.toLowerCase().startsWith('harbour'));
    expect(beginning.length).toBeGreaterThanOrEqual(3);
    // All names beginning with 'harbour' (even the one rated 1.0) before 'Coal Harbour ...' (rated 4.7 and 4.8).
    expect(items.slice(0, beginning.length)).toEqual(beginning);
    expect(items.map((i) => i.name)).toEqual(expect.arrayContaining(['Coal Harbour Suites', 'Coal Harbour Waterfront Penthouse']));
    for (const part of [items.slice(0, beginning.length), items.slice(beginning.length)]) {
      const ratings = part.map((i) => i.rating as number);
      expect(ratings).toEqual([...ratings].sort((a, b) => b - a));
    }
  });

  it('estimate their counts from a sample, and say so', async () => {
    const r = await searchListings(t.database.db, SearchQuerySchema.parse({ q: 'toronto' }), { exactMax: 3, sampleRows: 1 });
    expect(r.estimated).toBe(true);
    expect(Number.isInteger(r.total)).toBe(true);
    expect(r.items.length).toBeGreaterThan(0);
  });

  it('keep a cursor in its mode: the next page of a broad search stays broad', async () => {
    const first = await searchListings(t.database.db, SearchQuerySchema.parse({ q: 'toronto', limit: 2 }), broadly);
    // The next page asked without the option is still broad: no item of the first page again.
    const next = await searchListings(t.database.db, SearchQuerySchema.parse({ q: 'toronto', limit: 2, cursor: first.nextCursor! }));
    expect(keys(next.items as Item[]).some((k) => keys(first.items as Item[]).includes(k))).toBe(false);
  });
});
