import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { AppContext } from '../../platform/context';
import { REGISTRATION_FORMS, REGISTRATION_KINDS } from '../../../domain/onboarding';
import { ConfirmRegistrationResultSchema, ConfirmRegistrationSchema, RegistrationReceiptSchema } from '../../../domain/onboarding/schemas';
import { badRequest } from '../../platform/errors';
import { isCountryName } from '../locations';
import { confirmRegistration, submitRegistration } from './service';

/** Registrations per IP and route per hour: plenty for a real provider, a brake on scripted spam. */
export const REGISTRATION_RATE_LIMIT = { max: 20, timeWindow: '1 hour' } as const;

const COUNTRY_MESSAGE = 'Please select a country';

/**
 * POST routes of every registration form (spec 001 section 7, spec 002 section 7). Open to anyone; a signed-in
 * submitter is linked. The GET routes on the same listing paths belong to the catalogue module.
 */
export async function onboardingRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  for (const kind of REGISTRATION_KINDS) {
    const form = REGISTRATION_FORMS[kind];
    r.post(
      form.apiPath,
      { schema: { body: form.schema as z.ZodType<Record<string, unknown>>, response: { 201: RegistrationReceiptSchema } }, config: { rateLimit: REGISTRATION_RATE_LIMIT } },
      async (request, reply) => {
        const data = request.body;
        if ('country' in data && !isCountryName(String(data.country))) {
          throw badRequest(`Validation failed: ${COUNTRY_MESSAGE}`, { country: COUNTRY_MESSAGE });
        }
        const result = await submitRegistration(ctx, kind, data, { userId: request.user?.id ?? null, ip: request.ip });
        return reply.status(201).send(result);
      },
    );
  }

  /** The e-mailed link's page posts its token here: the registration's address is confirmed and it waits for review. */
  r.post(
    '/api/registrations/confirm',
    { schema: { body: ConfirmRegistrationSchema, response: { 200: ConfirmRegistrationResultSchema } }, config: { rateLimit: { max: 30, timeWindow: '1 minute' } } },
    async (request) => confirmRegistration(ctx, request.body.token),
  );
}
