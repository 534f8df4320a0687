import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import {
  additionalServices,
  cars,
  flights,
  generalServices,
  hotels,
  properties,
  restaurants,
  shippingRates,
  taxiRides,
} from '../../db/schema';
import { toApi } from './mappers';

/** The public catalogue lists: active items only, in a stable order. */
export const catalogue = {
  restaurants: async (db: Db) =>
    (await db.select().from(restaurants).where(eq(restaurants.isActive, true)).orderBy(asc(restaurants.id))).map(toApi.restaurant),
  hotels: async (db: Db) =>
    (await db.select().from(hotels).where(eq(hotels.isActive, true)).orderBy(asc(hotels.id))).map(toApi.hotel),
  flights: async (db: Db) =>
    (await db.select().from(flights).where(eq(flights.isActive, true)).orderBy(asc(flights.id))).map(toApi.flight),
  shippingRates: async (db: Db) =>
    (await db.select().from(shippingRates).where(eq(shippingRates.isActive, true)).orderBy(asc(shippingRates.id))).map(
      toApi.shippingRate,
    ),
  cars: async (db: Db) => (await db.select().from(cars).where(eq(cars.isActive, true)).orderBy(asc(cars.id))).map(toApi.car),
  taxiRides: async (db: Db) =>
    (await db.select().from(taxiRides).where(eq(taxiRides.isActive, true)).orderBy(asc(taxiRides.id))).map(toApi.taxiRide),
  properties: async (db: Db) =>
    (await db.select().from(properties).where(eq(properties.isActive, true)).orderBy(asc(properties.id))).map(toApi.property),
  additionalServices: async (db: Db) =>
    (await db.select().from(additionalServices).where(eq(additionalServices.isActive, true)).orderBy(asc(additionalServices.id))).map(
      toApi.additionalService,
    ),
  generalServices: async (db: Db) =>
    (await db.select().from(generalServices).where(eq(generalServices.isActive, true)).orderBy(asc(generalServices.id))).map(
      toApi.generalService,
    ),
};
