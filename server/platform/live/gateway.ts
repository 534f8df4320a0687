import websocket from '@fastify/websocket';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import type { DomainEvent } from '../../../domain/events';
import { HttpError } from '../errors';

/** WebSocket close codes of our protocols (4000-4999 are the application's own). */
export const CLOSE = {
  /** The server is shutting down or restarting: reconnect, possibly to another instance. */
  serviceRestart: 1012,
  notFound: 4404,
  unauthorized: 4401,
  forbidden: 4403,
  /** The socket kept sending faster than its frame budget after being told to slow down. */
  tooManyMessages: 4429,
} as const;

export const PING_INTERVAL_MS = 30_000;

/**
 * The bounds of the live sockets. Socket counts are this instance's (a balancer spreading one address over N
 * instances allows N times as many); frame budgets are token buckets: `burst` frames at once, refilled at `perSecond`.
 */
export type LiveLimits = {
  /** LIVE_SOCKETS_PER_ADDRESS: open sockets per client address. */
  socketsPerAddress: number;
  /** LIVE_SOCKETS_PER_USER: open sockets per signed-in account. */
  socketsPerUser: number;
  /** Frames (of any type) one socket may send. */
  socketFrames: { burst: number; perSecond: number };
  /** Frames all sockets of one account (or, signed out, one address) may send together. */
  userFrames: { burst: number; perSecond: number };
  /** Frames refused on one socket after which it is closed with 4429. */
  refusedBeforeClose: number;
};

export const DEFAULT_LIVE_LIMITS: LiveLimits = {
  socketsPerAddress: 50,
  socketsPerUser: 20,
  socketFrames: { burst: 30, perSecond: 10 },
  userFrames: { burst: 60, perSecond: 20 },
  refusedBeforeClose: 50,
};

export const TOO_MANY_MESSAGES = 'Too many messages: slow down';

/** A token bucket: `burst` tokens, refilled continuously at `perSecond`. */
class Bucket {
  private tokens: number;
  private at = performance.now();

  constructor(private readonly rule: { burst: number; perSecond: number }) {
    this.tokens = rule.burst;
  }

  take(): boolean {
    const now = performance.now();
    this.tokens = Math.min(this.rule.burst, this.tokens + ((now - this.at) / 1000) * this.rule.perSecond);
    this.at = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}

/** Who opened a socket: the client address (by the TRUST_PROXY rule, as request.ip) and the account, if signed in. */
type Opener = { address: string; userId?: number };

/**
 * A message for a topic's sockets; with `close`, each socket is then closed with that code and reason. With `key`,
 * a socket that was already sent a message with that key (see {@link LiveGateway.send}) is not sent it again.
 */
type Outgoing = { topic: string; message: object; key?: string; close?: { code: number; reason: string } };
/** Turns a published domain event into the socket messages it causes (possibly none). */
export type Relay = (event: DomainEvent) => Outgoing[] | Promise<Outgoing[]>;

/**
 * The WebSocket gateway: holds this instance's sockets by topic ("tracking:<id>", "driver:<userId>") and relays
 * published domain events to them. It owns no state: what a socket needs on (re)connect comes from the database.
 */
export class LiveGateway {
  private readonly topics = new Map<string, Set<WebSocket>>();
  private readonly alive = new WeakMap<WebSocket, boolean>();
  private readonly relays: Relay[] = [];
  private heartbeat?: ReturnType<typeof setInterval>;
  readonly limits: LiveLimits;
  /** Open sockets (upgrades admitted, until their connection closes) per address and per account. */
  private readonly openByAddress = new Map<string, number>();
  private readonly openByUser = new Map<number, number>();
  private readonly openers = new WeakMap<IncomingMessage, Opener>();
  /** The shared frame budget of an account (or address) while it has sockets open. */
  private readonly userBuckets = new Map<string, { bucket: Bucket; sockets: number }>();
  /** Keys of the messages each socket was sent with one (the last 256), so a message reaches a socket once. */
  private readonly sentKeys = new WeakMap<WebSocket, Set<string>>();
  /** Frames handed to the routes and frames refused, since start (tests, bench). */
  readonly frames = { passed: 0, refused: 0 };

  constructor(
    private readonly opts: {
      publicUrl?: string;
      pingIntervalMs?: number;
      limits?: Partial<LiveLimits>;
      /** True while the instance drains: a new socket is refused with 503, so a proxy sends it to another instance. */
      draining?: () => boolean;
    } = {},
  ) {
    this.limits = { ...DEFAULT_LIVE_LIMITS, ...opts.limits };
  }

  /**
   * Registers @fastify/websocket with this gateway's shutdown behaviour and starts the heartbeat. Every socket route
   * is then bounded here, whichever module declares it: its upgrade is refused with 429 past the open sockets
   * allowed per address and per account, and each frame it receives spends the socket's and the account's budget.
   */
  async install(app: FastifyInstance): Promise<void> {
    await app.register(websocket, {
      options: { maxPayload: 64 * 1024 },
      // On shutdown every client gets 1012 so it reconnects (to another instance behind a balancer).
      preClose: (done) => {
        this.closeAll();
        done();
      },
    });
    // On socket routes only (HTTP requests pay nothing), after the route's own onRequest checks (origin, sign-in,
    // role): only a socket that would open is counted.
    const admit = (request: FastifyRequest, _reply: unknown, done: (err?: Error) => void) => {
      try {
        if (request.ws) this.admit(request);
      } catch (err) {
        return done(err as Error);
      }
      done();
    };
    app.addHook('onRoute', (route) => {
      if (!route.websocket) return;
      const own = route.preHandler ? (Array.isArray(route.preHandler) ? route.preHandler : [route.preHandler]) : [];
      route.preHandler = [...own, admit];
    });
    // Emitted by @fastify/websocket before the route's handler runs, so the budget guards the very first frame.
    app.websocketServer.on('connection', (socket: WebSocket, raw: IncomingMessage) => this.guard(socket, raw));
    this.heartbeat = setInterval(() => this.ping(), this.opts.pingIntervalMs ?? PING_INTERVAL_MS);
    this.heartbeat.unref();
    app.addHook('onClose', async () => {
      if (this.heartbeat) clearInterval(this.heartbeat);
    });
  }

  /**
   * onRequest hook for socket routes: a browser always sends Origin on a WebSocket upgrade, and it must be our own
   * (or PUBLIC_URL's) so another site cannot open a socket with the visitor's cookie. Non-browser clients send none.
   */
  checkOrigin = async (request: FastifyRequest): Promise<void> => {
    const origin = request.headers.origin;
    if (!origin) return;
    let host: string | undefined;
    try {
      host = new URL(origin).host;
    } catch {
      host = undefined;
    }
    const publicHost = this.opts.publicUrl ? new URL(this.opts.publicUrl).host : undefined;
    if (!host || (host !== request.host && host !== publicHost)) throw new HttpError(403, 'Cross-origin socket refused');
  };

  /** Counts an upgrade against its address's and account's open sockets (429 past either), until its connection closes. */
  private admit(request: FastifyRequest): void {
    if (this.opts.draining?.()) throw new HttpError(503, 'This server is restarting: connect again');
    const address = request.ip || 'unknown';
    const userId = request.user?.id;
    if ((this.openByAddress.get(address) ?? 0) >= this.limits.socketsPerAddress) {
      throw new HttpError(429, 'Too many live connections from your network: close some tabs and try again');
    }
    if (userId !== undefined && (this.openByUser.get(userId) ?? 0) >= this.limits.socketsPerUser) {
      throw new HttpError(429, 'Too many live connections for your account: close some tabs and try again');
    }
    this.openByAddress.set(address, (this.openByAddress.get(address) ?? 0) + 1);
    if (userId !== undefined) this.openByUser.set(userId, (this.openByUser.get(userId) ?? 0) + 1);
    this.openers.set(request.raw, { address, userId });
    request.raw.socket.once('close', () => {
      const a = (this.openByAddress.get(address) ?? 1) - 1;
      if (a > 0) this.openByAddress.set(address, a);
      else this.openByAddress.delete(address);
      if (userId === undefined) return;
      const u = (this.openByUser.get(userId) ?? 1) - 1;
      if (u > 0) this.openByUser.set(userId, u);
      else this.openByUser.delete(userId);
    });
  }

  /**
   * Spends a frame budget on every frame a socket receives, before any route sees it: the socket's own and its
   * account's (signed out: its address's). A frame over budget is dropped with an error frame (at most one a second);
   * `refusedBeforeClose` refusals close the socket with 4429. So a flood costs the routes (and the database) at most
   * the budget, whatever the frames are.
   */
  private guard(socket: WebSocket, raw: IncomingMessage): void {
    const opener = this.openers.get(raw) ?? { address: raw.socket?.remoteAddress ?? 'unknown' };
    const key = opener.userId !== undefined ? `user:${opener.userId}` : `address:${opener.address}`;
    let shared = this.userBuckets.get(key);
    if (!shared) {
      shared = { bucket: new Bucket(this.limits.userFrames), sockets: 0 };
      this.userBuckets.set(key, shared);
    }
    shared.sockets += 1;
    const entry = shared;
    socket.once('close', () => {
      entry.sockets -= 1;
      if (entry.sockets === 0 && this.userBuckets.get(key) === entry) this.userBuckets.delete(key);
    });
    const own = new Bucket(this.limits.socketFrames);
    let refused = 0;
    let toldAt = 0;
    const emit = socket.emit.bind(socket);
    socket.emit = ((event: string | symbol, ...args: unknown[]) => {
      if (event !== 'message') return emit(event, ...args);
      // Frames still buffered when the socket started closing are dropped.
      if (socket.readyState !== socket.OPEN) return false;
      if (own.take() && entry.bucket.take()) {
        this.frames.passed += 1;
        return emit(event, ...args);
      }
      this.frames.refused += 1;
      refused += 1;
      if (refused >= this.limits.refusedBeforeClose) {
        socket.close(CLOSE.tooManyMessages, 'Too many messages');
        return false;
      }
      const now = performance.now();
      if (now - toldAt >= 1000) {
        toldAt = now;
        this.send(socket, { type: 'error', message: TOO_MANY_MESSAGES });
      }
      return false;
    }) as typeof socket.emit;
  }

  /** How many sockets are open for an address and for an account on this instance (tests). */
  openSockets(address: string, userId?: number): { address: number; user: number } {
    return { address: this.openByAddress.get(address) ?? 0, user: userId === undefined ? 0 : (this.openByUser.get(userId) ?? 0) };
  }

  /** Tracks a socket under its topics until it closes. */
  attach(socket: WebSocket, topics: string[]): void {
    this.alive.set(socket, true);
    socket.on('pong', () => this.alive.set(socket, true));
    for (const topic of topics) {
      let set = this.topics.get(topic);
      if (!set) {
        set = new Set();
        this.topics.set(topic, set);
      }
      set.add(socket);
    }
    socket.on('close', () => {
      for (const topic of topics) {
        const set = this.topics.get(topic);
        set?.delete(socket);
        if (set && set.size === 0) this.topics.delete(topic);
      }
    });
  }

  /**
   * Sends a JSON message to one socket, if it is still open. With `key`, the socket is marked as having it: a relayed
   * copy with the same key (see `publishLocal`) then skips this socket (a chat message its sender got as the answer
   * to its send).
   */
  send(socket: WebSocket, message: object, key?: string): void {
    if (socket.readyState !== socket.OPEN) return;
    if (key !== undefined) this.firstTime(socket, key);
    socket.send(JSON.stringify(message));
  }

  /** Sends to this instance's sockets of a topic (with `key`: once per socket, see `send`). */
  publishLocal(topic: string, message: object, key?: string): void {
    const set = this.topics.get(topic);
    if (!set) return;
    const text = JSON.stringify(message);
    for (const socket of set) {
      if (socket.readyState !== socket.OPEN || (key !== undefined && !this.firstTime(socket, key))) continue;
      socket.send(text);
    }
  }

  private firstTime(socket: WebSocket, key: string): boolean {
    let keys = this.sentKeys.get(socket);
    if (!keys) this.sentKeys.set(socket, (keys = new Set()));
    if (keys.has(key)) return false;
    keys.add(key);
    if (keys.size > 256) keys.delete(keys.values().next().value as string);
    return true;
  }

  /** Closes this instance's sockets of a topic (an account disabled: its sockets must not outlive its sessions). */
  closeTopic(topic: string, code: number, reason: string): void {
    const set = this.topics.get(topic);
    if (!set) return;
    for (const socket of [...set]) {
      if (socket.readyState === socket.OPEN || socket.readyState === socket.CONNECTING) socket.close(code, reason);
    }
  }

  /** How many sockets this instance holds for a topic (tests, bench). */
  count(topic: string): number {
    return this.topics.get(topic)?.size ?? 0;
  }

  /** Adds a relay; `handle` feeds it every published event. */
  relay(relay: Relay): void {
    this.relays.push(relay);
  }

  /** Passes one published event through every relay to the local sockets. */
  handle = (event: DomainEvent): void => {
    for (const relay of this.relays) {
      void Promise.resolve()
        .then(() => relay(event))
        .then((outs) => {
          for (const out of outs) {
            this.publishLocal(out.topic, out.message, out.key);
            if (out.close) this.closeTopic(out.topic, out.close.code, out.close.reason);
          }
        })
        .catch(() => {
          // A relay that cannot read its data skips this push; clients re-read state when they reconnect.
        });
    }
  };

  /** Drops sockets that did not answer the last ping; pings the rest. */
  private ping(): void {
    for (const set of this.topics.values()) {
      for (const socket of set) {
        if (this.alive.get(socket) === false) {
          socket.terminate();
          continue;
        }
        this.alive.set(socket, false);
        socket.ping();
      }
    }
  }

  /**
   * This instance's pub/sub subscription was down, so its sockets may have missed events: each is closed with 1012
   * and its client reconnects and catches up from the database (a chat rejoin with its last message id, a tracking
   * snapshot), on this instance or another.
   */
  resync(): void {
    for (const set of this.topics.values()) {
      for (const socket of [...set]) {
        if (socket.readyState === socket.OPEN || socket.readyState === socket.CONNECTING) socket.close(CLOSE.serviceRestart, 'Reconnect to catch up');
      }
    }
  }

  /** Closes every socket with 1012 (the server is restarting): each client reconnects, to another instance. */
  closeAll(): void {
    for (const set of this.topics.values()) {
      for (const socket of set) socket.close(CLOSE.serviceRestart, 'Server restarting');
    }
    this.topics.clear();
  }
}
