import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { InProcessPubSub, RedisPubSub, type PubSub } from './pubsub';

function received(bus: PubSub, channel: string) {
  const got: string[] = [];
  const ready = bus.subscribe(channel, (m) => got.push(m));
  const waitFor = async (n: number, ms = 3000) => {
    const until = Date.now() + ms;
    while (got.length < n && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
    return got;
  };
  return { got, ready, waitFor };
}

describe('InProcessPubSub', () => {
  it('delivers to every subscriber of the channel, and not after unsubscribe', async () => {
    const bus = new InProcessPubSub();
    const one = received(bus, 'c');
    const two = received(bus, 'c');
    const other = received(bus, 'd');
    const off = await one.ready;
    await two.ready;
    await bus.publish('c', 'hello');
    expect(await one.waitFor(1)).toEqual(['hello']);
    expect(await two.waitFor(1)).toEqual(['hello']);
    await off();
    await bus.publish('c', 'again');
    expect(await two.waitFor(2)).toEqual(['hello', 'again']);
    expect(one.got).toEqual(['hello']);
    expect(other.got).toEqual([]);
  });
});

describe.runIf(process.env.REDIS_URL)('RedisPubSub', () => {
  const url = process.env.REDIS_URL!;
  const buses: RedisPubSub[] = [];
  afterAll(async () => {
    for (const b of buses) await b.close();
  });

  it('fans out between two connections and resubscribes after its connection is killed', async () => {
    const name = `pubsub-test-${process.pid}`;
    const a = new RedisPubSub(url);
    const b = new RedisPubSub(url, undefined, name);
    buses.push(a, b);
    const channel = `test:${process.pid}:${Date.now()}`;
    const onB = received(b, channel);
    await onB.ready;
    await a.publish(channel, 'one');
    expect(await onB.waitFor(1)).toEqual(['one']);

    // Drop B's subscriber connection, as a Redis restart would (only ours: other suites may share this Redis).
    const admin = new Redis(url);
    const clients = String(await admin.call('CLIENT', 'LIST', 'TYPE', 'pubsub'));
    const id = /id=(\d+) .*name=(\S+)/g;
    let killed = 0;
    for (const m of clients.matchAll(id)) {
      if (m[2] === `${name}:sub`) killed += Number(await admin.call('CLIENT', 'KILL', 'ID', m[1]));
    }
    await admin.quit();
    expect(killed).toBe(1);
    const until = Date.now() + 5000;
    while (onB.got.length < 2 && Date.now() < until) {
      await a.publish(channel, 'two').catch(() => undefined);
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(onB.got).toContain('two');
  });
});
