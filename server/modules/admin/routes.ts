import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app';
import { requireRole } from '../../platform/auth/guards';
import { adminStats } from './service';

export async function adminRoutes(app: FastifyInstance, ctx: AppContext) {
  const adminOnly = { preHandler: requireRole('admin') };

  app.get('/api/admin/stats', adminOnly, async () => adminStats(ctx.db));
}
