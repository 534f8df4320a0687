import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app';
import { findTracking } from './service';

const TrackingParams = z.object({
  id: z
    .string()
    .trim()
    .min(1, 'Tracking Number Required - Please enter a tracking number.')
    .max(64, 'Tracking number must be at most 64 characters'),
});

export async function trackingRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  /** A tracking record by id or tracking number (case-insensitive), updates newest first; 404 when unknown. */
  r.get('/api/tracking/:id', { schema: { params: TrackingParams } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return findTracking(ctx.db, request.params.id);
  });
}
