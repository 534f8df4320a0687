import { asc, desc, ne } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LISTING_COLLECTIONS } from '../../../domain/catalogue/kinds';
import { contactMessages, hotels, registrations, serviceProviders } from '../../db/schema';
import { createAdmin, createTestApp, type TestApp } from '../../testing/test-app';
import { followPages } from '../../testing/follow-pages';
import { serverKindOfCollection } from '../catalogue';

type Json = Record<string, unknown>;

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await createAdmin(t)).cookie;
  // A few rows in each table that the seed leaves (nearly) empty.
  const db = t.database.db;
  for (let i = 0; i < 5; i++) {
    await db.insert(contactMessages).values({ name: `Sender ${i}`, email: `s${i}@example.com`, subject: `Subject ${i}`, message: 'Hello' });
    await db.insert(serviceProviders).values({ serviceType: 'airline', businessName: `Airline ${i}` });
    await db.insert(registrations).values({ kind: 'hotel', name: `Paged Inn ${i}`, data: {}, status: i === 4 ? 'unconfirmed' : 'pending' });
  }
});
afterAll(async () => t?.close());

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { cookie: admin } });
const total = (res: LightMyRequestResponse) => Number(res.headers['x-total-count']);

/** Follows the Link headers from `url`, running `between` after each page; the ids seen and each page's answer. */
async function walk(url: string, between?: (page: number) => Promise<void>) {
  const answers = await followPages(get, url, between);
  return { ids: answers.flatMap((a) => (a.json() as Json[]).map((r) => r.id as number)), answers };
}

describe('admin tables come a page at a time', () => {
  it.each(LISTING_COLLECTIONS)('/api/admin/%s pages every row (active or not) once, oldest first, while rows are added', async (collection) => {
    const t0 = serverKindOfCollection(collection)!.table as unknown as typeof hotels;
    const db = t.database.db;
    const addCopy = async () => {
      const [row] = await db.select().from(t0).limit(1);
      const { id: _id, ...copy } = row;
      await db.insert(t0).values({ ...copy, isActive: false });
    };
    await addCopy();
    await addCopy();
    // Rows added after the first page (there are at least 5 rows, so a second page follows) are read at the end.
    const { ids, answers } = await walk(`/api/admin/${collection}?limit=3`, async (page) => {
      if (page === 1) {
        await addCopy();
        await addCopy();
      }
    });
    const all = (await db.select({ id: t0.id }).from(t0).orderBy(asc(t0.id))).map((r) => r.id);
    expect(ids).toEqual(all);
    expect(answers.length).toBeGreaterThan(1);
    expect(total(answers.at(-1)!)).toBe(all.length);
    for (const res of answers.slice(0, -1)) expect(res.headers.link).toMatch(new RegExp(`^</api/admin/${collection}\\?limit=3&cursor=[A-Za-z0-9_-]+>; rel="next"$`));
    expect(answers.at(-1)!.headers.link).toBeUndefined();
    expect(answers[0].headers['cache-control']).toBe('no-store');
  });

  it('pages contact messages newest first; one that arrives meanwhile is on the next first page, nothing repeats', async () => {
    const db = t.database.db;
    const before = (await db.select({ id: contactMessages.id }).from(contactMessages).orderBy(desc(contactMessages.id))).map((r) => r.id);
    let added = 0;
    const { ids, answers } = await walk('/api/admin/messages?limit=2', async (page) => {
      if (page === 1) {
        const [row] = await db.insert(contactMessages).values({ name: 'Late', email: 'late@example.com', message: 'Meanwhile' }).returning({ id: contactMessages.id });
        added = row.id;
      }
    });
    expect(ids).toEqual(before);
    expect(total(answers.at(-1)!)).toBe(before.length + 1);
    expect(((await get('/api/admin/messages?limit=2')).json() as Json[])[0].id).toBe(added);
    // The generic collection route pages the same table the same way.
    expect((await walk('/api/admin/contact-messages?limit=4')).ids).toEqual([added, ...before]);
  });

  it('pages the review queue newest first, keeping its filters in the Link, without unconfirmed registrations', async () => {
    const db = t.database.db;
    const pending = (await db.select({ id: registrations.id, status: registrations.status }).from(registrations).orderBy(desc(registrations.id)))
      .filter((r) => r.status === 'pending')
      .map((r) => r.id);
    expect(pending.length).toBeGreaterThan(2);
    const { ids, answers } = await walk('/api/admin/registrations?status=pending&kind=hotel&limit=2');
    expect(ids).toEqual(pending);
    for (const res of answers) expect(total(res)).toBe(pending.length);
    expect(answers[0].headers.link).toMatch(/^<\/api\/admin\/registrations\?status=pending&kind=hotel&limit=2&cursor=/);
    const listed = (await db.select({ id: registrations.id }).from(registrations).where(ne(registrations.status, 'unconfirmed')).orderBy(desc(registrations.id))).map((r) => r.id);
    expect((await walk('/api/admin/registrations?limit=3')).ids).toEqual(listed);
    expect((await walk('/api/admin/registrations?limit=3')).answers[0].headers['x-total-count']).toBe(String(listed.length));
  });

  it('pages the providers, and a table smaller than a page is one page without a Link', async () => {
    const { ids, answers } = await walk('/api/admin/service-providers?limit=2');
    const all = (await t.database.db.select({ id: serviceProviders.id }).from(serviceProviders).orderBy(asc(serviceProviders.id))).map((r) => r.id);
    expect(ids).toEqual(all);
    expect(answers.length).toBe(Math.ceil(all.length / 2));
    const whole = await get('/api/admin/service-providers');
    expect(whole.headers.link).toBeUndefined();
    expect(total(whole)).toBe(all.length);
    expect((whole.json() as Json[]).length).toBe(all.length);
  });

  it.each(['/api/admin/hotels', '/api/admin/messages', '/api/admin/registrations', '/api/admin/service-providers'])('%s refuses a bad limit or cursor with field errors', async (path) => {
    for (const [query, field] of [
      ['limit=0', 'limit'],
      ['limit=101', 'limit'],
      ['limit=abc', 'limit'],
      ['cursor=nope', 'cursor'],
    ]) {
      const res = await get(`${path}?${query}`);
      expect(res.statusCode, `${path}?${query}`).toBe(400);
      expect(res.json().errors).toHaveProperty(field);
    }
  });

  it('exports a collection larger than one page of the export whole, each row once, as a stream', async () => {
    const db = t.database.db;
    await db.insert(contactMessages).values(Array.from({ length: 1200 }, (_, i) => ({ name: `Bulk ${i}`, email: `bulk${i}@example.com`, message: `Line "${i}", quoted` })));
    const ids = (await db.select({ id: contactMessages.id }).from(contactMessages).orderBy(desc(contactMessages.id))).map((r) => r.id);
    const res = await get('/api/admin/export/contact-messages.csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    const lines = res.body.split('\r\n');
    expect(lines.at(-1)).toBe('');
    expect(lines[0].split(',').slice(0, 3)).toEqual(['id', 'name', 'email']);
    const rows = lines.slice(1, -1);
    expect(rows.map((l) => Number(l.split(',')[0]))).toEqual(ids);
    expect(rows).toContain(`${ids[0]},Bulk 1199,bulk1199@example.com,,"Line ""1199"", quoted",,,${rows[0].split(',').at(-1)}`);
  });

  it('still refuses a caller who is not an admin before reading the page parameters', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/hotels?limit=0' });
    expect(res.statusCode).toBe(401);
  });
});
