import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('public catalogue lists', () => {
  const cases: Array<[string, number, string[]]> = [
    ['/api/restaurants', 12, ['id', 'name', 'description', 'cuisine', 'rating', 'deliveryTime', 'deliveryFee', 'image', 'phone']],
    ['/api/hotels', 10, ['id', 'name', 'location', 'image', 'rating', 'starRating', 'pricePerNight', 'amenities', 'description']],
    ['/api/flights', 20, ['id', 'airline', 'flightNumber', 'departureCity', 'arrivalCity', 'departureTime', 'arrivalTime', 'price', 'duration', 'image']],
    ['/api/shipping-rates', 8, ['id', 'name', 'description', 'basePrice', 'image', 'deliveryTime']],
    ['/api/cars', 10, ['id', 'model', 'category', 'seats', 'luggage', 'pricePerDay', 'rating', 'image']],
    ['/api/taxi-rides', 3, ['id', 'type', 'description', 'icon', 'passengers', 'priceEstimate', 'estimatedTime', 'waitTime']],
    ['/api/properties', 12, ['id', 'title', 'location', 'type', 'bedrooms', 'bathrooms', 'sqft', 'pricePerMonth', 'rating', 'image', 'description', 'amenities']],
    ['/api/services', 1, ['id', 'name', 'description', 'category', 'icon']],
    ['/api/general-services', 12, ['id', 'name', 'description', 'category', 'price']],
  ];
  for (const [url, min, fields] of cases) {
    it(`${url} returns an array of at least ${min} with the spec's field names`, async () => {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      const list = res.json();
      expect(Array.isArray(list)).toBe(true);
      expect(list.length).toBeGreaterThanOrEqual(min);
      for (const item of list) for (const f of fields) expect(item).toHaveProperty(f);
    });
  }

  it('gives money as dollar numbers and ratings as numbers', async () => {
    const [hotel] = (await get('/api/hotels')).json();
    expect(typeof hotel.pricePerNight).toBe('number');
    expect(hotel.pricePerNight).toBeGreaterThan(10);
    expect(typeof hotel.rating).toBe('number');
    const [restaurant] = (await get('/api/restaurants')).json();
    expect(typeof restaurant.deliveryFee).toBe('number');
    expect(restaurant.deliveryTime).toMatch(/min/);
  });

  it('has the three taxi ride types', async () => {
    const types = (await get('/api/taxi-rides')).json().map((r: { type: string }) => r.type);
    expect(types).toEqual(expect.arrayContaining(['Economy', 'Premium', 'SUV/Van']));
  });

  it('covers the five property types', async () => {
    const types = new Set((await get('/api/properties')).json().map((p: { type: string }) => p.type));
    for (const type of ['Apartment', 'House', 'Condo', 'Studio', 'Penthouse']) expect(types.has(type)).toBe(true);
  });

  it('points every seeded image at our own placeholder endpoint', async () => {
    for (const url of ['/api/restaurants', '/api/hotels', '/api/cars', '/api/properties']) {
      for (const item of (await get(url)).json()) expect(item.image).toMatch(/^\/api\/placeholder\/\d+\/\d+/);
    }
  });
});

describe('GET /api/placeholder/:w/:h', () => {
  it('returns an SVG of the requested size', async () => {
    const res = await get('/api/placeholder/400/300?hotel=3&view=2');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(res.body).toContain('<svg');
    expect(res.body).toContain('width="400"');
    expect(res.body).toContain('height="300"');
  });

  it('gives different images for different views of a hotel, the same image for the same query', async () => {
    const a = (await get('/api/placeholder/200/200?hotel=1&view=0')).body;
    const b = (await get('/api/placeholder/200/200?hotel=1&view=1')).body;
    const again = (await get('/api/placeholder/200/200?hotel=1&view=0')).body;
    expect(a).not.toBe(b);
    expect(a).toBe(again);
  });

  it.each(['0/10', '10/2001', 'abc/10', '10/1.5', '-5/10'])('answers 400 for %s', async (size) => {
    const res = await get(`/api/placeholder/${size}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBeTruthy();
  });
});

describe('GET /api/countries', () => {
  it('lists about 250 countries with flags, and about 195 sovereign ones for forms', async () => {
    const all = (await get('/api/countries')).json();
    expect(all.length).toBeGreaterThanOrEqual(240);
    const canada = all.find((c: { code: string }) => c.code === 'CA');
    expect(canada).toMatchObject({ name: 'Canada', flag: '🇨🇦', continent: 'North America', phoneCode: '+1', currency: 'CAD' });
    const sovereign = (await get('/api/countries?scope=sovereign')).json();
    expect(sovereign.length).toBeGreaterThan(185);
    expect(sovereign.length).toBeLessThan(200);
  });
});

describe('GET /api/health', () => {
  it('reports ok and the database kind', async () => {
    const res = await get('/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', db: process.env.DATABASE_URL ? 'postgres' : 'pglite' });
  });
});
