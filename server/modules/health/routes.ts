import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context';
import type { FrontAnswer, FrontDoor } from '../../platform/front-door';

/** A database ping's answer is reused for this long, so a busy probe or load balancer cannot load the database. */
export const HEALTH_PING_REUSE_MS = 1000;

const HealthSchema = z.object({ status: z.literal('ok'), db: z.enum(['pglite', 'postgres']) });
const UnavailableSchema = z.object({ status: z.literal('unavailable'), db: z.enum(['pglite', 'postgres']), message: z.string() });
const ConfigSchema = z.object({ mapTileUrl: z.string() });
const AliveSchema = z.object({ status: z.literal('alive') });
const ReadySchema = z.object({ status: z.literal('ready'), db: z.enum(['pglite', 'postgres']), pubsub: z.enum(['in-process', 'redis']) });
const NotReadySchema = z.object({ status: z.literal('unavailable'), message: z.string() });

export async function healthRoutes(app: FastifyInstance, ctx: AppContext, front?: FrontDoor) {
  // One ping at a time, its answer shared by every request within HEALTH_PING_REUSE_MS of it.
  let last: { at: number; up: boolean } | undefined;
  let pinging: Promise<boolean> | undefined;
  const databaseUp = (): Promise<boolean> | boolean => {
    if (last && performance.now() - last.at < HEALTH_PING_REUSE_MS) return last.up;
    pinging ??= ctx.database
      .ping()
      .then(
        () => true,
        () => false,
      )
      .then((up) => {
        last = { at: performance.now(), up };
        pinging = undefined;
        return up;
      });
    return pinging;
  };

  // While a successful ping is fresh, the front door answers with the bytes and headers of the last full answer.
  // Kept with the Host it answered: some headers (the CSP's own ws:/wss: origin) depend on it.
  // The answer is built once (with its content-length), so answering it again allocates nothing (ADR 019).
  let answered: { answer: FrontAnswer; host: string | undefined } | undefined;
  front?.add((method, url, headers) => {
    if (method !== 'GET' || url !== '/api/health' || !answered || answered.host !== headers.host || !last?.up || performance.now() - last.at >= HEALTH_PING_REUSE_MS) return undefined;
    return answered.answer;
  });

  const r = app.withTypeProvider<ZodTypeProvider>();
  // The 200 body is sent as ready bytes (kept for the front door); the schema documents it.
  r.get('/api/health', { schema: { response: { 200: HealthSchema, 503: UnavailableSchema } } }, async (request, reply) => {
    if (await databaseUp()) {
      const body = Buffer.from(JSON.stringify({ status: 'ok', db: ctx.database.kind }));
      reply.type('application/json; charset=utf-8');
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(reply.getHeaders())) if (v !== undefined && k !== 'content-length' && k !== 'set-cookie') headers[k] = String(v);
      headers['content-length'] = String(body.length);
      answered = { answer: { status: 200, headers, body }, host: request.headers.host };
      // Ready bytes skip serialisation; the 200 schema above documents them.
      return reply.send(body as never);
    }
    return reply.status(503).send({ status: 'unavailable' as const, db: ctx.database.kind, message: 'Database unreachable' });
  });

  // Probes for a load balancer or an orchestrator (issue 30). Alive: the process answers at all.
  r.get('/healthz', { schema: { response: { 200: AliveSchema } } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'alive' as const };
  });
  // Ready: send it traffic. Not while starting or draining, nor while its database (or Redis, when configured)
  // cannot be reached: another instance can serve the request.
  r.get('/readyz', { schema: { response: { 200: ReadySchema, 503: NotReadySchema } } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    const refuse = (message: string) => reply.status(503).send({ status: 'unavailable' as const, message });
    const { state } = ctx.lifecycle;
    if (state === 'starting') return refuse('Starting');
    if (state === 'draining') return refuse('Draining: shutting down');
    if (!(await databaseUp())) return refuse('Database unreachable');
    if (ctx.pubsub.kind === 'redis' && !ctx.pubsub.available()) return refuse('Redis unreachable');
    return { status: 'ready' as const, db: ctx.database.kind, pubsub: ctx.pubsub.kind };
  });

  /** What the client needs to know about this deployment: the map tile template (MAP_TILE_URL). */
  r.get('/api/config', { schema: { response: { 200: ConfigSchema } } }, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return { mapTileUrl: ctx.config.mapTileUrl };
  });
}
