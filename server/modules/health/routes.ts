import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context';

const HealthSchema = z.object({ status: z.literal('ok'), db: z.enum(['pglite', 'postgres']) });
const UnavailableSchema = z.object({ status: z.literal('unavailable'), db: z.enum(['pglite', 'postgres']), message: z.string() });
const ConfigSchema = z.object({ mapTileUrl: z.string() });

export async function healthRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/health', { schema: { response: { 200: HealthSchema, 503: UnavailableSchema } } }, async (_request, reply) => {
    try {
      await ctx.database.ping();
      return { status: 'ok' as const, db: ctx.database.kind };
    } catch {
      return reply.status(503).send({ status: 'unavailable' as const, db: ctx.database.kind, message: 'Database unreachable' });
    }
  });

  /** What the client needs to know about this deployment: the map tile template (MAP_TILE_URL). */
  r.get('/api/config', { schema: { response: { 200: ConfigSchema } } }, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return { mapTileUrl: ctx.config.mapTileUrl };
  });
}
