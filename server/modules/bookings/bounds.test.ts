import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REGISTRATION_FORMS, REGISTRATION_KINDS } from '../../../domain/onboarding';
import { BAD_TEXT_MESSAGE } from '../../platform/text-guard';
import { createAdmin, createTestApp, signUp, type TestApp } from '../../testing/test-app';
import { day, firstHotel } from './test-helpers';

// Issue 14, findings 3 and 4: every number and length is bounded, and a client's mistake is a 400, never a 500.
let t: TestApp;
let user: Awaited<ReturnType<typeof signUp>>;
beforeAll(async () => {
  t = await createTestApp();
  user = await signUp(t);
});
afterAll(async () => t?.close());

const as = (cookie: string) => ({
  get: (url: string) => t.app.inject({ method: 'GET', url, headers: { cookie } }),
  post: (url: string, payload: unknown) => t.app.inject({ method: 'POST', url, headers: { cookie }, payload: payload as object }),
  patch: (url: string, payload: unknown) => t.app.inject({ method: 'PATCH', url, headers: { cookie }, payload: payload as object }),
});

const book = (items: unknown[], cookie = user.cookie) => as(cookie).post('/api/bookings', { items, totalAmount: 1 });

describe('ids of 2^31 or more are a 400 with a message', () => {
  it('in paths, in booking lines and in payments', async () => {
    const api = as(user.cookie);
    for (const url of ['/api/bookings/2147483648', '/api/bookings/99999999999999999999']) {
      const res = await api.get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message).toMatch(/invalid booking id/i);
    }
    expect((await api.post('/api/bookings/2147483648/cancel', {})).statusCode).toBe(400);
    const line = await book([{ serviceType: 'hotels', serviceId: 2 ** 31, quantity: 1, details: {} }]);
    expect(line.statusCode).toBe(400);
    expect(line.json().errors['items.0.serviceId']).toBe('Invalid service id');
    const pay = await api.post('/api/process-payment', { bookingId: 2 ** 31, amount: 100, paymentMethodId: 'pm_x' });
    expect(pay.statusCode).toBe(400);
    expect(pay.json().errors.bookingId).toBe('Invalid booking id');
    // The largest id is a fine question with a plain answer.
    expect((await api.get('/api/bookings/2147483647')).statusCode).toBe(404);
  });
});

describe('booking bounds', () => {
  it('refuses a stay over 90 nights (2027 to 2999 is not quoted) and dates more than two years ahead', async () => {
    const h = await firstHotel(t);
    const long = await book([{ serviceType: 'hotels', serviceId: h.id, quantity: 1, details: { checkIn: day(3), checkOut: day(3 + 91), rooms: 1, guests: 1 } }]);
    expect(long.statusCode).toBe(400);
    expect(long.json().errors['items.0.details.checkOut']).toBe('A stay can be at most 90 nights');
    const far = await book([{ serviceType: 'hotels', serviceId: h.id, quantity: 1, details: { checkIn: '2999-01-01', checkOut: '2999-01-03', rooms: 1, guests: 1 } }]);
    expect(far.statusCode).toBe(400);
    expect(far.json().errors['items.0.details.checkIn']).toMatch(/at most 2 years ahead/);
    const ok = await book([{ serviceType: 'hotels', serviceId: h.id, quantity: 1, details: { checkIn: day(3), checkOut: day(3 + 90), rooms: 1, guests: 1 } }]);
    // 90 nights is allowed: the only complaint is the total the client claimed.
    expect(ok.statusCode).toBe(409);
  });

  it('allows at most 9 passengers per kind', async () => {
    const res = await book([{ serviceType: 'flights', serviceId: 1, quantity: 1, details: { passengers: { adults: 10, children: 0, infants: 0 } } }]);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors['items.0.details.passengers.adults']).toBe('At most 9 adults');
    const kids = await book([{ serviceType: 'flights', serviceId: 1, quantity: 1, details: { passengers: { adults: 1, children: 1_000_000, infants: 0 } } }]);
    expect(kids.json().errors['items.0.details.passengers.children']).toBe('At most 9 children');
  });

  it('validates details per service type, drops unknown fields and caps their size at 4 KB', async () => {
    const big = await book([{ serviceType: 'services', serviceId: 1, quantity: 1, details: { notes: 'x'.repeat(900), blob: 'y'.repeat(900_000) } }]);
    expect(big.statusCode).toBe(400);
    expect(big.json().errors['items.0.details']).toBe('Details must be at most 4 KB');
    const general = await book([{ serviceType: 'general-services', serviceId: 1, quantity: 1, details: { notes: 'n'.repeat(1001) } }]);
    expect(general.statusCode).toBe(400);
    expect(general.json().errors['items.0.details.notes']).toBe('Notes must be at most 1000 characters');
    const unknown = await book([{ serviceType: 'spaceships', serviceId: 1, quantity: 1 }]);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors['items.0.serviceType']).toBe('Unknown service type');
  });

  it('answers details nested 5,000 deep with 400', async () => {
    const deep = `${'{"d":'.repeat(5000)}"leaf"${'}'.repeat(5000)}`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/bookings',
      headers: { cookie: user.cookie, 'content-type': 'application/json' },
      payload: `{"totalAmount":1,"items":[{"serviceType":"services","serviceId":1,"quantity":1,"details":${deep}}]}`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/nested/);
  });

  it('rate-limits booking creation per customer (20 per 10 minutes) with 429 and Retry-After', async () => {
    const busy = await signUp(t);
    const codes: number[] = [];
    for (let i = 0; i < 21; i++) codes.push((await book([{ serviceType: 'services', serviceId: 1, quantity: 1 }], busy.cookie)).statusCode);
    expect(codes.slice(0, 20).every((c) => c !== 429)).toBe(true);
    expect(codes[20]).toBe(429);
    // Someone else still books.
    expect((await book([{ serviceType: 'services', serviceId: 1, quantity: 1 }])).statusCode).not.toBe(429);
  });
});

describe('finding 3: NUL and lone surrogates are a 400 on every route the probe named', () => {
  it('catalogue filters, registrations, payments and admin writes', async () => {
    const admin = await createAdmin(t);
    const nul = 'a\u0000b';
    const lone = 'x\ud800';
    const checks: Array<Promise<{ statusCode: number; json(): { message: string } }>> = [];
    for (const path of ['/api/restaurants?cuisine=', '/api/hotels?location=', '/api/cars?category=', '/api/properties?location=']) {
      checks.push(t.app.inject({ method: 'GET', url: `${path}${encodeURIComponent(nul)}` }));
    }
    for (const kind of REGISTRATION_KINDS) {
      checks.push(t.app.inject({ method: 'POST', url: REGISTRATION_FORMS[kind].apiPath, payload: { name: lone, email: 'a@b.co' } }));
    }
    const api = as(user.cookie);
    checks.push(api.post('/api/process-payment', { bookingId: 1, amount: 100, paymentMethodId: nul }));
    checks.push(api.post('/api/payments/confirm', { paymentIntentId: nul, paymentMethodId: 'pm' }));
    checks.push(as(admin.cookie).patch('/api/admin/hotels/1', { name: nul }));
    checks.push(as(admin.cookie).post('/api/admin/registrations/1/reject', { reason: lone }));
    for (const res of await Promise.all(checks)) {
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(BAD_TEXT_MESSAGE);
    }
  });
});
