import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFUND_MESSAGES } from '../../../domain/admin/orders';
import { ACCOUNT_DISABLED, ADMIN_USER_MESSAGES } from '../../../domain/admin/users';
import { bookingItems, deliveryOrders, payments, sessions } from '../../db/schema';
import type { ChatServerMessage } from '../../../domain/chat/schemas';
import type { DriverSocketMessage } from '../../../domain/orders/schemas';
import { openLive } from '../../testing/live-client';
import { createAdmin, createTestApp, signUp, type TestApp } from '../../testing/test-app';
import { bookHotel, pay } from '../bookings/test-helpers';
import { paidFood } from '../orders/test-helpers';

let t: TestApp;
let admin: string;
let adminId: number;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await createAdmin(t)).cookie;
  adminId = (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: admin } })).json().id as number;
});
afterAll(async () => {
  await t?.close();
});

type Json = Record<string, unknown>;
type Method = 'GET' | 'POST' | 'PATCH';
const req = (method: Method, url: string, cookie?: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(method === 'GET' ? {} : { payload: (payload ?? {}) as object }) });
const asAdmin = (method: Method, url: string, payload?: unknown) => req(method, url, admin, payload);
const login = (email: string, password: string) => t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
const stats = async () => (await asAdmin('GET', '/api/admin/stats')).json() as Json;
const cents = (dollars: unknown) => Math.round(Number(dollars) * 100);

/** A customer with one paid hotel booking. */
async function paidHotel() {
  const customer = await signUp(t);
  const booking = await bookHotel(t, customer.cookie);
  const paid = await pay(t, customer.cookie, booking);
  expect(paid.statusCode).toBe(200);
  return { customer, booking };
}

describe('admin operations: only for admins', () => {
  const routes: Array<[Method, string, unknown?]> = [
    ['GET', '/api/admin/orders'],
    ['GET', '/api/admin/orders/1'],
    ['POST', '/api/admin/orders/1/refund', { amount: 1 }],
    ['GET', '/api/admin/users?q=a'],
    ['PATCH', '/api/admin/users/1', { disabled: true }],
    ['GET', '/api/admin/export/orders.csv'],
    ['GET', '/api/admin/export/bookings.csv'],
  ];
  it.each(routes)('%s %s → 401 without a session, 403 for a customer, a provider and a driver', async (method, url, body) => {
    expect((await req(method, url, undefined, body)).statusCode).toBe(401);
    for (const role of ['user', 'provider', 'driver'] as const) {
      const { cookie } = await signUp(t, { role });
      const res = await req(method, url, cookie, body);
      expect(res.statusCode).toBe(403);
      expect(res.headers['content-type']).toMatch(/json/);
    }
  });
});

describe('admin orders', () => {
  it('finds a booking by id, #id, the customer e-mail (any case, in part), a tracking number; filters by status; pages', async () => {
    const { customer, booking } = await paidHotel();
    const food = await paidFood(t, customer.cookie);
    const other = await paidHotel();

    const ids = async (query: string) => ((await asAdmin('GET', `/api/admin/orders?${query}`)).json().orders as Json[]).map((o) => o.id);
    expect(await ids(`q=${booking.id}`)).toContain(booking.id);
    expect(await ids(`q=%23${booking.id}`)).toContain(booking.id);
    const byMail = await ids(`q=${encodeURIComponent(customer.email.slice(0, 12).toUpperCase())}`);
    expect(byMail).toEqual(expect.arrayContaining([booking.id, food.bookingId]));
    expect(byMail).not.toContain(other.booking.id);
    const number = food.deliveries[0].trackingNumber;
    expect(await ids(`q=${encodeURIComponent(number.toLowerCase())}`)).toEqual([food.bookingId]);
    // A wildcard is a character, not "anything".
    expect(await ids('q=%25')).toEqual([]);

    const page = (await asAdmin('GET', `/api/admin/orders?q=${encodeURIComponent(customer.email)}`)).json() as { orders: Json[]; nextBefore: number | null };
    const row = page.orders.find((o) => o.id === booking.id)!;
    expect(row).toMatchObject({
      status: 'confirmed',
      customer: { id: customer.id, username: customer.username, email: customer.email },
      lineCount: 1,
      total: booking.totalAmount,
      paid: booking.totalAmount,
      refunded: 0,
      refundable: booking.totalAmount,
      trackingNumbers: [],
    });
    expect(row.summary).toMatch(/^1 × /);
    expect(page.orders.find((o) => o.id === food.bookingId)?.trackingNumbers).toEqual([number]);

    // Newest first, one per page, the next page from the cursor.
    const first = (await asAdmin('GET', `/api/admin/orders?q=${encodeURIComponent(customer.email)}&limit=1`)).json() as { orders: Json[]; nextBefore: number };
    expect(first.orders.map((o) => o.id)).toEqual([food.bookingId]);
    expect(first.nextBefore).toBe(food.bookingId);
    const second = (await asAdmin('GET', `/api/admin/orders?q=${encodeURIComponent(customer.email)}&limit=1&before=${first.nextBefore}`)).json() as { orders: Json[]; nextBefore: number | null };
    expect(second.orders.map((o) => o.id)).toEqual([booking.id]);
    expect(second.nextBefore).toBeNull();

    const pending = await bookHotel(t, customer.cookie);
    expect(await ids(`q=${encodeURIComponent(customer.email)}&status=pending`)).toEqual([pending.id]);
    expect(await ids(`q=${encodeURIComponent(customer.email)}&status=cancelled`)).toEqual([]);
    expect((await asAdmin('GET', '/api/admin/orders?status=lost')).statusCode).toBe(400);
    expect((await asAdmin('GET', '/api/admin/orders?limit=1000')).statusCode).toBe(400);
  });

  it('opens one booking with its customer and money; 404 for none', async () => {
    const { customer, booking } = await paidHotel();
    const res = await asAdmin('GET', `/api/admin/orders/${booking.id}`);
    expect(res.statusCode).toBe(200);
    const detail = res.json() as { booking: Json & { items: Json[]; payments: Json[] }; customer: Json; paid: number; refundable: number };
    expect(detail.customer).toEqual({ id: customer.id, username: customer.username, email: customer.email });
    expect(detail.booking).toMatchObject({ id: booking.id, status: 'confirmed', totalAmount: booking.totalAmount });
    expect(detail.booking.items).toHaveLength(1);
    expect(detail.paid).toBe(booking.totalAmount);
    expect(detail.refundable).toBe(booking.totalAmount);
    expect((await asAdmin('GET', '/api/admin/orders/999999')).statusCode).toBe(404);
  });

  it('refunds the confirmed amount through the bookings module: payment row, audit, stats; refuses what it cannot', async () => {
    const { customer, booking } = await paidHotel();
    const before = await stats();

    const wrong = await asAdmin('POST', `/api/admin/orders/${booking.id}/refund`, { amount: booking.totalAmount + 1 });
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json().message).toBe(REFUND_MESSAGES.amountChanged(new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(booking.totalAmount)));
    expect((await asAdmin('POST', `/api/admin/orders/${booking.id}/refund`, {})).statusCode).toBe(400);

    const res = await asAdmin('POST', `/api/admin/orders/${booking.id}/refund`, { amount: booking.totalAmount });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: booking.id, status: 'cancelled', refund: { amount: booking.totalAmount } });
    const rows = await t.database.db.select().from(payments).where(eq(payments.bookingId, booking.id));
    expect(rows.filter((p) => p.status === 'refunded').map((p) => p.amountCents)).toEqual([cents(booking.totalAmount)]);

    // The customer sees it cancelled; the admin sees the money back.
    expect((await req('GET', `/api/bookings/${booking.id}`, customer.cookie)).json().status).toBe('cancelled');
    const detail = (await asAdmin('GET', `/api/admin/orders/${booking.id}`)).json() as Json;
    expect(detail).toMatchObject({ paid: booking.totalAmount, refunded: booking.totalAmount, refundable: 0 });
    const audit = (await asAdmin('GET', '/api/admin/audit?action=booking.refunded')).json() as Json[];
    expect(audit.find((a) => a.targetId === String(booking.id))).toMatchObject({ actorId: adminId, changes: expect.objectContaining({ refund: booking.totalAmount }) });

    const after = await stats();
    expect(cents(after.revenue)).toBe(cents(before.revenue) - cents(booking.totalAmount));
    expect(cents(after.refunded)).toBe(cents(before.refunded) + cents(booking.totalAmount));
    // A refunded order was still an order.
    expect(after.orders).toBe(before.orders);

    const again = await asAdmin('POST', `/api/admin/orders/${booking.id}/refund`, { amount: booking.totalAmount });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(REFUND_MESSAGES.nothingLeft);

    const unpaid = await bookHotel(t, customer.cookie);
    const refused = await asAdmin('POST', `/api/admin/orders/${unpaid.id}/refund`, { amount: unpaid.totalAmount });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(REFUND_MESSAGES.notPaid);
    expect((await asAdmin('POST', '/api/admin/orders/999999/refund', { amount: 1 })).statusCode).toBe(404);
  });
});

describe('admin stats', () => {
  it('counts paid orders, accounts and revenue (paid minus refunded) from the tables', async () => {
    const before = await stats();
    const { booking } = await paidHotel();
    await signUp(t);
    const after = await stats();
    expect(after.orders).toBe(Number(before.orders) + 1);
    // The paying customer and the other sign-up.
    expect(after.users).toBe(Number(before.users) + 2);
    expect(cents(after.revenue)).toBe(cents(before.revenue) + cents(booking.totalAmount));
    expect(after.refunded).toBe(before.refunded);
    // The revenue is what the payments table says, to the cent.
    const all = await t.database.db.select().from(payments);
    const sum = (status: string) => all.filter((p) => p.status === status).reduce((s, p) => s + p.amountCents, 0);
    expect(cents(after.revenue)).toBe(sum('succeeded') - sum('refunded'));
    expect(after.orders).toBe(new Set(all.filter((p) => p.status === 'succeeded').map((p) => p.bookingId)).size);
  });
});

describe('admin users', () => {
  it('lists and searches accounts by name, e-mail or #id, filters by role; never a password hash', async () => {
    const person = await signUp(t, { role: 'provider' });
    const found = (await asAdmin('GET', `/api/admin/users?q=${person.username.toUpperCase()}`)).json() as Json[];
    expect(found).toEqual([{ id: person.id, username: person.username, email: person.email, phone: null, role: 'provider', createdAt: expect.any(String), disabledAt: null }]);
    expect(((await asAdmin('GET', `/api/admin/users?q=%23${person.id}`)).json() as Json[]).map((u) => u.id)).toContain(person.id);
    const providers = (await asAdmin('GET', '/api/admin/users?role=provider&limit=500')).json() as Json[];
    expect(providers.every((u) => u.role === 'provider')).toBe(true);
    expect(providers.map((u) => u.id)).toContain(person.id);
    const all = (await asAdmin('GET', '/api/admin/users?limit=500')).json() as Json[];
    expect(JSON.stringify(all)).not.toMatch(/passwordHash|argon2/);
    const paged = (await asAdmin('GET', `/api/admin/users?limit=2&after=${person.id - 1}`)).json() as Json[];
    expect(paged[0].id).toBe(person.id);
    expect((await asAdmin('GET', '/api/admin/users?role=owner')).statusCode).toBe(400);
  });

  it('changes a role (audited); promotion to admin ends the sessions; an admin cannot change their own role', async () => {
    const person = await signUp(t);
    const res = await asAdmin('PATCH', `/api/admin/users/${person.id}`, { role: 'driver' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ user: { id: person.id, role: 'driver', disabledAt: null }, sessionsEnded: 0 });
    // The session now carries the new role.
    expect((await req('GET', '/api/auth/me', person.cookie)).json().role).toBe('driver');
    const audit = (await asAdmin('GET', '/api/admin/audit?action=role.changed')).json() as Json[];
    expect(audit.find((a) => a.targetId === String(person.id))).toMatchObject({ actorId: adminId, changes: { role: ['user', 'driver'] } });

    const promoted = await asAdmin('PATCH', `/api/admin/users/${person.id}`, { role: 'admin' });
    expect(promoted.json()).toMatchObject({ user: { role: 'admin' }, sessionsEnded: 1 });
    expect((await req('GET', '/api/auth/me', person.cookie)).statusCode).toBe(401);

    const own = await asAdmin('PATCH', `/api/admin/users/${adminId}`, { role: 'user' });
    expect(own.statusCode).toBe(409);
    expect(own.json().message).toBe(ADMIN_USER_MESSAGES.ownRole);
    const ownDisable = await asAdmin('PATCH', `/api/admin/users/${adminId}`, { disabled: true });
    expect(ownDisable.statusCode).toBe(409);
    expect(ownDisable.json().message).toBe(ADMIN_USER_MESSAGES.ownAccount);
    expect((await asAdmin('PATCH', `/api/admin/users/${person.id}`, { role: 'owner' })).statusCode).toBe(400);
    expect((await asAdmin('PATCH', `/api/admin/users/${person.id}`, {})).statusCode).toBe(400);
    expect((await asAdmin('PATCH', `/api/admin/users/${person.id}`, { disabled: 'yes' })).statusCode).toBe(400);
    expect((await asAdmin('PATCH', '/api/admin/users/999999', { disabled: true })).statusCode).toBe(404);
  });

  it('a disabled account is signed out everywhere and cannot sign in (a clear 403); enabled again, it can', async () => {
    const person = await signUp(t);
    const second = await login(person.email, person.password);
    expect(second.statusCode).toBe(200);
    expect((await req('GET', '/api/auth/me', person.cookie)).statusCode).toBe(200);

    const res = await asAdmin('PATCH', `/api/admin/users/${person.id}`, { disabled: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ user: { id: person.id, disabledAt: expect.any(String) }, sessionsEnded: 2 });
    expect(await t.database.db.$count(sessions, eq(sessions.userId, person.id))).toBe(0);
    expect((await req('GET', '/api/auth/me', person.cookie)).statusCode).toBe(401);

    const refused = await login(person.email, person.password);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(ACCOUNT_DISABLED);
    expect(refused.cookies.find((c) => c.name === 'sid')).toBeUndefined();
    expect(await t.database.db.$count(sessions, eq(sessions.userId, person.id))).toBe(0);
    // A wrong password learns nothing about the account.
    const wrong = await login(person.email, 'not the password at all');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe('Invalid credentials');

    const listed = (await asAdmin('GET', `/api/admin/users?q=${person.username}&status=disabled`)).json() as Json[];
    expect(listed.map((u) => u.id)).toEqual([person.id]);
    expect(((await asAdmin('GET', `/api/admin/users?q=${person.username}&status=active`)).json() as Json[]).length).toBe(0);
    const audit = (await asAdmin('GET', '/api/admin/audit?action=account.disabled')).json() as Json[];
    expect(audit.find((a) => a.targetId === String(person.id))).toMatchObject({ actorId: adminId, changes: { email: person.email, sessionsEnded: 2 } });

    const enabled = await asAdmin('PATCH', `/api/admin/users/${person.id}`, { disabled: false });
    expect(enabled.json()).toMatchObject({ user: { disabledAt: null }, sessionsEnded: 0 });
    expect((await login(person.email, person.password)).statusCode).toBe(200);
    const enabledAudit = (await asAdmin('GET', '/api/admin/audit?action=account.enabled')).json() as Json[];
    expect(enabledAudit.some((a) => a.targetId === String(person.id))).toBe(true);
  });
});

describe("a disabled account's open sockets", () => {
  it('closes its /ws/driver and /ws/chat sockets with the reason (4401), and no one else’s', async () => {
    const ws = (await t.app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws');
    const driver = await signUp(t, { role: 'driver' });
    const other = await signUp(t);
    const offers = await openLive<DriverSocketMessage>(`${ws}/ws/driver`, { cookie: driver.cookie });
    await offers.next((m) => m.type === 'connected');
    const chat = await openLive<ChatServerMessage>(`${ws}/ws/chat`, { cookie: driver.cookie });
    await chat.next((m) => m.type === 'connected');
    const bystander = await openLive<ChatServerMessage>(`${ws}/ws/chat`, { cookie: other.cookie });
    await bystander.next((m) => m.type === 'connected');

    expect((await asAdmin('PATCH', `/api/admin/users/${driver.id}`, { disabled: true })).statusCode).toBe(200);
    expect(await offers.next((m) => m.type === 'error')).toEqual({ type: 'error', message: ACCOUNT_DISABLED });
    expect(await offers.closed).toEqual({ code: 4401, reason: 'Account disabled' });
    expect(await chat.next((m) => m.type === 'error')).toEqual({ type: 'error', message: ACCOUNT_DISABLED });
    expect((await chat.closed).code).toBe(4401);
    // Another account's socket stays open, and the disabled account cannot open a new one.
    expect(bystander.socket.readyState).toBe(bystander.socket.OPEN);
    bystander.close();
    const again = await openLive<ChatServerMessage>(`${ws}/ws/chat`, { cookie: driver.cookie });
    expect(await again.next((m) => m.type === 'error')).toEqual({ type: 'error', message: 'Sign in to chat' });
  });
});

describe('admin reports (CSV)', () => {
  const csv = async (file: string) => {
    const res = await asAdmin('GET', `/api/admin/export/${file}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(new RegExp(`^attachment; filename="${file.replace('.csv', '')}-\\d{4}-\\d{2}-\\d{2}\\.csv"$`));
    expect(res.headers['cache-control']).toBe('no-store');
    return res.body.split('\r\n');
  };

  it('bookings.csv: one row per booking with its customer, lines and money (paid, refunded, net), quoted', async () => {
    const { customer, booking } = await paidHotel();
    await t.database.db.update(bookingItems).set({ name: 'Suite, "sea view"' }).where(eq(bookingItems.bookingId, booking.id));
    await asAdmin('POST', `/api/admin/orders/${booking.id}/refund`, { amount: booking.totalAmount });
    const lines = await csv('bookings.csv');
    expect(lines[0]).toBe(
      'id,status,createdAt,customerId,customerUsername,customerEmail,lines,items,subtotal,deliveryFee,serviceFee,tax,tip,total,paid,refunded,net,currency,trackingNumbers',
    );
    const row = lines.find((l) => l.startsWith(`${booking.id},`));
    const total = booking.totalAmount.toFixed(2);
    // The breakdown as the customer was charged it (stored with the booking).
    const b = ((await asAdmin('GET', `/api/admin/orders/${booking.id}`)).json() as { booking: { breakdown: Record<string, number> } }).booking.breakdown;
    const charged = [b.items, b.deliveryFee, b.serviceFee, b.tax, b.tip].map((v) => v.toFixed(2)).join(',');
    expect(cents(b.items + b.deliveryFee + b.serviceFee + b.tax + b.tip)).toBe(cents(booking.totalAmount));
    expect(row?.startsWith(`${booking.id},cancelled,`)).toBe(true);
    expect(row).toContain(`,${customer.id},${customer.username},${customer.email},1,"1 × Suite, ""sea view""",${charged},${total},${total},${total},0.00,usd,`);
    expect(lines.at(-1)).toBe('');
  });

  it('orders.csv: one row per delivery order with its tracking number; a typed address cannot become a formula', async () => {
    const customer = await signUp(t);
    const food = await paidFood(t, customer.cookie);
    const [order] = await t.database.db.select().from(deliveryOrders).where(eq(deliveryOrders.bookingId, food.bookingId));
    await t.database.db
      .update(deliveryOrders)
      .set({ dropoff: { ...order.dropoff, address: '=HYPERLINK("http://evil.example","Click")' } })
      .where(eq(deliveryOrders.id, order.id));
    const lines = await csv('orders.csv');
    expect(lines[0]).toBe('id,bookingId,trackingNumber,kind,service,status,customerEmail,driverId,driverUsername,pickup,dropoff,distanceKm,driverPayout,createdAt,acceptedAt,completedAt');
    const row = lines.find((l) => l.startsWith(`${order.id},${food.bookingId},${food.deliveries[0].trackingNumber},food,`));
    expect(row).toBeDefined();
    expect(row).toContain(`,${customer.email},`);
    expect(row).toContain(`,"'=HYPERLINK(""http://evil.example"",""Click"")",`);
  });

  it('unknown reports are 404; collections still export', async () => {
    expect((await asAdmin('GET', '/api/admin/export/payments.csv')).statusCode).toBe(404);
    const users = await csv('users.csv');
    expect(users[0]).toContain('disabledAt');
  });
});
