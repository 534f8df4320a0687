import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app';

export async function trackingRoutes(_app: FastifyInstance, _ctx: AppContext) {
  // Routes of the tracking capability are added here.
}
