import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { SearchQuerySchema, SearchResultSchema } from '../../../domain/search/schemas';
import type { AppContext } from '../../platform/context';
import { searchListings } from './service';

/**
 * GET /api/search (issue 29): the catalogue search. Answered from the database on every request (no response cache):
 * the search tables change in the transaction of every listing write, so a provider's change shows in the next search
 * on every instance. Browsers revalidate (`no-cache`); a dated search answers what is free now.
 */
export async function searchRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/search', { schema: { querystring: SearchQuerySchema, response: { 200: SearchResultSchema } } }, async (request, reply) => {
    reply.header('cache-control', 'no-cache');
    return searchListings(ctx.db, request.query);
  });
}
