import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app';

export async function bookingsRoutes(_app: FastifyInstance, _ctx: AppContext) {
  // Routes of the bookings capability are added here.
}
