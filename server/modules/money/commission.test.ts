import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LISTING_COLLECTIONS } from '../../../domain/catalogue/kinds';
import { COMMISSION_MIN_MESSAGE, COMMISSION_PERCENT_MESSAGE, DEFAULT_COMMISSION_RULES } from '../../../domain/money/commission';
import { commissionRules as rulesTable } from '../../db/schema';
import { createTestApp, signUp, type TestApp } from '../../testing/test-app';
import { commissionRules, ruleFor } from './commission';

let t: TestApp;
let admin: { cookie: string; id: number };
beforeAll(async () => {
  t = await createTestApp({ seed: false });
  admin = await signUp(t, { role: 'admin' });
});
afterAll(async () => t?.close());

type Rule = { kind: string; percent: number; minCents: number };
const get = (cookie?: string) => t.app.inject({ method: 'GET', url: '/api/admin/commission', headers: cookie ? { cookie } : {} });
const put = (payload: unknown, cookie: string | null = admin.cookie, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'PUT', url: '/api/admin/commission', headers: { ...(cookie ? { cookie } : {}), ...headers }, payload: payload as object });
const rulesOf = async () => ((await get(admin.cookie)).json() as { rules: Rule[] }).rules;
const auditEntries = async () =>
  (await t.app.inject({ method: 'GET', url: '/api/admin/audit?action=commission.changed', headers: { cookie: admin.cookie } })).json() as Array<{
    actorId: number;
    targetType: string;
    targetId: string;
    changes: Record<string, unknown>;
  }>;

describe('commission rules', () => {
  it('GET answers every kind in the admin order with the defaults (restaurants 15 % min $1.00, hotels 12 %, cars 10 %)', async () => {
    const res = await get(admin.cookie);
    expect(res.statusCode).toBe(200);
    const { rules } = res.json() as { rules: Rule[] };
    expect(rules.map((r) => r.kind)).toEqual([...LISTING_COLLECTIONS]);
    expect(rules.find((r) => r.kind === 'restaurants')).toEqual({ kind: 'restaurants', percent: 15, minCents: 100 });
    expect(rules.find((r) => r.kind === 'hotels')).toEqual({ kind: 'hotels', percent: 12, minCents: 0 });
    expect(rules.find((r) => r.kind === 'cars')).toEqual({ kind: 'cars', percent: 10, minCents: 0 });
    for (const d of DEFAULT_COMMISSION_RULES) expect(rules).toContainEqual(d);
  });

  it('is admin only: 401 signed out, 403 for a provider or a customer, for reading and for changing', async () => {
    const provider = await signUp(t, { role: 'provider' });
    const customer = await signUp(t);
    expect((await get()).statusCode).toBe(401);
    expect((await get(provider.cookie)).statusCode).toBe(403);
    expect((await get(customer.cookie)).statusCode).toBe(403);
    const change = { rules: [{ kind: 'hotels', percent: 1, minCents: 0 }] };
    expect((await put(change, null)).statusCode).toBe(401);
    expect((await put(change, provider.cookie)).statusCode).toBe(403);
    expect((await put(change, customer.cookie)).statusCode).toBe(403);
    expect((await rulesOf()).find((r) => r.kind === 'hotels')?.percent).toBe(12);
  });

  it('PUT refuses bad rules with 400 and an error naming the field, and changes nothing', async () => {
    const before = await rulesOf();
    const cases: Array<[unknown, Record<string, string>]> = [
      [{ rules: [{ kind: 'hotels', percent: 101, minCents: 0 }] }, { 'rules.0.percent': COMMISSION_PERCENT_MESSAGE }],
      [{ rules: [{ kind: 'hotels', percent: -1, minCents: 0 }] }, { 'rules.0.percent': COMMISSION_PERCENT_MESSAGE }],
      [{ rules: [{ kind: 'hotels', percent: 12.345, minCents: 0 }] }, { 'rules.0.percent': COMMISSION_PERCENT_MESSAGE }],
      [{ rules: [{ kind: 'cars', percent: 10, minCents: 0 }, { kind: 'hotels', percent: 10, minCents: -1 }] }, { 'rules.1.minCents': COMMISSION_MIN_MESSAGE }],
      [{ rules: [{ kind: 'hotels', percent: 10, minCents: 1.5 }] }, { 'rules.0.minCents': COMMISSION_MIN_MESSAGE }],
      [{ rules: [{ kind: 'spaceships', percent: 10, minCents: 0 }] }, { 'rules.0.kind': 'Unknown listing kind' }],
      [
        {
          rules: [
            { kind: 'hotels', percent: 10, minCents: 0 },
            { kind: 'hotels', percent: 11, minCents: 0 },
          ],
        },
        { rules: 'Each kind may appear once' },
      ],
      [{ rules: [] }, { rules: 'Name at least one rule' }],
    ];
    for (const [body, errors] of cases) {
      const res = await put(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json(), JSON.stringify(body)).toMatchObject({ message: expect.stringContaining('Validation failed'), errors });
    }
    expect((await put({})).statusCode).toBe(400);
    expect(await rulesOf()).toEqual(before);
    expect(await auditEntries()).toEqual([]);
  });

  it('PUT refuses a cross-site request: a foreign Origin (403) or a form post (415)', async () => {
    const change = { rules: [{ kind: 'hotels', percent: 1, minCents: 0 }] };
    expect((await put(change, admin.cookie, { origin: 'https://evil.example' })).statusCode).toBe(403);
    const form = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/commission',
      headers: { cookie: admin.cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'rules=1',
    });
    expect(form.statusCode).toBe(415);
    expect((await rulesOf()).find((r) => r.kind === 'hotels')?.percent).toBe(12);
  });

  it('PUT saves the named kinds, leaves the others, records who and when, and audits before and after', async () => {
    const res = await put({
      rules: [
        { kind: 'hotels', percent: 12.5, minCents: 250 },
        { kind: 'cars', percent: 0, minCents: 0 },
      ],
    });
    expect(res.statusCode).toBe(200);
    const { rules } = res.json() as { rules: Rule[] };
    expect(rules.map((r) => r.kind)).toEqual([...LISTING_COLLECTIONS]);
    expect(rules.find((r) => r.kind === 'hotels')).toEqual({ kind: 'hotels', percent: 12.5, minCents: 250 });
    expect(rules.find((r) => r.kind === 'cars')).toEqual({ kind: 'cars', percent: 0, minCents: 0 });
    expect(rules.find((r) => r.kind === 'restaurants')).toEqual({ kind: 'restaurants', percent: 15, minCents: 100 });
    expect(await rulesOf()).toEqual(rules);

    const [row] = await t.database.db.select().from(rulesTable).where(eq(rulesTable.kind, 'hotels'));
    expect(row.updatedBy).toBe(admin.id);
    expect(Date.now() - row.updatedAt.getTime()).toBeLessThan(60_000);

    const [entry, ...older] = await auditEntries();
    expect(older).toEqual([]);
    expect(entry).toMatchObject({
      actorId: admin.id,
      targetType: 'commission_rules',
      changes: {
        hotels: [
          { percent: 12, minCents: 0 },
          { percent: 12.5, minCents: 250 },
        ],
        cars: [
          { percent: 10, minCents: 0 },
          { percent: 0, minCents: 0 },
        ],
      },
    });

    // The same rules again change nothing and are not audited again.
    expect((await put({ rules: [{ kind: 'hotels', percent: 12.5, minCents: 250 }] })).statusCode).toBe(200);
    expect(await auditEntries()).toHaveLength(1);
  });

  it('ruleFor gives the rule in force, the default when a kind has no row, and null for a kind that is not one', async () => {
    const db = t.database.db;
    expect(await ruleFor(db, 'hotels')).toEqual({ percent: 12.5, minCents: 250 });
    expect(await ruleFor(db, 'spaceships')).toBeNull();
    expect(await ruleFor(db, 'food-delivery')).toBeNull();
    await db.delete(rulesTable).where(eq(rulesTable.kind, 'flights'));
    expect(await ruleFor(db, 'flights')).toEqual({ percent: 5, minCents: 0 });
    expect((await commissionRules(db)).find((r) => r.kind === 'flights')).toEqual({ kind: 'flights', percent: 5, minCents: 0 });
    // A PUT of a kind without a row writes it.
    expect((await put({ rules: [{ kind: 'flights', percent: 7.25, minCents: 0 }] })).statusCode).toBe(200);
    expect(await ruleFor(db, 'flights')).toEqual({ percent: 7.25, minCents: 0 });
    expect((await auditEntries())[0].changes).toEqual({
      flights: [
        { percent: 5, minCents: 0 },
        { percent: 7.25, minCents: 0 },
      ],
    });
  });
});
