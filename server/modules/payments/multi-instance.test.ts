import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bookings, paymentMethods, payments } from '../../db/schema';
import { signUp, type TestApp } from '../../testing/test-app';
import { createTwoInstances } from '../../testing/two-instances';
import { bookHotel, cardToken } from '../bookings/test-helpers';
import { finishStaleCharges, STALE_CLAIM_MS } from './service';

/**
 * PostgreSQL + Redis: the concurrency rule of payments (ADR 035) across two instances. A payment claims the booking
 * in a short transaction (its 'processing' row, one per booking by a unique index), charges outside any transaction,
 * then records the result; a second payment sent meanwhile, on either instance, is refused and never reaches the
 * gateway, and an orphaned claim is finished by one worker only.
 */
describe.runIf(process.env.DATABASE_URL && process.env.REDIS_URL)('payments on two instances', () => {
  let both: Awaited<ReturnType<typeof createTwoInstances>>;
  beforeAll(async () => {
    both = await createTwoInstances();
  });
  afterAll(async () => both?.close());

  const payload = (booking: { id: number; totalAmount: number }, paymentMethodId: string) => ({
    bookingId: booking.id,
    amount: Math.round(booking.totalAmount * 100),
    currency: 'usd',
    paymentMethodId,
  });
  const pay = (t: TestApp, cookie: string, booking: { id: number; totalAmount: number }, paymentMethodId: string, key: string) =>
    t.app.inject({ method: 'POST', url: '/api/process-payment', headers: { cookie, 'idempotency-key': key }, payload: payload(booking, paymentMethodId) });

  it('never charges twice when the two payments of one booking race on different instances', async () => {
    const { a, b } = both;
    const alice = await signUp(a);
    for (let round = 0; round < 5; round += 1) {
      const booking = await bookHotel(a, alice.cookie);
      const [pm1, pm2] = [await cardToken(a, alice.cookie), await cardToken(b, alice.cookie)];
      const charges = [vi.spyOn(a.ctx.payments, 'charge'), vi.spyOn(b.ctx.payments, 'charge')];
      try {
        const results = await Promise.all([pay(a, alice.cookie, booking, pm1, `two-${round}-a`), pay(b, alice.cookie, booking, pm2, `two-${round}-b`)]);
        expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
        // The refused one never reached the gateway.
        expect(charges.reduce((n, c) => n + c.mock.calls.length, 0)).toBe(1);
      } finally {
        for (const c of charges) c.mockRestore();
      }
      const rows = await a.database.db.select().from(payments).where(eq(payments.bookingId, booking.id));
      expect(rows.map((p) => p.status)).toEqual(['succeeded']);
    }
  });

  it('holds no lock on the booking while one instance’s charge is at the gateway', async () => {
    const { a, b } = both;
    const bob = await signUp(a);
    const booking = await bookHotel(a, bob.cookie);
    const pm = await cardToken(a, bob.cookie);
    const original = a.ctx.payments.charge.bind(a.ctx.payments);
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let reached!: () => void;
    const atGateway = new Promise<void>((r) => (reached = r));
    const spy = vi.spyOn(a.ctx.payments, 'charge').mockImplementationOnce(async (req) => {
      reached();
      await gate;
      return original(req);
    });
    try {
      const paying = pay(a, bob.cookie, booking, pm, 'held-a');
      await atGateway;
      // Instance B's own pool: the row is free (NOWAIT would fail at once were it locked)...
      await b.database.db.transaction(async (tx) => {
        expect(await tx.select({ id: bookings.id }).from(bookings).where(eq(bookings.id, booking.id)).for('update', { noWait: true })).toHaveLength(1);
      });
      // ...and a payment or a cancellation there is answered at once.
      const second = await pay(b, bob.cookie, booking, pm, 'held-b');
      expect([second.statusCode, second.json().message]).toEqual([409, 'A payment for this booking is already in progress']);
      const cancel = await b.app.inject({ method: 'POST', url: `/api/bookings/${booking.id}/cancel`, headers: { cookie: bob.cookie }, payload: {} });
      expect(cancel.statusCode).toBe(409);
      release();
      expect((await paying).statusCode).toBe(200);
    } finally {
      release();
      spy.mockRestore();
    }
    const rows = await a.database.db.select().from(payments).where(eq(payments.bookingId, booking.id));
    expect(rows.map((p) => p.status)).toEqual(['succeeded']);
  });

  it('finishes an orphaned claim on one instance only', async () => {
    const { a, b } = both;
    const carol = await signUp(a);
    const booking = await bookHotel(a, carol.cookie);
    const pm = await cardToken(a, carol.cookie);
    const [method] = await a.database.db.select().from(paymentMethods).where(eq(paymentMethods.id, pm));
    // Counted from before the claim exists: the instances' own worker passes may be the ones that take it.
    const charges = [vi.spyOn(a.ctx.payments, 'charge'), vi.spyOn(b.ctx.payments, 'charge')];
    await a.database.db.insert(payments).values({
      bookingId: booking.id,
      status: 'processing',
      amountCents: Math.round(booking.totalAmount * 100),
      brand: method.brand,
      last4: method.last4,
      idempotencyKey: `charge:${booking.id}:orphaned`,
      methodId: pm,
      attemptedAt: new Date(Date.now() - STALE_CLAIM_MS - 1000),
    });
    try {
      const finished = await Promise.all(
        [a, b].flatMap((t) => [finishStaleCharges({ db: t.database.db, gateway: t.ctx.payments, events: t.ctx.events }), finishStaleCharges({ db: t.database.db, gateway: t.ctx.payments, events: t.ctx.events })]),
      );
      expect(finished.reduce((n, x) => n + x, 0)).toBeLessThanOrEqual(1);
      expect(charges.reduce((n, c) => n + c.mock.calls.length, 0)).toBe(1);
    } finally {
      for (const c of charges) c.mockRestore();
    }
    const rows = await a.database.db.select().from(payments).where(eq(payments.bookingId, booking.id));
    expect(rows.map((p) => p.status)).toEqual(['succeeded']);
    expect((await a.database.db.select().from(bookings).where(eq(bookings.id, booking.id)))[0].status).toBe('confirmed');
  });
});
