import { timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { AppContext } from './context';

/** The answer of a metrics query: one row of counts and ages. */
type QueueRow = { pending: number; oldest_seconds: number | null };

/** Whether `header` is `Bearer <token>`, compared in constant time. */
function bearerMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(header?.startsWith('Bearer ') ? header.slice('Bearer '.length) : '');
  const wanted = Buffer.from(token);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

/**
 * `GET /metrics` in Prometheus's text format (prom-client), for a scraper holding METRICS_TOKEN (as a bearer token);
 * without METRICS_TOKEN the route does not exist. What this instance measures: HTTP latency per route, open sockets,
 * the event outbox and the mail queue (depth and the age of their oldest waiting row, shared by every instance on the
 * database), the jobs this instance claimed and those that failed (outbox events and mails), the PostgreSQL pool,
 * and Node's own figures (event-loop lag, memory, GC).
 */
export async function metricsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const token = ctx.config.metricsToken;
  if (!token) return;
  const register = new Registry();
  collectDefaultMetrics({ register });

  const latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [register],
  });
  app.addHook('onResponse', async (request, reply) => {
    // The route's pattern (/api/bookings/:id), never the URL itself: a bounded set of series.
    latency.observe({ method: request.method, route: request.routeOptions.url ?? 'unmatched', status: String(reply.statusCode) }, reply.elapsedTime / 1000);
  });

  new Gauge({
    name: 'live_sockets',
    help: 'WebSocket connections open on this instance',
    registers: [register],
    collect() {
      this.set(app.websocketServer?.clients.size ?? 0);
    },
  });

  const queue = async (query: ReturnType<typeof sql>): Promise<QueueRow> => {
    // Either driver answers { rows } (numbers may come back as strings on node-postgres).
    const { rows } = (await ctx.db.execute(query)) as unknown as { rows: Array<{ pending: number | string; oldest_seconds: number | string | null }> };
    const [row] = rows;
    return { pending: Number(row.pending), oldest_seconds: row.oldest_seconds === null ? null : Number(row.oldest_seconds) };
  };
  const queueGauges = (name: string, what: string, query: ReturnType<typeof sql>) => {
    const lag = new Gauge({ name: `${name}_lag_seconds`, help: `Age of the oldest ${what} still waiting (0 when none)`, registers: [register] });
    new Gauge({
      name: `${name}_depth`,
      help: `${what[0].toUpperCase()}${what.slice(1)}s waiting`,
      registers: [register],
      async collect() {
        const row = await queue(query);
        this.set(row.pending);
        lag.set(row.oldest_seconds ?? 0);
      },
    });
  };
  queueGauges(
    'outbox',
    'domain event',
    sql`select count(*)::int as pending, extract(epoch from now() - min(created_at))::float8 as oldest_seconds from domain_events where dispatched_at is null`,
  );
  queueGauges(
    'mail_queue',
    'mail',
    sql`select count(*)::int as pending, extract(epoch from now() - min(created_at))::float8 as oldest_seconds from mail_outbox where status in ('queued', 'sending')`,
  );

  // The bus and the mailer count their own claims and failures as plain numbers (no prom-client in them); a scrape
  // reads them. `queue` is the queue, not the event type or template: a small, fixed set of series.
  const jobs = { outbox: ctx.events.jobs, mail: ctx.mailer.jobs };
  const jobCounter = (name: string, help: string, count: (job: (typeof jobs)[keyof typeof jobs]) => number) =>
    new Counter({
      name,
      help,
      labelNames: ['queue'] as const,
      registers: [register],
      collect() {
        this.reset();
        for (const [queue, counts] of Object.entries(jobs)) this.inc({ queue }, count(counts));
      },
    });
  jobCounter('jobs_claimed_total', 'Jobs this instance claimed to run: outbox events (their handlers) and mails (their sends)', (c) => c.claimed);
  jobCounter('jobs_failed_total', 'Claimed jobs that failed (an event handler that threw, a send refused), each attempt counted', (c) => c.failed);

  const pool = ctx.database.poolStats;
  if (pool) {
    new Gauge({
      name: 'db_pool_connections',
      help: 'PostgreSQL pool connections of this instance: open, idle, and requests waiting for one',
      labelNames: ['state'] as const,
      registers: [register],
      collect() {
        const stats = pool();
        this.set({ state: 'open' }, stats.open);
        this.set({ state: 'idle' }, stats.idle);
        this.set({ state: 'waiting' }, stats.waiting);
      },
    });
  }

  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    if (!bearerMatches(request.headers.authorization, token)) return reply.status(401).send({ message: 'A valid metrics token is required' });
    reply.type(register.contentType);
    return register.metrics();
  });
}
