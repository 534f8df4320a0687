import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { IdParams } from '../../../domain/ids';
import { limit, RateCounters } from '../../platform/rate-counters';
import { z } from 'zod';
import { BookingSchema, CancelledBookingSchema, CreateBookingSchema } from '../../../domain/bookings/schemas';
import type { AppContext } from '../../platform/context';
import { currentUser, requireRole, requireUser } from '../../platform/auth/guards';
import { cancelBooking, completeBooking, createBooking, getBooking, listBookings } from './service';

const BookingParams = IdParams('Invalid booking id');

export async function bookingsRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const counters = new RateCounters(ctx.db);

  r.post('/api/bookings', { onRequest: requireUser, schema: { body: CreateBookingSchema, response: { 201: BookingSchema } } }, async (request, reply) => {
    const { max, windowMs } = ctx.config.bookingLimit;
    await limit(counters, `booking:${currentUser(request).id}`, max, windowMs, 'Too many bookings in a short time. Please try again later.');
    const booking = await createBooking(ctx.db, currentUser(request).id, request.body, { holdMs: ctx.config.bookingHoldMs });
    return reply.status(201).send(booking);
  });

  r.get('/api/bookings', { onRequest: requireUser, schema: { response: { 200: z.array(BookingSchema) } } }, async (request) => listBookings(ctx.db, currentUser(request).id));

  r.get('/api/bookings/:id', { onRequest: requireUser, schema: { params: BookingParams, response: { 200: BookingSchema } } }, async (request) =>
    getBooking(ctx.db, currentUser(request), request.params.id),
  );

  r.post('/api/bookings/:id/cancel', { onRequest: requireUser, schema: { params: BookingParams, response: { 200: CancelledBookingSchema } } }, async (request) =>
    cancelBooking(ctx.events, ctx.payments, currentUser(request), request.params.id),
  );

  r.post('/api/bookings/:id/complete', { onRequest: requireRole('admin'), schema: { params: BookingParams, response: { 200: BookingSchema } } }, async (request) =>
    completeBooking(ctx.db, request.params.id, currentUser(request)),
  );
}
