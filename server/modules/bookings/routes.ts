import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CreateBookingSchema } from '../../../domain/bookings/schemas';
import type { AppContext } from '../../platform/context';
import { currentUser, requireRole, requireUser } from '../../platform/auth/guards';
import { cancelBooking, completeBooking, createBooking, getBooking, listBookings } from './service';

const IdParams = z.object({ id: z.coerce.number({ error: 'Invalid booking id' }).int('Invalid booking id').positive('Invalid booking id') });

export async function bookingsRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/api/bookings', { onRequest: requireUser, schema: { body: CreateBookingSchema } }, async (request, reply) => {
    const booking = await createBooking(ctx.db, currentUser(request).id, request.body);
    return reply.status(201).send(booking);
  });

  r.get('/api/bookings', { onRequest: requireUser }, async (request) => listBookings(ctx.db, currentUser(request).id));

  r.get('/api/bookings/:id', { onRequest: requireUser, schema: { params: IdParams } }, async (request) =>
    getBooking(ctx.db, currentUser(request), request.params.id),
  );

  r.post('/api/bookings/:id/cancel', { onRequest: requireUser, schema: { params: IdParams } }, async (request) =>
    cancelBooking(ctx.events, ctx.payments, currentUser(request), request.params.id),
  );

  r.post('/api/bookings/:id/complete', { onRequest: requireRole('admin'), schema: { params: IdParams } }, async (request) =>
    completeBooking(ctx.db, request.params.id),
  );
}
