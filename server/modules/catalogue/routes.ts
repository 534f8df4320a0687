import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParams } from '../../../domain/ids';
import type { AppContext } from '../../platform/context';
import {
  SHIPPING_MAX_SIDE_INCHES,
  SHIPPING_MAX_WEIGHT_LBS,
  SHIPPING_SPEEDS,
  earliestTravelDay,
  parseDay,
} from '../../../domain/catalogue/pricing';
import { MAX_AVAILABILITY_DAYS, daysBetween } from '../../../domain/availability/schemas';
import { searchSpan } from '../../../domain/availability/spans';
import { CUISINES, GENERAL_CATEGORIES, PROPERTY_TYPES } from '../../../domain/onboarding/options';
import { ResponseCache, WithHeaders } from '../../platform/response-cache';
import { blankIsAbsent, leaseMonths } from '../../../domain/catalogue/query';
import { PAGE_FIELDS, PageQuerySchema, pageHeaders, pageRequest, pagedList, type Page } from '../../../domain/catalogue/paging';
import {
  AdditionalServiceSchema,
  CarSchema,
  FlightSchema,
  GeneralServiceSchema,
  HotelSchema,
  MenuItemSchema,
  PropertySchema,
  RestaurantSchema,
  ShippingQuoteSchema,
  ShippingRateSchema,
  TaxiQuoteSchema,
  TaxiRideSchema,
} from '../../../domain/catalogue/schemas';
import { placeholderSvg } from './placeholder';
import { ARTWORK_KINDS, artworkSvg } from './artwork';
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
  kind: z.enum(ARTWORK_KINDS, { error: 'Unknown artwork kind' }).optional(),
  subject: z.string().max(80).optional(),
});

// Filter values. An empty parameter (`?q=&cuisine=`) means "no filter". Cuisine, property type and general-service
// category are closed lists (the registration forms offer only those), so another value is a client mistake (400);
// 'All' (any case) means no filter. Free text (search words, places, car category) accepts any text. Numbers and
// dates are validated and answer 400 when malformed.

const text = (label: string) =>
  z.preprocess(
    blankIsAbsent,
    z
      .string({ error: `${label} must be text` })
      .trim()
      .max(100, `${label} must be at most 100 characters`)
      .optional(),
  );

/** One of a closed list of option texts (any case), 'All', or absent. */
const choice = (label: string, options: readonly string[]) => {
  const known = new Set(options.map((o) => o.toLowerCase()));
  return z.preprocess(
    blankIsAbsent,
    z
      .string({ error: `${label} must be text` })
      .trim()
      .refine((v) => v.toLowerCase() === 'all' || known.has(v.toLowerCase()), `Unknown ${label.toLowerCase()}`)
      .optional(),
  );
};

const wholeNumber = (label: string, min: number, max: number) =>
  z.preprocess(
    blankIsAbsent,
    z.coerce
      .number({ error: `${label} must be a number` })
      .int(`${label} must be a whole number`)
      .min(min, `${label} must be between ${min} and ${max}`)
      .max(max, `${label} must be between ${min} and ${max}`)
      .optional(),
  );

const dollars = (label: string) =>
  z.preprocess(
    blankIsAbsent,
    z.coerce
      .number({ error: `${label} must be a number` })
      .min(0, `${label} must not be negative`)
      .max(10_000_000, `${label} is too large`)
      .optional(),
  );

const travelDate = z.preprocess(
  blankIsAbsent,
  z
    .string({ error: 'Date must be a date (YYYY-MM-DD)' })
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Date must be a date (YYYY-MM-DD)')
    .refine((d) => !Number.isNaN(parseDay(d)), 'Date must be a real calendar date')
    .refine((d) => d >= earliestTravelDay(), 'Date must not be in the past')
    .optional(),
);

/** A date of a dated search: a real day, not in the past (`label` names it in the message). */
const searchDay = (label: string) =>
  z.preprocess(
    blankIsAbsent,
    z
      .string({ error: `${label} must be a date (YYYY-MM-DD)` })
      .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date (YYYY-MM-DD)`)
      .refine((d) => !Number.isNaN(parseDay(d)), `${label} must be a real calendar date`)
      .refine((d) => d >= earliestTravelDay(), `${label} must not be in the past`)
      .optional(),
  );
/** Both days of a span or neither; the second after (or, `sameDayOk`, on) the first; at most a year apart. */
function spanRule<Q extends Record<string, unknown>>(first: keyof Q & string, second: keyof Q & string, labels: [string, string], sameDayOk: boolean) {
  return (q: Q, ctx: z.RefinementCtx) => {
    const a = q[first] as string | undefined;
    const b = q[second] as string | undefined;
    if ((a === undefined) !== (b === undefined)) {
      const missing = a === undefined ? first : second;
      ctx.addIssue({ code: 'custom', path: [missing], message: `${a === undefined ? labels[0] : labels[1]} is required with ${a === undefined ? labels[1] : labels[0]}` });
      return;
    }
    if (a === undefined || b === undefined) return;
    if (sameDayOk ? b < a : b <= a) ctx.addIssue({ code: 'custom', path: [second], message: `${labels[1]} must be after ${labels[0]}` });
    else if (daysBetween(a, b) > MAX_AVAILABILITY_DAYS) ctx.addIssue({ code: 'custom', path: [second], message: `At most ${MAX_AVAILABILITY_DAYS} days apart` });
  };
}

const RestaurantsQuery = z.object({ q: text('Search text'), cuisine: choice('Cuisine', CUISINES), ...PAGE_FIELDS });
const HotelsQuery = z
  .object({
    ...PAGE_FIELDS,
    location: text('Location'),
    guests: wholeNumber('Guests', 1, 100),
    rooms: wholeNumber('Rooms', 1, 50),
    checkIn: searchDay('Check-in date'),
    checkOut: searchDay('Check-out date'),
  })
  .superRefine(spanRule('checkIn', 'checkOut', ['Check-in date', 'Check-out date'], false));
const FlightsQuery = z.object({ from: text('From'), to: text('To'), date: travelDate, passengers: wholeNumber('Passengers', 1, 50), ...PAGE_FIELDS });
const CarsQuery = z
  .object({ category: text('Category'), pickupDate: searchDay('Pickup date'), returnDate: searchDay('Return date'), ...PAGE_FIELDS })
  .superRefine(spanRule('pickupDate', 'returnDate', ['Pickup date', 'Return date'], true));
const GeneralCategoryQuery = z.object({ category: choice('Category', GENERAL_CATEGORIES), ...PAGE_FIELDS });
const PropertiesQuery = z
  .object({
    ...PAGE_FIELDS,
    location: text('Location'),
    type: choice('Type', PROPERTY_TYPES),
    minPrice: dollars('Minimum price'),
    maxPrice: dollars('Maximum price'),
    moveIn: searchDay('Move-in date'),
    months: leaseMonths(),
  })
  .refine((q) => q.minPrice === undefined || q.maxPrice === undefined || q.minPrice <= q.maxPrice, {
    message: 'Minimum price must not be above maximum price',
    path: ['maxPrice'],
  })
  .refine((q) => (q.moveIn === undefined) === (q.months === undefined), { message: 'Move-in date and months go together', path: ['months'] });

const MenuParams = IdParams('Invalid restaurant id');

const coordinate = (label: string, limit: number) =>
  z.preprocess(
    blankIsAbsent,
    z.coerce
      .number({ error: `${label} is required` })
      .min(-limit, `${label} must be between -${limit} and ${limit}`)
      .max(limit, `${label} must be between -${limit} and ${limit}`),
  );

const TaxiQuoteQuery = z.object({
  pickupLat: coordinate('Pickup latitude', 90),
  pickupLng: coordinate('Pickup longitude', 180),
  dropoffLat: coordinate('Dropoff latitude', 90),
  dropoffLng: coordinate('Dropoff longitude', 180),
});

const parcelNumber = (label: string, unit: string, max: number) =>
  z.preprocess(
    blankIsAbsent,
    z.coerce
      .number({ error: `${label} is required` })
      .positive(`${label} must be greater than 0`)
      .max(max, `${label} must be at most ${max} ${unit}`),
  );

const ShippingQuoteQuery = z.object({
  weight: parcelNumber('Weight', 'lbs', SHIPPING_MAX_WEIGHT_LBS),
  length: parcelNumber('Length', 'inches', SHIPPING_MAX_SIDE_INCHES),
  width: parcelNumber('Width', 'inches', SHIPPING_MAX_SIDE_INCHES),
  height: parcelNumber('Height', 'inches', SHIPPING_MAX_SIDE_INCHES),
  speed: z.preprocess(
    blankIsAbsent,
    z.enum(SHIPPING_SPEEDS, { error: `Speed must be one of ${SHIPPING_SPEEDS.join(', ')}` }).default('standard'),
  ),
});

/** The cache of public catalogue lists, emptied on every 'catalogue.changed' event from any instance (ADR 015). */
export function createCatalogueCache(ctx: AppContext): ResponseCache {
  const cache = new ResponseCache({ cacheControl: 'no-cache' });
  cache.invalidateOn(ctx.events);
  return cache;
}

/** A page of a list as the route answers it: the array, with X-Total-Count and (unless last) the next page's Link. */
function pageAnswer<T>(path: string, query: Record<string, unknown>, page: Page<T>): WithHeaders {
  return new WithHeaders(page.items, pageHeaders(path, query, page));
}

/** The answer of a dated search: what is free changes with every booking, so it is never stored. */
async function dated<T>(reply: FastifyReply, path: string, query: Record<string, unknown>, answer: Promise<Page<T>>): Promise<T[]> {
  const page = await answer;
  reply.header('cache-control', 'no-store').headers(pageHeaders(path, query, page));
  return page.items;
}

/** A stable key for a validated query: its defined fields in name order (the page's limit and cursor included). */
function keyOf(route: string, query: object = {}): string {
  const defined = Object.entries(query).filter(([, v]) => v !== undefined);
  defined.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `${route}?${JSON.stringify(defined)}`;
}

/** The query fields that are not the page (the service's filter). */
function filterOf<Q extends { limit?: number; cursor?: string }>(query: Q): Omit<Q, 'limit' | 'cursor'> {
  const { limit: _limit, cursor: _cursor, ...filter } = query;
  return filter;
}

export async function catalogueRoutes(app: FastifyInstance, ctx: AppContext, cache: ResponseCache = createCatalogueCache(ctx)) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx;

  /** A cached page: the key is the whole validated query, so each page (limit, cursor) is its own entry. */
  const cachedPage = <T>(request: FastifyRequest, reply: FastifyReply, path: string, query: Record<string, unknown>, load: () => Promise<Page<T>>) =>
    cache.reply(request, reply, keyOf(path, query), async () => pageAnswer(path, query, await load()));

  r.get('/api/restaurants', { schema: { querystring: RestaurantsQuery, response: { 200: pagedList(RestaurantSchema) } } }, async (request, reply) =>
    cachedPage(request, reply, '/api/restaurants', request.query, () => catalogue.restaurants(db, filterOf(request.query), pageRequest(request.query))),
  );
  r.get('/api/restaurants/:id/menu', { schema: { params: MenuParams, response: { 200: z.array(MenuItemSchema) } } }, async (request, reply) =>
    cache.reply(request, reply, keyOf('menu', request.params), () => catalogue.menu(db, request.params.id)),
  );
  // A dated search answers what is free now: never cached (each booking changes it).
  r.get('/api/hotels', { schema: { querystring: HotelsQuery, response: { 200: pagedList(HotelSchema) } } }, async (request, reply) => {
    const { checkIn, checkOut, ...rest } = filterOf(request.query);
    const page = pageRequest(request.query);
    if (checkIn && checkOut) return dated(reply, '/api/hotels', request.query, catalogue.hotels(db, { ...rest, span: searchSpan('hotels', { checkIn, checkOut }) }, page));
    return cachedPage(request, reply, '/api/hotels', request.query, () => catalogue.hotels(db, rest, page));
  });
  r.get('/api/flights', { schema: { querystring: FlightsQuery, response: { 200: pagedList(FlightSchema) } } }, async (request, reply) => {
    const filter = filterOf(request.query);
    const page = pageRequest(request.query);
    if (filter.date !== undefined) return dated(reply, '/api/flights', request.query, catalogue.flights(db, filter, page));
    return cachedPage(request, reply, '/api/flights', request.query, () => catalogue.flights(db, filter, page));
  });
  r.get('/api/shipping-rates', { schema: { querystring: PageQuerySchema, response: { 200: pagedList(ShippingRateSchema) } } }, async (request, reply) =>
    cachedPage(request, reply, '/api/shipping-rates', request.query, () => catalogue.shippingRates(db, pageRequest(request.query))),
  );
  r.get('/api/shipping-rates/quote', { schema: { querystring: ShippingQuoteQuery, response: { 200: ShippingQuoteSchema } } }, async (request) => {
    const { speed, ...parcel } = request.query;
    return catalogue.shippingQuote(db, parcel, speed);
  });
  r.get('/api/cars', { schema: { querystring: CarsQuery, response: { 200: pagedList(CarSchema) } } }, async (request, reply) => {
    const { pickupDate, returnDate, ...rest } = filterOf(request.query);
    const page = pageRequest(request.query);
    if (pickupDate && returnDate) return dated(reply, '/api/cars', request.query, catalogue.cars(db, { ...rest, span: searchSpan('cars', { pickupDate, returnDate }) }, page));
    return cachedPage(request, reply, '/api/cars', request.query, () => catalogue.cars(db, rest, page));
  });
  r.get('/api/taxi-rides', { schema: { querystring: PageQuerySchema, response: { 200: pagedList(TaxiRideSchema) } } }, async (request, reply) =>
    cachedPage(request, reply, '/api/taxi-rides', request.query, () => catalogue.taxiRides(db, pageRequest(request.query))),
  );
  r.get('/api/taxi-rides/quote', { schema: { querystring: TaxiQuoteQuery, response: { 200: TaxiQuoteSchema } } }, async (request) => {
    const q = request.query;
    return catalogue.taxiQuote(db, { lat: q.pickupLat, lng: q.pickupLng }, { lat: q.dropoffLat, lng: q.dropoffLng });
  });
  r.get('/api/properties', { schema: { querystring: PropertiesQuery, response: { 200: pagedList(PropertySchema) } } }, async (request, reply) => {
    const { moveIn, months, ...rest } = filterOf(request.query);
    const page = pageRequest(request.query);
    if (moveIn && months) return dated(reply, '/api/properties', request.query, catalogue.properties(db, { ...rest, span: searchSpan('properties', { moveIn, months }) }, page));
    return cachedPage(request, reply, '/api/properties', request.query, () => catalogue.properties(db, rest, page));
  });
  r.get('/api/services', { schema: { querystring: PageQuerySchema, response: { 200: pagedList(AdditionalServiceSchema) } } }, async (request, reply) =>
    cachedPage(request, reply, '/api/services', request.query, () => catalogue.additionalServices(db, pageRequest(request.query))),
  );
  r.get('/api/general-services', { schema: { querystring: GeneralCategoryQuery, response: { 200: pagedList(GeneralServiceSchema) } } }, async (request, reply) =>
    cachedPage(request, reply, '/api/general-services', request.query, () => catalogue.generalServices(db, filterOf(request.query), pageRequest(request.query))),
  );

  r.get(
    '/api/placeholder/:w/:h',
    { schema: { params: PlaceholderParams, querystring: PlaceholderQuery } },
    async (request, reply) => {
      const { w, h } = request.params;
      reply.header('cache-control', 'public, max-age=86400, immutable');
      const { kind, subject } = request.query;
      // Listings get artwork of what they are (artwork.ts); the bare wireframe stays for other callers.
      return reply.type('image/svg+xml').send(kind ? artworkSvg(w, h, kind, subject ?? '') : placeholderSvg(w, h, request.query));
    },
  );
}
