import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DeclinedSchema,
  DriverEarningsSchema,
  DriverOnlineSchema,
  DriverOrderSchema,
  DriverOrdersResponseSchema,
  DriverProfileViewSchema,
  DriverStatusSchema,
  OrderStepSchema,
  PositionsResultSchema,
  PositionsSchema,
  type DriverSocketMessage,
} from '../../../domain/orders/schemas';
import type { AppContext } from '../../platform/context';
import { currentUser, requireRole } from '../../platform/auth/guards';
import { acceptOrder, declineOrder, driverEarningsView, driverProfile, listDriverOrders, offeredOrderView, profileView, recordPositions, setOnline, stepOrder } from './service';
import { idParam } from '../../../domain/ids';
import { ACCOUNT_DISABLED } from '../../../domain/admin/users';
import { CLOSE } from '../../platform/live/gateway';

const OrderParams = z.object({ id: idParam('Invalid order id') });

export const driverTopic = (driverId: number) => `driver:${driverId}`;

/** The driver API (spec 002 sections 2-4). Every route: visitors 401, other roles 403, checked before the body. */
export async function driversRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const driver = { onRequest: requireRole('driver') };

  r.get('/api/driver/me', { ...driver, schema: { response: { 200: DriverProfileViewSchema } } }, async (request) => profileView(await driverProfile(ctx.db, currentUser(request).id)));

  r.post('/api/driver/status', { ...driver, schema: { body: DriverStatusSchema, response: { 200: DriverOnlineSchema } } }, async (request) =>
    setOnline(ctx.events, currentUser(request).id, request.body),
  );

  r.get('/api/driver/orders', { ...driver, schema: { response: { 200: DriverOrdersResponseSchema } } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return listDriverOrders(ctx.db, currentUser(request).id);
  });

  r.post('/api/driver/orders/:id/accept', { ...driver, schema: { params: OrderParams, response: { 200: DriverOrderSchema } } }, async (request) =>
    acceptOrder(ctx.events, currentUser(request).id, request.params.id),
  );

  r.post('/api/driver/orders/:id/decline', { ...driver, schema: { params: OrderParams, response: { 200: DeclinedSchema } } }, async (request) =>
    declineOrder(ctx.events, currentUser(request).id, request.params.id, new Date(), { radiusKm: ctx.config.dispatchRadiusKm }),
  );

  r.post('/api/driver/orders/:id/status', { ...driver, schema: { params: OrderParams, body: OrderStepSchema, response: { 200: DriverOrderSchema } } }, async (request) =>
    stepOrder(ctx.events, currentUser(request).id, request.params.id, request.body.status),
  );

  r.get('/api/driver/earnings', { ...driver, schema: { response: { 200: DriverEarningsSchema } } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return driverEarningsView(ctx.db, currentUser(request).id);
  });

  r.post('/api/driver/positions', { ...driver, schema: { body: PositionsSchema, response: { 200: PositionsResultSchema } } }, async (request) =>
    recordPositions(ctx.events, currentUser(request).id, request.body.positions),
  );

  /** Live offers and cancellations for the signed-in driver. */
  app.get('/ws/driver', { websocket: true, onRequest: [ctx.live.checkOrigin, requireRole('driver')] }, (socket, request) => {
    ctx.live.attach(socket, [driverTopic(currentUser(request).id)]);
    ctx.live.send(socket, { type: 'connected' } satisfies DriverSocketMessage);
  });

  ctx.live.relay(async (event) => {
    switch (event.type) {
      case 'order.offered': {
        const out = [];
        for (const driverId of event.payload.driverIds) {
          if (ctx.live.count(driverTopic(driverId)) === 0) continue;
          const order = await offeredOrderView(ctx.db, driverId, event.payload.orderId);
          if (order) out.push({ topic: driverTopic(driverId), message: { type: 'offer', order } satisfies DriverSocketMessage });
        }
        return out;
      }
      case 'order.offer_withdrawn':
        return event.payload.driverIds.map((driverId) => ({
          topic: driverTopic(driverId),
          message: { type: 'offer_withdrawn', orderId: event.payload.orderId } satisfies DriverSocketMessage,
        }));
      case 'account.disabled':
        // The driver's sessions ended with the disabling; the open socket goes too (4401: reconnecting cannot help).
        return [
          {
            topic: driverTopic(event.payload.userId),
            message: { type: 'error', message: ACCOUNT_DISABLED } satisfies DriverSocketMessage,
            close: { code: CLOSE.unauthorized, reason: 'Account disabled' },
          },
        ];
      case 'order.status_changed':
        if (event.payload.to !== 'cancelled' || event.payload.driverId === null) return [];
        return [
          {
            topic: driverTopic(event.payload.driverId),
            message: { type: 'order_cancelled', orderId: event.payload.orderId, trackingId: event.payload.trackingId } satisfies DriverSocketMessage,
          },
        ];
      default:
        return [];
    }
  });
}
