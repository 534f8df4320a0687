import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app';

export async function supportRoutes(_app: FastifyInstance, _ctx: AppContext) {
  // Routes of the support capability are added here.
}
