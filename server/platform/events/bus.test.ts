import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DomainEvent } from '../../../domain/events';
import type { Database, Tx } from '../../db/connect';
import { rawStatement } from '../../db/prepared';
import { domainEvents } from '../../db/schema';
import { createTestDatabase } from '../../testing/test-db';
import { InProcessPubSub } from '../pubsub';
import { EventBus, outboxInsertSql } from './bus';

const quiet = { warn: () => undefined, error: () => undefined };
let database: Database;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ database, drop } = await createTestDatabase());
});
afterAll(async () => drop?.());

const waitFor = async (check: () => boolean, ms = 2000) => {
  const until = Date.now() + ms;
  while (!check() && Date.now() < until) await new Promise((r) => setTimeout(r, 10));
};

describe('EventBus', () => {
  it('dispatches an event after its transaction commits: handlers once, listeners on every instance', async () => {
    const pubsub = new InProcessPubSub();
    const one = new EventBus(database.db, pubsub, quiet);
    const two = new EventBus(database.db, pubsub, quiet);
    await one.start();
    await two.start();
    const handled: number[] = [];
    const heard: Array<[string, DomainEvent]> = [];
    for (const [name, bus] of [['one', one], ['two', two]] as const) {
      bus.on('booking.confirmed', (p) => void handled.push(p.bookingId));
      bus.listen((e) => heard.push([name, e]));
    }
    await one.transaction(async (_tx, emit) => emit('booking.confirmed', { bookingId: 7, userId: 1 }));
    expect(handled).toEqual([7]);
    await waitFor(() => heard.length === 2);
    expect(heard.map(([n, e]) => [n, e.type])).toEqual([
      ['one', 'booking.confirmed'],
      ['two', 'booking.confirmed'],
    ]);
    // Another instance's sweep finds nothing left to do: no second handling.
    await two.sweep();
    expect(handled).toEqual([7]);
    await one.close();
    await two.close();
  });

  it('records nothing when the transaction rolls back', async () => {
    const bus = new EventBus(database.db, new InProcessPubSub(), quiet);
    const handled: number[] = [];
    bus.on('booking.cancelled', (p) => void handled.push(p.bookingId));
    const before = await database.db.$count(domainEvents);
    await expect(
      bus.transaction(async (_tx, emit) => {
        await emit('booking.cancelled', { bookingId: 9, userId: 1, refundCents: null });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await database.db.$count(domainEvents)).toBe(before);
    expect(handled).toEqual([]);
  });

  it('dispatches an event whose outbox row the caller wrote in its own statement, after commit; not after a rollback', async () => {
    const bus = new EventBus(database.db, new InProcessPubSub(), quiet);
    const handled: number[] = [];
    bus.on('payment.failed', (p) => void handled.push(p.paymentId));
    const writeEvent = rawStatement<{ id: number }>('test_outbox_write', `with event as (${outboxInsertSql('$1', '$2')}) select id from event`);
    const write = (tx: Tx, paymentId: number) => writeEvent(tx, ['payment.failed', JSON.stringify({ bookingId: 1, userId: 1, paymentId, message: 'no' })]);
    await bus.transaction(async (tx, emit) => {
      const rows = await write(tx, 41);
      emit.recorded(rows[0].id);
      // Not before the commit.
      expect(handled).toEqual([]);
    });
    expect(handled).toEqual([41]);
    await expect(
      bus.transaction(async (tx, emit) => {
        const rows = await write(tx, 42);
        emit.recorded(rows[0].id);
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(handled).toEqual([41]);
    expect(await database.db.$count(domainEvents, eq(domainEvents.type, 'payment.failed'))).toBe(1);
  });

  it('retries a failed handler from the outbox until it succeeds', async () => {
    const bus = new EventBus(database.db, new InProcessPubSub(), quiet);
    let calls = 0;
    bus.on('order.unassigned', () => {
      calls += 1;
      if (calls === 1) throw new Error('temporarily down');
    });
    await bus.transaction(async (_tx, emit) => emit('order.unassigned', { orderId: 1, trackingId: 'trk_x' }));
    expect(calls).toBe(1);
    const [row] = await database.db.select().from(domainEvents).where(eq(domainEvents.type, 'order.unassigned'));
    expect(row).toMatchObject({ dispatchedAt: null, lastError: 'temporarily down', attempts: 1 });
    // The sweeper waits 2 s x attempts before a retry; age the row instead of sleeping.
    await database.db.update(domainEvents).set({ createdAt: new Date(Date.now() - 60_000) }).where(eq(domainEvents.id, row.id));
    await bus.sweep();
    expect(calls).toBe(2);
    const [done] = await database.db.select().from(domainEvents).where(eq(domainEvents.id, row.id));
    expect(done.dispatchedAt).not.toBeNull();
  });
});
