/**
 * Seeds the demo catalogue once. The `seed_runs` row and the data go in one transaction, so a crash mid-seed
 * leaves nothing behind and a second start (or a concurrent one) finds the marker and does nothing.
 */
import { appointmentServices, carFleets, flightSeats, restaurantHours } from './availability';
import { sql } from 'drizzle-orm';
import type { Db } from '../connect';
import {
  additionalServices,
  cars,
  flights,
  generalServices,
  hotels,
  properties,
  restaurants,
  seedRuns,
  shippingRates,
  taxiRides,
  trackingRecords,
  trackingUpdates,
} from '../schema';
import {
  ADDITIONAL_SERVICES,
  CARS,
  DEMO_TRACKING_RECORDS,
  FLIGHTS,
  GENERAL_SERVICES,
  HOTELS,
  PROPERTIES,
  RESTAURANTS,
  SHIPPING_RATES,
  TAXI_RIDES,
  demoTrackingUpdates,
} from './catalogue-data';
import { seedMenus } from './menus';
import { seedReviews } from './reviews';

export const CATALOGUE_SEED_NAME = 'catalogue-v1';

/**
 * Generated pictures show what a listing is (server/modules/catalogue/artwork.ts): the seed's wireframe URLs become
 * artwork URLs naming the listing's kind and subject (cuisine, stars, car category, property type...). The same
 * statements are in migration 0004 for databases seeded before.
 */
export const SUBJECT_ARTWORK_SQL = [
  `UPDATE "restaurants" SET "image" = '/api/placeholder/400/300?kind=restaurant&subject=' || replace(replace(replace(replace(replace(cuisine, '%', '%25'), ' ', '%20'), '&', '%26'), '#', '%23'), '+', '%2B') WHERE "image" LIKE '/api/placeholder/%' AND "image" NOT LIKE '%kind=%';`,
  `UPDATE "hotels" SET "image" = '/api/placeholder/400/300?kind=hotel&subject=' || replace(replace(replace(replace(replace(star_rating || '-star hotel', '%', '%25'), ' ', '%20'), '&', '%26'), '#', '%23'), '+', '%2B') WHERE "image" LIKE '/api/placeholder/%' AND "image" NOT LIKE '%kind=%';`,
  `UPDATE "flights" SET "image" = '/api/placeholder/400/300?kind=flight&subject=' || replace(replace(replace(replace(replace(airline, '%', '%25'), ' ', '%20'), '&', '%26'), '#', '%23'), '+', '%2B') WHERE "image" LIKE '/api/placeholder/%' AND "image" NOT LIKE '%kind=%';`,
  `UPDATE "cars" SET "image" = '/api/placeholder/400/300?kind=car&subject=' || replace(replace(replace(replace(replace(category, '%', '%25'), ' ', '%20'), '&', '%26'), '#', '%23'), '+', '%2B') WHERE "image" LIKE '/api/placeholder/%' AND "image" NOT LIKE '%kind=%';`,
  `UPDATE "properties" SET "image" = '/api/placeholder/400/300?kind=property&subject=' || replace(replace(replace(replace(replace(type, '%', '%25'), ' ', '%20'), '&', '%26'), '#', '%23'), '+', '%2B') WHERE "image" LIKE '/api/placeholder/%' AND "image" NOT LIKE '%kind=%';`,
  `UPDATE "shipping_rates" SET "image" = '/api/placeholder/400/300?kind=shipping&subject=' || replace(replace(replace(replace(replace(name, '%', '%25'), ' ', '%20'), '&', '%26'), '#', '%23'), '+', '%2B') WHERE "image" LIKE '/api/placeholder/%' AND "image" NOT LIKE '%kind=%';`,
  `UPDATE "taxi_rides" SET "image" = '/api/placeholder/400/300?kind=taxi&subject=' || replace(replace(replace(replace(replace(type, '%', '%25'), ' ', '%20'), '&', '%26'), '#', '%23'), '+', '%2B') WHERE "image" LIKE '/api/placeholder/%' AND "image" NOT LIKE '%kind=%';`,
];

/**
 * The catalogue once (seed run 'catalogue-v1'), then each restaurant's own menu ('menus-v2') and the reviews
 * ('reviews-v2'), each recorded on its own so a database seeded before gets the later runs once.
 */
export async function seedCatalogue(db: Db): Promise<{ seeded: boolean }> {
  const result = await seedCatalogueRows(db);
  await seedMenus(db);
  await seedReviews(db);
  return result;
}

/** Listings start unrated: their rating and review count come from the reviews seeded next (reviews.ts). */
const unrated = <T extends { rating?: string; reviewCount?: number }>(rows: T[]): T[] => rows.map((r) => ({ ...r, rating: '0.0', reviewCount: 0 }));

async function seedCatalogueRows(db: Db): Promise<{ seeded: boolean }> {
  return db.transaction(async (tx) => {
    const marked = await tx.insert(seedRuns).values({ name: CATALOGUE_SEED_NAME }).onConflictDoNothing().returning();
    if (marked.length === 0) return { seeded: false };

    // Menus: menus.ts (seed run 'menus-v2').
    await tx.insert(restaurants).values(unrated(restaurantHours(RESTAURANTS)));
    await tx.insert(hotels).values(unrated(HOTELS));
    await tx.insert(flights).values(flightSeats(FLIGHTS));
    await tx.insert(shippingRates).values(SHIPPING_RATES);
    await tx.insert(cars).values(unrated(carFleets(CARS)));
    await tx.insert(taxiRides).values(unrated(TAXI_RIDES));
    await tx.insert(properties).values(unrated(PROPERTIES));
    await tx.insert(generalServices).values(unrated(appointmentServices(GENERAL_SERVICES)));
    await tx.insert(additionalServices).values(ADDITIONAL_SERVICES);

    // The demo tracking numbers may already exist (e.g. created by hand); never fail the seed over them.
    const insertedTracking = await tx
      .insert(trackingRecords)
      .values(DEMO_TRACKING_RECORDS)
      .onConflictDoNothing()
      .returning({ id: trackingRecords.id });
    const newTrackingIds = new Set(insertedTracking.map((t) => t.id));
    const updates = demoTrackingUpdates(new Date()).filter((u) => newTrackingIds.has(u.trackingId));
    if (updates.length > 0) await tx.insert(trackingUpdates).values(updates);
    for (const statement of SUBJECT_ARTWORK_SQL) await tx.execute(sql.raw(statement));

    return { seeded: true };
  });
}
