import { Redis } from 'ioredis';
import { createServer } from 'node:net';
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
    const b = new RedisPubSub(url, { name });
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

  it('counts the subscribers a publish reached', async () => {
    const a = new RedisPubSub(url);
    buses.push(a);
    const channel = `count:${process.pid}:${Date.now()}`;
    expect(await a.publish(channel, 'nobody')).toBe(0);
    await a.subscribe(channel, () => undefined);
    expect(await a.publish(channel, 'me')).toBe(1);
  });

  it('tells its listeners when its subscriptions are back after the connection was lost', async () => {
    const name = `resub-test-${process.pid}`;
    const b = new RedisPubSub(url, { name });
    buses.push(b);
    let resubscribed = 0;
    b.onResubscribed(() => (resubscribed += 1));
    await b.subscribe(`resub:${process.pid}`, () => undefined);
    expect(resubscribed).toBe(0);
    const admin = new Redis(url);
    const clients = String(await admin.call('CLIENT', 'LIST', 'TYPE', 'pubsub'));
    for (const m of clients.matchAll(/id=(\d+) .*name=(\S+)/g)) if (m[2] === `${name}:sub`) await admin.call('CLIENT', 'KILL', 'ID', m[1]);
    await admin.quit();
    const until = Date.now() + 5000;
    while (resubscribed === 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
    expect(resubscribed).toBe(1);
  });
});

describe('RedisPubSub without a reachable Redis', () => {
  it('fails a publish within its bound instead of queueing it', async () => {
    // A port that accepts connections and never answers (a hung Redis), then one where nothing listens.
    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as { port: number }).port;
    const hung = new RedisPubSub(`redis://127.0.0.1:${port}`, { publishTimeoutMs: 200 });
    let at = Date.now();
    await expect(hung.publish('c', 'x')).rejects.toThrow();
    expect(Date.now() - at).toBeLessThan(700);
    await hung.close();
    silent.close();

    const nobody = new RedisPubSub('redis://127.0.0.1:1', { publishTimeoutMs: 200 });
    at = Date.now();
    await expect(nobody.publish('c', 'x')).rejects.toThrow();
    await expect(nobody.publish('c', 'y')).rejects.toThrow();
    expect(Date.now() - at).toBeLessThan(1000);
    await nobody.close();
  });
});
