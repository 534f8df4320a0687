import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app';

export async function paymentsRoutes(_app: FastifyInstance, _ctx: AppContext) {
  // Routes of the payments capability are added here.
}
