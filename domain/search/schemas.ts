/**
 * The catalogue search (issue 29): one query language for the home page's search box, each section's list and the
 * map. `GET /api/search` takes {@link SearchQuerySchema} and answers {@link SearchResult}. Shared by the server (route
 * validation, OpenAPI) and the client (typed calls, building query strings).
 *
 * Kinds are the listing kinds of domain/catalogue/kinds.ts that customers look for; additional services (add-ons of
 * other bookings) are not searched.
 */
import { z } from 'zod';
import { formatMoneyRange } from '../format';
import type { ListingKind } from '../catalogue/kinds';
import { blankIsAbsent, leaseMonths } from '../catalogue/query';

export const SEARCH_KINDS = ['restaurant', 'hotel', 'flight', 'car', 'property', 'taxi-ride', 'shipping-rate', 'general-service'] as const satisfies readonly ListingKind[];
export type SearchKind = (typeof SEARCH_KINDS)[number];

export const SEARCH_SORTS = ['relevance', 'price', 'rating', 'distance'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];

export const SEARCH_LIMIT_DEFAULT = 20;
export const SEARCH_LIMIT_MAX = 100;
export const NEAR_RADIUS_DEFAULT_KM = 25;
export const NEAR_RADIUS_MAX_KM = 500;
/** Words longer than this, or more words than this, are a client mistake (400), not a slow query. */
export const SEARCH_TEXT_MAX = 100;
export const SEARCH_WORDS_MAX = 8;

/**
 * Typos a word may carry and still match (Meilisearch's defaults: one from 5 letters, two from 9). The budget follows
 * the longer of the typed word and the indexed word, so 'piza' (4) finds 'pizza' (5) with one typo while 'cat' never
 * finds 'car'. A word shorter than 5 letters on both sides must match exactly (or as a prefix, when it is the last word).
 */
export function typoBudget(typed: string, indexed: string): number {
  return typoBudgetOfLength(Math.max([...typed].length, [...indexed].length));
}

/** Typos a word of `letters` letters may carry: one from 5, two from 9. */
export function typoBudgetOfLength(letters: number): number {
  return letters >= 9 ? 2 : letters >= 5 ? 1 : 0;
}

/**
 * Facets: categorical values stored with each listing (`cuisine` of restaurants, `stars` of hotels, `type` of
 * properties, `category` of cars and general services, `airline` of flights), plus `kind` (when no kind is asked),
 * `price` (bands of the kind's own price, only when one kind is asked) and `rating` ('4' = rated 4 or more).
 * Several values of one facet are alternatives (comma-separated: `cuisine=Italian,Mexican`); different facets all
 * apply. Each facet's counts are computed with every other filter applied but not its own, so a customer sees how
 * many they would get by choosing another value.
 */
export const FACETS_BY_KIND: Record<SearchKind, readonly CategoricalFacet[]> = {
  restaurant: ['cuisine'],
  hotel: ['stars'],
  flight: ['airline'],
  car: ['category'],
  property: ['type'],
  'taxi-ride': [],
  'shipping-rate': [],
  'general-service': ['category'],
};
export const CATEGORICAL_FACETS = ['cuisine', 'stars', 'type', 'category', 'airline'] as const;
export type CategoricalFacet = (typeof CATEGORICAL_FACETS)[number];
export type FacetName = 'kind' | CategoricalFacet | 'price' | 'rating';

/**
 * The price a listing is sorted and banded by, in its kind's own unit: restaurants their cheapest available menu item,
 * hotels a night, properties a month, cars a day, flights a seat, taxi rides the base fare, shipping the base price,
 * general services the "from" price. Bands are [min, max) in whole dollars; the last is open (max null).
 */
export const PRICE_UNIT: Record<SearchKind, string> = {
  restaurant: 'item',
  hotel: 'night',
  flight: 'seat',
  car: 'day',
  property: 'month',
  'taxi-ride': 'base fare',
  'shipping-rate': 'base price',
  'general-service': 'from',
};
export type PriceBand = { value: string; label: string; min: number; max: number | null };
const bands = (edges: number[]): PriceBand[] =>
  edges.map((min, i) => {
    const max = edges[i + 1] ?? null;
    let label: string | undefined;
    return {
      value: max === null ? `${min}-` : `${min}-${max}`,
      min,
      max,
      // Written when first read, so that importing the bands builds no formatter; then kept (formatting a range costs
      // ~15 µs, and every search's facets list the bands).
      get label() {
        return (label ??= formatMoneyRange(min, max));
      },
    };
  });
export const PRICE_BANDS: Record<SearchKind, PriceBand[]> = {
  restaurant: bands([0, 10, 20, 40]),
  hotel: bands([0, 100, 200, 400]),
  flight: bands([0, 200, 500, 1000]),
  car: bands([0, 50, 100, 200]),
  property: bands([0, 500, 1000, 2000, 3000]), // spec 000 section 9's property price ranges
  'taxi-ride': bands([0, 5, 10]),
  'shipping-rate': bands([0, 10, 25, 50]),
  'general-service': bands([0, 50, 100, 250]),
};
export const RATING_FACET_VALUES = ['4', '3'] as const;

const optionalText = (label: string, max: number) =>
  z.preprocess(blankIsAbsent, z.string({ error: `${label} must be text` }).trim().max(max, `${label} must be at most ${max} characters`).optional());
/** `a,b,c`: a list of values of one facet (each at most 60 characters, at most 20 of them). */
const valueList = (label: string) =>
  z.preprocess(
    blankIsAbsent,
    z
      .string({ error: `${label} must be text` })
      .max(600, `${label} is too long`)
      .transform((v) => [...new Set(v.split(',').map((s) => s.trim()).filter((s) => s.length > 0))])
      .refine((l) => l.length <= 20 && l.every((s) => s.length <= 60), `${label} has too many values`)
      .optional(),
  );
const latLng = (label: string) =>
  z.preprocess(
    blankIsAbsent,
    z
      .string({ error: `${label} must be "latitude,longitude"` })
      .transform((v, ctx) => {
        const parts = v.split(',').map((p) => Number(p.trim()));
        const [lat, lng] = parts;
        if (parts.length !== 2 || !Number.isFinite(lat) || !Number.isFinite(lng) || Math.abs(lat!) > 90 || Math.abs(lng!) > 180) {
          ctx.addIssue({ code: 'custom', message: `${label} must be "latitude,longitude" within -90..90 and -180..180` });
          return z.NEVER;
        }
        return { lat: lat!, lng: lng! };
      })
      .optional(),
  );
/** `south,west,north,east` in degrees: the visible area of a map. */
const boundingBox = z.preprocess(
  blankIsAbsent,
  z
    .string({ error: 'Area must be "south,west,north,east"' })
    .transform((v, ctx) => {
      const parts = v.split(',').map((p) => Number(p.trim()));
      const [south, west, north, east] = parts;
      const ok =
        parts.length === 4 &&
        parts.every(Number.isFinite) &&
        Math.abs(south!) <= 90 &&
        Math.abs(north!) <= 90 &&
        Math.abs(west!) <= 180 &&
        Math.abs(east!) <= 180 &&
        south! <= north!;
      if (!ok) {
        ctx.addIssue({ code: 'custom', message: 'Area must be "south,west,north,east" with south at most north' });
        return z.NEVER;
      }
      return { south: south!, west: west!, north: north!, east: east! };
    })
    .optional(),
);
const number = (label: string, min: number, max: number, int = true) =>
  z.preprocess(
    blankIsAbsent,
    (int ? z.coerce.number({ error: `${label} must be a number` }).int(`${label} must be a whole number`) : z.coerce.number({ error: `${label} must be a number` }))
      .min(min, `${label} must be between ${min} and ${max}`)
      .max(max, `${label} must be between ${min} and ${max}`)
      .optional(),
  );
const day = (label: string) =>
  z.preprocess(blankIsAbsent, z.string({ error: `${label} must be a date (YYYY-MM-DD)` }).regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date (YYYY-MM-DD)`).optional());

/**
 * The query string of `GET /api/search`. Every parameter is optional; an empty value means absent. `sort` defaults to
 * relevance with words and to rating without; `distance` needs `near`. Dated filters (hotels: checkIn/checkOut with
 * rooms and guests; properties: moveIn with months; cars: pickupDate/returnDate) need their `kind` and list only what is
 * free for the whole span, each item then carrying `unitsLeft` (the server checks them as the list routes do).
 */
export const SearchQuerySchema = z
  .object({
    q: optionalText('Search text', SEARCH_TEXT_MAX),
    kind: z.preprocess(blankIsAbsent, z.enum(SEARCH_KINDS, { error: `Kind must be one of ${SEARCH_KINDS.join(', ')}` }).optional()),
    near: latLng('Near'),
    radiusKm: number('Radius', 1, NEAR_RADIUS_MAX_KM, false),
    bbox: boundingBox,
    sort: z.preprocess(blankIsAbsent, z.enum(SEARCH_SORTS, { error: `Sort must be one of ${SEARCH_SORTS.join(', ')}` }).optional()),
    cuisine: valueList('Cuisine'),
    stars: valueList('Stars'),
    type: valueList('Type'),
    category: valueList('Category'),
    airline: valueList('Airline'),
    price: valueList('Price'),
    rating: z.preprocess(blankIsAbsent, z.enum(RATING_FACET_VALUES, { error: 'Rating must be 4 or 3' }).optional()),
    checkIn: day('Check-in date'),
    checkOut: day('Check-out date'),
    rooms: number('Rooms', 1, 50),
    guests: number('Guests', 1, 100),
    moveIn: day('Move-in date'),
    months: leaseMonths(),
    pickupDate: day('Pickup date'),
    returnDate: day('Return date'),
    limit: number('Limit', 1, SEARCH_LIMIT_MAX),
    cursor: z.preprocess(blankIsAbsent, z.string({ error: 'Cursor must be text' }).max(512, 'Cursor is not valid').optional()),
  })
  .superRefine((q, ctx) => {
    if (q.sort === 'distance' && !q.near) ctx.addIssue({ code: 'custom', path: ['sort'], message: 'Sorting by distance needs a place (near)' });
    if (q.radiusKm !== undefined && !q.near) ctx.addIssue({ code: 'custom', path: ['radiusKm'], message: 'A radius needs a place (near)' });
    if (q.price && !q.kind) ctx.addIssue({ code: 'custom', path: ['price'], message: 'Price bands need a kind' });
    if (q.kind && q.price) {
      const known = new Set(PRICE_BANDS[q.kind].map((b) => b.value));
      if (q.price.some((p) => !known.has(p))) ctx.addIssue({ code: 'custom', path: ['price'], message: 'Unknown price band' });
    }
    for (const facet of CATEGORICAL_FACETS) {
      if (q[facet] && q.kind && !FACETS_BY_KIND[q.kind].includes(facet)) ctx.addIssue({ code: 'custom', path: [facet], message: `${q.kind} listings have no ${facet}` });
    }
    const datedKind = (fields: Array<keyof typeof q>, kind: SearchKind) => {
      if (fields.some((f) => q[f] !== undefined) && q.kind !== kind) ctx.addIssue({ code: 'custom', path: [fields[0]!], message: `These dates search ${kind} listings: add kind=${kind}` });
    };
    datedKind(['checkIn', 'checkOut', 'rooms', 'guests'], 'hotel');
    datedKind(['moveIn', 'months'], 'property');
    datedKind(['pickupDate', 'returnDate'], 'car');
  });
export type SearchQuery = z.output<typeof SearchQuerySchema>;
/** What a caller writes (the query string's parameters, before parsing). */
export type SearchParams = Partial<Record<keyof z.input<typeof SearchQuerySchema>, string | number>>;

export const FacetCountSchema = z.object({ value: z.string(), label: z.string().optional(), count: z.number().int() });
export type FacetCount = z.output<typeof FacetCountSchema>;

/**
 * One result: the listing as its own list route shows it (every field of Restaurant, Hotel, ...), plus `kind`, a
 * display `name` (a property's title, a car's model, a flight's airline and number, a taxi ride's type), the listing's
 * place (`city`, `lat`, `lng`, null when it has none), and `distanceKm` (to `near`, one decimal) when near was given.
 */
export const SearchItemSchema = z
  .object({
    kind: z.enum(SEARCH_KINDS),
    id: z.number().int(),
    name: z.string(),
    city: z.string().nullable(),
    lat: z.number().nullable(),
    lng: z.number().nullable(),
    distanceKm: z.number().optional(),
    unitsLeft: z.number().int().optional(),
  })
  .catchall(z.unknown())
  .meta({ id: 'SearchItem' });
export type SearchItem = z.output<typeof SearchItemSchema>;

export const SearchResultSchema = z
  .object({
    items: z.array(SearchItemSchema),
    /** Every match of the query (all pages). */
    total: z.number().int(),
    facets: z.record(z.string(), z.array(FacetCountSchema)),
    /** Pass as `cursor` (with the same other parameters) for the next page; null on the last page. */
    nextCursor: z.string().nullable(),
    /**
     * True when the query matches more listings than the server counts one by one (ADR 031): `total` and the facet
     * counts are then estimated from a sample ("about 12,000"), and relevance is coarser (names beginning with the
     * words first, then the best rated). The pages still list every match once.
     */
    estimated: z.boolean().optional(),
  })
  .meta({ id: 'SearchResult' });
export type SearchResult = z.output<typeof SearchResultSchema>;
