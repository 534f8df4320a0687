import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context';
import { LOCATION_SEARCH_MIN_LENGTH, LOCATION_TYPE_FILTERS, searchLocations } from '../../../domain/locations/search';
import { CountrySchema, GeocodeAnswerSchema, LocationEntrySchema } from '../../../domain/locations/schemas';
import { GEOCODE_QUERY_MAX_LENGTH, GEOCODE_QUERY_MIN_LENGTH } from '../../../domain/locations/geocode';
import { COUNTRIES } from './countries';
import { locationDirectory } from './directory';
import { createGeocoder, type Geocoder } from './geocoder';
import { ResponseCache } from '../../platform/response-cache';

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

const GeocodeQuery = z.object({
  q: z
    .string({ error: `Enter at least ${GEOCODE_QUERY_MIN_LENGTH} characters` })
    .trim()
    .min(GEOCODE_QUERY_MIN_LENGTH, `Enter at least ${GEOCODE_QUERY_MIN_LENGTH} characters`)
    .max(GEOCODE_QUERY_MAX_LENGTH, `Search text must be at most ${GEOCODE_QUERY_MAX_LENGTH} characters`),
});

/** Address searches per source address per minute: a person typing is far below it; a public geocoder is spared. */
export const GEOCODE_RATE_LIMIT = { max: 120, timeWindow: '1 minute' } as const;

/** Location answers: the directory is built once at start and never changes while the process runs. */
export function createLocationsCache(): ResponseCache {
  return new ResponseCache({ cacheControl: 'public, max-age=3600', maxEntries: 5000, maxUrls: 5000 });
}

export async function locationsRoutes(app: FastifyInstance, ctx: AppContext, cache: ResponseCache = createLocationsCache(), geocoder?: Geocoder) {
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

  const addresses =
    geocoder ??
    createGeocoder({
      url: ctx.config.geocoderUrl,
      timeoutMs: ctx.config.geocoderTimeoutMs,
      userAgent: `GoLive marketplace (${ctx.config.siteUrl})`,
      index: () => directory.index,
      log: ctx.log,
    });

  /**
   * Address search (house numbers, postcodes) through the configured geocoder, or the location directory when there is
   * none or it does not answer (`offline: true`, with a message to place the pin). The directory's answers never
   * change while the process runs; a fallback after a failure is not kept, so the geocoder is asked again.
   */
  r.get(
    '/api/geocode',
    { schema: { querystring: GeocodeQuery, response: { 200: GeocodeAnswerSchema } }, config: { rateLimit: GEOCODE_RATE_LIMIT } },
    async (request, reply) => {
      const answer = await addresses.geocode(request.query.q);
      const lasting = !addresses.configured || !answer.offline;
      reply.header('cache-control', lasting ? 'public, max-age=3600' : 'no-store');
      return answer;
    },
  );
}
