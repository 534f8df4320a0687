import { describe, expect, it } from 'vitest';
import { MemoryOutboxStorage, Outbox, type OutboxEntry, type OutboxStorage } from './outbox';

function ids() {
  let n = 0;
  return () => `c${++n}`;
}

function clock(start = 1_000) {
  let t = start;
  return () => t++;
}

async function outbox(storage: OutboxStorage = new MemoryOutboxStorage(), userId = 7) {
  const box = new Outbox(storage, userId, clock(), ids());
  await box.ready;
  return box;
}

describe('chat outbox', () => {
  it('hands out one entry at a time, in order, until each is acknowledged', async () => {
    const box = await outbox();
    box.add(1, 'first');
    box.add(2, 'second');
    const a = box.next();
    expect(a?.message).toBe('first');
    expect(box.next()).toBeNull();
    expect(box.ack(a!.clientMessageId)).toBe(true);
    const b = box.next();
    expect(b?.message).toBe('second');
    box.ack(b!.clientMessageId);
    expect(box.next()).toBeNull();
    expect(box.list()).toEqual([]);
  });

  it('sends the in-flight entry again after the connection is released, and an unknown ack changes nothing', async () => {
    const box = await outbox();
    const entry = box.add(1, 'hello');
    expect(box.next()?.clientMessageId).toBe(entry.clientMessageId);
    box.release();
    expect(box.next()?.clientMessageId).toBe(entry.clientMessageId);
    expect(box.ack('someone-else')).toBe(false);
    expect(box.list()).toHaveLength(1);
  });

  it('survives a reload: a new outbox for the same user finds the unsent messages in their order', async () => {
    const storage = new MemoryOutboxStorage();
    const first = await outbox(storage);
    first.add(3, 'one');
    first.add(3, 'two');
    first.add(3, 'three');
    first.ack(first.next()!.clientMessageId);
    await first.flushed();

    const reloaded = await outbox(storage);
    expect(reloaded.list().map((e) => e.message)).toEqual(['two', 'three']);
    expect(reloaded.next()?.message).toBe('two');
  });

  it('keeps each user to their own messages', async () => {
    const storage = new MemoryOutboxStorage();
    const alice = await outbox(storage, 1);
    alice.add(1, 'from alice');
    await alice.flushed();
    const bob = await outbox(storage, 2);
    expect(bob.list()).toEqual([]);
    expect(bob.next()).toBeNull();
  });

  it('puts stored entries before ones added while loading, and sends nothing until loaded', async () => {
    const storage = new MemoryOutboxStorage();
    const stored: OutboxEntry = { clientMessageId: 'old', userId: 7, conversationId: 1, message: 'written offline', createdAt: new Date(0).toISOString(), seq: 5 };
    await storage.put(stored);
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const slow: OutboxStorage = { ...storage, load: async (u) => (await gate, storage.load(u)), put: (e) => storage.put(e), remove: (u, id) => storage.remove(u, id) };
    const box = new Outbox(slow, 7, clock(), ids());
    box.add(1, 'new');
    expect(box.next()).toBeNull();
    release();
    await box.ready;
    expect(box.list().map((e) => e.message)).toEqual(['written offline', 'new']);
    expect(box.next()?.clientMessageId).toBe('old');
  });

  it('skips a refused entry until it is retried, and forgets a discarded one', async () => {
    const storage = new MemoryOutboxStorage();
    const box = await outbox(storage);
    const bad = box.add(1, 'refused');
    const good = box.add(1, 'fine');
    box.fail(box.next()!.clientMessageId, 'Conversation not found');
    expect(box.list()[0].error).toBe('Conversation not found');
    expect(box.next()?.clientMessageId).toBe(good.clientMessageId);
    box.ack(good.clientMessageId);
    expect(box.next()).toBeNull();
    box.retry(bad.clientMessageId);
    expect(box.next()?.clientMessageId).toBe(bad.clientMessageId);
    box.discard(bad.clientMessageId);
    await box.flushed();
    expect(box.list()).toEqual([]);
    expect(storage.rows.size).toBe(0);
  });

  it('writes to storage in order even when an ack follows the add at once', async () => {
    const log: string[] = [];
    const inner = new MemoryOutboxStorage();
    const storage: OutboxStorage = {
      load: (u) => inner.load(u),
      put: async (e) => {
        await new Promise((r) => setTimeout(r, 5));
        log.push(`put ${e.message}`);
        await inner.put(e);
      },
      remove: async (u, id) => {
        log.push(`remove ${id}`);
        await inner.remove(u, id);
      },
    };
    const box = await outbox(storage);
    const e = box.add(1, 'quick');
    box.ack(e.clientMessageId);
    await box.flushed();
    expect(log).toEqual(['put quick', `remove ${e.clientMessageId}`]);
    expect(inner.rows.size).toBe(0);
  });

  it('keeps working in memory when storage fails', async () => {
    const broken: OutboxStorage = {
      load: () => Promise.reject(new Error('no db')),
      put: () => Promise.reject(new Error('no db')),
      remove: () => Promise.reject(new Error('no db')),
    };
    const errors = console.error;
    console.error = () => undefined;
    try {
      const box = await outbox(broken);
      box.add(1, 'still queued');
      await box.flushed();
      expect(box.next()?.message).toBe('still queued');
    } finally {
      console.error = errors;
    }
  });
});
