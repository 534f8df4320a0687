import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DomainEvent } from '../../../domain/events';
import type { Database } from '../../db/connect';
import { domainEvents } from '../../db/schema';
import { createTestDatabase } from '../../testing/test-db';
import { loadConfig } from '../../config';
import { createLogger } from '../context';
import { InProcessPubSub } from '../pubsub';
import { currentRequestId, withRequestId } from '../request-context';
import { EventBus } from './bus';

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

  it('runs an event’s handlers under the id of the request that emitted it, also from another instance’s sweep', async () => {
    const lines: Array<Record<string, unknown>> = [];
    const log = createLogger(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'info' }), { write: (line: string) => void lines.push(JSON.parse(line)) });
    const web = new EventBus(database.db, new InProcessPubSub(), quiet);
    const worker = new EventBus(database.db, new InProcessPubSub(), log);
    let calls = 0;
    worker.on('order.offer_withdrawn', (p) => {
      calls += 1;
      if (calls === 1) throw new Error('driver app down');
      log.info({ orderId: p.orderId }, 'offer withdrawn handled');
    });
    // The web instance stored the event while serving request req-7, and died before dispatching it.
    const id = await withRequestId('req-7', () => web.record(database.db, 'order.offer_withdrawn', { orderId: 7, driverIds: [3] }));
    const age = () => database.db.update(domainEvents).set({ createdAt: new Date(Date.now() - 60_000) }).where(eq(domainEvents.id, id));
    const [stored] = await database.db.select().from(domainEvents).where(eq(domainEvents.id, id));
    expect(stored.requestId).toBe('req-7');

    await age();
    await worker.sweep();
    expect(lines).toEqual([expect.objectContaining({ msg: 'event handler failed; will retry', eventId: id, reqId: 'req-7' })]);
    expect(worker.jobs).toEqual({ claimed: 1, failed: 1 });

    await age();
    await worker.sweep();
    expect(lines[1]).toMatchObject({ msg: 'offer withdrawn handled', orderId: 7, reqId: 'req-7' });
    expect(worker.jobs).toEqual({ claimed: 2, failed: 1 });
    // The request's id stays with its event's handlers: the sweeper itself runs outside any request.
    expect(currentRequestId()).toBeUndefined();
    log.info('after the sweep');
    expect(lines[2]).not.toHaveProperty('reqId');
  });
});
