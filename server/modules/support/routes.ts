import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context';
import { ContactMessageSchema, ContactReceiptSchema } from '../../../domain/support/schemas';
import { createContactMessage } from './service';

/** Contact messages per IP per hour. */
export const CONTACT_RATE_LIMIT = { max: 10, timeWindow: '1 hour' } as const;

export async function supportRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/contact',
    { schema: { body: ContactMessageSchema, response: { 201: ContactReceiptSchema } }, config: { rateLimit: CONTACT_RATE_LIMIT } },
    async (request, reply) => reply.status(201).send(await createContactMessage(ctx.events, request.body, request.user?.id ?? null)),
  );
}
