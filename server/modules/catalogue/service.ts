import { and, asc, eq, gt, gte, ilike, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { dollarsToCents, centsToDollars } from '../../../domain/catalogue/money';
import { cityPart, fold, iataPart } from '../../../domain/catalogue/filters';
import { PAGE_LIMIT_DEFAULT, type Page, type PageRequest } from '../../../domain/catalogue/paging';
import {
  SHIPPING_DELIVERY_TIMES,
  addDays,
  billableLbs,
  flightArrivalDayOffset,
  greatCircleKm,
  pickupArrivalMinutes,
  roundKm,
  shippingRateCents,
  solarLocalHour,
  taxiEtaMinutes,
  taxiFareCents,
  taxiTrafficMinutes,
  type LatLng,
  type Parcel,
  type ShippingSpeed,
} from '../../../domain/catalogue/pricing';
import type { Flight, ShippingQuote, TaxiQuote } from '../../../domain/catalogue/types';
import type { Db } from '../../db/connect';
import { FLIGHT_CITY_TIME_ZONES } from './flight-zones';
import {
  additionalServices,
  cars,
  flights,
  generalServices,
  hotels,
  menuItems,
  properties,
  restaurants,
  shippingRates,
  taxiRides,
} from '../../db/schema';
import { notFound } from '../../platform/errors';
import { locationDirectory } from '../locations';
import { releaseExpiredHolds, unitsLeftSql } from '../availability';
import type { DaySpan } from '../../../domain/availability/spans';
import { toApi } from './mappers';

/** `%text%` for ILIKE, with the user's own % _ and \ taken literally. */
const contains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Case-insensitive equality; "All" (any case) or nothing means no filter. */
function sameText(column: AnyPgColumn, value: string | undefined): SQL | undefined {
  if (value === undefined || value.toLowerCase() === 'all') return undefined;
  return sql`lower(${column}) = lower(${value})`;
}

/** A place filter: the whole text, or its city part ("Toronto, Ontario, Canada" -> "Toronto"), in any column. */
function placeMatches(value: string | undefined, ...columns: AnyPgColumn[]): SQL | undefined {
  if (value === undefined) return undefined;
  const city = cityPart(value);
  const needles = [...new Set([value, city].filter((n) => n.length > 0))];
  return or(...needles.flatMap((n) => columns.map((c) => ilike(c, contains(n)))));
}

export type RestaurantFilter = { q?: string; cuisine?: string };
/** A search with dates lists only what is free for the whole span (availability module), each with its units left. */
export type Dated = { span?: DaySpan };
export type HotelFilter = { location?: string; guests?: number; rooms?: number } & Dated;
export type FlightFilter = { from?: string; to?: string; date?: string; passengers?: number };
export type PropertyFilter = { location?: string; type?: string; minPrice?: number; maxPrice?: number } & Dated;
export type CarFilter = { category?: string } & Dated;

/** Rows with their units left over the span, when the search has one. */
function withUnitsLeft<R, A extends object>(rows: Array<{ row: R; unitsLeft: number | null }>, map: (r: R) => A): Array<A & { unitsLeft?: number }> {
  return rows.map(({ row, unitsLeft }) => (unitsLeft === null ? map(row) : { ...map(row), unitsLeft: Number(unitsLeft) }));
}

function timeZoneOf(city: string): string | undefined {
  return FLIGHT_CITY_TIME_ZONES[city] ?? locationDirectory().timeZoneOfCity(city);
}

/**
 * A page of rows (keyset on id, issue 29): the rows after `page.after` in id order (before it, newest first, when
 * `descending`), how many match `where` in all, and the id to continue after. `rows` must order by `id` the same way.
 */
export async function paged<R>(
  page: PageRequest,
  id: AnyPgColumn,
  where: SQL | undefined,
  rows: (where: SQL | undefined, limit: number) => Promise<R[]>,
  count: (where: SQL | undefined) => Promise<number>,
  idOf: (row: R) => number,
  descending = false,
): Promise<Page<R>> {
  const after = page.after === undefined ? undefined : descending ? lt(id, page.after) : gt(id, page.after);
  const got = await rows(and(where, after), page.limit + 1);
  const more = got.length > page.limit;
  const items = more ? got.slice(0, page.limit) : got;
  // A first page that holds every match is its own count; otherwise the database counts the matches.
  const total = !more && page.after === undefined ? items.length : await count(where);
  return { items, total, nextAfter: more ? idOf(items[items.length - 1]) : null };
}

const mapPage = <R, A>(page: Page<R>, map: (row: R) => A): Page<A> => ({ ...page, items: page.items.map(map) });

/** The first page of a list (what callers that take no page get). */
const FIRST_PAGE: PageRequest = { limit: PAGE_LIMIT_DEFAULT };

/**
 * Flight cities are matched in SQL as flightCityMatches (domain/catalogue/filters.ts) matches them, so a page of
 * flights is a page of matches. The city column is folded as `fold` folds text: accents removed and lower case, by
 * translate() over the precomposed letters (Latin, Greek, Cyrillic) and deletion of combining marks, then lower()
 * (which needs only ASCII after that, whatever the database's locale).
 */
const CITY_FOLD = (() => {
  let from = '';
  let to = '';
  for (const [first, last] of [
    [0x00c0, 0x024f],
    [0x0370, 0x03ff],
    [0x0400, 0x052f],
    [0x1e00, 0x1eff],
  ]) {
    for (let cp = first; cp <= last; cp++) {
      const ch = String.fromCodePoint(cp);
      const folded = fold(ch);
      if (folded !== ch && [...folded].length === 1) {
        from += ch;
        to += folded;
      }
    }
  }
  // Characters of `from` past the end of `to` are deleted by translate(): the combining marks fold removes.
  for (let cp = 0x0300; cp <= 0x036f; cp++) from += String.fromCodePoint(cp);
  return { from, to };
})();

/**
 * The folded city names a flight city may have to match what the customer typed or picked (flightCityMatches):
 * the city an airport code names, and every leading run of words of the typed city part ("new york city" ->
 * "new", "new york", "new york city"), since a city matches when it is the typed text or its leading words.
 */
export function flightCityCandidates(input: string, cityOfIata?: (code: string) => string | undefined): string[] {
  const out = new Set<string>();
  const code = iataPart(input);
  const resolved = code && cityOfIata ? cityOfIata(code) : undefined;
  if (resolved !== undefined) out.add(fold(resolved));
  const words = fold(cityPart(input)).split(' ');
  for (let i = 1; i <= words.length; i++) out.add(words.slice(0, i).join(' '));
  // fold decomposes (NFD) before it strips marks; stored names are composed (NFC), and so are these.
  return [...out].filter((c) => c.length > 0).map((c) => c.normalize('NFC'));
}

function flightCityIs(column: AnyPgColumn, input: string | undefined): SQL | undefined {
  if (input === undefined) return undefined;
  const candidates = flightCityCandidates(input, locationDirectory().cityOfIata);
  if (candidates.length === 0) return sql`false`;
  return sql`btrim(lower(translate(${column}, ${CITY_FOLD.from}, ${CITY_FOLD.to}))) in (${sql.join(
    candidates.map((c) => sql`${c}`),
    sql`, `,
  )})`;
}

/**
 * The public catalogue lists: active items only, in id order, narrowed by the optional filters, one page at a time
 * (issue 29: keyset on id, so rows added between pages are neither skipped nor repeated).
 */
export const catalogue = {
  restaurants: async (db: Db, f: RestaurantFilter = {}, page: PageRequest = FIRST_PAGE) => {
    const where = and(
      eq(restaurants.isActive, true),
      f.q ? or(ilike(restaurants.name, contains(f.q)), ilike(restaurants.description, contains(f.q))) : undefined,
      sameText(restaurants.cuisine, f.cuisine),
    );
    const rows = await paged(
      page,
      restaurants.id,
      where,
      (w, limit) => db.select().from(restaurants).where(w).orderBy(asc(restaurants.id)).limit(limit),
      (w) => db.$count(restaurants, w),
      (r) => r.id,
    );
    return mapPage(rows, toApi.restaurant);
  },

  /** The menu of an active restaurant, in menu order; 404 for an unknown or inactive restaurant. */
  menu: async (db: Db, restaurantId: number) => {
    const [restaurant] = await db
      .select({ id: restaurants.id })
      .from(restaurants)
      .where(and(eq(restaurants.id, restaurantId), eq(restaurants.isActive, true)));
    if (!restaurant) throw notFound('Restaurant not found');
    const items = await db
      .select()
      .from(menuItems)
      .where(and(eq(menuItems.restaurantId, restaurantId), eq(menuItems.available, true)))
      .orderBy(asc(menuItems.position), asc(menuItems.id));
    return items.map(toApi.menuItem);
  },

  hotels: async (db: Db, f: HotelFilter = {}, page: PageRequest = FIRST_PAGE) => {
    const left = f.span ? unitsLeftSql('hotels', hotels.id, hotels.rooms, f.span) : null;
    if (f.span) await releaseExpiredHolds(db);
    const where = and(
      eq(hotels.isActive, true),
      placeMatches(f.location, hotels.location, hotels.name),
      f.guests !== undefined ? gte(hotels.maxGuests, f.guests) : undefined,
      f.rooms !== undefined ? gte(hotels.rooms, f.rooms) : undefined,
      left ? sql`${left} >= ${f.rooms ?? 1}` : undefined,
    );
    const rows = await paged(
      page,
      hotels.id,
      where,
      (w, limit) => db.select({ row: hotels, unitsLeft: left ?? sql<null>`null` }).from(hotels).where(w).orderBy(asc(hotels.id)).limit(limit),
      (w) => db.$count(hotels, w),
      (r) => r.row.id,
    );
    return { ...rows, items: withUnitsLeft(rows.items, toApi.hotel) };
  },

  /**
   * Flights are daily schedules, so every future date has the same flights. With `date`, each flight also carries
   * `date` and its local `arrivalDate`. The cities are matched in SQL (flightCityIs), so a page is a page of matches.
   */
  flights: async (db: Db, f: FlightFilter = {}, page: PageRequest = FIRST_PAGE): Promise<Page<Flight>> => {
    const span = f.date === undefined ? undefined : { start: f.date, end: addDays(f.date, 1) };
    const left = span ? unitsLeftSql('flights', flights.id, flights.seats, span) : null;
    if (span) await releaseExpiredHolds(db);
    const where = and(
      eq(flights.isActive, true),
      flightCityIs(flights.departureCity, f.from),
      flightCityIs(flights.arrivalCity, f.to),
      left ? sql`${left} >= ${f.passengers ?? 1}` : undefined,
    );
    const rows = await paged(
      page,
      flights.id,
      where,
      (w, limit) => db.select({ row: flights, unitsLeft: left ?? sql<null>`null` }).from(flights).where(w).orderBy(asc(flights.id)).limit(limit),
      (w) => db.$count(flights, w),
      (r) => r.row.id,
    );
    return mapPage(rows, ({ row: r, unitsLeft }) => {
      const flight = toApi.flight(r);
      if (f.date === undefined) return flight;
      const offset = flightArrivalDayOffset(r, f.date, {
        departure: timeZoneOf(r.departureCity),
        arrival: timeZoneOf(r.arrivalCity),
      });
      return { ...flight, date: f.date, arrivalDate: addDays(f.date, offset), unitsLeft: Number(unitsLeft) };
    });
  },

  shippingRates: async (db: Db, page: PageRequest = FIRST_PAGE) => {
    const rows = await paged(
      page,
      shippingRates.id,
      eq(shippingRates.isActive, true),
      (w, limit) => db.select().from(shippingRates).where(w).orderBy(asc(shippingRates.id)).limit(limit),
      (w) => db.$count(shippingRates, w),
      (r) => r.id,
    );
    return mapPage(rows, toApi.shippingRate);
  },

  cars: async (db: Db, f: CarFilter = {}, page: PageRequest = FIRST_PAGE) => {
    const left = f.span ? unitsLeftSql('cars', cars.id, cars.fleet, f.span) : null;
    if (f.span) await releaseExpiredHolds(db);
    const where = and(eq(cars.isActive, true), sameText(cars.category, f.category), left ? sql`${left} >= 1` : undefined);
    const rows = await paged(
      page,
      cars.id,
      where,
      (w, limit) => db.select({ row: cars, unitsLeft: left ?? sql<null>`null` }).from(cars).where(w).orderBy(asc(cars.id)).limit(limit),
      (w) => db.$count(cars, w),
      (r) => r.row.id,
    );
    return { ...rows, items: withUnitsLeft(rows.items, toApi.car) };
  },

  taxiRides: async (db: Db, page: PageRequest = FIRST_PAGE) => {
    const rows = await paged(
      page,
      taxiRides.id,
      eq(taxiRides.isActive, true),
      (w, limit) => db.select().from(taxiRides).where(w).orderBy(asc(taxiRides.id)).limit(limit),
      (w) => db.$count(taxiRides, w),
      (r) => r.id,
    );
    return mapPage(rows, toApi.taxiRide);
  },

  properties: async (db: Db, f: PropertyFilter = {}, page: PageRequest = FIRST_PAGE) => {
    const left = f.span ? unitsLeftSql('properties', properties.id, sql`1`, f.span) : null;
    if (f.span) await releaseExpiredHolds(db);
    const where = and(
      eq(properties.isActive, true),
      placeMatches(f.location, properties.location),
      sameText(properties.type, f.type),
      f.minPrice !== undefined ? gte(properties.pricePerMonthCents, dollarsToCents(f.minPrice)) : undefined,
      f.maxPrice !== undefined ? lte(properties.pricePerMonthCents, dollarsToCents(f.maxPrice)) : undefined,
      left ? sql`${left} >= 1` : undefined,
    );
    const rows = await paged(
      page,
      properties.id,
      where,
      (w, limit) => db.select({ row: properties, unitsLeft: left ?? sql<null>`null` }).from(properties).where(w).orderBy(asc(properties.id)).limit(limit),
      (w) => db.$count(properties, w),
      (r) => r.row.id,
    );
    return { ...rows, items: withUnitsLeft(rows.items, toApi.property) };
  },

  additionalServices: async (db: Db, page: PageRequest = FIRST_PAGE) => {
    const rows = await paged(
      page,
      additionalServices.id,
      eq(additionalServices.isActive, true),
      (w, limit) => db.select().from(additionalServices).where(w).orderBy(asc(additionalServices.id)).limit(limit),
      (w) => db.$count(additionalServices, w),
      (r) => r.id,
    );
    return mapPage(rows, toApi.additionalService);
  },

  generalServices: async (db: Db, f: { category?: string } = {}, page: PageRequest = FIRST_PAGE) => {
    const rows = await paged(
      page,
      generalServices.id,
      and(eq(generalServices.isActive, true), sameText(generalServices.category, f.category)),
      (w, limit) => db.select().from(generalServices).where(w).orderBy(asc(generalServices.id)).limit(limit),
      (w) => db.$count(generalServices, w),
      (r) => r.id,
    );
    return mapPage(rows, toApi.generalService);
  },

  /**
   * Prices every active ride type for a trip (spec 000 section 9): fare = base + per-km x great-circle distance;
   * trip time = distance x 3 min + a traffic allowance from the pickup's local hour; pickup arrival from the ride
   * type's advertised wait. Same inputs at the same hour give the same quote.
   */
  taxiQuote: async (db: Db, pickup: LatLng, dropoff: LatLng, now: Date = new Date()): Promise<TaxiQuote> => {
    const distanceKm = roundKm(greatCircleKm(pickup, dropoff));
    const traffic = taxiTrafficMinutes(solarLocalHour(now, pickup.lng));
    const rows = await db.select().from(taxiRides).where(eq(taxiRides.isActive, true)).orderBy(asc(taxiRides.id));
    return {
      distanceKm,
      rides: rows.map((r) => ({
        ...toApi.taxiRide(r),
        estimatedPrice: centsToDollars(taxiFareCents(r, distanceKm)),
        estimatedTime: `${taxiEtaMinutes(distanceKm, traffic)} min`,
        estimatedArrival: `${pickupArrivalMinutes(r.waitTime)} min`,
      })),
    };
  },

  /**
   * The calculator's quote for a parcel at a speed: every active carrier rate of that speed, cheapest first, and the
   * estimate, which is the price of the cheapest of them by the same rule (shippingRateCents), so the estimate is
   * what the customer would really pay. No carrier at that speed: no estimate (price null).
   */
  shippingQuote: async (db: Db, parcel: Parcel, speed: ShippingSpeed): Promise<ShippingQuote> => {
    const rows = await db
      .select()
      .from(shippingRates)
      .where(and(eq(shippingRates.isActive, true), eq(shippingRates.speed, speed)))
      .orderBy(asc(shippingRates.id));
    const rates = rows
      .map((r) => ({ id: r.id, name: r.name, price: centsToDollars(shippingRateCents(r, parcel)), deliveryTime: r.deliveryTime }))
      .sort((a, b) => a.price - b.price || a.id - b.id);
    const cheapest = rates[0];
    return {
      price: cheapest ? cheapest.price : null,
      carrier: cheapest ? cheapest.name : null,
      deliveryTime: SHIPPING_DELIVERY_TIMES[speed],
      speed,
      billableWeight: billableLbs(parcel),
      rates,
    };
  },
};
