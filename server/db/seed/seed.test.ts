import { count, eq, sql } from 'drizzle-orm';
import { roundedAverage } from '../../../domain/reviews/schemas';
import { REVIEWS_PER_LISTING, ratingsFor } from './reviews';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../connect';
import { createTestDatabase } from '../../testing/test-db';
import {
  additionalServices,
  cars,
  flights,
  generalServices,
  hotels,
  menuItems,
  properties,
  restaurants,
  reviews,
  seedRuns,
  shippingRates,
  taxiRides,
  trackingRecords,
  trackingUpdates,
} from '../schema';
import {
  ADDITIONAL_SERVICES,
  CARS,
  DEFAULT_MENU,
  DEMO_TRACKING_RECORDS,
  FLIGHTS,
  FLIGHT_CITY_TIME_ZONES,
  GENERAL_SERVICES,
  HOTELS,
  MENUS_BY_CUISINE,
  PROPERTIES,
  RESTAURANTS,
  SHIPPING_RATES,
  TAXI_RIDES,
  demoTrackingUpdates,
  menuForCuisine,
} from './catalogue-data';
import { seedCatalogue } from './index';

const MENU_CUISINES = ['Japanese', 'Italian', 'Chinese', 'Mexican', 'Indian'] as const;

describe('menu data', () => {
  const allMenus = [...Object.values(MENUS_BY_CUISINE), DEFAULT_MENU];
  const allPrices = allMenus.flat().map((i) => i.priceCents);

  it('has exactly 5 items for each generated cuisine and for the default menu', () => {
    expect(Object.keys(MENUS_BY_CUISINE).sort()).toEqual([...MENU_CUISINES].sort());
    for (const menu of allMenus) expect(menu).toHaveLength(5);
  });

  it('keeps every price between $4.99 and $22.99, hitting both bounds', () => {
    for (const p of allPrices) {
      expect(Number.isInteger(p)).toBe(true);
      expect(p).toBeGreaterThanOrEqual(499);
      expect(p).toBeLessThanOrEqual(2299);
    }
    expect(allPrices).toContain(499);
    expect(allPrices).toContain(2299);
  });

  it('gives every item a name and description', () => {
    for (const item of allMenus.flat()) {
      expect(item.name.length).toBeGreaterThan(0);
      expect(item.description.length).toBeGreaterThan(0);
    }
  });

  it('menuForCuisine returns the cuisine menu or the default', () => {
    for (const c of MENU_CUISINES) expect(menuForCuisine(c)).toBe(MENUS_BY_CUISINE[c]);
    expect(menuForCuisine('Thai')).toBe(DEFAULT_MENU);
    expect(menuForCuisine('')).toBe(DEFAULT_MENU);
    expect(menuForCuisine('toString')).toBe(DEFAULT_MENU);
  });
});

describe('catalogue data', () => {
  it('has at least 2 restaurants for each generated cuisine and 14 in all', () => {
    expect(RESTAURANTS.length).toBeGreaterThanOrEqual(14);
    for (const c of MENU_CUISINES) expect(RESTAURANTS.filter((r) => r.cuisine === c).length).toBeGreaterThanOrEqual(2);
  });

  it('points every image at the local placeholder endpoint with distinct keys', () => {
    const images = [
      ...RESTAURANTS,
      ...HOTELS,
      ...FLIGHTS,
      ...SHIPPING_RATES,
      ...CARS,
      ...TAXI_RIDES,
      ...PROPERTIES,
    ].map((x) => x.image ?? '');
    for (const img of images) expect(img).toMatch(/^\/api\/placeholder\/400\/300\?(random|hotel)=\d+$/);
    expect(new Set(images).size).toBe(images.length);
    for (const h of HOTELS) expect(h.image).toMatch(/\?hotel=\d+$/);
  });

  it('has 10 hotels in 10 different cities', () => {
    expect(HOTELS).toHaveLength(10);
    expect(new Set(HOTELS.map((h) => h.location)).size).toBe(10);
    for (const h of HOTELS) {
      expect(h.starRating).toBeGreaterThanOrEqual(2);
      expect(h.starRating).toBeLessThanOrEqual(5);
      expect(h.maxGuests).toBeGreaterThanOrEqual(2);
      expect(h.maxGuests).toBeLessThanOrEqual(6);
    }
  });

  it('has flight times consistent with the durations in local (northern summer) time', () => {
    expect(FLIGHTS).toHaveLength(24);
    const ref = new Date(Date.UTC(2025, 6, 15, 12));
    const offsetMinutes = (tz: string) => {
      const name = new Intl.DateTimeFormat('en-US', { timeZone: tz, timeZoneName: 'longOffset' })
        .formatToParts(ref)
        .find((p) => p.type === 'timeZoneName')?.value;
      const m = name?.match(/GMT([+-])(\d\d):(\d\d)/);
      return m ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) : 0;
    };
    const minutes = (hhmm: string) => {
      expect(hhmm).toMatch(/^([01]\d|2[0-3]):[0-5]\d$/);
      const [h, m] = hhmm.split(':').map(Number);
      return h * 60 + m;
    };
    for (const f of FLIGHTS) {
      const fromTz = FLIGHT_CITY_TIME_ZONES[f.departureCity];
      const toTz = FLIGHT_CITY_TIME_ZONES[f.arrivalCity];
      expect(fromTz, f.departureCity).toBeDefined();
      expect(toTz, f.arrivalCity).toBeDefined();
      const d = (f.duration ?? '').match(/^(\d+)h (\d\d)m$/);
      expect(d, f.flightNumber).not.toBeNull();
      const durationMin = Number(d?.[1]) * 60 + Number(d?.[2]);
      const arrival = minutes(f.departureTime) - offsetMinutes(fromTz) + durationMin + offsetMinutes(toTz);
      expect(((arrival % 1440) + 1440) % 1440, f.flightNumber).toBe(minutes(f.arrivalTime));
    }
    const route = (a: string, b: string) => FLIGHTS.filter((f) => f.departureCity === a && f.arrivalCity === b).length;
    expect(route('Toronto', 'Vancouver')).toBeGreaterThanOrEqual(2);
    expect(route('Vancouver', 'Toronto')).toBeGreaterThanOrEqual(1);
    expect(FLIGHTS.some((f) => f.departureCity === 'Regina' || f.arrivalCity === 'Regina')).toBe(true);
  });

  it('has shipping rates at all three speeds with matching delivery times', () => {
    expect(SHIPPING_RATES).toHaveLength(8);
    const expected = { standard: '5-7 business days', express: '2-3 business days', overnight: '1 business day' };
    for (const s of SHIPPING_RATES) expect(s.deliveryTime).toBe(expected[s.speed ?? 'standard']);
    expect(new Set(SHIPPING_RATES.map((s) => s.speed))).toEqual(new Set(['standard', 'express', 'overnight']));
  });

  it('covers every car category', () => {
    expect(CARS).toHaveLength(10);
    expect(new Set(CARS.map((c) => c.category))).toEqual(new Set(['Economy', 'Compact', 'SUV', 'Luxury', 'Van', 'Electric']));
  });

  it('has exactly the three taxi ride types with the spec fares', () => {
    expect(TAXI_RIDES.map((t) => [t.type, t.baseFareCents, t.perKmCents, t.passengers, t.icon])).toEqual([
      ['Economy', 350, 125, 4, 'car'],
      ['Premium', 500, 175, 4, 'car-front'],
      ['SUV/Van', 650, 225, 6, 'bus'],
    ]);
  });

  it('covers every property type and price range', () => {
    expect(PROPERTIES).toHaveLength(12);
    expect(new Set(PROPERTIES.map((p) => p.type))).toEqual(new Set(['Apartment', 'House', 'Condo', 'Studio', 'Penthouse']));
    for (const p of PROPERTIES) if (p.type === 'Studio') expect(p.bedrooms).toBe(0);
    const inRange = (lo: number, hi: number) =>
      PROPERTIES.filter((p) => p.pricePerMonthCents >= lo * 100 && p.pricePerMonthCents < hi * 100).length;
    expect(inRange(500, 1000)).toBeGreaterThanOrEqual(2);
    expect(inRange(1000, 2000)).toBeGreaterThanOrEqual(2);
    expect(inRange(2000, 3000)).toBeGreaterThanOrEqual(2);
    expect(inRange(3000, Number.POSITIVE_INFINITY)).toBeGreaterThanOrEqual(2);
  });

  it('has 12 general services in distinct categories with priceCents at the lower bound of price', () => {
    expect(GENERAL_SERVICES).toHaveLength(12);
    expect(new Set(GENERAL_SERVICES.map((g) => g.category)).size).toBe(12);
    for (const g of GENERAL_SERVICES) {
      const m = (g.price ?? '').match(/^\$(\d+) - \$(\d+)$/);
      expect(m, g.name).not.toBeNull();
      expect(g.priceCents).toBe(Number(m?.[1]) * 100);
    }
  });

  it('spreads the demo tracking updates over the days before now', () => {
    const now = new Date('2030-01-10T12:00:00Z');
    const updates = demoTrackingUpdates(now);
    for (const r of DEMO_TRACKING_RECORDS) {
      const n = updates.filter((u) => u.trackingId === r.id).length;
      expect(n).toBeGreaterThanOrEqual(2);
      expect(n).toBeLessThanOrEqual(4);
    }
    for (const u of updates) {
      const t = u.timestamp?.getTime() ?? Number.NaN;
      expect(t).toBeLessThan(now.getTime());
      expect(t).toBeGreaterThan(now.getTime() - 7 * 24 * 3600 * 1000);
    }
    expect(DEMO_TRACKING_RECORDS.map((r) => r.status).sort()).toEqual(['active', 'completed', 'pending']);
  });
});


describe('seedCatalogue', () => {
  let database: Database;
  let drop: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    ({ database, drop } = await createTestDatabase());
  });

  afterAll(async () => {
    await drop?.();
  });

  const tables: Record<string, PgTable> = {
    restaurants,
    menuItems,
    hotels,
    flights,
    shippingRates,
    cars,
    taxiRides,
    properties,
    generalServices,
    additionalServices,
    trackingRecords,
    trackingUpdates,
    seedRuns,
  };

  async function counts(): Promise<Record<string, number>> {
    const out: Record<string, number> = {};
    for (const [name, table] of Object.entries(tables)) {
      const [row] = await database.db.select({ n: count() }).from(table);
      out[name] = Number(row.n);
    }
    return out;
  }

  it('seeds once, then does nothing on a second call', async () => {
    expect(await seedCatalogue(database.db)).toEqual({ seeded: true });
    const first = await counts();

    expect(await seedCatalogue(database.db)).toEqual({ seeded: false });
    expect(await counts()).toEqual(first);

    expect(first.restaurants).toBeGreaterThanOrEqual(14);
    expect(first.hotels).toBeGreaterThanOrEqual(10);
    expect(first.flights).toBeGreaterThanOrEqual(24);
    expect(first.shippingRates).toBeGreaterThanOrEqual(8);
    expect(first.cars).toBeGreaterThanOrEqual(10);
    expect(first.taxiRides).toBe(3);
    expect(first.properties).toBeGreaterThanOrEqual(12);
    expect(first.generalServices).toBeGreaterThanOrEqual(12);
    expect(first.additionalServices).toBeGreaterThanOrEqual(1);
    expect(first.additionalServices).toBe(ADDITIONAL_SERVICES.length);
    expect(first.restaurants).toBe(RESTAURANTS.length);
    expect(first.menuItems).toBe(first.restaurants * 5);
    expect(first.trackingRecords).toBe(3);
    // The catalogue and its reviews (server/db/seed/reviews.ts) are recorded separately.
    expect(first.seedRuns).toBe(2);
  });

  it('seeds ten real reviews per rated listing whose average is the listing\'s stored rating', async () => {
    const hotelRows = await database.db.select().from(hotels);
    const reviewRows = await database.db.select().from(reviews).where(eq(reviews.serviceType, 'hotels'));
    for (const h of hotelRows) {
      const mine = reviewRows.filter((r) => r.serviceId === h.id).map((r) => r.rating);
      expect(mine).toHaveLength(REVIEWS_PER_LISTING);
      expect(h.reviewCount).toBe(REVIEWS_PER_LISTING);
      expect(roundedAverage(mine).toFixed(1)).toBe(h.rating);
      // Ten different demo customers.
      expect(new Set(reviewRows.filter((r) => r.serviceId === h.id).map((r) => r.userId)).size).toBe(REVIEWS_PER_LISTING);
    }
    expect(ratingsFor(4.7).sort()).toEqual([4, 4, 4, 5, 5, 5, 5, 5, 5, 5]);
    expect(ratingsFor(0)).toEqual([]);
  });

  it('gives every restaurant its 5 cuisine menu items at positions 0..4', async () => {
    const rows = await database.db.select().from(restaurants);
    const items = await database.db.select().from(menuItems);
    for (const r of rows) {
      const mine = items.filter((i) => i.restaurantId === r.id).sort((a, b) => a.position - b.position);
      expect(mine.map((i) => i.position)).toEqual([0, 1, 2, 3, 4]);
      expect(mine.map((i) => [i.name, i.priceCents])).toEqual(menuForCuisine(r.cuisine).map((m) => [m.name, m.priceCents]));
    }
  });

  it('stores ratings, arrays and coordinates as given', async () => {
    const [sakura] = await database.db.select().from(restaurants).where(sql`${restaurants.name} = 'Sakura Sushi House'`);
    expect(sakura.rating).toBe('4.7');
    expect(sakura.lat).toBe('50.439812');
    expect(sakura.deliveryFeeCents).toBe(299);
    const hotelRows = await database.db.select().from(hotels);
    for (const h of hotelRows) expect(h.amenities.length).toBeGreaterThan(0);
    const [tracking] = await database.db
      .select()
      .from(trackingRecords)
      .where(sql`${trackingRecords.trackingNumber} = 'GL1234567890CA'`);
    expect(tracking.destination.lat).toBeTypeOf('number');
  });
});
