import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { WebSocket } from 'ws';
import type { ChatServerMessage } from '../../domain/chat/schemas';
import type { TrackingSocketMessage } from '../../domain/tracking/live';
import { connect, type Database } from '../db/connect';
import { chatMessages, hotels, mailOutbox } from '../db/schema';
import { SessionStore } from '../platform/auth/sessions';
import { seedChatPairs, seedDeliveries, seedPerson } from './load-fixtures';
import { startSmtpSink } from './smtp-sink';
import { freePort, startServerProcess, type ServerProcess } from './server-process';

const root = resolve(import.meta.dirname, '../..');

/** Debian's nginx, as CI installs it. */
export const NGINX = '/usr/sbin/nginx';
export const nginxInstalled = () => existsSync(NGINX);

/** How much traffic runs while every instance restarts. */
export type RollingRestartLoad = {
  /** HTTP requests per second through nginx: browsing, and customers quoting, booking and paying. */
  requestsPerSecond: number;
  /** Chat sockets: half customers sending a message every 2 s, half the providers they write to. */
  chatSockets: number;
  /** Tracking sockets, one per delivery whose driver posts a position every second. */
  trackingSockets: number;
  /** DRAIN_SECONDS of every instance. */
  drainSeconds: number;
};

export type RollingRestartReport = {
  requests: number;
  /** Requests that got no answer or a 5xx: what a customer would have seen fail. */
  failed: string[];
  bookingsPaid: number;
  chatSent: number;
  chatLost: number;
  chatDuplicated: number;
  positionsAccepted: number;
  /** Positions the server accepted that a tracking socket never saw, live or in its snapshot after reconnecting. */
  positionsMissed: number;
  mails: number;
  mailsTwice: number;
  /** Socket reconnections (close to open again), in ms. */
  reconnectMs: number[];
  restarts: number;
};

/** Sleeps `ms`. */
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A client address of its own per simulated person (nginx passes it on; the instances trust nginx's X-Forwarded-For). */
const addressOf = (n: number) => `10.77.${(n >> 8) & 255}.${n & 255}`;

/**
 * deploy/nginx.conf as shipped, with its upstream pointed at `webPorts` and listening on `port`, inside a main
 * configuration that runs in the foreground with every file under `dir`.
 */
export function nginxConfig(dir: string, port: number, webPorts: number[]): string {
  const site = readFileSync(join(root, 'deploy/nginx.conf'), 'utf8');
  const servers = webPorts.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=2s;\n`).join('');
  const upstreamPointed = site.replace(/(?:^[ \t]*server 127\.0\.0\.1:\d+[^\n]*\n)+/m, servers);
  const pointed = upstreamPointed.replace(/^(\s*)listen 80;/m, `$1listen 127.0.0.1:${port};`);
  if (upstreamPointed === site || pointed === upstreamPointed) throw new Error('deploy/nginx.conf: no upstream servers or no "listen 80;" to point at the test instances');
  const paths = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((p) => `  ${p}_temp_path ${dir}/${p};`).join('\n');
  return [
    'daemon off;',
    'worker_processes 1;',
    `pid ${dir}/nginx.pid;`,
    `error_log ${dir}/error.log warn;`,
    // Run as root (CI), nginx would switch its workers to nobody, who cannot use this directory.
    ...(process.getuid?.() === 0 ? ['user root;'] : []),
    'events { worker_connections 4096; }',
    'http {',
    '  access_log off;',
    paths,
    pointed,
    '}',
  ].join('\n');
}

type Nginx = { url: string; stop(): Promise<void>; errors(): string };

async function startNginx(dir: string, webPorts: number[]): Promise<Nginx> {
  const port = await freePort();
  const conf = join(dir, 'nginx.conf');
  writeFileSync(conf, nginxConfig(dir, port, webPorts));
  const child = spawn(NGINX, ['-e', join(dir, 'error.log'), '-p', dir, '-c', conf], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (d) => (output += String(d)));
  child.stderr!.on('data', (d) => (output += String(d)));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited (${child.exitCode}): ${output}`);
    if (Date.now() > deadline) throw new Error(`nginx did not answer: ${output}`);
    if ((await fetch(`${url}/readyz`).catch(() => null))?.status === 200) break;
    await pause(100);
  }
  return {
    url,
    errors: () => (existsSync(join(dir, 'error.log')) ? readFileSync(join(dir, 'error.log'), 'utf8') : ''),
    stop: () => stopChild(child),
  };
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((ok) => {
    child.once('exit', () => ok());
    child.kill('SIGTERM');
  });
}

/** One browser's socket: reconnects after a close as the client does (client/lib/live-socket.ts), timing each gap. */
class ReconnectingSocket<M> {
  private socket?: WebSocket;
  private stopped = false;
  private attempt = 0;
  private closedAt?: number;

  constructor(
    private readonly url: string,
    private readonly headers: Record<string, string>,
    private readonly handlers: { open(send: (m: object) => void): void; message(m: M): void },
    private readonly reconnectMs: number[],
  ) {}

  start(): Promise<void> {
    return new Promise((ok, fail) => {
      this.open(ok, fail);
    });
  }

  send(message: object): boolean {
    if (this.socket?.readyState !== WebSocket.OPEN) return false;
    this.socket.send(JSON.stringify(message));
    return true;
  }

  private open(first?: () => void, failFirst?: (err: Error) => void) {
    const socket = new WebSocket(this.url, { headers: this.headers });
    this.socket = socket;
    socket.on('open', () => {
      if (this.closedAt !== undefined) this.reconnectMs.push(performance.now() - this.closedAt);
      this.closedAt = undefined;
      this.attempt = 0;
      this.handlers.open((m) => socket.send(JSON.stringify(m)));
      first?.();
    });
    socket.on('message', (data) => this.handlers.message(JSON.parse(String(data)) as M));
    socket.on('error', (err) => {
      if (first && socket.readyState !== WebSocket.OPEN) failFirst?.(err);
    });
    socket.on('close', () => {
      if (this.stopped) return;
      this.closedAt ??= performance.now();
      // The client's backoff: about 1 s, 2 s, 4 s ..., each jittered to half to all of its step.
      const delay = Math.min(15_000, 1000 * 2 ** this.attempt) * (0.5 + Math.random() / 2);
      this.attempt += 1;
      setTimeout(() => this.open(), delay);
    });
  }

  stop() {
    this.stopped = true;
    this.socket?.close(1000);
  }
}

/**
 * The rolling restart of issue 30: nginx (deploy/nginx.conf) in front of two web instances and one worker on one
 * PostgreSQL database and Redis, under steady traffic, while each instance in turn gets SIGTERM, drains, exits and
 * starts again. Returns what customers would have noticed. Needs DATABASE_URL (a database of its own, seeded), REDIS_URL
 * and nginx.
 */
export async function rollingRestart(opts: { databaseUrl: string; redisUrl: string; load: RollingRestartLoad; log?: (line: string) => void }): Promise<RollingRestartReport> {
  const log = opts.log ?? (() => {});
  const dir = mkdtempSync(join(tmpdir(), 'rolling-restart-'));
  for (const p of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(join(dir, p));
  const smtp = await startSmtpSink();
  const database = await connect({ databaseUrl: opts.databaseUrl });
  const processes: ServerProcess[] = [];
  let nginx: Nginx | undefined;
  try {
    const env = (role: string, port: number): Record<string, string> => ({
      DATABASE_URL: opts.databaseUrl,
      REDIS_URL: opts.redisUrl,
      ROLE: role,
      PORT: String(port),
      DRAIN_SECONDS: String(opts.load.drainSeconds),
      TRUST_PROXY: '127.0.0.1',
      SMTP_URL: smtp.url,
      LOG_LEVEL: 'warn',
    });
    const ports = { worker: await freePort(), a: await freePort(), b: await freePort() };
    const instances: Array<{ name: string; env: Record<string, string> }> = [
      { name: 'worker', env: env('worker', ports.worker) },
      { name: 'web A', env: env('web', ports.a) },
      { name: 'web B', env: env('web', ports.b) },
    ];
    for (const i of instances) processes.push(await startServerProcess(i.env));
    nginx = await startNginx(dir, [ports.a, ports.b]);
    const base = nginx.url;
    const wsBase = base.replace('http', 'ws');

    const people = await seedPeople(database, opts.load);
    const report: RollingRestartReport = {
      requests: 0,
      failed: [],
      bookingsPaid: 0,
      chatSent: 0,
      chatLost: 0,
      chatDuplicated: 0,
      positionsAccepted: 0,
      positionsMissed: 0,
      mails: 0,
      mailsTwice: 0,
      reconnectMs: [],
      restarts: 0,
    };

    /** One request through nginx as a browser sends it; any 5xx or a request that got no answer is a failure. */
    const request = async (
      person: number,
      cookie: string | undefined,
      method: string,
      path: string,
      body?: unknown,
      headers: Record<string, string> = {},
    ): Promise<{ status: number; json(): Record<string, unknown> }> => {
      report.requests += 1;
      try {
        const res = await fetch(`${base}${path}`, {
          method,
          headers: {
            'x-forwarded-for': addressOf(person),
            ...(cookie ? { cookie } : {}),
            ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
            ...headers,
          },
          body: body !== undefined ? JSON.stringify(body) : undefined,
        });
        const text = await res.text();
        if (res.status >= 500) report.failed.push(`${method} ${path}: ${res.status} ${text.slice(0, 200)}`);
        return { status: res.status, json: () => JSON.parse(text) as Record<string, unknown> };
      } catch (err) {
        report.failed.push(`${method} ${path}: ${err instanceof Error ? `${err.message} ${String((err as { cause?: unknown }).cause ?? '')}` : String(err)}`);
        return { status: 0, json: () => ({}) };
      }
    };

    // Cards, saved before the traffic starts (the card endpoint is limited per client, as it should be).
    for (const c of people.customers) {
      const card = await request(c.n, c.cookie, 'POST', '/api/payments/methods', { number: '4242424242424242', expMonth: 12, expYear: new Date().getUTCFullYear() + 1, cvc: '123' });
      if (card.status !== 201) throw new Error(`saving a card failed: ${card.status}`);
      c.paymentMethodId = String(card.json().id);
    }

    // Chat: each customer writes to their provider every 2 s, waits for the answer, and sends again what was not
    // answered once reconnected (same clientMessageId). Each side rejoins its conversation from the last id it saw.
    const chatSockets: Array<ReconnectingSocket<ChatServerMessage>> = [];
    const sent = new Map<number, Set<string>>();
    const answered = new Set<string>();
    const received = new Map<number, Map<string, Set<number>>>();
    for (const pair of people.conversations) {
      sent.set(pair.conversationId, new Set());
      received.set(pair.conversationId, new Map());
      let customerLast = 0;
      let providerLast = 0;
      const customer = new ReconnectingSocket<ChatServerMessage>(
        `${wsBase}/ws/chat`,
        { cookie: pair.customer, 'x-forwarded-for': addressOf(pair.n) },
        {
          open: (send) => {
            send({ type: 'join_conversation', conversationId: pair.conversationId, sinceId: customerLast });
            for (const key of sent.get(pair.conversationId)!) {
              if (!answered.has(key)) send({ type: 'send_message', conversationId: pair.conversationId, message: `message ${key}`, clientMessageId: key });
            }
          },
          message: (m) => {
            const messages = m.type === 'new_message' ? [m.message] : m.type === 'conversation_joined' ? m.messages : [];
            for (const message of messages) {
              customerLast = Math.max(customerLast, message.id);
              if (message.clientMessageId) answered.add(message.clientMessageId);
            }
          },
        },
        report.reconnectMs,
      );
      const provider = new ReconnectingSocket<ChatServerMessage>(
        `${wsBase}/ws/chat`,
        { cookie: pair.provider, 'x-forwarded-for': addressOf(pair.n + 1) },
        {
          open: (send) => send({ type: 'join_conversation', conversationId: pair.conversationId, sinceId: providerLast }),
          message: (m) => {
            const messages = m.type === 'new_message' ? [m.message] : m.type === 'conversation_joined' ? m.messages : [];
            for (const message of messages) {
              providerLast = Math.max(providerLast, message.id);
              if (!message.clientMessageId) continue;
              const ids = received.get(pair.conversationId)!;
              ids.set(message.clientMessageId, (ids.get(message.clientMessageId) ?? new Set()).add(message.id));
            }
          },
        },
        report.reconnectMs,
      );
      await customer.start();
      await provider.start();
      chatSockets.push(customer, provider);
      pair.send = (key: string) => {
        sent.get(pair.conversationId)!.add(key);
        report.chatSent += 1;
        customer.send({ type: 'send_message', conversationId: pair.conversationId, message: `message ${key}`, clientMessageId: key });
      };
    }

    // Tracking: one socket per delivery; every position the driver posts should reach it, live or in the snapshot
    // (its driven path) it gets on reconnecting.
    const trackingSockets: Array<ReconnectingSocket<TrackingSocketMessage>> = [];
    const seenPoints = new Map<string, Set<string>>();
    const acceptedPoints = new Map<string, Set<string>>();
    const pointKey = (p: { lat: number; lng: number }) => `${p.lat.toFixed(6)},${p.lng.toFixed(6)}`;
    for (const d of people.deliveries) {
      seenPoints.set(d.trackingId, new Set());
      acceptedPoints.set(d.trackingId, new Set());
      const socket = new ReconnectingSocket<TrackingSocketMessage>(
        `${wsBase}/ws/tracking/${d.trackingId}`,
        { 'x-forwarded-for': addressOf(d.n) },
        {
          open: () => {},
          message: (m) => {
            const seen = seenPoints.get(d.trackingId)!;
            if (m.type === 'position') seen.add(pointKey(m.point));
            if (m.type === 'snapshot') for (const p of m.tracking.route?.path ?? []) seen.add(pointKey(p));
          },
        },
        report.reconnectMs,
      );
      await socket.start();
      trackingSockets.push(socket);
    }

    // The traffic, until the restarts are over.
    let running = true;
    const loops: Promise<void>[] = [];
    const hotelIds = people.hotelIds;
    const users = Math.max(1, Math.round(opts.load.requestsPerSecond / 5));
    const gapMs = (users * 1000) / opts.load.requestsPerSecond;
    for (let u = 0; u < users; u++) {
      loops.push(
        (async () => {
          const customer = people.customers[u % people.customers.length];
          for (let step = 0; running; step++) {
            const started = performance.now();
            const action = step % 6;
            if (action === 0) await request(customer.n, undefined, 'GET', '/api/hotels');
            else if (action === 1) await request(customer.n, undefined, 'GET', `/api/hotels/${hotelIds[step % hotelIds.length]}`);
            else if (action === 2) await request(customer.n, undefined, 'GET', '/api/search?q=pizza');
            else if (action === 3) await request(customer.n, undefined, 'GET', '/api/restaurants');
            else {
              // A stay far enough ahead, and different for every booking, that the rooms never run out.
              const first = 30 + ((u * 997 + step * 13) % 300);
              const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
              const items = [{ serviceType: 'hotels', serviceId: hotelIds[(u + step) % hotelIds.length], quantity: 1, price: 1, details: { checkIn: day(first), checkOut: day(first + 1), rooms: 1, guests: 1 } }];
              const quote = await request(customer.n, customer.cookie, 'POST', '/api/bookings/quote', { items });
              if (quote.status === 200 && running) {
                const booked = await request(customer.n, customer.cookie, 'POST', '/api/bookings', { items, totalAmount: quote.json().total });
                if (booked.status === 201) {
                  const booking = booked.json() as { id: number; totalAmount: number };
                  const paid = await request(
                    customer.n,
                    customer.cookie,
                    'POST',
                    '/api/process-payment',
                    { bookingId: booking.id, amount: Math.round(booking.totalAmount * 100), currency: 'usd', paymentMethodId: customer.paymentMethodId },
                    { 'idempotency-key': `rolling-${booking.id}` },
                  );
                  if (paid.status === 200) report.bookingsPaid += 1;
                }
              }
            }
            const wait = gapMs - (performance.now() - started);
            if (wait > 0) await pause(wait);
          }
        })(),
      );
    }
    loops.push(
      (async () => {
        for (let n = 0; running; n++) {
          for (const pair of people.conversations) pair.send?.(`c${pair.conversationId}-${n}`);
          await pause(2000);
        }
      })(),
    );
    loops.push(
      (async () => {
        for (let second = 1; running; second++) {
          await Promise.all(
            people.deliveries.map(async (d) => {
              const point = { lat: d.lat + second * 0.0001, lng: d.lng };
              const res = await request(d.n, d.cookie, 'POST', '/api/driver/positions', { positions: [{ ...point, recordedAt: new Date().toISOString() }] });
              if (res.status === 200 && (res.json() as { accepted: number }).accepted > 0) acceptedPoints.get(d.trackingId)!.add(pointKey(point));
            }),
          );
          await pause(1000);
        }
      })(),
    );

    await pause(3000);
    for (const [index, instance] of instances.entries()) {
      log(`restarting ${instance.name}`);
      const code = await processes[index].stop();
      if (code !== 0) throw new Error(`${instance.name} exited with ${code}:\n${processes[index].output().slice(-2000)}`);
      processes[index] = await startServerProcess(instance.env);
      report.restarts += 1;
      await pause(2000);
    }
    await pause(3000);
    running = false;
    await Promise.all(loops);

    // Quiet: let the last sends be answered and every socket catch up (a reconnect's backoff may be several seconds
    // under load), then count. What has not arrived a minute after the traffic stopped is lost.
    const until = Date.now() + 60_000;
    const outstanding = () => [...sent].some(([conversationId, keys]) => [...keys].some((k) => !answered.has(k) || !received.get(conversationId)!.has(k)));
    while (outstanding() && Date.now() < until) await pause(200);
    await pause(1000);
    for (const s of [...chatSockets, ...trackingSockets]) s.stop();

    for (const [conversationId, keys] of sent) {
      const got = received.get(conversationId)!;
      for (const key of keys) if (!got.has(key)) report.chatLost += 1;
      for (const ids of got.values()) if (ids.size > 1) report.chatDuplicated += 1;
      const [stored] = await database.db
        .select({ rows: sql<number>`count(*)::int`, keys: sql<number>`count(distinct ${chatMessages.clientMessageId})::int` })
        .from(chatMessages)
        .where(eq(chatMessages.conversationId, conversationId));
      report.chatDuplicated += stored.rows - stored.keys;
    }
    for (const [trackingId, accepted] of acceptedPoints) {
      report.positionsAccepted += accepted.size;
      const seen = seenPoints.get(trackingId)!;
      for (const p of accepted) if (!seen.has(p)) report.positionsMissed += 1;
    }
    // Every mail once: the worker restarted mid-queue must not send a claimed mail again.
    const mailUntil = Date.now() + 20_000;
    while (Date.now() < mailUntil) {
      const [waiting] = await database.db.select({ n: sql<number>`count(*)::int` }).from(mailOutbox).where(inArray(mailOutbox.status, ['queued', 'sending']));
      if (waiting.n === 0) break;
      await pause(500);
    }
    report.mails = smtp.received.length;
    const byId = new Map<string, number>();
    for (const m of smtp.received) byId.set(m.messageId, (byId.get(m.messageId) ?? 0) + 1);
    report.mailsTwice = [...byId.values()].filter((n) => n > 1).length;
    report.reconnectMs.sort((a, b) => a - b);
    log(nginx.errors().split('\n').filter((l) => /\[(error|crit|alert|emerg)\]/.test(l)).slice(0, 20).join('\n'));
    return report;
  } finally {
    await nginx?.stop();
    await Promise.all(processes.map((p) => p.stop()));
    await database.close();
    await smtp.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

type Customer = { n: number; cookie: string; paymentMethodId?: string };
type Conversation = { n: number; conversationId: number; customer: string; provider: string; send?: (key: string) => void };
type Delivery = { n: number; trackingId: string; cookie: string; lat: number; lng: number };

/**
 * The people of the traffic (load-fixtures.ts), each with a number `n` of their own: the address their requests come
 * from (x-forwarded-for), so that per-address throttles count them apart as they would real people.
 */
async function seedPeople(database: Database, load: RollingRestartLoad) {
  const db = database.db;
  const sessions = new SessionStore(db, { idleMs: 86_400_000, absoluteMs: 86_400_000 });
  const session = (userId: number) => sessions.create(userId);
  const tag = `rr${Date.now().toString(36)}`;
  let n = 0;
  const customers: Customer[] = [];
  for (let i = 0; i < Math.max(1, Math.round(load.requestsPerSecond / 5)); i++) {
    const c = await seedPerson(db, session, 'user', `${tag}u${i}`);
    customers.push({ n: (n += 2), cookie: c.cookie });
  }
  // A conversation's customer is address n, its provider n + 1.
  const conversations: Conversation[] = (await seedChatPairs(db, session, Math.floor(load.chatSockets / 2), tag)).map((pair) => ({ ...pair, n: (n += 2) }));
  const deliveries: Delivery[] = load.trackingSockets > 0 ? (await seedDeliveries(db, session, load.trackingSockets, tag)).map((d) => ({ ...d, n: (n += 2) })) : [];
  const hotelIds = (await db.select({ id: hotels.id }).from(hotels).where(eq(hotels.isActive, true)).orderBy(asc(hotels.id)).limit(20)).map((h) => h.id);
  return { customers, conversations, deliveries, hotelIds };
}
