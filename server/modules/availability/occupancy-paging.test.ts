/**
 * Issue 29: the admin's occupancy comes a page at a time. GET /api/admin/occupancy keeps its `{from, to, listings}`
 * answer, `listings` holding one page (`limit`, default 50, at most 100; `cursor`; optionally one `kind`), with
 * X-Total-Count and Link rel="next"; following the links gives every active listing with capacity once.
 */
import { asc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_KINDS, type DayKind } from '../../../domain/availability/schemas';
import { addDays, todayUtc } from '../../../domain/catalogue/pricing';
import { availabilityDays, cars, flights, hotels, properties } from '../../db/schema';
import { createAdmin, createTestApp, signUp, type TestApp } from '../../testing/test-app';
import { followPages } from '../../testing/follow-pages';

type Row = { kind: DayKind; id: number; name: string; capacity: number; usedUnitDays: number; capacityUnitDays: number; occupancy: number };
type Answer = { from: string; to: string; listings: Row[] };

const TABLES = { hotels, cars, properties, flights } as const;

let t: TestApp;
let admin: string;
let busyHotel: number;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await createAdmin(t)).cookie;
  const db = t.database.db;
  // One hotel fully taken over two days and blocked on a third, and one inactive car (left out).
  const [h] = await db.select().from(hotels).where(eq(hotels.isActive, true)).orderBy(asc(hotels.id)).limit(1);
  busyHotel = h.id;
  const today = todayUtc(new Date());
  await db.insert(availabilityDays).values([
    { kind: 'hotels', listingId: h.id, day: today, capacity: h.rooms, taken: h.rooms },
    { kind: 'hotels', listingId: h.id, day: addDays(today, 1), capacity: h.rooms, taken: h.rooms },
    { kind: 'hotels', listingId: h.id, day: addDays(today, 2), capacity: h.rooms, blocked: 1 },
  ]);
  const [c] = await db.select().from(cars).orderBy(asc(cars.id)).limit(1);
  await db.update(cars).set({ isActive: false }).where(eq(cars.id, c.id));
});
afterAll(async () => t?.close());

const get = (url: string, cookie = admin) => t.app.inject({ method: 'GET', url, headers: { cookie } });
const total = (res: LightMyRequestResponse) => Number(res.headers['x-total-count']);

/** Every active listing with capacity, `kind:id`, kind by kind (DAY_KINDS order), each kind by id. */
async function activeListings(only?: DayKind): Promise<string[]> {
  const out: string[] = [];
  for (const kind of DAY_KINDS) {
    if (only && kind !== only) continue;
    const table = TABLES[kind] as unknown as typeof hotels;
    const rows = await t.database.db.select({ id: table.id }).from(table).where(eq(table.isActive, true)).orderBy(asc(table.id));
    out.push(...rows.map((r) => `${kind}:${r.id}`));
  }
  return out;
}

async function walk(url: string) {
  const answers = await followPages(get, url, undefined, 100);
  return { answers, rows: answers.flatMap((a) => (a.json() as Answer).listings) };
}

describe('GET /api/admin/occupancy comes a page at a time', () => {
  it('pages every active listing with capacity once, across kinds, with the window, the total and the next link', async () => {
    const all = await activeListings();
    expect(all.length).toBeGreaterThan(20);
    const { answers, rows } = await walk('/api/admin/occupancy?limit=7');
    expect(rows.map((r) => `${r.kind}:${r.id}`)).toEqual(all);
    expect(answers.length).toBe(Math.ceil(all.length / 7));
    const today = todayUtc(new Date());
    for (const res of answers) {
      const body = res.json() as Answer;
      expect(body).toMatchObject({ from: today, to: addDays(today, 29) });
      expect(body.listings.length).toBeLessThanOrEqual(7);
      expect(total(res)).toBe(all.length);
      expect(res.headers['cache-control']).toBe('no-store');
    }
    for (const res of answers.slice(0, -1)) expect(res.headers.link).toMatch(/^<\/api\/admin\/occupancy\?limit=7&cursor=[A-Za-z0-9_-]+>; rel="next"$/);
    expect(answers.at(-1)!.headers.link).toBeUndefined();

    // The figures of a page are the listing's own: two full days of 30, one of them blocked.
    const busy = rows.find((r) => r.kind === 'hotels' && r.id === busyHotel)!;
    expect(busy).toMatchObject({ usedUnitDays: 2 * busy.capacity, capacityUnitDays: 29 * busy.capacity });
    expect(busy.occupancy).toBeCloseTo(2 / 29, 6);
  });

  it('answers 50 by default, and one kind when asked (its own total, the kind kept in the next link)', async () => {
    const all = await activeListings();
    const first = await get('/api/admin/occupancy');
    expect((first.json() as Answer).listings.map((r) => `${r.kind}:${r.id}`)).toEqual(all.slice(0, 50));
    expect(total(first)).toBe(all.length);
    expect(Boolean(first.headers.link)).toBe(all.length > 50);

    const carsOnly = await activeListings('cars');
    const { answers, rows } = await walk('/api/admin/occupancy?kind=cars&limit=4');
    expect(rows.map((r) => `${r.kind}:${r.id}`)).toEqual(carsOnly);
    expect(total(answers[0])).toBe(carsOnly.length);
    if (answers.length > 1) expect(answers[0].headers.link).toMatch(/^<\/api\/admin\/occupancy\?kind=cars&limit=4&cursor=/);
  });

  it('refuses a bad kind, limit or cursor with 400, and anyone but an admin', async () => {
    for (const query of ['kind=boats', 'limit=0', 'limit=101', 'cursor=nonsense', 'cursor=aWQ6NQ']) {
      const res = await get(`/api/admin/occupancy?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json(), query).toMatchObject({ message: expect.any(String) });
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/occupancy' })).statusCode).toBe(401);
    expect((await get('/api/admin/occupancy', (await signUp(t, { role: 'provider' })).cookie)).statusCode).toBe(403);
  });
});
