import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LineHaulViewSchema, ShipmentScanSchema } from '../../../domain/orders/scans';
import type { AppContext } from '../../platform/context';
import { currentUser, requireRole } from '../../platform/auth/guards';
import { lineHaulView, recordScan } from './linehaul';

const ShipmentParams = z.object({
  id: z.string().trim().min(1, 'Tracking number is required').max(64, 'Tracking number must be at most 64 characters'),
});

/**
 * The carrier's side of parcels between cities (admin only, for the carrier until carriers have accounts of their
 * own): where a parcel is, and its hub scans. `:id` is the tracking id or the tracking number on the label.
 */
export async function ordersRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // onRequest, so an unauthorised caller gets 401/403 before any validation of its input.
  const adminOnly = { onRequest: requireRole('admin') };

  r.get('/api/admin/shipments/:id/scans', { ...adminOnly, schema: { params: ShipmentParams, response: { 200: LineHaulViewSchema } } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return lineHaulView(ctx.db, request.params.id);
  });

  r.post(
    '/api/admin/shipments/:id/scans',
    { ...adminOnly, schema: { params: ShipmentParams, body: ShipmentScanSchema, response: { 201: LineHaulViewSchema } } },
    async (request, reply) => {
      const view = await recordScan(ctx.events, request.params.id, request.body, { id: currentUser(request).id });
      return reply.status(201).send(view);
    },
  );
}
