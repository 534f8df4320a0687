import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CardSchema,
  ConfirmPaymentSchema,
  CreatePaymentIntentSchema,
  PaymentIntentResponseSchema,
  PaymentMethodTokenSchema,
  PaymentsConfigSchema,
  PaymentSuccessSchema,
  ProcessPaymentSchema,
  WebhookReceiptSchema,
} from '../../../domain/payments/schemas';
import type { AppContext } from '../../platform/context';
import { currentUser, requireUser } from '../../platform/auth/guards';
import { badRequest, HttpError, notFound } from '../../platform/errors';
import { StripeGateway } from '../../platform/payments';
import { confirmIntent, createIntent, createPaymentMethod, handleStripeEvent, payBooking, requestFingerprint, withIdempotency, type Outcome } from './service';

function idempotencyKey(request: FastifyRequest): string | undefined {
  const value = request.headers['idempotency-key'];
  return Array.isArray(value) ? value[0] : value;
}

function send(reply: FastifyReply, outcome: Outcome & { replayed: boolean }) {
  if (outcome.replayed) reply.header('idempotent-replayed', 'true');
  return reply.status(outcome.status).send(outcome.body);
}

export async function paymentsRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const gateway = () => ctx.payments;

  r.get('/api/payments/config', { schema: { response: { 200: PaymentsConfigSchema } } }, async () => ({ gateway: gateway().name, publishableKey: gateway().publishableKey }));

  // Limited per client: an open card endpoint is what card-testing bots look for.
  r.post(
    '/api/payments/methods',
    { onRequest: requireUser, schema: { body: CardSchema, response: { 201: PaymentMethodTokenSchema } }, config: { rateLimit: { max: 60, timeWindow: '1 minute' } } },
    async (request, reply) => {
    const method = await createPaymentMethod(ctx.db, gateway(), currentUser(request).id, request.body);
    return reply.status(201).send(method);
  });

  r.post('/api/process-payment', { onRequest: requireUser, schema: { body: ProcessPaymentSchema, response: { 200: PaymentSuccessSchema } } }, async (request, reply) => {
    const user = currentUser(request);
    const key = idempotencyKey(request);
    const { bookingId, amount, currency, paymentMethodId } = request.body;
    const fingerprint = requestFingerprint({ bookingId, amount, currency, paymentMethodId });
    const outcome = await withIdempotency(ctx.db, user.id, 'process-payment', key, fingerprint, () =>
      payBooking(ctx.db, gateway(), ctx.events, user.id, { bookingId, amountCents: amount, paymentMethodId, requestKey: key, holdMs: ctx.config.bookingHoldMs }),
    );
    return send(reply, outcome);
  });

  r.post('/api/create-payment-intent', { onRequest: requireUser, schema: { body: CreatePaymentIntentSchema, response: { 200: PaymentIntentResponseSchema } } }, async (request) =>
    createIntent(ctx.db, gateway(), currentUser(request).id, request.body.bookingId, ctx.config.bookingHoldMs),
  );

  r.post('/api/payments/confirm', { onRequest: requireUser, schema: { body: ConfirmPaymentSchema, response: { 200: PaymentSuccessSchema } } }, async (request, reply) => {
    const user = currentUser(request);
    const key = idempotencyKey(request);
    const fingerprint = requestFingerprint({ paymentIntentId: request.body.paymentIntentId, paymentMethodId: request.body.paymentMethodId });
    const outcome = await withIdempotency(ctx.db, user.id, 'payments-confirm', key, fingerprint, () =>
      confirmIntent(ctx.db, gateway(), ctx.events, user.id, request.body.paymentIntentId, request.body.paymentMethodId, key, ctx.config.bookingHoldMs),
    );
    return send(reply, outcome);
  });

  // Stripe signs the exact bytes it sent, so this one route keeps the raw body (the parser is scoped to it).
  await app.register(async (scoped) => {
    scoped.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    scoped.post('/api/payments/webhook', { schema: { response: { 200: WebhookReceiptSchema } } }, async (request, reply) => {
      const gw = gateway();
      if (!(gw instanceof StripeGateway)) throw notFound('Stripe is not configured');
      if (!gw.webhookSecret) throw new HttpError(503, 'STRIPE_WEBHOOK_SECRET is not configured');
      const signature = request.headers['stripe-signature'];
      if (typeof signature !== 'string' || !Buffer.isBuffer(request.body)) throw badRequest('Missing Stripe signature');
      let event;
      try {
        event = gw.verifyWebhook(request.body, signature);
      } catch {
        throw badRequest('Invalid Stripe signature');
      }
      const result = await handleStripeEvent(ctx.db, ctx.events, event);
      return reply.status(200).send({ received: true, ...result });
    });
  });
}
