import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from '../db/connect';
import { bookHotel, day, firstHotel } from '../modules/bookings/test-helpers';
import { tcpProxy, type TcpProxy } from '../testing/tcp-proxy';
import { createTestApp, signUp, type TestApp } from '../testing/test-app';
import { createTestDatabase, type TestDatabase } from '../testing/test-db';

/**
 * A PostgreSQL outage (a restart, a failover) as one instance sees it: the instance reaches its database through a TCP
 * proxy this test cuts, while the shared server stays up for every other test. Requests fail cleanly and at once,
 * nothing acknowledged before is lost, and the instance recovers by itself.
 */
describe.runIf(process.env.DATABASE_URL)('a PostgreSQL outage', () => {
  let own: TestDatabase;
  let proxy: TcpProxy;
  let t: TestApp;

  beforeAll(async () => {
    own = await createTestDatabase({ seeded: true });
    proxy = await tcpProxy(new URL(own.url!), 5432);
    const database = await connect({ databaseUrl: proxy.url });
    t = await createTestApp({ database: { database, drop: () => database.close() }, seed: false });
  });
  afterAll(async () => {
    proxy?.restore();
    await t?.close();
    await proxy?.close();
    await own?.drop();
  });

  it('answers 503 with a message while the database is unreachable, then serves again by itself with nothing lost', async () => {
    const customer = await signUp(t);
    const booking = await bookHotel(t, customer.cookie);
    const hotel = await firstHotel(t);
    const items = [{ serviceType: 'hotels', serviceId: hotel.id, quantity: 1, price: 1, details: { checkIn: day(20), checkOut: day(21), rooms: 1, guests: 1 } }];

    proxy.cut();
    const list = await t.app.inject({ method: 'GET', url: '/api/bookings', headers: { cookie: customer.cookie } });
    expect(list.statusCode).toBe(503);
    expect(list.json()).toEqual({ message: 'The service is briefly unavailable. Please try again in a moment.' });
    expect(list.headers['retry-after']).toBe('5');
    const write = await t.app.inject({ method: 'POST', url: '/api/bookings', headers: { cookie: customer.cookie }, payload: { items, totalAmount: booking.totalAmount } });
    expect(write.statusCode).toBe(503);
    expect(write.body).not.toMatch(/ECONN|select|insert|stack/i);
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ message: 'Database unreachable' });

    proxy.restore();
    await expect.poll(async () => (await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode, { timeout: 15_000 }).toBe(200);
    const after = await t.app.inject({ method: 'GET', url: '/api/bookings', headers: { cookie: customer.cookie } });
    expect(after.statusCode).toBe(200);
    expect((after.json() as Array<{ id: number }>).map((b) => b.id)).toContain(booking.id);
  });
});
