import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REGISTRATION_FORMS, REGISTRATION_KINDS, type RegistrationKind } from '../../../domain/onboarding';
import { REGISTRATION_CONFIRM_INVALID } from '../../../domain/onboarding/schemas';
import { VALID_SAMPLES } from '../../../domain/onboarding/test-samples';
import { domainEvents, mailOutbox, registrations } from '../../db/schema';
import { createAdmin, createTestApp, signUp, type TestApp } from '../../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const post = (url: string, payload: unknown, cookie?: string) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: cookie ? { cookie } : {} });

/** An invalid body per form and the spec messages its 400 must carry. */
const INVALID: Record<RegistrationKind, [Record<string, unknown>, Record<string, string>]> = {
  restaurant: [
    { ...VALID_SAMPLES.restaurant, name: 'A', cuisine: '', email: 'nope', phone: '123', businessLicense: '12' },
    {
      name: 'Restaurant name must be at least 2 characters',
      cuisine: 'Please select a cuisine type',
      email: 'Please enter a valid email',
      phone: 'Phone number must be at least 10 characters',
      businessLicense: 'Business license number is required',
    },
  ],
  hotel: [
    { ...VALID_SAMPLES.hotel, website: 'bad url', starRating: '', hotelType: '', languages: '' },
    {
      website: 'Please enter a valid website URL',
      starRating: 'Please select a star rating',
      hotelType: 'Please select hotel type',
      languages: 'Languages spoken are required',
    },
  ],
  airline: [
    { ...VALID_SAMPLES.airline, airlineCode: 'A', serviceClass: '', safetyRating: '', website: '' },
    {
      airlineCode: 'Airline code is required (e.g., AA, UA)',
      serviceClass: 'Please select service class',
      safetyRating: 'Please select safety rating',
      website: 'Please enter a valid website URL',
    },
  ],
  'car-rental': [
    { ...VALID_SAMPLES['car-rental'], companyName: 'C', fuelPolicy: 'full', driverLicenseReq: 'yes' },
    {
      companyName: 'Company name must be at least 2 characters',
      fuelPolicy: 'Fuel policy is required',
      driverLicenseReq: 'Driver license requirements are required',
    },
  ],
  courier: [
    { ...VALID_SAMPLES.courier, serviceType: '', trackingSystem: 'pigeon', insuranceOffered: '' },
    {
      serviceType: 'Please select service type',
      trackingSystem: 'Please select tracking system',
      insuranceOffered: 'Please select insurance option',
    },
  ],
  taxi: [
    { ...VALID_SAMPLES.taxi, country: '', serviceType: '' },
    { country: 'Please select a country', serviceType: 'Please select service type' },
  ],
  property: [
    { ...VALID_SAMPLES.property, title: 'Flat', propertyType: '' },
    { title: 'Title must be at least 5 characters', propertyType: 'Please select a property type' },
  ],
  'general-service': [
    { ...VALID_SAMPLES['general-service'], features: [], requirements: [], specializations: [], languages: [] },
    {
      features: 'At least one feature is required',
      requirements: 'At least one requirement is required',
      specializations: 'At least one specialization is required',
      languages: 'At least one language is required',
    },
  ],
  driver: [
    { ...VALID_SAMPLES.driver, vehicleYear: 1999 },
    { vehicleYear: `Vehicle year must be between 2000 and ${new Date().getFullYear() + 1}` },
  ],
  'fashion-designer': [
    { ...VALID_SAMPLES['fashion-designer'], designerName: '', workLocation: '' },
    { designerName: 'Designer name is required', workLocation: 'Work location is required' },
  ],
  'driver-application': [
    { ...VALID_SAMPLES['driver-application'], backgroundCheck: false, termsAccepted: false, serviceTypes: [], email: 'x' },
    {
      backgroundCheck: 'Background check consent is required',
      termsAccepted: 'Terms and conditions must be accepted',
      serviceTypes: 'Please select at least one service type',
      email: 'Please enter a valid email address',
    },
  ],
};

describe('POST registration routes', () => {
  for (const kind of REGISTRATION_KINDS) {
    const { apiPath } = REGISTRATION_FORMS[kind];

    it(`${apiPath} rejects an invalid ${kind} with the spec messages`, async () => {
      const [body, messages] = INVALID[kind];
      const res = await post(apiPath, body);
      expect(res.statusCode).toBe(400);
      const json = res.json();
      expect(typeof json.message).toBe('string');
      expect(json.errors).toMatchObject(messages);
    });

    it(`${apiPath} stores a valid ${kind} as unconfirmed until its e-mail address is confirmed`, async () => {
      const res = await post(apiPath, VALID_SAMPLES[kind]);
      expect(res.statusCode).toBe(201);
      const json = res.json();
      expect(json).toEqual({ id: expect.any(Number), status: 'unconfirmed' });
      const [row] = await t.database.db.select().from(registrations).where(eq(registrations.id, json.id));
      expect(row).toMatchObject({ kind, status: 'unconfirmed', submitterId: null, confirmedAt: null });
      expect(row.confirmTokenHash).toMatch(/^[0-9a-f]{64}$/);
      expect(row.submitterIp).toBeTruthy();
    });
  }

  it('asks for what is sold: a menu of at least 3 priced dishes, and each listing kind its prices', async () => {
    const twoDishes = await post('/api/restaurants', { ...VALID_SAMPLES.restaurant, menu: VALID_SAMPLES.restaurant.menu.slice(0, 2) });
    expect(twoDishes.statusCode).toBe(400);
    expect(twoDishes.json().errors.menu).toBe('Please add at least 3 dishes with prices');
    const freeDish = await post('/api/restaurants', { ...VALID_SAMPLES.restaurant, menu: [...VALID_SAMPLES.restaurant.menu.slice(0, 2), { name: 'Water', price: '0' }] });
    expect(freeDish.json().errors['menu.2.price']).toBe('Please enter the dish price, e.g. 12.50');
    for (const [path, sample, field, message] of [
      ['/api/hotels', VALID_SAMPLES.hotel, 'nightlyRate', 'Please enter the nightly rate, e.g. 189'],
      ['/api/cars', VALID_SAMPLES['car-rental'], 'dailyRate', 'Please enter the daily rate, e.g. 65'],
      ['/api/properties', VALID_SAMPLES.property, 'monthlyRent', 'Please enter the monthly rent, e.g. 1850'],
      ['/api/taxi-rides', VALID_SAMPLES.taxi, 'perKmRate', 'Please enter the rate per km, e.g. 1.25'],
      ['/api/shipping-rates', VALID_SAMPLES.courier, 'pricePerLb', 'Please enter the price per lb, e.g. 0.90'],
      ['/api/general-services', VALID_SAMPLES['general-service'], 'startingPrice', 'Please enter the starting price, e.g. 50'],
    ] as const) {
      const res = await post(path, { ...sample, [field]: 'ask us' });
      expect(res.statusCode, path).toBe(400);
      expect(res.json().errors[field], path).toBe(message);
    }
  });

  it('rejects a country name that is not a known country', async () => {
    const res = await post('/api/hotels', { ...VALID_SAMPLES.hotel, country: 'Atlantis' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ country: 'Please select a country' });
  });

  it('stores all submitted fields, trimmed, and names the registration', async () => {
    const res = await post('/api/general-services', VALID_SAMPLES['general-service']);
    const [row] = await t.database.db.select().from(registrations).where(eq(registrations.id, res.json().id));
    expect(row.name).toBe('Spotless Laundry');
    expect(row.data).toMatchObject({ ...VALID_SAMPLES['general-service'], features: ['Pick-up', 'Delivery'] });
  });

  it('links a signed-in submitter', async () => {
    const user = await signUp(t);
    const res = await post('/api/register-driver', VALID_SAMPLES.driver, user.cookie);
    expect(res.statusCode).toBe(201);
    const [row] = await t.database.db.select().from(registrations).where(eq(registrations.id, res.json().id));
    expect(row.submitterId).toBe(user.id);
    // Signed in or not, the form's address is confirmed first: an account's e-mail is nobody's proof either.
    expect(row.status).toBe('unconfirmed');
  });

  it('does not publish a pending registration', async () => {
    await post('/api/restaurants', { ...VALID_SAMPLES.restaurant, name: 'Pending Only Diner' });
    const list = (await t.app.inject({ method: 'GET', url: '/api/restaurants' })).json() as { name: string }[];
    expect(list.map((r) => r.name)).not.toContain('Pending Only Diner');
  });

  it('rate-limits submissions per IP with a JSON 429', async () => {
    const ip = '203.0.113.9';
    const send = () =>
      t.app.inject({ method: 'POST', url: '/api/register-fashion-designer', payload: VALID_SAMPLES['fashion-designer'], remoteAddress: ip });
    for (let i = 0; i < 20; i += 1) expect((await send()).statusCode).toBe(201);
    const limited = await send();
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toEqual(expect.any(String));
  });
});

describe('confirming the e-mail address of a registration', () => {
  let admin: string;
  beforeAll(async () => {
    admin = (await createAdmin(t, 'reviewer@example.com')).cookie;
  });
  /** The token in the link of the confirmation mail of registration `id`, as its applicant reads it. */
  async function mailedToken(id: number): Promise<string> {
    const [m] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.dedupeKey, `registration-confirm:${id}`));
    return /\/register\/confirm\?token=([\w-]+)/.exec(m.text)![1];
  }
  const queue = async (status: string) =>
    ((await t.app.inject({ method: 'GET', url: `/api/admin/registrations?status=${status}`, headers: { cookie: admin } })).json() as Array<{ id: number; status: string }>).map((r) => r.id);

  it('is not for review until confirmed; the link confirms it once, and only its hash is stored', async () => {
    const email = `confirm.${Date.now()}@example.com`;
    const res = await post('/api/restaurants', { ...VALID_SAMPLES.restaurant, email, name: 'Unconfirmed Noodles' });
    const id = res.json().id as number;
    expect(await queue('all')).not.toContain(id);
    expect(await queue('pending')).not.toContain(id);
    const early = await post(`/api/admin/registrations/${id}/approve`, {}, admin);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('The e-mail address of this registration is not confirmed yet');

    const token = await mailedToken(id);
    const [stored] = await t.database.db.select().from(registrations).where(eq(registrations.id, id));
    expect(stored.confirmTokenHash).not.toBe(token);
    expect(JSON.stringify(stored)).not.toContain(token);

    const confirmed = await post('/api/registrations/confirm', { token });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ id, kind: 'restaurant', status: 'pending' });
    expect(await queue('pending')).toContain(id);
    const [after] = await t.database.db.select().from(registrations).where(eq(registrations.id, id));
    expect(after).toMatchObject({ status: 'pending', confirmTokenHash: null });
    expect(after.confirmedAt).toBeInstanceOf(Date);

    const again = await post('/api/registrations/confirm', { token });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ message: REGISTRATION_CONFIRM_INVALID, errors: { token: REGISTRATION_CONFIRM_INVALID } });
    // The token is in no event either.
    const events = await t.database.db.select({ payload: domainEvents.payload }).from(domainEvents);
    expect(JSON.stringify(events)).not.toContain(token);
  });

  it('refuses an expired link, a made-up one and a malformed body with 400', async () => {
    const res = await post('/api/hotels', { ...VALID_SAMPLES.hotel, email: `late.${Date.now()}@example.com` });
    const id = res.json().id as number;
    const token = await mailedToken(id);
    await t.database.db.update(registrations).set({ confirmExpiresAt: new Date(Date.now() - 1000) }).where(eq(registrations.id, id));
    expect((await post('/api/registrations/confirm', { token })).json().message).toBe(REGISTRATION_CONFIRM_INVALID);
    const [row] = await t.database.db.select().from(registrations).where(eq(registrations.id, id));
    expect(row.status).toBe('unconfirmed');
    for (const body of [{}, { token: 'short' }, { token: 'x'.repeat(43) }, { token: 42 }]) {
      const bad = await post('/api/registrations/confirm', body);
      expect(bad.statusCode, JSON.stringify(body)).toBe(400);
      expect(bad.json().message).toEqual(expect.any(String));
    }
  });
});
