import { EventEmitter } from 'node:events';
import { Redis } from 'ioredis';

/** Fan-out between instances: every subscriber of a channel, on every instance, receives each message once. */
export interface PubSub {
  readonly kind: 'in-process' | 'redis';
  /**
   * Publishes, waiting a bounded time (never on a queue of commands for a lost connection); rejects when the message
   * could not be handed over in that time. Resolves with how many subscribers (connections) received it.
   */
  publish(channel: string, message: string): Promise<number>;
  /** Returns a function that unsubscribes this handler. */
  subscribe(channel: string, handler: (message: string) => void): Promise<() => Promise<void>>;
  /**
   * Calls `listener` each time the subscriptions are back after their connection was lost: messages published in the
   * meantime were not received here, so whoever relays them should have its clients catch up. Returns the removal.
   */
  onResubscribed(listener: () => void): () => void;
  /** Whether a publish can be tried now (its connection is up); a retry loop skips its turn while it is not. */
  available(): boolean;
  close(): Promise<void>;
}

/** One process: messages go straight to this process's subscribers (asynchronously, like a broker would). */
export class InProcessPubSub implements PubSub {
  readonly kind = 'in-process' as const;
  private readonly emitter = new EventEmitter().setMaxListeners(0);

  async publish(channel: string, message: string): Promise<number> {
    const receivers = this.emitter.listenerCount(channel);
    setImmediate(() => this.emitter.emit(channel, message));
    return receivers;
  }

  async subscribe(channel: string, handler: (message: string) => void) {
    this.emitter.on(channel, handler);
    return async () => {
      this.emitter.off(channel, handler);
    };
  }

  onResubscribed(): () => void {
    // One process never loses its subscriptions.
    return () => undefined;
  }

  available(): boolean {
    return true;
  }

  async close(): Promise<void> {
    this.emitter.removeAllListeners();
  }
}

/** PUBLISH_TIMEOUT_MS's default: the longest a write waits for Redis before its event goes by the outbox. */
export const DEFAULT_PUBLISH_TIMEOUT_MS = 250;

export type RedisPubSubOptions = {
  log?: (msg: string) => void;
  /** Names the connections (CLIENT LIST shows `<name>:pub` / `<name>:sub`). */
  name?: string;
  /** The longest a publish may take, connecting included (LIVE_PUBLISH_TIMEOUT_MS). */
  publishTimeoutMs?: number;
};

/**
 * Redis pub/sub through ioredis: one connection publishes, one subscribes.
 *
 * The publisher never queues: with `enableOfflineQueue: false` a publish while the connection is down fails at once
 * instead of waiting (ioredis' default would hold it until Redis is back, and the write that published with it), a
 * `commandTimeout` bounds a publish to a Redis that accepts the connection but does not answer, and unanswered
 * publishes are not re-sent after a reconnect (the caller has already been told they failed and sent them by its
 * outbox). A publish made while the connection is still being opened waits for it, within the same bound.
 *
 * The subscriber keeps ioredis' defaults: it reconnects on its own and re-issues SUBSCRIBE for every channel
 * (autoResubscribe); `onResubscribed` listeners then hear that messages may have been missed meanwhile.
 */
export class RedisPubSub implements PubSub {
  readonly kind = 'redis' as const;
  private readonly pub: Redis;
  private readonly sub: Redis;
  private readonly handlers = new Map<string, Set<(message: string) => void>>();
  private readonly resubscribed = new Set<() => void>();
  private readonly publishTimeoutMs: number;
  private subscriberLost = false;
  private publisherWasReady = false;
  private readonly firstReady: Promise<void>;
  private closing = false;

  constructor(url: string, opts: RedisPubSubOptions = {}) {
    const log = opts.log ?? (() => {});
    const name = opts.name ?? 'go-live';
    this.publishTimeoutMs = opts.publishTimeoutMs ?? DEFAULT_PUBLISH_TIMEOUT_MS;
    const retryStrategy = (times: number) => Math.min(times * 200, 2000);
    this.pub = new Redis(url, {
      connectionName: `${name}:pub`,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      autoResendUnfulfilledCommands: false,
      commandTimeout: this.publishTimeoutMs,
      retryStrategy,
    });
    this.sub = new Redis(url, { connectionName: `${name}:sub`, autoResubscribe: true, maxRetriesPerRequest: null, retryStrategy });
    this.firstReady = new Promise<void>((resolve) => {
      this.pub.once('ready', () => {
        this.publisherWasReady = true;
        resolve();
      });
    });
    for (const [role, conn] of [['publisher', this.pub], ['subscriber', this.sub]] as const) {
      // Without an error listener ioredis would log every failed reconnect as unhandled.
      conn.on('error', (err: Error) => log(`redis ${role}: ${err.message}`));
    }
    this.sub.on('message', (channel: string, message: string) => {
      for (const handler of this.handlers.get(channel) ?? []) handler(message);
    });
    // 'close' after the connection was up: whatever is published until it is back is not received here. ioredis
    // emits 'ready' (on the next tick) after writing the SUBSCRIBE commands again, so the listeners run before any
    // message of the new connection arrives.
    this.sub.on('close', () => {
      if (!this.closing && this.handlers.size > 0) this.subscriberLost = true;
    });
    this.sub.on('ready', () => {
      if (!this.subscriberLost) return;
      this.subscriberLost = false;
      for (const listener of this.resubscribed) {
        try {
          listener();
        } catch (err) {
          log(`resubscribe listener failed: ${err instanceof Error ? err.message : String(err)}`);
        }
      }
    });
  }

  async publish(channel: string, message: string): Promise<number> {
    const deadline = Date.now() + this.publishTimeoutMs;
    // Only the first connection is waited for (a publish right after start); once it was up, a lost connection
    // fails the publish at once (the offline queue is off).
    if (this.pub.status !== 'ready' && !this.publisherWasReady) await withDeadline(this.firstReady, deadline, 'Redis is not reachable');
    return withDeadline(this.pub.publish(channel, message), deadline, 'publish timed out');
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

  onResubscribed(listener: () => void): () => void {
    this.resubscribed.add(listener);
    return () => this.resubscribed.delete(listener);
  }

  available(): boolean {
    return this.pub.status === 'ready';
  }

  async close(): Promise<void> {
    this.closing = true;
    this.handlers.clear();
    this.resubscribed.clear();
    // QUIT only where a connection is up (it would wait in the subscriber's queue for a Redis that never comes back),
    // and not for long; then the sockets go whatever the answer.
    const quit = (conn: Redis) => (conn.status === 'ready' ? withDeadline(conn.quit(), Date.now() + 1000, 'quit timed out') : Promise.resolve());
    await Promise.allSettled([quit(this.pub), quit(this.sub)]);
    this.pub.disconnect();
    this.sub.disconnect();
  }
}

/** `work`, or a rejection once `deadline` (epoch ms) has passed. */
function withDeadline<T>(work: Promise<T>, deadline: number, message: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), Math.max(0, deadline - Date.now()));
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/** Redis when a URL is given, this process otherwise. */
export function createPubSub(redisUrl: string | undefined, opts: RedisPubSubOptions = {}): PubSub {
  return redisUrl ? new RedisPubSub(redisUrl, opts) : new InProcessPubSub();
}
