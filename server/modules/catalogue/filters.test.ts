import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, earliestTravelDay, todayUtc } from '../../../domain/catalogue/pricing';
import { hotels, menuItems, restaurants } from '../../db/schema';
import { changeCatalogue, createTestApp, type TestApp } from '../../testing/test-app';
import { menuFor } from '../../db/seed/menus';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const list = async <T = Record<string, unknown>>(url: string): Promise<T[]> => {
  const res = await get(url);
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json();
  expect(Array.isArray(body)).toBe(true);
  return body as T[];
};
const expect400 = async (url: string, field: string) => {
  const res = await get(url);
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json().message).toBeTruthy();
  expect(res.json().errors).toHaveProperty(field);
};

type Restaurant = { id: number; name: string; description: string; cuisine: string };

describe('GET /api/restaurants filters', () => {
  it('q matches the name, case-insensitively', async () => {
    const found = await list<Restaurant>('/api/restaurants?q=SUSHI');
    expect(found.map((r) => r.name)).toContain('Sakura Sushi House');
    for (const r of found) expect(`${r.name} ${r.description}`.toLowerCase()).toContain('sushi');
  });

  it('q also matches the description', async () => {
    const found = await list<Restaurant>('/api/restaurants?q=tandoori');
    expect(found.length).toBeGreaterThan(0);
    for (const r of found) {
      expect(r.name.toLowerCase()).not.toContain('tandoori');
      expect(r.description.toLowerCase()).toContain('tandoori');
    }
  });

  it('q takes % and _ literally', async () => {
    expect(await list('/api/restaurants?q=%25')).toEqual([]);
    expect(await list('/api/restaurants?q=_')).toEqual([]);
  });

  it('cuisine keeps that cuisine only; All and empty keep everything', async () => {
    const all = await list<Restaurant>('/api/restaurants');
    const italian = await list<Restaurant>('/api/restaurants?cuisine=Italian');
    expect(italian.length).toBeGreaterThan(0);
    expect(italian.every((r) => r.cuisine === 'Italian')).toBe(true);
    expect(italian.length).toBe(all.filter((r) => r.cuisine === 'Italian').length);
    expect(await list('/api/restaurants?cuisine=All')).toEqual(all);
    expect(await list('/api/restaurants?q=&cuisine=')).toEqual(all);
  });

  it('an unknown cuisine is a client mistake: 400', async () => {
    const res = await get('/api/restaurants?cuisine=Martian');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.cuisine).toBe('Unknown cuisine');
    // A known cuisine nobody serves yet is fine, and empty.
    expect(await list('/api/restaurants?cuisine=Ethiopian')).toEqual([]);
  });

  it('combines q and cuisine', async () => {
    const found = await list<Restaurant>('/api/restaurants?q=pizza&cuisine=Italian');
    expect(found.length).toBeGreaterThan(0);
    expect(await list('/api/restaurants?q=pizza&cuisine=Japanese')).toEqual([]);
  });

  it('rejects an over-long search text', async () => {
    await expect400(`/api/restaurants?q=${'a'.repeat(101)}`, 'q');
  });

  it('lists active restaurants only', async () => {
    const [first] = await list<Restaurant>('/api/restaurants');
    await changeCatalogue(t, 'restaurants', (tx) => tx.update(restaurants).set({ isActive: false }).where(eq(restaurants.id, first.id)));
    try {
      const after = await list<Restaurant>('/api/restaurants');
      expect(after.map((r) => r.id)).not.toContain(first.id);
    } finally {
      await changeCatalogue(t, 'restaurants', (tx) => tx.update(restaurants).set({ isActive: true }).where(eq(restaurants.id, first.id)));
    }
  });
});

type Hotel = { id: number; name: string; location: string; maxGuests: number; rooms: number };

describe('GET /api/hotels filters', () => {
  it('location matches the location text, case-insensitively', async () => {
    const found = await list<Hotel>('/api/hotels?location=regina');
    expect(found.map((h) => h.location)).toEqual(['Regina, Canada']);
  });

  it('location matches the hotel name', async () => {
    const found = await list<Hotel>('/api/hotels?location=kensington');
    expect(found.map((h) => h.name)).toEqual(['The Kensington Arms']);
  });

  it('location accepts a picker string by its city part', async () => {
    const found = await list<Hotel>('/api/hotels?location=Toronto%2C%20Ontario%2C%20Canada');
    expect(found.length).toBe(1);
    expect(found[0].location).toContain('Toronto');
  });

  it('guests keeps hotels that take at least that many guests', async () => {
    const all = await list<Hotel>('/api/hotels');
    const found = await list<Hotel>('/api/hotels?guests=5');
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((h) => h.maxGuests >= 5)).toBe(true);
    expect(found.length).toBe(all.filter((h) => h.maxGuests >= 5).length);
  });

  it('rooms keeps hotels with at least that many rooms', async () => {
    const all = await list<Hotel>('/api/hotels');
    const found = await list<Hotel>('/api/hotels?rooms=50');
    expect(found.every((h) => h.rooms >= 50)).toBe(true);
    expect(found.length).toBe(all.filter((h) => h.rooms >= 50).length);
    expect(found.length).toBeLessThan(all.length);
  });

  it.each(['guests=abc', 'guests=0', 'guests=1.5', 'guests=-2'])('rejects %s', async (qs) => {
    await expect400(`/api/hotels?${qs}`, 'guests');
  });

  it.each(['rooms=abc', 'rooms=0', 'rooms=999'])('rejects %s', async (qs) => {
    await expect400(`/api/hotels?${qs}`, 'rooms');
  });

  it('lists active hotels only', async () => {
    const [first] = await list<Hotel>('/api/hotels');
    await changeCatalogue(t, 'hotels', (tx) => tx.update(hotels).set({ isActive: false }).where(eq(hotels.id, first.id)));
    try {
      expect((await list<Hotel>('/api/hotels')).map((h) => h.id)).not.toContain(first.id);
    } finally {
      await changeCatalogue(t, 'hotels', (tx) => tx.update(hotels).set({ isActive: true }).where(eq(hotels.id, first.id)));
    }
  });
});

type Flight = {
  flightNumber: string;
  departureCity: string;
  arrivalCity: string;
  departureTime: string;
  arrivalTime: string;
  date?: string;
  arrivalDate?: string;
};

describe('GET /api/flights filters', () => {
  it('from matches the departure city in any case', async () => {
    const found = await list<Flight>('/api/flights?from=regina');
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((f) => f.departureCity === 'Regina')).toBe(true);
  });

  it('to matches the arrival city', async () => {
    const found = await list<Flight>('/api/flights?to=London');
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((f) => f.arrivalCity === 'London')).toBe(true);
  });

  it('accepts location picker strings by their city part or airport code', async () => {
    const plain = await list<Flight>('/api/flights?from=Toronto&to=Vancouver');
    expect(plain.length).toBeGreaterThan(0);
    for (const from of ['Toronto, Canada', 'Toronto Pearson International Airport (YYZ)', 'Lester B Pearson International Airport (YYZ)']) {
      const found = await list<Flight>(`/api/flights?from=${encodeURIComponent(from)}&to=Vancouver%2C%20British%20Columbia%2C%20Canada`);
      expect(found, from).toEqual(plain);
    }
  });

  it('does not match a city by a fragment', async () => {
    expect(await list('/api/flights?from=Tor')).toEqual([]);
  });

  it('with a date, keeps HH:MM times and adds the departure and local arrival dates', async () => {
    const day = addDays(todayUtc(), 10);
    const found = await list<Flight>(`/api/flights?date=${day}`);
    expect(found.length).toBe((await list('/api/flights')).length);
    for (const f of found) {
      expect(f.departureTime).toMatch(/^\d{2}:\d{2}$/);
      expect(f.date).toBe(day);
    }
    const byNumber = new Map(found.map((f) => [f.flightNumber, f]));
    expect(byNumber.get('AC 101')?.arrivalDate).toBe(day); // Toronto 07:00 -> Vancouver 08:55, same day
    expect(byNumber.get('AC 848')?.arrivalDate).toBe(addDays(day, 1)); // Toronto 21:40 -> London 09:30
    expect(byNumber.get('AC 3')?.arrivalDate).toBe(addDays(day, 1)); // Vancouver 12:45 -> Tokyo 14:55 next day
    expect(byNumber.get('AC 33')?.arrivalDate).toBe(addDays(day, 2)); // Vancouver 23:40 -> Sydney 08:15 two days on
  });

  it('accepts today as a date', async () => {
    expect((await list(`/api/flights?date=${earliestTravelDay()}`)).length).toBeGreaterThan(0);
  });

  it.each(['2020-01-01', 'tomorrow', '2026-02-31', '20261201'])('rejects date=%s', async (date) => {
    await expect400(`/api/flights?date=${date}`, 'date');
  });
});

describe('GET /api/cars and /api/general-services category filters', () => {
  it('cars?category= keeps that category (any case)', async () => {
    const found = await list<{ category: string }>('/api/cars?category=suv');
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((c) => c.category === 'SUV')).toBe(true);
    expect((await list('/api/cars?category=All')).length).toBe((await list('/api/cars')).length);
  });

  it('general-services?category= keeps that category', async () => {
    const found = await list<{ category: string }>('/api/general-services?category=Tutoring');
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((s) => s.category === 'Tutoring')).toBe(true);
    const res = await get('/api/general-services?category=Nothing%20Like%20This');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.category).toBe('Unknown category');
  });
});

type Property = { location: string; type: string; pricePerMonth: number };

describe('GET /api/properties filters', () => {
  it('location matches case-insensitively', async () => {
    const found = await list<Property>('/api/properties?location=VANCOUVER');
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((p) => p.location.includes('Vancouver'))).toBe(true);
  });

  it('type keeps that type', async () => {
    const found = await list<Property>('/api/properties?type=Penthouse');
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((p) => p.type === 'Penthouse')).toBe(true);
  });

  it('an unknown type is 400; All means every type', async () => {
    const res = await get('/api/properties?type=Spaceship');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.type).toBe('Unknown type');
    expect((await list('/api/properties?type=All')).length).toBe((await list('/api/properties')).length);
  });

  it('minPrice and maxPrice bound the monthly price in dollars, inclusive', async () => {
    const all = await list<Property>('/api/properties');
    const found = await list<Property>('/api/properties?minPrice=1000&maxPrice=2000');
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((p) => p.pricePerMonth >= 1000 && p.pricePerMonth <= 2000)).toBe(true);
    expect(found.length).toBe(all.filter((p) => p.pricePerMonth >= 1000 && p.pricePerMonth <= 2000).length);
    const exact = all[0].pricePerMonth;
    expect((await list<Property>(`/api/properties?minPrice=${exact}&maxPrice=${exact}`)).length).toBeGreaterThan(0);
  });

  it('minPrice alone is an open range (3000+)', async () => {
    const found = await list<Property>('/api/properties?minPrice=3000');
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((p) => p.pricePerMonth >= 3000)).toBe(true);
  });

  it.each([
    ['minPrice=-1', 'minPrice'],
    ['maxPrice=abc', 'maxPrice'],
    ['minPrice=2000&maxPrice=1000', 'maxPrice'],
  ])('rejects %s', async (qs, field) => {
    await expect400(`/api/properties?${qs}`, field);
  });
});

describe('list ETags', () => {
  it('sends a strong ETag and answers 304 to a matching If-None-Match', async () => {
    const first = await get('/api/restaurants');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[^"]+"$/);
    const again = await get('/api/restaurants', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
  });

  it('answers 200 with the body to a stale If-None-Match', async () => {
    const res = await get('/api/hotels', { 'if-none-match': '"stale"' });
    expect(res.statusCode).toBe(200);
    expect(res.json().length).toBeGreaterThan(0);
  });

  it('gives different ETags for differently filtered bodies, equal ones for equal bodies', async () => {
    const a = (await get('/api/properties?type=Studio')).headers.etag;
    const b = (await get('/api/properties?type=House')).headers.etag;
    const c = (await get('/api/properties?type=studio')).headers.etag;
    expect(a).not.toBe(b);
    expect(a).toBe(c);
  });

  it('changes the ETag when the data changes', async () => {
    const before = (await get('/api/hotels')).headers.etag as string;
    const [first] = await list<Hotel>('/api/hotels');
    await changeCatalogue(t, 'hotels', (tx) => tx.update(hotels).set({ name: `${first.name} Renamed` }).where(eq(hotels.id, first.id)));
    try {
      const res = await get('/api/hotels', { 'if-none-match': before });
      expect(res.statusCode).toBe(200);
      expect(res.headers.etag).not.toBe(before);
    } finally {
      await changeCatalogue(t, 'hotels', (tx) => tx.update(hotels).set({ name: first.name }).where(eq(hotels.id, first.id)));
    }
  });

  it.each(['/api/flights', '/api/cars', '/api/shipping-rates', '/api/taxi-rides', '/api/services', '/api/general-services'])(
    '%s honours If-None-Match',
    async (url) => {
      const etag = (await get(url)).headers.etag as string;
      expect((await get(url, { 'if-none-match': etag })).statusCode).toBe(304);
    },
  );
});

describe('GET /api/restaurants/:id/menu', () => {
  it('returns the menu items with id, name, description, dollar price, category and availability, in menu order', async () => {
    const [restaurant] = await list<Restaurant>('/api/restaurants?cuisine=Japanese');
    const menu = await list<{ id: number; name: string; description: string; price: number }>(
      `/api/restaurants/${restaurant.id}/menu`,
    );
    // The restaurant's own menu (server/db/seed/menus.ts), not one shared by its cuisine.
    expect(menu.map((m) => m.name)).toEqual(menuFor(restaurant.name).map((m) => m.name));
    for (const item of menu) {
      expect(Object.keys(item).sort()).toEqual(['available', 'category', 'description', 'id', 'name', 'price']);
      expect(typeof item.price).toBe('number');
      expect(item.price).toBeGreaterThanOrEqual(4.99);
      expect(item.price).toBeLessThanOrEqual(22.99);
    }
    const rows = await t.database.db.select().from(menuItems).where(eq(menuItems.restaurantId, restaurant.id));
    const byPosition = [...rows].sort((a, b) => a.position - b.position).map((r) => r.id);
    expect(menu.map((m) => m.id)).toEqual(byPosition);
  });

  it('follows the position column, not insertion order', async () => {
    const [restaurant] = await list<Restaurant>('/api/restaurants');
    const rows = await t.database.db.select().from(menuItems).where(eq(menuItems.restaurantId, restaurant.id));
    const last = rows.reduce((a, b) => (a.position > b.position ? a : b));
    await changeCatalogue(t, 'restaurants', (tx) => tx.update(menuItems).set({ position: -1 }).where(eq(menuItems.id, last.id)));
    try {
      const menu = await list<{ id: number }>(`/api/restaurants/${restaurant.id}/menu`);
      expect(menu[0].id).toBe(last.id);
    } finally {
      await changeCatalogue(t, 'restaurants', (tx) => tx.update(menuItems).set({ position: last.position }).where(eq(menuItems.id, last.id)));
    }
  });

  it('answers 404 for an unknown restaurant', async () => {
    const res = await get('/api/restaurants/999999/menu');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBeTruthy();
  });

  it('answers 404 for an inactive restaurant', async () => {
    const [restaurant] = await list<Restaurant>('/api/restaurants');
    await changeCatalogue(t, 'restaurants', (tx) => tx.update(restaurants).set({ isActive: false }).where(eq(restaurants.id, restaurant.id)));
    try {
      expect((await get(`/api/restaurants/${restaurant.id}/menu`)).statusCode).toBe(404);
    } finally {
      await changeCatalogue(t, 'restaurants', (tx) => tx.update(restaurants).set({ isActive: true }).where(eq(restaurants.id, restaurant.id)));
    }
  });

  it.each(['abc', '1.5', '0', '-3', '99999999999'])('answers 400 for id %s', async (id) => {
    await expect400(`/api/restaurants/${id}/menu`, 'id');
  });
});
