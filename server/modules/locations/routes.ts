import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app';
import { COUNTRIES } from './countries';

const CountriesQuery = z.object({ scope: z.enum(['all', 'sovereign']).default('all') });

export async function locationsRoutes(app: FastifyInstance, _ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const all = COUNTRIES;
  const sovereign = COUNTRIES.filter((c) => c.sovereign);

  r.get('/api/countries', { schema: { querystring: CountriesQuery } }, async (request, reply) => {
    reply.header('cache-control', 'public, max-age=86400');
    return request.query.scope === 'sovereign' ? sovereign : all;
  });
}
