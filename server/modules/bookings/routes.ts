import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { IdParams } from '../../../domain/ids';
import { limit, RateCounters } from '../../platform/rate-counters';
import { z } from 'zod';
import { BookingSchema, CancelledBookingSchema, CreateBookingSchema, QuoteBookingSchema } from '../../../domain/bookings/schemas';
import { PriceBreakdownSchema } from '../../../domain/bookings/breakdown';
import type { AppContext } from '../../platform/context';
import { currentUser, requireRole, requireUser } from '../../platform/auth/guards';
import { cancelBooking, completeBooking, createBooking, getBooking, listBookings, quoteBooking } from './service';
import { CancelBookingBodySchema, CancellationQuoteSchema } from '../../../domain/money/schemas';
import { cancellationQuote } from '../money';

const BookingParams = IdParams('Invalid booking id');

export async function bookingsRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const counters = new RateCounters(ctx.db);

  r.post('/api/bookings', { onRequest: requireUser, schema: { body: CreateBookingSchema, response: { 201: BookingSchema } } }, async (request, reply) => {
    const { max, windowMs } = ctx.config.bookingLimit;
    await limit(counters, `booking:${currentUser(request).id}`, max, windowMs, 'Too many bookings in a short time. Please try again later.');
    const booking = await createBooking(ctx.db, currentUser(request).id, request.body, { holdMs: ctx.config.bookingHoldMs, serviceFee: ctx.config.serviceFee });
    return reply.status(201).send(booking);
  });

  // What the lines would cost, line by line (nothing is booked): the cart and the checkout show it before booking.
  // Open to visitors (a cart is priced before signing in); limited per client like every open pricing endpoint.
  r.post(
    '/api/bookings/quote',
    { schema: { body: QuoteBookingSchema, response: { 200: PriceBreakdownSchema } }, config: { rateLimit: { max: 300, timeWindow: '1 minute' } } },
    async (request) => quoteBooking(ctx.db, request.body, { serviceFee: ctx.config.serviceFee }),
  );

  r.get('/api/bookings', { onRequest: requireUser, schema: { response: { 200: z.array(BookingSchema) } } }, async (request) => listBookings(ctx.db, currentUser(request).id));

  r.get('/api/bookings/:id', { onRequest: requireUser, schema: { params: BookingParams, response: { 200: BookingSchema } } }, async (request) =>
    getBooking(ctx.db, currentUser(request), request.params.id),
  );

  // What cancelling now would refund, order by order, under each kind's policy: shown before the customer confirms.
  r.get('/api/bookings/:id/cancellation', { onRequest: requireUser, schema: { params: BookingParams, response: { 200: CancellationQuoteSchema } } }, async (request) => {
    const booking = await getBooking(ctx.db, currentUser(request), request.params.id);
    return cancellationQuote(ctx.db, { id: booking.id, status: booking.status, totalCents: Math.round(booking.totalAmount * 100) }, currentUser(request));
  });

  r.post(
    '/api/bookings/:id/cancel',
    { onRequest: requireUser, schema: { params: BookingParams, body: CancelBookingBodySchema, response: { 200: CancelledBookingSchema } } },
    async (request) => cancelBooking(ctx.events, ctx.payments, currentUser(request), request.params.id, { expectedRefundCents: request.body?.expectedRefundCents }),
  );

  r.post('/api/bookings/:id/complete', { onRequest: requireRole('admin'), schema: { params: BookingParams, response: { 200: BookingSchema } } }, async (request) =>
    completeBooking(ctx.db, request.params.id, currentUser(request)),
  );
}
