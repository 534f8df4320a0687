import websocket from '@fastify/websocket';
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
} as const;

export const PING_INTERVAL_MS = 30_000;

/** A message for a topic's sockets; with `close`, each socket is then closed with that code and reason. */
type Outgoing = { topic: string; message: object; close?: { code: number; reason: string } };
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

  constructor(private readonly opts: { publicUrl?: string; pingIntervalMs?: number } = {}) {}

  /** Registers @fastify/websocket with this gateway's shutdown behaviour and starts the heartbeat. */
  async install(app: FastifyInstance): Promise<void> {
    await app.register(websocket, {
      options: { maxPayload: 64 * 1024 },
      // On shutdown every client gets 1012 so it reconnects (to another instance behind a balancer).
      preClose: (done) => {
        this.closeAll();
        done();
      },
    });
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

  /** Sends a JSON message to one socket, if it is still open. */
  send(socket: WebSocket, message: object): void {
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
  }

  /** Sends to this instance's sockets of a topic. */
  publishLocal(topic: string, message: object): void {
    const set = this.topics.get(topic);
    if (!set) return;
    const text = JSON.stringify(message);
    for (const socket of set) if (socket.readyState === socket.OPEN) socket.send(text);
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
            this.publishLocal(out.topic, out.message);
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

  private closeAll(): void {
    for (const set of this.topics.values()) {
      for (const socket of set) socket.close(CLOSE.serviceRestart, 'Server restarting');
    }
    this.topics.clear();
  }
}
