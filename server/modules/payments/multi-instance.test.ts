import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments } from '../../db/schema';
import { signUp } from '../../testing/test-app';
import { createTwoInstances } from '../../testing/two-instances';
import { bookHotel, cardToken } from '../bookings/test-helpers';

/**
 * PostgreSQL + Redis: a double click whose two requests land on two instances. The booking's row lock, taken first
 * in each payment's transaction, keeps the second from charging, as it does on one instance.
 */
describe.runIf(process.env.DATABASE_URL && process.env.REDIS_URL)('payments on two instances', () => {
  let both: Awaited<ReturnType<typeof createTwoInstances>>;
  beforeAll(async () => {
    both = await createTwoInstances();
  });
  afterAll(async () => both?.close());

  it('never charges twice when the two payments of one booking race on different instances', async () => {
    const { a, b } = both;
    const alice = await signUp(a);
    for (let round = 0; round < 5; round += 1) {
      const booking = await bookHotel(a, alice.cookie);
      const [pm1, pm2] = [await cardToken(a, alice.cookie), await cardToken(b, alice.cookie)];
      const payload = (paymentMethodId: string) => ({ bookingId: booking.id, amount: Math.round(booking.totalAmount * 100), currency: 'usd', paymentMethodId });
      const results = await Promise.all([
        a.app.inject({ method: 'POST', url: '/api/process-payment', headers: { cookie: alice.cookie, 'idempotency-key': `two-${round}-a` }, payload: payload(pm1) }),
        b.app.inject({ method: 'POST', url: '/api/process-payment', headers: { cookie: alice.cookie, 'idempotency-key': `two-${round}-b` }, payload: payload(pm2) }),
      ]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      const rows = await a.database.db.select().from(payments).where(eq(payments.bookingId, booking.id));
      expect(rows.map((p) => p.status)).toEqual(['succeeded']);
    }
  });
});
