import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context';
import { LOCATION_SEARCH_MIN_LENGTH, LOCATION_TYPE_FILTERS, searchLocations } from '../../../domain/locations/search';
import { CountrySchema, LocationEntrySchema } from '../../../domain/locations/schemas';
import { COUNTRIES } from './countries';
import { locationDirectory } from './directory';
import { ResponseCache } from '../catalogue/cache';

const CountriesQuery = z.object({ scope: z.enum(['all', 'sovereign']).default('all') });

const LocationsQuery = z.object({
  q: z
    .string({ error: `Enter at least ${LOCATION_SEARCH_MIN_LENGTH} characters` })
    .trim()
    .min(LOCATION_SEARCH_MIN_LENGTH, `Enter at least ${LOCATION_SEARCH_MIN_LENGTH} characters`)
    .max(100, 'Search text must be at most 100 characters'),
  // An empty `type=` means no filter; anything else must be one of the three filters.
  type: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.enum(LOCATION_TYPE_FILTERS, { error: `Type must be one of ${LOCATION_TYPE_FILTERS.join(', ')}` }).optional(),
  ),
});

/** Location answers: the directory is built once at start and never changes while the process runs. */
export function createLocationsCache(): ResponseCache {
  return new ResponseCache({ cacheControl: 'public, max-age=3600', maxEntries: 5000, maxUrls: 5000 });
}

export async function locationsRoutes(app: FastifyInstance, _ctx: AppContext, cache: ResponseCache = createLocationsCache()) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const all = COUNTRIES;
  const sovereign = COUNTRIES.filter((c) => c.sovereign);
  // Built at startup, not on the first search, so no request pays for it.
  const directory = locationDirectory();

  r.get('/api/countries', { schema: { querystring: CountriesQuery, response: { 200: z.array(CountrySchema).readonly() } } }, async (request, reply) => {
    reply.header('cache-control', 'public, max-age=86400');
    return request.query.scope === 'sovereign' ? sovereign : all;
  });

  /** Spec 000 section 5 location search; the directory is static, so answers may be cached for a while. */
  r.get('/api/locations', { schema: { querystring: LocationsQuery, response: { 200: z.array(LocationEntrySchema) } } }, async (request, reply) => {
    const { q, type } = request.query;
    return cache.reply(request, reply, `${type ?? ''}:${q}`, async () => searchLocations(directory.index, q, type));
  });
}
