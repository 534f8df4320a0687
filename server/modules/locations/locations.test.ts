import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(async () => {
  await t?.close();
});

type Loc = { id: string; name: string; address: string; city: string; country: string; type: string; lat: number; lng: number };

const get = (url: string) => t.app.inject({ method: 'GET', url });
const search = async (q: string, type?: string): Promise<Loc[]> => {
  const res = await get(`/api/locations?q=${encodeURIComponent(q)}${type ? `&type=${type}` : ''}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const fold = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
const TYPE_ORDER = ['city', 'neighborhood', 'street', 'landmark', 'airport'];

describe('GET /api/locations', () => {
  it('needs at least 2 characters after trimming', async () => {
    for (const q of ['a', ' a ', '   ']) {
      const res = await get(`/api/locations?q=${encodeURIComponent(q)}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().errors).toHaveProperty('q');
    }
    expect((await get('/api/locations')).statusCode).toBe(400);
    expect((await get('/api/locations?q=ot')).statusCode).toBe(200);
  });

  it('returns at most 10 results', async () => {
    expect((await search('an')).length).toBe(10);
    expect((await search('street')).length).toBeLessThanOrEqual(10);
  });

  it('returns the result shape {id, name, address, city, country, type, lat, lng}', async () => {
    const results = await search('toronto');
    expect(results.length).toBeGreaterThan(0);
    for (const r of results) {
      expect(Object.keys(r).sort()).toEqual(['address', 'city', 'country', 'id', 'lat', 'lng', 'name', 'type']);
      expect(typeof r.id).toBe('string');
      expect(TYPE_ORDER).toContain(r.type);
      expect(Math.abs(r.lat)).toBeLessThanOrEqual(90);
      expect(Math.abs(r.lng)).toBeLessThanOrEqual(180);
    }
    expect(new Set(results.map((r) => r.id)).size).toBe(results.length);
  });

  it('matches case-insensitively and ignores accents', async () => {
    const upper = await search('PARIS');
    expect(upper).toEqual(await search('paris'));
    expect((await search('montreal')).some((r) => r.name === 'Montréal' && r.type === 'city')).toBe(true);
  });

  it('matches word by word: every word must occur somewhere, in any order', async () => {
    const a = await search('albert regina');
    const b = await search('regina albert');
    expect(a.map((r) => r.name)).toContain('Albert Street');
    expect(b).toEqual(a);
    for (const r of a) {
      const hay = fold(`${r.name} ${r.address} ${r.city} ${r.country}`);
      expect(hay).toContain('albert');
      expect(hay).toContain('regina');
    }
    expect(await search('albert qwertyzzz')).toEqual([]);
  });

  it('matches on the name', async () => {
    expect((await search('eiffel')).map((r) => r.name)).toEqual(['Eiffel Tower']);
  });

  it('matches on the address', async () => {
    const found = await search('silver dart');
    expect(found.map((r) => r.name)).toEqual(['Toronto Pearson International Airport (YYZ)']);
    expect(found[0].name.toLowerCase()).not.toContain('silver');
  });

  it('matches on the city', async () => {
    const found = await search('gastown vancouver');
    expect(found.map((r) => r.name)).toEqual(['Gastown']);
    expect(found[0].city).toBe('Vancouver');
  });

  it('matches on the country', async () => {
    const found = await search('big ben kingdom');
    expect(found.map((r) => r.name)).toEqual(['Big Ben']);
    expect(found[0].country).toBe('United Kingdom');
  });

  it.each([
    ['regina sk', 'Regina'],
    ['toronto on', 'Toronto'],
    ['vancouver bc', 'Vancouver'],
    ['montreal qc', 'Montréal'],
    ['calgary ab', 'Calgary'],
  ])('the shortcut "%s" finds the city', async (q, city) => {
    const [first, ...rest] = await search(q);
    expect(first).toMatchObject({ name: city, type: 'city', country: 'Canada' });
    expect(rest.every((r) => r.country === 'Canada')).toBe(true);
  });

  it('a province shortcut keeps that province only ("london on" is London, Ontario)', async () => {
    const found = await search('london on');
    expect(found[0]).toMatchObject({ name: 'London', type: 'city', country: 'Canada' });
    expect(found.every((r) => r.address.includes('Ontario'))).toBe(true);
  });

  it('ranks city-field matches first, then name matches, then type order, then exact and prefix names first', async () => {
    for (const q of ['regina', 'york', 'paris', 'vancouver', 'kensington', 'airport']) {
      const found = await search(q);
      const key = (r: Loc) => [
        fold(r.city).includes(q) ? 0 : 1,
        fold(r.name).includes(q) ? 0 : 1,
        TYPE_ORDER.indexOf(r.type),
      ];
      for (let i = 1; i < found.length; i++) {
        const [a, b] = [key(found[i - 1]), key(found[i])];
        const cmp = a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
        expect(cmp, `${q}: ${found[i - 1].name} before ${found[i].name}`).toBeLessThanOrEqual(0);
        // Among equals: the name is the query, starts with it, has a word starting with it, or holds it elsewhere
        // (then larger places first, which the API does not show, then name).
        const matchClass = (r: Loc) => {
          const n = fold(r.name);
          return n === q ? 0 : n.startsWith(q) ? 1 : new RegExp(`[\\s\\-'(.]${q}`).test(n) ? 2 : 3;
        };
        if (cmp === 0) expect(matchClass(found[i - 1]), `${q}: ${found[i - 1].name} before ${found[i].name}`).toBeLessThanOrEqual(matchClass(found[i]));
      }
    }
  });

  it('ranks Regina the city first, then Regina-named places, then other Regina places by type and name', async () => {
    const names = (await search('regina')).map((r) => r.name);
    expect(names[0]).toBe('Regina');
    expect(names.indexOf('Regina International Airport (YQR)')).toBeLessThan(names.indexOf('Cathedral'));
    expect(names.indexOf('Downtown Regina')).toBeLessThan(names.indexOf('University of Regina'));
    expect(names.indexOf('Cathedral')).toBeLessThan(names.indexOf('Albert Street'));
    expect(names.indexOf('Albert Street')).toBeLessThan(names.indexOf('Broad Street'));
  });

  it('ranks a place in a city of that name above a place only named after it', async () => {
    const names = (await search('victoria')).map((r) => r.name);
    // Ciudad Victoria's airport matches by its city only; Victoria Avenue (Regina) by its name only.
    const cityOnly = names.indexOf('General Pedro Jose Mendez International Airport (CVM)');
    const nameOnly = names.indexOf('Victoria Avenue');
    expect(cityOnly).toBeGreaterThan(-1);
    expect(nameOnly).toBeGreaterThan(cityOnly);
  });

  it('type=airport keeps airports only', async () => {
    const found = await search('toronto', 'airport');
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((r) => r.type === 'airport')).toBe(true);
    expect(found.map((r) => r.name)).toContain('Toronto Pearson International Airport (YYZ)');
  });

  it('type=city keeps cities and neighbourhoods', async () => {
    const found = await search('toronto', 'city');
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((r) => r.type === 'city' || r.type === 'neighborhood')).toBe(true);
    expect(new Set(found.map((r) => r.type))).toEqual(new Set(['city', 'neighborhood']));
  });

  it('type=address keeps streets', async () => {
    const found = await search('regina', 'address');
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((r) => r.type === 'street')).toBe(true);
  });

  it('treats an empty type as no filter', async () => {
    const res = await get('/api/locations?q=toronto&type=');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(await search('toronto'));
  });

  it('rejects an unknown type', async () => {
    const res = await get('/api/locations?q=regina&type=planet');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toHaveProperty('type');
  });

  it('has the curated Regina streets, landmarks, neighbourhoods and airport near Regina', async () => {
    const expected: Array<[string, string]> = [
      ['Albert Street', 'street'],
      ['Victoria Avenue', 'street'],
      ['Broad Street', 'street'],
      ['Wascana Centre', 'landmark'],
      ['Saskatchewan Legislative Building', 'landmark'],
      ['Mosaic Stadium', 'landmark'],
      ['Cathedral', 'neighborhood'],
      ['Harbour Landing', 'neighborhood'],
      ['Downtown Regina', 'neighborhood'],
      ['Regina International Airport (YQR)', 'airport'],
    ];
    for (const [name, type] of expected) {
      const found = (await search(`${name} regina`)).find((r) => r.name === name);
      expect(found, name).toMatchObject({ type, city: 'Regina', country: 'Canada' });
      expect(Math.abs((found?.lat ?? 0) - 50.45)).toBeLessThan(0.1);
      expect(Math.abs((found?.lng ?? 0) + 104.61)).toBeLessThan(0.1);
    }
  });

  it('covers major world cities and their airports', async () => {
    for (const [q, city] of [
      ['tokyo', 'Tokyo'],
      ['sydney', 'Sydney'],
      ['nairobi', 'Nairobi'],
      ['sao paulo', 'São Paulo'],
    ]) {
      expect((await search(q)).some((r) => r.type === 'city' && r.name === city), q).toBe(true);
    }
    expect((await search('heathrow', 'airport')).map((r) => r.name)).toContain('London Heathrow Airport (LHR)');
  });
});

describe('GET /api/locations ranks as a new user expects', () => {
  const first = async (q: string, type?: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/locations?q=${encodeURIComponent(q)}${type ? `&type=${type}` : ''}` });
    expect(res.statusCode).toBe(200);
    return res.json() as Array<{ name: string; country: string; type: string; address: string }>;
  };
  it("finds Toronto first for 'tor', London GB for 'london', Vancouver CA for 'vancouver'", async () => {
    expect((await first('tor'))[0]).toMatchObject({ name: 'Toronto', country: 'Canada' });
    expect((await first('london'))[0]).toMatchObject({ name: 'London', country: 'United Kingdom' });
    expect((await first('vancouver'))[0]).toMatchObject({ name: 'Vancouver', country: 'Canada' });
  });
  it("finds streets by partial words: 'main st', 'yonge st', 'granv'", async () => {
    const main = await first('main st');
    expect(main.length).toBeGreaterThan(0);
    expect(main[0]).toMatchObject({ name: 'Main Street', type: 'street' });
    expect((await first('yonge st'))[0]).toMatchObject({ name: 'Yonge Street' });
    expect((await first('granv', 'address'))[0]).toMatchObject({ name: 'Granville Street' });
  });
});
