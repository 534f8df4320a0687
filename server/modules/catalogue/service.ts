import { and, asc, eq, gte, ilike, lte, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { dollarsToCents, centsToDollars } from '../../../domain/catalogue/money';
import { cityPart, flightCityMatches } from '../../../domain/catalogue/filters';
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
import { FLIGHT_CITY_TIME_ZONES } from '../../db/seed/catalogue-data';
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
import { locationDirectory } from '../locations/directory';
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

/** The public catalogue lists: active items only, in a stable order, narrowed by the optional filters. */
export const catalogue = {
  restaurants: async (db: Db, f: RestaurantFilter = {}) =>
    (
      await db
        .select()
        .from(restaurants)
        .where(
          and(
            eq(restaurants.isActive, true),
            f.q ? or(ilike(restaurants.name, contains(f.q)), ilike(restaurants.description, contains(f.q))) : undefined,
            sameText(restaurants.cuisine, f.cuisine),
          ),
        )
        .orderBy(asc(restaurants.id))
    ).map(toApi.restaurant),

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

  hotels: async (db: Db, f: HotelFilter = {}) => {
    const left = f.span ? unitsLeftSql('hotels', hotels.id, hotels.rooms, f.span) : null;
    if (f.span) await releaseExpiredHolds(db);
    const rows = await db
      .select({ row: hotels, unitsLeft: left ?? sql<null>`null` })
      .from(hotels)
      .where(
        and(
          eq(hotels.isActive, true),
          placeMatches(f.location, hotels.location, hotels.name),
          f.guests !== undefined ? gte(hotels.maxGuests, f.guests) : undefined,
          f.rooms !== undefined ? gte(hotels.rooms, f.rooms) : undefined,
          left ? sql`${left} >= ${f.rooms ?? 1}` : undefined,
        ),
      )
      .orderBy(asc(hotels.id));
    return withUnitsLeft(rows, toApi.hotel);
  },

  /**
   * Flights are daily schedules, so every future date has the same flights. With `date`, each flight also carries
   * `date` and its local `arrivalDate`.
   */
  flights: async (db: Db, f: FlightFilter = {}): Promise<Flight[]> => {
    const span = f.date === undefined ? undefined : { start: f.date, end: addDays(f.date, 1) };
    const left = span ? unitsLeftSql('flights', flights.id, flights.seats, span) : null;
    if (span) await releaseExpiredHolds(db);
    const rows = await db
      .select({ row: flights, unitsLeft: left ?? sql<null>`null` })
      .from(flights)
      .where(and(eq(flights.isActive, true), left ? sql`${left} >= ${f.passengers ?? 1}` : undefined))
      .orderBy(asc(flights.id));
    const { cityOfIata } = locationDirectory();
    return rows
      .filter(({ row: r }) => f.from === undefined || flightCityMatches(f.from, r.departureCity, cityOfIata))
      .filter(({ row: r }) => f.to === undefined || flightCityMatches(f.to, r.arrivalCity, cityOfIata))
      .map(({ row: r, unitsLeft }) => {
        const flight = toApi.flight(r);
        if (f.date === undefined) return flight;
        const offset = flightArrivalDayOffset(r, f.date, {
          departure: timeZoneOf(r.departureCity),
          arrival: timeZoneOf(r.arrivalCity),
        });
        return { ...flight, date: f.date, arrivalDate: addDays(f.date, offset), unitsLeft: Number(unitsLeft) };
      });
  },

  shippingRates: async (db: Db) =>
    (await db.select().from(shippingRates).where(eq(shippingRates.isActive, true)).orderBy(asc(shippingRates.id))).map(
      toApi.shippingRate,
    ),

  cars: async (db: Db, f: CarFilter = {}) => {
    const left = f.span ? unitsLeftSql('cars', cars.id, cars.fleet, f.span) : null;
    if (f.span) await releaseExpiredHolds(db);
    const rows = await db
      .select({ row: cars, unitsLeft: left ?? sql<null>`null` })
      .from(cars)
      .where(and(eq(cars.isActive, true), sameText(cars.category, f.category), left ? sql`${left} >= 1` : undefined))
      .orderBy(asc(cars.id));
    return withUnitsLeft(rows, toApi.car);
  },

  taxiRides: async (db: Db) =>
    (await db.select().from(taxiRides).where(eq(taxiRides.isActive, true)).orderBy(asc(taxiRides.id))).map(toApi.taxiRide),

  properties: async (db: Db, f: PropertyFilter = {}) => {
    const left = f.span ? unitsLeftSql('properties', properties.id, sql`1`, f.span) : null;
    if (f.span) await releaseExpiredHolds(db);
    const rows = await db
      .select({ row: properties, unitsLeft: left ?? sql<null>`null` })
      .from(properties)
      .where(
        and(
          eq(properties.isActive, true),
          placeMatches(f.location, properties.location),
          sameText(properties.type, f.type),
          f.minPrice !== undefined ? gte(properties.pricePerMonthCents, dollarsToCents(f.minPrice)) : undefined,
          f.maxPrice !== undefined ? lte(properties.pricePerMonthCents, dollarsToCents(f.maxPrice)) : undefined,
          left ? sql`${left} >= 1` : undefined,
        ),
      )
      .orderBy(asc(properties.id));
    return withUnitsLeft(rows, toApi.property);
  },

  additionalServices: async (db: Db) =>
    (await db.select().from(additionalServices).where(eq(additionalServices.isActive, true)).orderBy(asc(additionalServices.id))).map(
      toApi.additionalService,
    ),

  generalServices: async (db: Db, f: { category?: string } = {}) =>
    (
      await db
        .select()
        .from(generalServices)
        .where(and(eq(generalServices.isActive, true), sameText(generalServices.category, f.category)))
        .orderBy(asc(generalServices.id))
    ).map(toApi.generalService),

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
