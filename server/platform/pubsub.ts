import { EventEmitter } from 'node:events';
import { Redis } from 'ioredis';

/** Fan-out between instances: every subscriber of a channel, on every instance, receives each message once. */
export interface PubSub {
  readonly kind: 'in-process' | 'redis';
  publish(channel: string, message: string): Promise<void>;
  /** Returns a function that unsubscribes this handler. */
  subscribe(channel: string, handler: (message: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** One process: messages go straight to this process's subscribers (asynchronously, like a broker would). */
export class InProcessPubSub implements PubSub {
  readonly kind = 'in-process' as const;
  private readonly emitter = new EventEmitter().setMaxListeners(0);

  async publish(channel: string, message: string): Promise<void> {
    setImmediate(() => this.emitter.emit(channel, message));
  }

  async subscribe(channel: string, handler: (message: string) => void) {
    this.emitter.on(channel, handler);
    return async () => {
      this.emitter.off(channel, handler);
    };
  }

  async close(): Promise<void> {
    this.emitter.removeAllListeners();
  }
}

/**
 * Redis pub/sub through ioredis: one connection publishes, one subscribes. ioredis reconnects on its own and
 * re-issues SUBSCRIBE for every channel after a Redis restart (autoResubscribe), so subscribers survive it.
 */
export class RedisPubSub implements PubSub {
  readonly kind = 'redis' as const;
  private readonly pub: Redis;
  private readonly sub: Redis;
  private readonly handlers = new Map<string, Set<(message: string) => void>>();

  constructor(
    url: string,
    private readonly log: (msg: string) => void = () => {},
    /** Names the connections (CLIENT LIST shows `<name>:pub` / `<name>:sub`). */
    name = 'go-live',
  ) {
    const options = { autoResubscribe: true, maxRetriesPerRequest: null, retryStrategy: (times: number) => Math.min(times * 200, 2000) };
    this.pub = new Redis(url, { ...options, connectionName: `${name}:pub` });
    this.sub = new Redis(url, { ...options, connectionName: `${name}:sub` });
    for (const [name, conn] of [['publisher', this.pub], ['subscriber', this.sub]] as const) {
      // Without an error listener ioredis would log every failed reconnect as unhandled.
      conn.on('error', (err: Error) => this.log(`redis ${name}: ${err.message}`));
    }
    this.sub.on('message', (channel: string, message: string) => {
      for (const handler of this.handlers.get(channel) ?? []) handler(message);
    });
  }

  async publish(channel: string, message: string): Promise<void> {
    await this.pub.publish(channel, message);
  }

  async subscribe(channel: string, handler: (message: string) => void) {
    let set = this.handlers.get(channel);
    if (!set) {
      set = new Set();
      this.handlers.set(channel, set);
      await this.sub.subscribe(channel);
    }
    set.add(handler);
    return async () => {
      set.delete(handler);
      if (set.size === 0 && this.handlers.get(channel) === set) {
        this.handlers.delete(channel);
        await this.sub.unsubscribe(channel).catch(() => undefined);
      }
    };
  }

  async close(): Promise<void> {
    this.handlers.clear();
    await Promise.allSettled([this.pub.quit(), this.sub.quit()]);
    this.pub.disconnect();
    this.sub.disconnect();
  }
}

/** Redis when a URL is given, this process otherwise. */
export function createPubSub(redisUrl: string | undefined, log?: (msg: string) => void): PubSub {
  return redisUrl ? new RedisPubSub(redisUrl, log) : new InProcessPubSub();
}
