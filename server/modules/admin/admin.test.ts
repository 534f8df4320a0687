import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_COLLECTIONS } from '../../../domain/admin/schemas';
import { REGISTRATION_FORMS, type RegistrationKind } from '../../../domain/onboarding';
import { VALID_SAMPLES } from '../../../domain/onboarding/test-samples';
import { confirmRegistration } from '../onboarding/test-helpers';
import { domainEvents, menuItems, registrations, users } from '../../db/schema';
import { createAdmin, createTestApp, signUp, type TestApp } from '../../testing/test-app';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await createAdmin(t)).cookie;
});
afterAll(async () => {
  await t?.close();
});

type Json = Record<string, unknown>;
const req = (method: 'GET' | 'POST' | 'PATCH', url: string, cookie?: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload === undefined ? {} : { payload: payload as object }) });
const asAdmin = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) => req(method, url, admin, payload);

async function submit(kind: RegistrationKind, overrides: Json = {}, cookie?: string): Promise<number> {
  const res = await req('POST', REGISTRATION_FORMS[kind].apiPath, cookie, { ...VALID_SAMPLES[kind], ...overrides });
  expect(res.statusCode).toBe(201);
  // The applicant confirms the form's e-mail address; only then is it for review.
  await confirmRegistration(t, res.json().id as number);
  return res.json().id as number;
}

describe('admin-only enforcement', () => {
  const routes: Array<[method: 'GET' | 'POST' | 'PATCH', url: string, body?: unknown]> = [
    ['GET', '/api/admin/stats'],
    ['GET', '/api/admin/registrations?status=pending'],
    ['POST', '/api/admin/registrations/1/approve', {}],
    ['POST', '/api/admin/registrations/1/reject', { reason: 'spam' }],
    ['GET', '/api/admin/messages'],
    ['POST', '/api/admin/messages/1/read', {}],
    ['GET', '/api/admin/export/restaurants.csv'],
    ['PATCH', '/api/admin/restaurants/1', { isActive: false }],
    ['PATCH', '/api/admin/restaurants/1', { isActive: 'not a boolean' }],
    ...ADMIN_COLLECTIONS.map((c) => ['GET', `/api/admin/${c}`] as ['GET', string]),
  ];

  it.each(routes)('%s %s → 401 without a session, 403 for a user, a provider and a driver', async (method, url, body) => {
    expect((await req(method, url, undefined, body)).statusCode).toBe(401);
    for (const role of ['user', 'provider', 'driver'] as const) {
      const { cookie } = await signUp(t, { role });
      const res = await req(method, url, cookie, body);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toEqual(expect.any(String));
    }
  });
});

describe('review queue', () => {
  it('lists pending registrations newest first with their data', async () => {
    const first = await submit('hotel', { name: 'Queue Hotel One' });
    const second = await submit('taxi', { companyName: 'Queue Cabs Two' });
    const res = await asAdmin('GET', '/api/admin/registrations?status=pending');
    expect(res.statusCode).toBe(200);
    const list = res.json() as Json[];
    const ids = list.map((r) => r.id);
    expect(ids.indexOf(second)).toBeLessThan(ids.indexOf(first));
    expect(list.find((r) => r.id === first)).toMatchObject({
      kind: 'hotel',
      name: 'Queue Hotel One',
      status: 'pending',
      submittedAt: expect.any(String),
      reviewedAt: null,
      reviewNotes: null,
      data: expect.objectContaining({ hotelType: 'Boutique Hotel' }),
    });
    const taxiOnly = (await asAdmin('GET', '/api/admin/registrations?status=pending&kind=taxi')).json() as Json[];
    expect(taxiOnly.every((r) => r.kind === 'taxi')).toBe(true);
    expect((await asAdmin('GET', '/api/admin/registrations?status=bogus')).statusCode).toBe(400);
  });

  it('approves a restaurant: public list, the registration menu, owner linked and promoted', async () => {
    const owner = await signUp(t);
    const id = await submit('restaurant', { name: 'Approved Bistro', cuisine: 'Japanese', deliveryFee: '$2.99', avgDeliveryTime: '30' }, owner.cookie);
    const res = await asAdmin('POST', `/api/admin/registrations/${id}/approve`, {});
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({ id, status: 'approved', published: { collection: 'restaurants', id: expect.any(Number) } });

    const list = (await req('GET', '/api/restaurants')).json() as Json[];
    const published = list.find((r) => r.id === body.published.id);
    expect(published).toMatchObject({
      name: 'Approved Bistro',
      cuisine: 'Japanese',
      deliveryFee: 2.99,
      deliveryTime: '30 min',
      image: '/api/placeholder/400/300?kind=restaurant&subject=Japanese',
    });
    const menu = await req('GET', `/api/restaurants/${body.published.id}/menu`);
    expect(menu.statusCode).toBe(200);
    // Exactly the dishes and prices the restaurant registered, never a generic menu.
    expect((menu.json() as Json[]).map((m) => [m.name, m.price])).toEqual([
      ['Margherita Pizza', 14.5],
      ['Spaghetti Carbonara', 16],
      ['Tiramisu', 7.25],
    ]);
    const items = await t.database.db.select().from(menuItems).where(eq(menuItems.restaurantId, body.published.id));
    expect(items).toHaveLength(3);

    const [user] = await t.database.db.select().from(users).where(eq(users.id, owner.id));
    expect(user.role).toBe('provider');
    const restaurantsAdmin = (await asAdmin('GET', '/api/admin/restaurants')).json() as Json[];
    expect(restaurantsAdmin.find((r) => r.id === body.published.id)).toMatchObject({ ownerId: owner.id, isActive: true });

    const changed = await t.database.db.select().from(domainEvents).where(eq(domainEvents.type, 'catalogue.changed'));
    expect(changed.some((e) => e.payload.kind === 'restaurants' && e.payload.id === body.published.id)).toBe(true);

    const reviewed = (await asAdmin('GET', '/api/admin/registrations?status=approved')).json() as Json[];
    expect(reviewed.find((r) => r.id === id)).toMatchObject({
      status: 'approved',
      reviewedAt: expect.any(String),
      publishedCollection: 'restaurants',
      publishedId: body.published.id,
    });
  });

  const listings: Array<[RegistrationKind, string, string, Json, Json]> = [
    ['hotel', 'hotels', '/api/hotels', { name: 'Approved Harbour Hotel' }, { name: 'Approved Harbour Hotel', pricePerNight: 189, starRating: 4, location: '1 Harbour Road, Halifax, Canada' }],
    ['car-rental', 'cars', '/api/cars', { companyName: 'Approved Wheels' }, { model: 'Approved Wheels fleet', category: 'Economy', seats: 5, pricePerDay: 65 }],
    ['courier', 'shipping-rates', '/api/shipping-rates', { companyName: 'Approved Parcel' }, { name: 'Approved Parcel Express Courier', speed: 'express', basePrice: 12.99, pricePerLb: 0.9, deliveryTime: '1-2 business days' }],
    ['taxi', 'taxi-rides', '/api/taxi-rides', { companyName: 'Approved Cabs' }, { type: 'Approved Cabs Regular Taxi', baseFare: 3.5, perKm: 1.25 }],
    ['property', 'properties', '/api/properties', { title: 'Approved Condo Suite' }, { title: 'Approved Condo Suite', type: 'Condo', bedrooms: 2, bathrooms: 1, pricePerMonth: 1850 }],
    ['general-service', 'general-services', '/api/general-services', { name: 'Approved Laundry' }, { name: 'Approved Laundry', priceFrom: 20, features: ['Pick-up', 'Delivery'] }],
  ];
  it.each(listings)('approving a %s publishes it to %s', async (kind, collection, publicPath, overrides, expected) => {
    const id = await submit(kind, overrides);
    const res = await asAdmin('POST', `/api/admin/registrations/${id}/approve`, {});
    expect(res.statusCode).toBe(200);
    expect(res.json().published.collection).toBe(collection);
    const list = (await req('GET', publicPath)).json() as Json[];
    expect(list.find((r) => r.id === res.json().published.id)).toMatchObject(expected);
  });

  it('refuses to approve a registration without its prices (409) and the review queue says why', async () => {
    // A registration stored before the forms asked for prices: no nightly rate.
    const [row] = await t.database.db
      .insert(registrations)
      .values({ kind: 'hotel', name: 'Priceless Inn', data: { ...VALID_SAMPLES.hotel, name: 'Priceless Inn', nightlyRate: undefined } })
      .returning({ id: registrations.id });
    const queue = (await asAdmin('GET', '/api/admin/registrations?status=pending')).json() as Json[];
    expect(queue.find((r) => r.id === row.id)?.blockedReason).toBe('Cannot publish: the registration has no nightly rate. Ask the provider to register again with prices, or reject it.');
    const res = await asAdmin('POST', `/api/admin/registrations/${row.id}/approve`, {});
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('nightly rate');
    expect((await req('GET', '/api/hotels')).json().some((h: Json) => h.name === 'Priceless Inn')).toBe(false);
    const [after] = await t.database.db.select().from(registrations).where(eq(registrations.id, row.id));
    expect(after.status).toBe('pending');
  });

  it.each([
    ['airline', 'user', 'provider'],
    ['driver', 'user', 'driver'],
    ['driver-application', 'user', 'driver'],
    ['fashion-designer', 'user', 'provider'],
  ] as const)('approving a %s creates a service provider and promotes the %s to %s', async (kind, _from, to) => {
    const submitter = await signUp(t);
    // A driver is the account with the application's e-mail (here the submitter's own).
    const id = await submit(kind, kind.startsWith('driver') ? { email: submitter.email } : {}, submitter.cookie);
    const res = await asAdmin('POST', `/api/admin/registrations/${id}/approve`, {});
    expect(res.statusCode).toBe(200);
    expect(res.json().published.collection).toBe('service-providers');
    const providers = (await asAdmin('GET', '/api/admin/service-providers')).json() as Json[];
    expect(providers.find((p) => p.id === res.json().published.id)).toMatchObject({ userId: submitter.id, registrationId: id });
    const [user] = await t.database.db.select().from(users).where(eq(users.id, submitter.id));
    expect(user.role).toBe(to);
  });

  it('approving a driver application for an e-mail without an account creates one with a one-time set-password link', async () => {
    const email = `new.driver.${Date.now()}@example.com`;
    const id = await submit('driver-application', { email, firstName: 'Nora', lastName: 'Newman', vehicleMake: 'Honda', vehicleModel: 'Civic', vehicleYear: '2020', vehiclePlate: 'NORA 01', hasVehicle: true });
    const res = await asAdmin('POST', `/api/admin/registrations/${id}/approve`, {});
    expect(res.statusCode).toBe(200);
    const account = res.json().account;
    expect(account).toMatchObject({ email, created: true, role: 'driver', setPasswordPath: expect.stringMatching(/^\/set-password\?token=/) });
    const token = new URLSearchParams(account.setPasswordPath.split('?')[1]).get('token');

    // Nobody can sign in before the link is used; the link works once.
    expect((await req('POST', '/api/auth/login', undefined, { email, password: 'anything-at-all' })).statusCode).toBe(401);
    expect((await req('POST', '/api/auth/set-password', undefined, { token, password: 'short' })).json().errors).toHaveProperty('password');
    expect((await req('POST', '/api/auth/set-password', undefined, { token, password: 'nora-drives-safely' })).json()).toEqual({ ok: true });
    const again = await req('POST', '/api/auth/set-password', undefined, { token, password: 'another-password-1' });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('This link is invalid or has expired');
    const login = await req('POST', '/api/auth/login', undefined, { email, password: 'nora-drives-safely' });
    expect(login.json()).toMatchObject({ role: 'driver' });
    const cookie = login.headers['set-cookie'] as string | string[];
    const sid = (Array.isArray(cookie) ? cookie : [cookie]).find((c) => c.startsWith('sid='))!.split(';')[0];
    const me = await t.app.inject({ method: 'GET', url: '/api/driver/me', headers: { cookie: sid } });
    expect(me.json()).toEqual({ online: false, name: 'Nora Newman', phone: expect.any(String), vehicle: '2020 Honda Civic', plate: 'NORA 01' });
  });

  it('rejects with a reason; the listing stays private; a second review is a 409', async () => {
    const id = await submit('restaurant', { name: 'Rejected Diner' });
    expect((await asAdmin('POST', `/api/admin/registrations/${id}/reject`, { reason: '' })).json().errors).toEqual({
      reason: 'Please give a reason for the rejection',
    });
    const res = await asAdmin('POST', `/api/admin/registrations/${id}/reject`, { reason: 'Licence could not be verified' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id, status: 'rejected' });
    const list = (await req('GET', '/api/restaurants')).json() as Json[];
    expect(list.map((r) => r.name)).not.toContain('Rejected Diner');
    const rejected = (await asAdmin('GET', '/api/admin/registrations?status=rejected')).json() as Json[];
    expect(rejected.find((r) => r.id === id)).toMatchObject({ reviewNotes: 'Licence could not be verified' });

    expect((await asAdmin('POST', `/api/admin/registrations/${id}/approve`, {})).statusCode).toBe(409);
    expect((await asAdmin('POST', `/api/admin/registrations/${id}/reject`, { reason: 'again' })).statusCode).toBe(409);
  });

  it('approving twice is a 409 and publishes once', async () => {
    const id = await submit('hotel', { name: 'Twice Hotel' });
    expect((await asAdmin('POST', `/api/admin/registrations/${id}/approve`, {})).statusCode).toBe(200);
    expect((await asAdmin('POST', `/api/admin/registrations/${id}/approve`, {})).statusCode).toBe(409);
    const list = (await req('GET', '/api/hotels')).json() as Json[];
    expect(list.filter((h) => h.name === 'Twice Hotel')).toHaveLength(1);
  });

  it('404 for an unknown registration', async () => {
    expect((await asAdmin('POST', '/api/admin/registrations/999999/approve', {})).statusCode).toBe(404);
  });
});

describe('collections, edits and export', () => {
  it('lists every collection, active and inactive, without password hashes', async () => {
    for (const c of ADMIN_COLLECTIONS) {
      const res = await asAdmin('GET', `/api/admin/${c}`);
      expect(res.statusCode, c).toBe(200);
      expect(Array.isArray(res.json()), c).toBe(true);
    }
    const usersList = (await asAdmin('GET', '/api/admin/users')).json() as Json[];
    expect(usersList.length).toBeGreaterThan(0);
    expect(JSON.stringify(usersList)).not.toMatch(/password|argon/i);
    expect((await asAdmin('GET', '/api/admin/nonsense')).statusCode).toBe(404);
  });

  it('PATCH isActive=false hides an item from the public list; prices are edited in dollars', async () => {
    const [first] = (await req('GET', '/api/hotels')).json() as Json[];
    const res = await asAdmin('PATCH', `/api/admin/hotels/${first.id}`, { isActive: false, pricePerNight: 123.45 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: first.id, isActive: false, pricePerNight: 123.45 });
    const after = (await req('GET', '/api/hotels')).json() as Json[];
    expect(after.map((h) => h.id)).not.toContain(first.id);
    const adminList = (await asAdmin('GET', '/api/admin/hotels')).json() as Json[];
    expect(adminList.find((h) => h.id === first.id)).toMatchObject({ isActive: false });
  });

  it("sets a restaurant's delivery radius (1 to 50 km, one decimal): the public list and the admin row show it, audited", async () => {
    const [first] = (await req('GET', '/api/restaurants')).json() as Json[];
    expect(first.deliveryRadiusKm).toBe(10);
    const res = await asAdmin('PATCH', `/api/admin/restaurants/${first.id}`, { deliveryRadiusKm: 7.5 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: first.id, deliveryRadiusKm: 7.5 });
    expect(((await req('GET', '/api/restaurants')).json() as Json[]).find((r) => r.id === first.id)?.deliveryRadiusKm).toBe(7.5);
    const audit = (await asAdmin('GET', '/api/admin/audit?action=listing.edited')).json() as Json[];
    expect(audit.find((a) => a.targetType === 'restaurants' && a.targetId === String(first.id))).toMatchObject({ changes: { deliveryRadiusKm: ['10.0', '7.5'] } });
    for (const [value, message] of [
      [0, 'Delivery radius must be between 1 and 50 km'],
      [60, 'Delivery radius must be between 1 and 50 km'],
      [7.55, 'Delivery radius must have at most 1 decimal'],
    ] as const) {
      const bad = await asAdmin('PATCH', `/api/admin/restaurants/${first.id}`, { deliveryRadiusKm: value });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors).toEqual({ deliveryRadiusKm: message });
    }
    expect((await asAdmin('PATCH', `/api/admin/restaurants/${first.id}`, { deliveryRadiusKm: 10 })).statusCode).toBe(200);
  });

  it('PATCH validates: 400 for bad fields, unknown fields or an empty edit; 404 for unknown collection or row', async () => {
    const bad = await asAdmin('PATCH', '/api/admin/restaurants/1', { deliveryFee: -1 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ deliveryFee: 'Delivery fee must not be negative' });
    expect((await asAdmin('PATCH', '/api/admin/restaurants/1', { hacked: true })).statusCode).toBe(400);
    expect((await asAdmin('PATCH', '/api/admin/restaurants/1', {})).statusCode).toBe(400);
    expect((await asAdmin('PATCH', '/api/admin/nonsense/1', { isActive: false })).statusCode).toBe(404);
    // Read-only collections are not edited here (accounts change through PATCH /api/admin/users/:id, with its own rules).
    expect((await asAdmin('PATCH', '/api/admin/contact-messages/1', { name: 'x' })).statusCode).toBe(404);
    expect((await asAdmin('PATCH', '/api/admin/service-providers/1', { businessName: 'x' })).statusCode).toBe(404);
    expect((await asAdmin('PATCH', '/api/admin/restaurants/999999', { isActive: false })).statusCode).toBe(404);
  });

  it('exports RFC 4180 CSV with a header row and quoted fields', async () => {
    await asAdmin('PATCH', '/api/admin/restaurants/2', { description: 'Say "hi", then\nleave' });
    const res = await asAdmin('GET', '/api/admin/export/restaurants.csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="restaurants-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = res.body.split('\r\n');
    expect(lines[0].split(',')).toEqual(expect.arrayContaining(['id', 'name', 'deliveryFee', 'isActive', 'createdAt', 'ownerId']));
    expect(res.body).toContain('"Say ""hi"", then\nleave"');
    expect(res.body.endsWith('\r\n')).toBe(true);
    const hotelsCsv = await asAdmin('GET', '/api/admin/export/hotels.csv');
    expect(hotelsCsv.body).toMatch(/Free WiFi; /);
    expect((await asAdmin('GET', '/api/admin/export/nonsense.csv')).statusCode).toBe(404);
    expect((await asAdmin('GET', '/api/admin/export/restaurants.json')).statusCode).toBe(404);
  });
});

describe('stats and messages', () => {
  it('counts pending registrations and unread messages', async () => {
    const before = (await asAdmin('GET', '/api/admin/stats')).json();
    for (const key of ['total', 'restaurants', 'hotels', 'flights', 'cars', 'properties', 'taxiRides', 'shipping', 'generalServices', 'pendingRegistrations', 'unreadMessages']) {
      expect(Number.isInteger(before[key]), key).toBe(true);
    }
    await submit('property', { title: 'Stats Property' });
    const msg = await req('POST', '/api/contact', undefined, { name: 'Vis Itor', email: 'v@example.com', message: 'Please call me back soon.' });
    expect(msg.statusCode).toBe(201);
    const after = (await asAdmin('GET', '/api/admin/stats')).json();
    expect(after.pendingRegistrations).toBe(before.pendingRegistrations + 1);
    expect(after.unreadMessages).toBe(before.unreadMessages + 1);

    const messages = (await asAdmin('GET', '/api/admin/messages')).json() as Json[];
    expect(messages[0]).toMatchObject({ id: msg.json().id, name: 'Vis Itor', subject: '', readAt: null });
    const read = await asAdmin('POST', `/api/admin/messages/${msg.json().id}/read`, {});
    expect(read.statusCode).toBe(200);
    expect(read.json().readAt).toEqual(expect.any(String));
    expect((await asAdmin('GET', '/api/admin/stats')).json().unreadMessages).toBe(before.unreadMessages);
    expect((await asAdmin('POST', '/api/admin/messages/999999/read', {})).statusCode).toBe(404);
  });
});
