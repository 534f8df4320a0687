import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../../domain/audit/schemas';
import { REGISTRATION_FORMS } from '../../../domain/onboarding';
import { VALID_SAMPLES } from '../../../domain/onboarding/test-samples';
import { confirmRegistration } from '../onboarding/test-helpers';
import { hotels } from '../../db/schema';
import { createAdmin, createTestApp, signUp, type TestApp } from '../../testing/test-app';
import { bookHotel, firstHotel, pay } from '../bookings/test-helpers';

// ADR 017: admin and money actions are recorded with who, when and what changed, in the action's transaction.
let t: TestApp;
let admin: Awaited<ReturnType<typeof createAdmin>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t, 'auditor@example.com');
});
afterAll(async () => t?.close());

const asAdmin = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie: admin.cookie }, ...(payload ? { payload } : {}) });
const audit = async (query = '') => (await asAdmin('GET', `/api/admin/audit${query}`)).json() as AuditEntry[];

describe('audit log', () => {
  it('records an admin edit with before and after, and activation separately; a refused edit records nothing', async () => {
    const h = await firstHotel(t);
    const edit = await asAdmin('PATCH', `/api/admin/hotels/${h.id}`, { pricePerNight: 321, name: 'Audited Inn' });
    expect(edit.statusCode).toBe(200);
    const [latest] = await audit();
    expect(latest).toMatchObject({ actor: 'auditor', actorId: expect.any(Number), action: 'listing.edited', targetType: 'hotels', targetId: String(h.id) });
    expect(latest.changes).toMatchObject({ pricePerNightCents: [h.pricePerNightCents, 32100], name: [h.name, 'Audited Inn'] });
    expect(Date.parse(latest.at)).toBeGreaterThan(Date.now() - 60_000);

    await asAdmin('PATCH', `/api/admin/hotels/${h.id}`, { isActive: false });
    expect((await audit())[0]).toMatchObject({ action: 'listing.deactivated', changes: { isActive: [true, false] } });
    await asAdmin('PATCH', `/api/admin/hotels/${h.id}`, { isActive: true });
    expect((await audit())[0].action).toBe('listing.activated');

    const before = (await audit()).length;
    expect((await asAdmin('PATCH', `/api/admin/hotels/${h.id}`, { pricePerNight: -5 })).statusCode).toBe(400);
    expect((await asAdmin('PATCH', '/api/admin/hotels/2147483647', { name: 'Nobody' })).statusCode).toBe(404);
    expect((await audit()).length).toBe(before);
    const [row] = await t.database.db.select().from(hotels).where(eq(hotels.id, h.id));
    expect(row.pricePerNightCents).toBe(32100);
  });

  it('records approvals and rejections with the reviewer and the reason', async () => {
    const submit = async () => {
      const id = (await t.app.inject({ method: 'POST', url: REGISTRATION_FORMS.hotel.apiPath, payload: VALID_SAMPLES.hotel })).json().id as number;
      await confirmRegistration(t, id);
      return id;
    };
    const a = await submit();
    const r = await submit();
    expect((await asAdmin('POST', `/api/admin/registrations/${a}/approve`, {})).statusCode).toBe(200);
    expect((await asAdmin('POST', `/api/admin/registrations/${r}/reject`, { reason: 'Photos missing' })).statusCode).toBe(200);
    const approved = (await audit('?action=registration.approved'))[0];
    expect(approved).toMatchObject({ actor: 'auditor', targetType: 'registration', targetId: String(a), changes: { status: ['pending', 'approved'] } });
    const rejected = (await audit('?action=registration.rejected'))[0];
    expect(rejected).toMatchObject({ targetId: String(r), changes: { status: ['pending', 'rejected'], reason: 'Photos missing' } });
  });

  it('records the role change when an approval makes the signed-in submitter a provider', async () => {
    const owner = await signUp(t);
    const res = await t.app.inject({ method: 'POST', url: REGISTRATION_FORMS.hotel.apiPath, payload: VALID_SAMPLES.hotel, headers: { cookie: owner.cookie } });
    await confirmRegistration(t, res.json().id as number);
    expect((await asAdmin('POST', `/api/admin/registrations/${res.json().id}/approve`, {})).statusCode).toBe(200);
    const [change] = await audit('?action=role.changed');
    expect(change).toMatchObject({ actor: 'auditor', targetType: 'user', targetId: String(owner.id), changes: { role: ['user', 'provider'] } });
  });

  it('records a refund with the amount and the customer who cancelled', async () => {
    const customer = await signUp(t);
    const booking = await bookHotel(t, customer.cookie);
    expect((await pay(t, customer.cookie, booking)).statusCode).toBe(200);
    const cancel = await t.app.inject({ method: 'POST', url: `/api/bookings/${booking.id}/cancel`, headers: { cookie: customer.cookie }, payload: {} });
    expect(cancel.statusCode).toBe(200);
    const [refund] = await audit('?action=booking.refunded');
    expect(refund).toMatchObject({ actorId: customer.id, actor: customer.username, targetType: 'booking', targetId: String(booking.id), changes: { refund: booking.totalAmount, status: ['confirmed', 'cancelled'] } });
  });

  it('is for admins only', async () => {
    const user = await signUp(t);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/audit', headers: { cookie: user.cookie } })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/audit' })).statusCode).toBe(401);
  });
});
