/**
 * Seeds the demo catalogue once. The `seed_runs` row and the data go in one transaction, so a crash mid-seed
 * leaves nothing behind and a second start (or a concurrent one) finds the marker and does nothing.
 */
import type { Db } from '../connect';
import {
  additionalServices,
  cars,
  flights,
  generalServices,
  hotels,
  menuItems,
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
  menuForCuisine,
} from './catalogue-data';
import { seedReviews } from './reviews';

export const CATALOGUE_SEED_NAME = 'catalogue-v1';

export async function seedCatalogue(db: Db): Promise<{ seeded: boolean }> {
  const result = await seedCatalogueRows(db);
  await seedReviews(db);
  return result;
}

async function seedCatalogueRows(db: Db): Promise<{ seeded: boolean }> {
  return db.transaction(async (tx) => {
    const marked = await tx.insert(seedRuns).values({ name: CATALOGUE_SEED_NAME }).onConflictDoNothing().returning();
    if (marked.length === 0) return { seeded: false };

    const insertedRestaurants = await tx
      .insert(restaurants)
      .values(RESTAURANTS)
      .returning({ id: restaurants.id, cuisine: restaurants.cuisine });
    const menuRows: (typeof menuItems.$inferInsert)[] = insertedRestaurants.flatMap((r) =>
      menuForCuisine(r.cuisine).map((item, position) => ({
        restaurantId: r.id,
        name: item.name,
        description: item.description,
        priceCents: item.priceCents,
        position,
      })),
    );
    if (menuRows.length > 0) await tx.insert(menuItems).values(menuRows);

    await tx.insert(hotels).values(HOTELS);
    await tx.insert(flights).values(FLIGHTS);
    await tx.insert(shippingRates).values(SHIPPING_RATES);
    await tx.insert(cars).values(CARS);
    await tx.insert(taxiRides).values(TAXI_RIDES);
    await tx.insert(properties).values(PROPERTIES);
    await tx.insert(generalServices).values(GENERAL_SERVICES);
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

    return { seeded: true };
  });
}
