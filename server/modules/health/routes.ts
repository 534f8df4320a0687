import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';

export async function healthRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/api/health', async (_request, reply) => {
    try {
      await ctx.database.ping();
      return { status: 'ok', db: ctx.database.kind };
    } catch {
      return reply.status(503).send({ status: 'unavailable', db: ctx.database.kind, message: 'Database unreachable' });
    }
  });

  /** What the client needs to know about this deployment: the map tile template (MAP_TILE_URL). */
  app.get('/api/config', async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return { mapTileUrl: ctx.config.mapTileUrl };
  });
}
