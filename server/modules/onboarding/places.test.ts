import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { greatCircleKm } from '../../../domain/catalogue/pricing';
import { directoryGeocode } from '../../../domain/locations/geocode';
import { PIN_MESSAGE, REGISTRATION_FORMS, type RegistrationKind } from '../../../domain/onboarding';
import { VALID_SAMPLES } from '../../../domain/onboarding/test-samples';
import { registrations } from '../../db/schema';
import { confirmRegistration } from './test-helpers';
import { createAdmin, createTestApp, type TestApp } from '../../testing/test-app';
import { locationDirectory } from '../locations';

/** Issue 26: every listing that is a place has coordinates, from the registration's map pin to the public lists. */
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await createAdmin(t)).cookie;
});
afterAll(async () => {
  await t?.close();
});

type Listed = { id: number; lat: number | null; lng: number | null } & Record<string, unknown>;

const post = (url: string, payload: object, cookie?: string) => t.app.inject({ method: 'POST', url, payload, headers: cookie ? { cookie } : {} });
const list = async (url: string): Promise<Listed[]> => (await t.app.inject({ method: 'GET', url })).json();

const PLACES = [
  { kind: 'restaurant', list: '/api/restaurants', nameField: 'name' },
  { kind: 'hotel', list: '/api/hotels', nameField: 'name' },
  { kind: 'car-rental', list: '/api/cars', nameField: 'company' },
  { kind: 'property', list: '/api/properties', nameField: 'title' },
] as const satisfies ReadonlyArray<{ kind: RegistrationKind; list: string; nameField: string }>;

describe('registering a place needs its map pin', () => {
  it.each(PLACES)('$kind: a registration without the pin is refused with the message under the map', async ({ kind }) => {
    const { lat: _lat, lng: _lng, ...unpinned } = VALID_SAMPLES[kind] as Record<string, unknown>;
    const res = await post(REGISTRATION_FORMS[kind].apiPath, unpinned);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({ lat: PIN_MESSAGE, lng: PIN_MESSAGE });
    const offTheMap = await post(REGISTRATION_FORMS[kind].apiPath, { ...VALID_SAMPLES[kind], lat: 95 });
    expect(offTheMap.json().errors).toEqual({ lat: PIN_MESSAGE });
  });
});

describe('approval', () => {
  it('refuses a place registered without coordinates, with a clear reason the queue shows too', async () => {
    // A registration stored before the forms asked for the pin.
    const { lat: _lat, lng: _lng, ...old } = VALID_SAMPLES.restaurant;
    const [row] = await t.database.db
      .insert(registrations)
      .values({ kind: 'restaurant', name: 'Unpinned Diner', status: 'pending', data: { ...old, name: 'Unpinned Diner' }, submitterIp: '127.0.0.1' })
      .returning({ id: registrations.id });
    const queue = (await t.app.inject({ method: 'GET', url: '/api/admin/registrations?status=pending', headers: { cookie: admin } })).json() as Array<{ id: number; blockedReason: string | null }>;
    const reason = 'Cannot publish: the registration has no map pin for its address. Ask the provider to register again and place the pin, or reject it.';
    expect(queue.find((r) => r.id === row.id)?.blockedReason).toBe(reason);

    const res = await post(`/api/admin/registrations/${row.id}/approve`, {}, admin);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(reason);
    const [after] = await t.database.db.select().from(registrations).where(eq(registrations.id, row.id));
    expect(after.status).toBe('pending');
    expect((await list('/api/restaurants')).map((r) => r.name)).not.toContain('Unpinned Diner');
  });

  it.each(PLACES)('publishes a $kind at its pin, and the public list shows the coordinates', async ({ kind, list: listUrl, nameField }) => {
    const sample = VALID_SAMPLES[kind] as Record<string, unknown> & { lat: number; lng: number };
    const name = `Pinned ${kind} ${Date.now()}`;
    const body = { ...sample, ...(kind === 'property' ? { title: name } : kind === 'car-rental' ? { companyName: name } : { name }) };
    const created = await post(REGISTRATION_FORMS[kind].apiPath, body);
    expect(created.statusCode, created.body).toBe(201);
    await confirmRegistration(t, created.json().id as number);
    const approved = await post(`/api/admin/registrations/${created.json().id}/approve`, {}, admin);
    expect(approved.statusCode, approved.body).toBe(200);
    const published = (await list(listUrl)).find((r) => r.id === approved.json().published.id);
    expect(published?.[nameField]).toBe(name);
    expect(published).toMatchObject({ lat: sample.lat, lng: sample.lng });
  });
});

describe('the seeded catalogue', () => {
  it('gives every restaurant, hotel, car pickup point and property real coordinates of the place its address names', async () => {
    const index = locationDirectory().index;
    const where = (r: Listed) => String(r.address ?? r.location);
    for (const url of ['/api/restaurants', '/api/hotels', '/api/cars', '/api/properties']) {
      const rows = await list(url);
      expect(rows.length, url).toBeGreaterThan(0);
      for (const r of rows) {
        expect(r.lat, `${url} ${r.id}`).toEqual(expect.any(Number));
        expect(r.lng, `${url} ${r.id}`).toEqual(expect.any(Number));
        // Within 30 km of the directory's best match for the listing's own address: the point is where it says it is.
        const [match] = directoryGeocode(index, where(r)).results;
        expect(match, where(r)).toBeDefined();
        const km = greatCircleKm({ lat: r.lat as number, lng: r.lng as number }, match);
        expect(km, `${url} ${where(r)}: ${km.toFixed(1)} km from ${match.label}`).toBeLessThan(30);
      }
    }
  });
});
