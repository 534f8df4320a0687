import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app';
import { placeholderSvg } from './placeholder';
import { catalogue } from './service';

const Size = z.coerce
  .number({ error: 'Size must be a number' })
  .int('Size must be a whole number')
  .min(1, 'Size must be between 1 and 2000')
  .max(2000, 'Size must be between 1 and 2000');

const PlaceholderParams = z.object({ w: Size, h: Size });
const PlaceholderQuery = z.object({
  hotel: z.string().max(64).optional(),
  view: z.string().max(16).optional(),
  random: z.string().max(64).optional(),
});

export async function catalogueRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx;

  r.get('/api/restaurants', async () => catalogue.restaurants(db));
  r.get('/api/hotels', async () => catalogue.hotels(db));
  r.get('/api/flights', async () => catalogue.flights(db));
  r.get('/api/shipping-rates', async () => catalogue.shippingRates(db));
  r.get('/api/cars', async () => catalogue.cars(db));
  r.get('/api/taxi-rides', async () => catalogue.taxiRides(db));
  r.get('/api/properties', async () => catalogue.properties(db));
  r.get('/api/services', async () => catalogue.additionalServices(db));
  r.get('/api/general-services', async () => catalogue.generalServices(db));

  r.get(
    '/api/placeholder/:w/:h',
    { schema: { params: PlaceholderParams, querystring: PlaceholderQuery } },
    async (request, reply) => {
      const { w, h } = request.params;
      reply.header('cache-control', 'public, max-age=86400, immutable');
      return reply.type('image/svg+xml').send(placeholderSvg(w, h, request.query));
    },
  );
}
