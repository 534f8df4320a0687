import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app';

export async function onboardingRoutes(_app: FastifyInstance, _ctx: AppContext) {
  // Routes of the onboarding capability are added here.
}
