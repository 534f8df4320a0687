/**
 * Issue 29: the provider portal's lists come a page at a time. My listings (every kind) and my orders take `limit`
 * (default 50, at most 100) and `cursor`, and say how many there are in all (X-Total-Count) and where the next page
 * is (Link rel="next"); following the links gives each row once, rows added meanwhile included.
 */
import { asc, inArray } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROVIDER_KINDS, type ProviderKind } from '../../../domain/provider/schemas';
import { bookings, providerOrders } from '../../db/schema';
import { createTestApp, signUp, type TestApp } from '../../testing/test-app';
import { followPages } from '../../testing/follow-pages';
import { tableOf } from './kinds';

type Json = Record<string, unknown>;
type Account = Awaited<ReturnType<typeof signUp>>;

let t: TestApp;
let owner: Account;
let other: Account;
let customer: Account;
/** What the owner owns, `kind:id`, in the order the list gives them (kind by kind, each kind by id). */
const owned: string[] = [];

/** Gives `owner` the first `n` listings of `kind` that nobody owns yet. */
async function own(kind: ProviderKind, n: number, who: Account): Promise<number[]> {
  const table = tableOf(kind);
  const db = t.database.db;
  const rows = await db.select({ id: table.id, ownerId: table.ownerId }).from(table).orderBy(asc(table.id));
  const ids = rows.filter((r) => r.ownerId === null).slice(0, n).map((r) => r.id);
  expect(ids.length, `seeded ${kind}`).toBe(n);
  await db.update(table).set({ ownerId: who.id }).where(inArray(table.id, ids));
  return ids;
}

/** Adds `n` paid orders of `listingId` (a hotel) for `provider`, straight into the tables; their order ids. */
async function addOrders(provider: Account, listingId: number, n: number): Promise<number[]> {
  const db = t.database.db;
  const made = await db
    .insert(bookings)
    .values(Array.from({ length: n }, () => ({ userId: customer.id, status: 'confirmed' as const, totalCents: 10_000, subtotalCents: 10_000 })))
    .returning({ id: bookings.id });
  const orders = await db
    .insert(providerOrders)
    .values(made.map((b) => ({ bookingId: b.id, providerId: provider.id, listingKind: 'hotels', listingId, listingName: 'Paged Hotel', itemsCents: 10_000, totalCents: 10_000 })))
    .returning({ id: providerOrders.id });
  return orders.map((o) => o.id);
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t, { role: 'provider' });
  other = await signUp(t, { role: 'provider' });
  customer = await signUp(t);
  // Listings of several kinds, so pages run across the end of one kind into the next.
  for (const [kind, n] of [
    ['restaurants', 2],
    ['hotels', 3],
    ['cars', 2],
    ['flights', 1],
  ] as const) {
    for (const id of await own(kind, n, owner)) owned.push(`${kind}:${id}`);
  }
  await own('hotels', 1, other);
  owned.sort((a, b) => {
    const [ka, ia] = a.split(':');
    const [kb, ib] = b.split(':');
    return PROVIDER_KINDS.indexOf(ka as ProviderKind) - PROVIDER_KINDS.indexOf(kb as ProviderKind) || Number(ia) - Number(ib);
  });
});
afterAll(async () => t?.close());

const get = (url: string, who: Account = owner) => t.app.inject({ method: 'GET', url, headers: { cookie: who.cookie } });
const total = (res: LightMyRequestResponse) => Number(res.headers['x-total-count']);

/** Follows the Link headers from `url`, running `between` after each page; every page's answer and their rows. */
async function walk(url: string, between?: (page: number) => Promise<void>) {
  const answers = await followPages(get, url, between, 50);
  return { answers, rows: answers.flatMap((a) => a.json() as Json[]) };
}

describe('GET /api/provider/listings comes a page at a time', () => {
  it('pages all my listings of every kind once, kind by kind, with the total and the next link', async () => {
    const { answers, rows } = await walk('/api/provider/listings?limit=3');
    expect(rows.map((r) => `${String(r.kind)}:${String(r.id)}`)).toEqual(owned);
    expect(answers.length).toBe(Math.ceil(owned.length / 3));
    for (const res of answers) {
      expect(total(res)).toBe(owned.length);
      expect((res.json() as Json[]).length).toBeLessThanOrEqual(3);
      expect(res.headers['cache-control']).toBe('no-store');
    }
    for (const res of answers.slice(0, -1)) expect(res.headers.link).toMatch(/^<\/api\/provider\/listings\?limit=3&cursor=[A-Za-z0-9_-]+>; rel="next"$/);
    expect(answers.at(-1)!.headers.link).toBeUndefined();
  });

  it('answers at most 50 by default, and a listing given to me meanwhile is on a later page', async () => {
    const first = await get('/api/provider/listings');
    expect(first.json()).toHaveLength(owned.length);
    expect(total(first)).toBe(owned.length);
    expect(first.headers.link).toBeUndefined();

    let added: string[] = [];
    const { rows } = await walk('/api/provider/listings?limit=2', async (page) => {
      if (page === 1) added = (await own('cars', 1, owner)).map((id) => `cars:${id}`);
    });
    const seen = rows.map((r) => `${String(r.kind)}:${String(r.id)}`);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual(expect.arrayContaining([...owned, ...added]));
    expect(seen).toHaveLength(owned.length + 1);
    owned.push(...added);
  });

  it("shows nobody else's listings, and refuses a bad limit or cursor with 400 and the field's message", async () => {
    const theirs = await get('/api/provider/listings', other);
    expect((theirs.json() as Json[]).map((r) => r.kind)).toEqual(['hotels']);
    expect(total(theirs)).toBe(1);
    for (const query of ['limit=0', 'limit=101', 'limit=two', 'cursor=nonsense', 'cursor=aWQ6NQ']) {
      const res = await get(`/api/provider/listings?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json(), query).toMatchObject({ message: expect.any(String), errors: expect.any(Object) });
    }
  });
});

describe('GET /api/provider/orders comes a page at a time', () => {
  it('pages more than 500 orders, newest first, each once, with the total; an order that arrives meanwhile is next time first', async () => {
    const hotel = Number(owned.find((k) => k.startsWith('hotels:'))!.split(':')[1]);
    const mine = await addOrders(owner, hotel, 501);
    await addOrders(other, hotel, 2);

    const first = await get('/api/provider/orders');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toHaveLength(50);
    expect(total(first)).toBe(501);
    expect(first.headers.link).toMatch(/^<\/api\/provider\/orders\?cursor=[A-Za-z0-9_-]+>; rel="next"$/);

    let late: number[] = [];
    const { answers, rows } = await walk('/api/provider/orders?limit=100', async (page) => {
      if (page === 1) late = await addOrders(owner, hotel, 1);
    });
    const ids = rows.map((r) => r.orderId as number);
    // Newest first; the late order is newer than the first page, so this walk does not repeat or show it.
    expect(ids).toEqual([...mine].sort((a, b) => b - a));
    expect(answers).toHaveLength(6);
    expect(total(answers.at(-1)!)).toBe(502);
    expect(answers.at(-1)!.headers.link).toBeUndefined();
    expect(((await get('/api/provider/orders?limit=1')).json() as Json[]).map((r) => r.orderId)).toEqual(late);
  });

  it('refuses a bad limit or cursor with 400', async () => {
    for (const query of ['limit=0', 'limit=101', 'cursor=nonsense']) {
      const res = await get(`/api/provider/orders?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json(), query).toMatchObject({ message: expect.any(String) });
    }
  });
});
