import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import type { FrontDoor } from '../../platform/front-door';

/** A database ping's answer is reused for this long, so a busy probe or load balancer cannot load the database. */
export const HEALTH_PING_REUSE_MS = 1000;

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
  let answered: { body: Buffer; headers: Record<string, string> } | undefined;
  front?.add((method, url) => {
    if (method !== 'GET' || url !== '/api/health' || !answered || !last?.up || performance.now() - last.at >= HEALTH_PING_REUSE_MS) return undefined;
    return { status: 200, headers: answered.headers, body: answered.body };
  });

  app.get('/api/health', async (_request, reply) => {
    if (await databaseUp()) {
      const body = Buffer.from(JSON.stringify({ status: 'ok', db: ctx.database.kind }));
      reply.type('application/json; charset=utf-8');
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(reply.getHeaders())) if (v !== undefined && k !== 'content-length' && k !== 'set-cookie') headers[k] = String(v);
      answered = { body, headers };
      return reply.send(body);
    }
    return reply.status(503).send({ status: 'unavailable', db: ctx.database.kind, message: 'Database unreachable' });
  });

  /** What the client needs to know about this deployment: the map tile template (MAP_TILE_URL). */
  app.get('/api/config', async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return { mapTileUrl: ctx.config.mapTileUrl };
  });
}
