import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORGOT_PASSWORD_ANSWER, RESET_LINK_INVALID } from '../../../domain/notifications/schemas';
import { VALID_SAMPLES } from '../../../domain/onboarding/test-samples';
import { deliveryOrders, domainEvents, hotels, mailOutbox, passwordTokens, users } from '../../db/schema';
import { startSmtpSink } from '../../testing/smtp-sink';
import { createAdmin, createTestApp, sessionCookie, signUp, type TestApp } from '../../testing/test-app';
import { bookHotel, pay } from '../bookings/test-helpers';
import { firstRestaurantPoint, near, paidFood, requester } from '../orders/test-helpers';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let api: ReturnType<typeof requester>;
let admin: Awaited<ReturnType<typeof createAdmin>>;

beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await createTestApp({ env: { SMTP_URL: smtp.url, PUBLIC_URL: 'https://golive.test' } });
  api = requester(t);
  admin = await createAdmin(t, 'ops@example.com');
});
afterAll(async () => {
  await t?.close();
  await smtp?.stop();
});

/** Lets the mail worker finish what the last requests queued. */
async function settle() {
  t.ctx.mailer.kick();
  await t.ctx.mailer.idle();
}
const subjects = (to: string) => smtp.to(to).map((m) => m.subject);
/** US dollars as en-US writes them, the mails' locale: `$1,234.50`. */
const usd = (dollars: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(dollars);

describe('mail for what customers do', () => {
  it('a new account gets one welcome mail', async () => {
    const u = await signUp(t);
    await settle();
    expect(subjects(u.email)).toEqual(['Welcome to Go Live']);
    expect(smtp.to(u.email)[0].text).toContain(`Welcome, ${u.username}!`);
  });

  it('one welcome per address per day: a second account with that address the same day gets none', async () => {
    const first = await signUp(t);
    await settle();
    // The first account moves to another address; a new account takes the old one.
    await t.database.db.update(users).set({ email: `moved.${first.email}` }).where(eq(users.id, first.id));
    const again = await api.post('/api/auth/register', { username: `again${first.id}`, email: first.email, password: 'correct horse battery' });
    expect(again.statusCode).toBe(201);
    await settle();
    expect(subjects(first.email)).toEqual(['Welcome to Go Live']);
    const keys = await t.database.db.select({ key: mailOutbox.dedupeKey }).from(mailOutbox).where(eq(mailOutbox.toAddress, first.email));
    expect(keys.map((k) => k.key)).toEqual([`welcome:${first.email}:${new Date().toISOString().slice(0, 10)}`]);
  });

  it('a paid delivery: receipt, then accepted, on the way and delivered; the driver is told it is theirs', async () => {
    const customer = await signUp(t);
    const driver = await signUp(t, { role: 'driver' });
    const at = near(await firstRestaurantPoint(t), 0.5);
    await api.post('/api/driver/status', { online: true, lat: at.lat, lng: at.lng }, driver.cookie);
    const { bookingId, deliveries } = await paidFood(t, customer.cookie);
    await settle();
    const receipt = smtp.to(customer.email).find((m) => m.subject.startsWith('Receipt for booking #'));
    // The receipt shows the booking's breakdown lines, then the total charged: the same as the receipt screen.
    const { breakdown } = (await api.get(`/api/bookings/${bookingId}`, customer.cookie)).json() as { breakdown: { total: number; lines: Array<{ label: string; amount: number }> } };
    for (const line of breakdown.lines) expect(receipt?.text).toContain(`${line.label}: ${usd(line.amount)}`);
    expect(breakdown.lines.map((l) => l.label)).toEqual(expect.arrayContaining([expect.stringMatching(/^Delivery fee · /), expect.stringMatching(/^Service fee/), expect.stringMatching(/^Tax \(/)]));
    expect(receipt?.text).toContain(`Total charged: ${usd(breakdown.total)}`);
    expect(receipt?.text).toContain('Paid with VISA ending in 4242.');
    expect(receipt?.text).toContain(`https://golive.test/track/${deliveries[0].trackingId}`);

    const [order] = await t.database.db.select().from(deliveryOrders).where(eq(deliveryOrders.trackingId, deliveries[0].trackingId));
    await api.post(`/api/driver/orders/${order.id}/accept`, {}, driver.cookie);
    for (const s of ['pickup', 'transit', 'delivered', 'completed']) await api.post(`/api/driver/orders/${order.id}/status`, { status: s }, driver.cookie);
    await settle();
    const mine = subjects(customer.email);
    expect(mine.filter((s) => s.includes('is taking care of your order from '))).toHaveLength(1);
    expect(mine.filter((s) => s.includes('is on the way'))).toHaveLength(1);
    expect(mine.filter((s) => s.startsWith('Delivered: your order from'))).toHaveLength(1);
    // The delivered mail asks for a review, linking to My bookings where the form is.
    const delivered = smtp.to(customer.email).find((m) => m.subject.startsWith('Delivered: your order from'));
    expect(delivered?.text).toContain('Write a review: https://golive.test/bookings');
    expect(subjects(driver.email).filter((s) => s.startsWith('Order assigned: food delivery'))).toHaveLength(1);
    await api.post('/api/driver/status', { online: false }, driver.cookie);
  });

  it('a declined card, then a cancellation with its refund', async () => {
    const customer = await signUp(t);
    const booking = await bookHotel(t, customer.cookie);
    expect((await pay(t, customer.cookie, booking, '4000000000000002')).statusCode).toBe(402);
    expect((await pay(t, customer.cookie, booking)).statusCode).toBe(200);
    expect((await api.post(`/api/bookings/${booking.id}/cancel`, {}, customer.cookie)).statusCode).toBe(200);
    await settle();
    // Exactly these four, once each (arrival order is the SMTP server's business).
    expect(subjects(customer.email).sort()).toEqual(
      ['Welcome to Go Live', `Payment failed for booking #${booking.id}`, `Receipt for booking #${booking.id}`, `Booking #${booking.id} cancelled`].sort(),
    );
    const cancelled = smtp.to(customer.email).find((m) => m.subject === `Booking #${booking.id} cancelled`);
    expect(cancelled?.text).toContain(`We have refunded ${usd(booking.totalAmount)} to your card.`);
  });

  it("a paid hotel booking: the customer's receipt and one mail to the hotel's owner; a retried booking.confirmed stores neither twice", async () => {
    const customer = await signUp(t);
    const owner = await signUp(t, { role: 'provider' });
    const [hotel] = await t.database.db.select().from(hotels).orderBy(asc(hotels.id)).limit(1);
    await t.database.db.update(hotels).set({ ownerId: owner.id }).where(eq(hotels.id, hotel.id));
    try {
      const booking = await bookHotel(t, customer.cookie);
      expect((await pay(t, customer.cookie, booking)).statusCode).toBe(200);
      await settle();
      const receipt = smtp.to(customer.email).find((m) => m.subject === `Receipt for booking #${booking.id}`);
      expect(receipt?.text).toContain('Paid with VISA ending in 4242.');
      expect(receipt?.text).toContain(hotel.name);
      const toOwner = smtp.to(owner.email).filter((m) => m.subject.startsWith('New booking'));
      expect(toOwner).toHaveLength(1);
      expect(toOwner[0].text).toContain(customer.username);

      // The event is handed to the reactions again (a retry after a failed handler): each mail is stored once.
      const [event] = await t.database.db.select().from(domainEvents).where(and(eq(domainEvents.type, 'booking.confirmed'), sql`${domainEvents.payload}->>'bookingId' = ${String(booking.id)}`));
      await t.database.db.update(domainEvents).set({ dispatchedAt: null }).where(eq(domainEvents.id, event.id));
      await t.ctx.events.dispatch([event.id]);
      const stored = await t.database.db.select({ key: mailOutbox.dedupeKey }).from(mailOutbox).where(sql`${mailOutbox.dedupeKey} ~ ${`^[a-z-]+:${booking.id}(:|$)`}`);
      expect(stored.map((r) => r.key).sort()).toEqual([`booking-confirmed:${booking.id}`, `provider-new-booking:${booking.id}:${owner.id}`]);
    } finally {
      await t.database.db.update(hotels).set({ ownerId: hotel.ownerId }).where(eq(hotels.id, hotel.id));
    }
  });

  it('non-essential mail stops after opting out; receipts still go', async () => {
    const customer = await signUp(t);
    expect((await api.get('/api/account/preferences', customer.cookie)).json()).toEqual({ emailOptOut: false });
    const patched = await t.app.inject({ method: 'PATCH', url: '/api/account/preferences', headers: { cookie: customer.cookie }, payload: { emailOptOut: true } });
    expect(patched.json()).toEqual({ emailOptOut: true });
    const driver = await signUp(t, { role: 'driver' });
    const at = near(await firstRestaurantPoint(t), 0.5);
    await api.post('/api/driver/status', { online: true, lat: at.lat, lng: at.lng }, driver.cookie);
    const { deliveries } = await paidFood(t, customer.cookie);
    const [order] = await t.database.db.select().from(deliveryOrders).where(eq(deliveryOrders.trackingId, deliveries[0].trackingId));
    await api.post(`/api/driver/orders/${order.id}/accept`, {}, driver.cookie);
    await settle();
    const mine = subjects(customer.email);
    expect(mine.some((s) => s.startsWith('Receipt for booking'))).toBe(true);
    expect(mine.some((s) => s.endsWith('is taking care of your order'))).toBe(false);
    for (const s of ['pickup', 'transit', 'delivered', 'completed']) await api.post(`/api/driver/orders/${order.id}/status`, { status: s }, driver.cookie);
    await api.post('/api/driver/status', { online: false }, driver.cookie);
    expect((await api.get('/api/account/preferences')).statusCode).toBe(401);
  });
});

/** The confirmation link's token in the newest confirmation mail to `to` (as its reader follows it). */
function confirmToken(to: string): string {
  const mail = smtp.to(to).filter((m) => m.subject === 'Confirm your e-mail address for Go Live').at(-1);
  const link = /https:\/\/golive\.test\/register\/confirm\?token=([\w-]+)/.exec(mail?.text ?? '');
  if (!link) throw new Error(`no confirmation mail to ${to}`);
  return link[1];
}

describe('mail for providers, drivers and the admin', () => {
  it('a registration form mails only a fixed confirmation (no text the submitter chose) until the address is confirmed', async () => {
    const email = `chef${Date.now()}@example.com`;
    const spam = 'CHEAP PILLS http://spam.example';
    const res = await api.post('/api/restaurants', { ...VALID_SAMPLES.restaurant, email, name: `${spam} <Good> & Co`, description: `Buy now: ${spam}` });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ id: expect.any(Number), status: 'unconfirmed' });
    await settle();
    const first = smtp.to(email);
    expect(first).toHaveLength(1);
    expect(first[0].subject).toBe('Confirm your e-mail address for Go Live');
    expect(first[0].text.split('\n')[0]).toBe('Confirm your e-mail address');
    for (const part of [first[0].subject, first[0].text, first[0].html]) {
      expect(part).not.toContain('CHEAP PILLS');
      expect(part).not.toContain('spam.example');
      expect(part).not.toContain('Good');
    }
    // Nothing for the admin yet.
    expect(smtp.to(admin.email).filter((m) => m.subject.includes('CHEAP PILLS'))).toHaveLength(0);

    expect((await api.post('/api/registrations/confirm', { token: confirmToken(email) })).statusCode).toBe(200);
    await settle();
    expect(smtp.to(email).map((m) => m.subject)).toEqual(['Confirm your e-mail address for Go Live', 'We received your restaurant application']);
    expect(smtp.to(email)[1].text).toContain("We'll review your application and contact you within 24 hours.");
    const toAdmin = smtp.to(admin.email).find((m) => m.subject.includes('<Good> & Co'));
    expect(toAdmin?.subject).toBe(`New restaurant registration: ${spam} <Good> & Co`);
    // User data is escaped in the HTML part.
    expect(toAdmin?.html).toContain('&lt;Good&gt; &amp; Co');
    expect(toAdmin?.html).not.toContain('<Good>');

    const reject = await t.app.inject({ method: 'POST', url: `/api/admin/registrations/${res.json().id}/reject`, headers: { cookie: admin.cookie }, payload: { reason: 'Licence could not be verified' } });
    expect(reject.statusCode).toBe(200);
    await settle();
    const rejected = smtp.to(email).find((m) => m.subject === 'About your restaurant application');
    expect(rejected?.text).toContain('Reason: Licence could not be verified');
  });

  it('a driver application: DRV-APP reference and 2-3 business days once confirmed; approval mails a working set-password link that is in no event', async () => {
    const email = `newdriver${Date.now()}@example.com`;
    const res = await api.post('/api/driver-applications', { ...VALID_SAMPLES['driver-application'], email });
    expect(res.statusCode).toBe(201);
    await settle();
    expect((await api.post('/api/registrations/confirm', { token: confirmToken(email) })).statusCode).toBe(200);
    await settle();
    const received = smtp.to(email).find((m) => m.subject.startsWith('We received'));
    expect(received?.text).toMatch(/Reference: DRV-APP-\d{13}/);
    expect(received?.text).toContain('within 2-3 business days');
    const approved = await t.app.inject({ method: 'POST', url: `/api/admin/registrations/${res.json().id}/approve`, headers: { cookie: admin.cookie }, payload: {} });
    const path = approved.json().account.setPasswordPath as string;
    const token = new URLSearchParams(path.split('?')[1]).get('token')!;
    await settle();
    const mail = smtp.to(email).filter((m) => m.subject === "You're approved: welcome to Go Live");
    expect(mail).toHaveLength(1);
    expect(mail[0].text).toContain(`https://golive.test${path}`);
    // The token is in no stored event (so none was published either).
    const events = await t.database.db.select({ type: domainEvents.type, payload: domainEvents.payload }).from(domainEvents);
    expect(events.some((e) => e.type === 'registration.approved' && (e.payload as { registrationId: number }).registrationId === res.json().id)).toBe(true);
    expect(JSON.stringify(events)).not.toContain(token);
    // The mailed link works: the new driver chooses a password and signs in.
    expect((await api.post('/api/auth/set-password', { token, password: 'a-new-driver-secret' })).json()).toEqual({ ok: true });
    expect((await api.post('/api/auth/login', { email, password: 'a-new-driver-secret' })).statusCode).toBe(200);
  });

  it('a simple driver registration promises the same review time as the full application; a contact message reaches the admin', async () => {
    const email = `simple${Date.now()}@example.com`;
    expect((await api.post('/api/register-driver', { ...VALID_SAMPLES.driver, email })).statusCode).toBe(201);
    expect((await api.post('/api/contact', { name: 'Ana', email: 'ana@example.com', subject: 'Hello there', message: 'A question about deliveries.' })).statusCode).toBe(201);
    await settle();
    expect((await api.post('/api/registrations/confirm', { token: confirmToken(email) })).statusCode).toBe(200);
    await settle();
    const received = smtp.to(email).find((m) => m.subject.startsWith('We received'));
    expect(received?.text).toContain('within 2-3 business days');
    expect(received?.text).not.toContain('24-48 hours');
    expect(subjects(admin.email)).toContain('New message from Ana: Hello there');
  });
});

describe('forgot password', () => {
  it('answers the same for unknown e-mails, mails a 30-minute single-use link, and ends old sessions', async () => {
    const u = await signUp(t);
    const unknown = await api.post('/api/auth/forgot-password', { email: 'nobody-here@example.com' });
    const known = await api.post('/api/auth/forgot-password', { email: u.email });
    expect(unknown.statusCode).toBe(202);
    expect(known.statusCode).toBe(202);
    expect(unknown.json()).toEqual({ message: FORGOT_PASSWORD_ANSWER });
    expect(known.body).toBe(unknown.body);
    await settle();
    expect(smtp.to('nobody-here@example.com')).toHaveLength(0);
    const mail = smtp.to(u.email).find((m) => m.subject === 'Reset your password');
    const link = /https:\/\/golive\.test\/reset-password\?token=([\w-]+)/.exec(mail?.text ?? '');
    expect(link).not.toBeNull();
    const token = link![1];
    // Stored hashed only.
    expect(await t.database.db.$count(passwordTokens, eq(passwordTokens.id, token))).toBe(0);

    const reset = await api.post('/api/auth/reset-password', { token, password: 'a-brand-new-secret' });
    expect(reset.json()).toEqual({ ok: true });
    expect((await api.get('/api/auth/me', u.cookie)).statusCode).toBe(401);
    expect((await api.post('/api/auth/login', { email: u.email, password: u.password })).statusCode).toBe(401);
    const login = await api.post('/api/auth/login', { email: u.email, password: 'a-brand-new-secret' });
    expect(login.statusCode).toBe(200);
    expect(sessionCookie(login)).toMatch(/^sid=/);

    const again = await api.post('/api/auth/reset-password', { token, password: 'yet-another-secret' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ message: RESET_LINK_INVALID, errors: { token: RESET_LINK_INVALID } });
  });

  it('refuses an expired link and a set-password link used as a reset link', async () => {
    const u = await signUp(t);
    await api.post('/api/auth/forgot-password', { email: u.email });
    await settle();
    const token = /reset-password\?token=([\w-]+)/.exec(smtp.to(u.email).find((m) => m.subject === 'Reset your password')!.text)![1];
    await t.database.db.update(passwordTokens).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(passwordTokens.userId, u.id));
    expect((await api.post('/api/auth/reset-password', { token, password: 'a-brand-new-secret' })).json().message).toBe(RESET_LINK_INVALID);
    expect((await api.post('/api/auth/forgot-password', { email: 'not-an-email' })).statusCode).toBe(400);
  });
});

describe('delivery through an SMTP outage', () => {
  it('queues while the server is down and delivers every mail exactly once when it is back', async () => {
    smtp.down();
    let people: Awaited<ReturnType<typeof signUp>>[];
    try {
      people = [await signUp(t), await signUp(t), await signUp(t)];
      await settle();
      const queued = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.template, 'welcome'));
      const waiting = queued.filter((m) => people.some((p) => p.email === m.toAddress));
      expect(waiting.map((m) => m.status)).toEqual(['queued', 'queued', 'queued']);
      // Tried and refused (on a slow machine the backoff may pass and a retry fail too before this reads them).
      expect(waiting.every((m) => m.attempts >= 1 && (m.lastError ?? '').length > 0)).toBe(true);
      for (const p of people) expect(smtp.to(p.email)).toHaveLength(0);
    } finally {
      // The server comes back even if the checks above failed, so the tests after this one are not failed by it.
      smtp.up();
    }

    // Run the worker as if the backoff had passed, twice: the second pass finds nothing left to send.
    await t.ctx.mailer.drain(() => new Date(Date.now() + 60_000));
    await t.ctx.mailer.drain(() => new Date(Date.now() + 120_000));
    for (const p of people) {
      const got = smtp.to(p.email);
      expect(got.map((m) => m.subject)).toEqual(['Welcome to Go Live']);
      expect(got[0].messageId).toMatch(/^<outbox-\d+@golive\.test>$/);
    }
  });
});

describe('the test page and the Mail tab', () => {
  it('are for admins only', async () => {
    const user = await signUp(t);
    const body = { customerEmail: 'c@example.com', customerName: 'C', serviceType: 'hotel' };
    expect((await api.post('/api/send-notification', body)).statusCode).toBe(401);
    expect((await api.post('/api/send-notification', body, user.cookie)).statusCode).toBe(403);
    expect((await api.get('/api/admin/mail', user.cookie)).statusCode).toBe(403);
    expect((await api.get('/api/admin/mail')).statusCode).toBe(401);
  });

  it('sends the customer and owner copies at once and reports both; the Mail tab lists, opens and resends', async () => {
    const missing = await api.post('/api/send-notification', { customerEmail: '', customerName: '', serviceType: '' }, admin.cookie);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toContain('Please fill in all required fields');

    const res = await api.post('/api/send-notification', { customerEmail: 'guest@example.com', customerName: 'Guest', serviceType: 'hotel', orderId: 'TEST123456', totalAmount: 12.5, orderDetails: {} }, admin.cookie);
    expect(res.json()).toMatchObject({ success: true, customerSent: true, ownerSent: true });
    expect(smtp.to('guest@example.com').map((m) => m.subject)).toEqual(['Test: your hotel order TEST123456']);
    expect(smtp.to(admin.email).map((m) => m.subject)).toContain('Test: new hotel order TEST123456');

    const list = (await api.get('/api/admin/mail?to=guest@', admin.cookie)).json();
    expect(list).toEqual([expect.objectContaining({ to: 'guest@example.com', template: 'test-customer', status: 'sent', attempts: 1, transport: 'smtp' })]);
    const detail = (await api.get(`/api/admin/mail/${list[0].id}`, admin.cookie)).json();
    expect(detail.text).toContain('Amount: $12.50');
    expect(detail.html).toContain('<!doctype html>');
    const resent = await api.post(`/api/admin/mail/${list[0].id}/resend`, {}, admin.cookie);
    expect(resent.json()).toMatchObject({ status: 'queued', attempts: 0 });
    await settle();
    expect(smtp.to('guest@example.com')).toHaveLength(2);
    expect((await api.get('/api/admin/mail/999999', admin.cookie)).statusCode).toBe(404);
    expect((await api.get('/api/admin/mail?status=lost', admin.cookie)).statusCode).toBe(400);
  });
});

describe('budgets of mail that anyone can trigger', () => {
  let b: TestApp;
  beforeAll(async () => {
    b = await createTestApp({ seed: false, env: { SMTP_URL: smtp.url, PUBLIC_URL: 'https://golive.test', MAIL_PUBLIC_PER_ADDRESS_PER_HOUR: '2', MAIL_PUBLIC_PER_HOUR: '5' } });
  });
  afterAll(async () => {
    await b?.close();
  });
  const drain = async () => {
    b.ctx.mailer.kick();
    await b.ctx.mailer.idle();
  };
  const submit = (email: string, n: number) =>
    b.app.inject({ method: 'POST', url: '/api/register-fashion-designer', payload: { ...VALID_SAMPLES['fashion-designer'], email }, remoteAddress: `198.51.100.${n}` });

  it('an address gets at most N an hour and the site at most M; over budget the form answers the same and nothing is queued', async () => {
    const victim = `victim.${Date.now()}@example.com`;
    const answers = [];
    for (let n = 1; n <= 4; n++) answers.push(await submit(victim, n));
    // The same answer every time: whether a mail went out is not told.
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201, 201]);
    expect(answers.map((a) => Object.keys(a.json()).sort().join() + a.json().status)).toEqual(Array(4).fill('id,statusunconfirmed'));
    await drain();
    expect(smtp.to(victim)).toHaveLength(2);
    expect(await b.database.db.$count(mailOutbox, eq(mailOutbox.toAddress, victim))).toBe(2);

    // The site: 5 an hour in all (2 spent above); sign-up's welcome counts too.
    const others = Array.from({ length: 3 }, (_, n) => `other${n}.${Date.now()}@example.com`);
    for (const [n, to] of others.entries()) expect((await submit(to, 10 + n)).statusCode).toBe(201);
    const late = await b.app.inject({ method: 'POST', url: '/api/auth/register', payload: { username: `late${Date.now()}`, email: `late.${Date.now()}@example.com`, password: 'correct horse battery' }, remoteAddress: '198.51.100.99' });
    expect(late.statusCode).toBe(201);
    const lastForm = await submit(`last.${Date.now()}@example.com`, 20);
    expect(lastForm.statusCode).toBe(201);
    await drain();
    const stored = await b.database.db.select({ to: mailOutbox.toAddress, template: mailOutbox.template }).from(mailOutbox);
    expect(stored).toHaveLength(5);
    expect(stored.every((m) => m.template === 'registration-confirm')).toBe(true);
  });
});
