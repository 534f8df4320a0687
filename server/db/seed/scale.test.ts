import { asc, count, eq, inArray } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { locationDirectory } from '../../modules/locations';
import { createTestDatabase } from '../../testing/test-db';
import type { Database } from '../connect';
import { cars, flights, generalServices, hotels, menuItems, properties, restaurants, shippingRates, taxiRides } from '../schema';
import { RESTAURANTS } from './catalogue-data';
import { countScaleListings, distanceKm, ensureScaleProviders, SCALE_JITTER_MAX_KM, seedScale } from './scale';

type Opened = Awaited<ReturnType<typeof createTestDatabase>>;

/** Every scale listing's display name, by kind, in id order. */
async function namesOf(database: Database) {
  const db = database.db;
  const owners = await ensureScaleProviders(db);
  const owned = (t: { ownerId: AnyPgColumn }) => inArray(t.ownerId, owners);
  return {
    restaurant: (await db.select({ n: restaurants.name }).from(restaurants).where(owned(restaurants)).orderBy(asc(restaurants.id))).map((r) => r.n),
    hotel: (await db.select({ n: hotels.name }).from(hotels).where(owned(hotels)).orderBy(asc(hotels.id))).map((r) => r.n),
    property: (await db.select({ n: properties.title }).from(properties).where(owned(properties)).orderBy(asc(properties.id))).map((r) => r.n),
    car: (await db.select({ n: cars.model }).from(cars).where(owned(cars)).orderBy(asc(cars.id))).map((r) => r.n),
    flight: (await db.select({ n: flights.flightNumber }).from(flights).where(owned(flights)).orderBy(asc(flights.id))).map((r) => r.n),
    'taxi-ride': (await db.select({ n: taxiRides.type }).from(taxiRides).where(owned(taxiRides)).orderBy(asc(taxiRides.id))).map((r) => r.n),
    'shipping-rate': (await db.select({ n: shippingRates.name }).from(shippingRates).where(owned(shippingRates)).orderBy(asc(shippingRates.id))).map((r) => r.n),
    'general-service': (await db.select({ n: generalServices.name }).from(generalServices).where(owned(generalServices)).orderBy(asc(generalServices.id))).map((r) => r.n),
  };
}

describe('the scale catalogue (seed:scale)', () => {
  let first: Opened;
  let second: Opened | undefined;

  beforeAll(async () => {
    first = await createTestDatabase();
    const result = await seedScale(first.database.db, { listings: 200, batchSize: 64 });
    expect(result).toMatchObject({ before: 0, added: 200, total: 200 });
  }, 120_000);

  afterAll(async () => {
    await first?.drop();
    await second?.drop();
  });

  it('adds 200 listings spread across the kinds, beside the demo catalogue', async () => {
    const names = await namesOf(first.database);
    const perKind = Object.fromEntries(Object.entries(names).map(([kind, list]) => [kind, list.length]));
    expect(Object.values(perKind).reduce((a, b) => a + b, 0)).toBe(200);
    // Restaurants, properties and hotels most; every kind a marketplace lists is there at 200.
    expect(Object.values(perKind).every((n) => n > 0)).toBe(true);
    expect(perKind.restaurant).toBeGreaterThan(perKind.car);
    expect(perKind.property).toBeGreaterThan(perKind.flight);
    expect(perKind.hotel).toBeGreaterThan(perKind['taxi-ride']);
    // The demo listings are still there, and no generated one took a demo name.
    const demo = await first.database.db.select({ id: restaurants.id }).from(restaurants).where(eq(restaurants.name, 'Via Roma Pizzeria'));
    expect(demo).toHaveLength(1);
    const demoNames = new Set(RESTAURANTS.map((r) => r.name));
    expect(names.restaurant.filter((n) => demoNames.has(n))).toEqual([]);
  });

  it('gives every generated restaurant a menu of 8 to 20 dishes', async () => {
    const owners = await ensureScaleProviders(first.database.db);
    const menus = await first.database.db
      .select({ restaurant: restaurants.id, dishes: count(menuItems.id) })
      .from(restaurants)
      .leftJoin(menuItems, eq(menuItems.restaurantId, restaurants.id))
      .where(inArray(restaurants.ownerId, owners))
      .groupBy(restaurants.id);
    expect(menus.length).toBeGreaterThan(0);
    for (const m of menus) {
      expect(m.dishes).toBeGreaterThanOrEqual(8);
      expect(m.dishes).toBeLessThanOrEqual(20);
    }
  });

  it('places every place-based listing within a few km of the directory city it names', async () => {
    const db = first.database.db;
    const owners = await ensureScaleProviders(db);
    const places = [
      ...(await db.select({ text: restaurants.address, lat: restaurants.lat, lng: restaurants.lng }).from(restaurants).where(inArray(restaurants.ownerId, owners))),
      ...(await db.select({ text: hotels.location, lat: hotels.lat, lng: hotels.lng }).from(hotels).where(inArray(hotels.ownerId, owners))),
      ...(await db.select({ text: properties.location, lat: properties.lat, lng: properties.lng }).from(properties).where(inArray(properties.ownerId, owners))),
      ...(await db.select({ text: cars.location, lat: cars.lat, lng: cars.lng }).from(cars).where(inArray(cars.ownerId, owners))),
    ];
    expect(places.length).toBeGreaterThan(100);
    const cities = locationDirectory().index.entries.filter((e) => e.entry.type === 'city').map((e) => e.entry);
    for (const place of places) {
      expect(place.lat).not.toBeNull();
      expect(place.lng).not.toBeNull();
      const point = { lat: Number(place.lat), lng: Number(place.lng) };
      const country = place.text.split(', ').at(-1);
      const named = cities.filter((c) => c.country === country && place.text.includes(c.name));
      expect(named.length, place.text).toBeGreaterThan(0);
      const nearest = Math.min(...named.map((c) => distanceKm(c, point)));
      expect(nearest, `${place.text} at ${point.lat},${point.lng}`).toBeLessThanOrEqual(SCALE_JITTER_MAX_KM);
    }
  });

  it('is deterministic: a database grown to 100 and then to 200 holds the same listings', async () => {
    second = await createTestDatabase();
    expect(await seedScale(second.database.db, { listings: 100, batchSize: 30 })).toMatchObject({ before: 0, added: 100 });
    expect(await seedScale(second.database.db, { listings: 200, batchSize: 1000 })).toMatchObject({ before: 100, added: 100, total: 200 });
    expect(await namesOf(second.database)).toEqual(await namesOf(first.database));
  }, 120_000);

  it('adds nothing when the database already holds as many', async () => {
    const result = await seedScale(first.database.db, { listings: 150 });
    expect(result).toMatchObject({ before: 200, added: 0, total: 200 });
    expect(await countScaleListings(first.database.db)).toBe(200);
  }, 60_000);
});
