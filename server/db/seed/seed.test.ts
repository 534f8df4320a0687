import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { roundedAverage } from '../../../domain/reviews/schemas';
import { ratingLabel } from '../../../domain/reviews/rating-label';
import { LISTING_KINDS } from '../../../domain/catalogue/kinds';
import { MENU_CATEGORIES } from '../../../domain/provider/schemas';
import { DEMO_CUSTOMER_DOMAIN, MAX_SEEDED_REVIEWS, REVIEWS_SEED_NAME, REVIEW_SUBJECTS, reviewPlan, starsFor } from './reviews';
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
  users,
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
import { LEGACY_MENU_NAMES, MENUS, MENUS_SEED_NAME, menuFor } from './menus';
import { seedCatalogue } from './index';
import { FLIGHT_CITY_TIME_ZONES, listRows, serverKind } from '../../modules/catalogue';

const MENU_CUISINES = ['Japanese', 'Italian', 'Chinese', 'Mexican', 'Indian'] as const;

/**
 * What each seeded restaurant's name and description promise, as patterns its menu (dish names and descriptions)
 * must match at least `n` times: Kintaro Ramen Bar sells ramen, Via Roma pizza...
 */
const PROMISES: Record<string, Array<[RegExp, number]>> = {
  'Sakura Sushi House': [[/sushi|sashimi|nigiri|roll\b/i, 3], [/udon/i, 1]],
  'Kintaro Ramen Bar': [[/ramen/i, 3], [/gyoza/i, 1], [/karaage/i, 1]],
  'Nonna Lucia Trattoria': [[/pasta|gnocchi|ravioli/i, 3], [/pizza/i, 1], [/tiramisu/i, 1]],
  'Via Roma Pizzeria': [[/pizza/i, 5]],
  'Golden Dragon Kitchen': [[/ginger beef/i, 1], [/mapo tofu/i, 1]],
  'Jade Garden Dim Sum': [[/dumpling|bao|bun/i, 3], [/hand-pulled/i, 1]],
  'La Casita Taqueria': [[/^tacos/i, 3], [/salsa/i, 2]],
  'El Mariachi Cantina': [[/\bmole\b/i, 2], [/barbacoa/i, 1], [/churros/i, 1]],
  'Taj Mahal Curry House': [[/tandoor/i, 3], [/naan/i, 1], [/curry|masala|korma/i, 2]],
  'Bombay Spice Kitchen': [[/puri|pav/i, 3], [/curry|masala/i, 2]],
  'Bangkok Orchid': [[/green curry/i, 1], [/pad thai/i, 1], [/mango sticky rice/i, 1]],
  'Prairie Smokehouse Burgers': [[/burger|smash/i, 2], [/brisket/i, 1], [/fries/i, 2]],
  'Olive & Fig Mezze': [[/souvlaki/i, 2], [/hummus/i, 1], [/pita/i, 2]],
  'Le Petit Bistro': [[/steak frites/i, 1], [/coq au vin/i, 1], [/crème brûlée/i, 1]],
  'Seoul Street Kitchen': [[/fried chicken/i, 2], [/bibimbap/i, 1], [/kimchi/i, 2]],
  'Pho Saigon Noodle House': [[/^pho\b/i, 2], [/banh mi/i, 1], [/spring rolls/i, 1]],
};

describe('menu data', () => {
  const allMenus = Object.values(MENUS);
  const allPrices = allMenus.flat().map((i) => i.priceCents);

  it('gives every seeded restaurant a menu of its own: 6 to 8 dishes, no dish on two menus', () => {
    expect(Object.keys(MENUS).sort()).toEqual(RESTAURANTS.map((r) => r.name).sort());
    for (const r of RESTAURANTS) {
      const menu = menuFor(r.name);
      expect(menu.length, r.name).toBeGreaterThanOrEqual(6);
      expect(menu.length, r.name).toBeLessThanOrEqual(8);
      expect(menu.some((m) => m.category === 'Mains'), r.name).toBe(true);
      for (const m of menu) expect(MENU_CATEGORIES).toContain(m.category);
    }
    const names = allMenus.flat().map((m) => m.name.toLowerCase());
    expect(new Set(names).size).toBe(names.length);
    // None of the old shared per-cuisine dishes is served again under the same name.
    for (const legacy of LEGACY_MENU_NAMES) expect(names).not.toContain(legacy.toLowerCase());
    expect(menuFor('A restaurant a provider registered')).toEqual([]);
    expect(menuFor('toString')).toEqual([]);
  });

  it("matches each restaurant's name, cuisine and description", () => {
    expect(Object.keys(PROMISES).sort()).toEqual(RESTAURANTS.map((r) => r.name).sort());
    for (const [name, promises] of Object.entries(PROMISES)) {
      const texts = menuFor(name).map((m) => `${m.name}. ${m.description}`);
      for (const [pattern, n] of promises) expect(texts.filter((t) => pattern.test(t)).length, `${name} ${pattern}`).toBeGreaterThanOrEqual(n);
    }
  });

  it('keeps every price in whole cents between $4.99 and $22.99, hitting both bounds', () => {
    for (const p of allPrices) {
      expect(Number.isInteger(p)).toBe(true);
      expect(p).toBeGreaterThanOrEqual(499);
      expect(p).toBeLessThanOrEqual(2299);
    }
    expect(allPrices).toContain(499);
    expect(allPrices).toContain(2299);
  });

  it('gives every item a name and a description', () => {
    for (const item of allMenus.flat()) {
      expect(item.name.trim().length).toBeGreaterThan(0);
      expect(item.description.trim().length).toBeGreaterThan(10);
    }
  });
});

describe('review plan', () => {
  const plans = Object.entries(REVIEW_SUBJECTS).flatMap(([kind, subjects]) =>
    subjects.map((subject, i) => ({ kind, subject, plan: reviewPlan(kind as keyof typeof REVIEW_SUBJECTS, i, subject) })),
  );

  it('plans a few reviews per listing, 0 to 6 and varying, some listings none', () => {
    const counts = plans.map((p) => p.plan.length);
    for (const n of counts) expect(n).toBeLessThanOrEqual(MAX_SEEDED_REVIEWS);
    expect(new Set(counts).size).toBe(MAX_SEEDED_REVIEWS + 1);
    expect(counts.filter((n) => n === 0).length).toBeGreaterThanOrEqual(3);
    expect(counts.filter((n) => n === 10)).toEqual([]);
  });

  it('never repeats a text, and a restaurant review names a dish of its own menu', () => {
    const texts = plans.flatMap((p) => p.plan.map((r) => r.comment).filter((c): c is string => c !== null));
    expect(texts.length).toBeGreaterThan(100);
    expect(new Set(texts).size).toBe(texts.length);
    for (const { kind, subject, plan } of plans) {
      for (const r of plan) {
        if (!r.comment) continue;
        if (kind === 'restaurant') expect(subject.dishes.some((d) => r.comment!.includes(d)), r.comment).toBe(true);
        else expect(r.comment.includes(subject.name) || (subject.city !== '' && r.comment.includes(subject.city)), r.comment).toBe(true);
      }
      // One review per demo customer and listing.
      expect(new Set(plan.map((r) => r.customer)).size).toBe(plan.length);
    }
  });

  it('draws the stars around the listing\'s level and dates them over the past eight months', () => {
    expect(starsFor(4.7, 3, false)).toEqual([5, 5, 4]);
    expect(starsFor(4.5, 4, true)).toEqual([5, 5, 5, 3]);
    expect(starsFor(4.5, 4, false)).toEqual([5, 5, 4, 4]);
    expect(starsFor(4.9, 0, false)).toEqual([]);
    const days = plans.flatMap((p) => p.plan.map((r) => r.daysAgo));
    for (const d of days) {
      expect(d).toBeGreaterThanOrEqual(3);
      expect(d).toBeLessThanOrEqual(240);
    }
    expect(new Set(days.map((d) => Math.floor(d / 30))).size).toBeGreaterThanOrEqual(7);
    for (const { subject, plan } of plans) {
      if (plan.length === 0) continue;
      expect(Math.abs(roundedAverage(plan.map((r) => r.rating)) - subject.target)).toBeLessThanOrEqual(0.5);
    }
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
    expect(first.menuItems).toBe(Object.values(MENUS).flat().length);
    expect(first.trackingRecords).toBe(3);
    // The catalogue, the menus (menus.ts) and the reviews (reviews.ts) are recorded separately.
    const runs = await database.db.select({ name: seedRuns.name }).from(seedRuns);
    expect(runs.map((r) => r.name).sort()).toEqual(['catalogue-v1', MENUS_SEED_NAME, REVIEWS_SEED_NAME].sort());
  });

  /** Every rated listing: its stored rating and count are those of its visible reviews ('0.0' and 0 without any). */
  async function expectRatingsFromReviews() {
    let unrated = 0;
    for (const info of Object.values(LISTING_KINDS).filter((k) => k.rated)) {
      const rows = await listRows(database.db, serverKind(info.kind));
      const visible = await database.db.select().from(reviews).where(and(eq(reviews.serviceType, info.serviceType), eq(reviews.hidden, false)));
      for (const row of rows) {
        const stars = visible.filter((r) => r.serviceId === row.id).map((r) => r.rating);
        expect(row.reviewCount, `${info.kind} ${String(row[info.nameKey])}`).toBe(stars.length);
        expect(row.rating).toBe(stars.length > 0 ? roundedAverage(stars).toFixed(1) : '0.0');
        if (stars.length === 0) {
          unrated += 1;
          expect(ratingLabel(Number(row.rating), Number(row.reviewCount))).toBe('New');
        }
      }
    }
    return unrated;
  }

  it("seeds a few varied, dated reviews per listing and computes each listing's rating and count from them", async () => {
    const rows = await database.db.select().from(reviews);
    const perListing = new Map<string, typeof rows>();
    for (const r of rows) perListing.set(`${r.serviceType}:${r.serviceId}`, [...(perListing.get(`${r.serviceType}:${r.serviceId}`) ?? []), r]);
    for (const mine of perListing.values()) {
      expect(mine.length).toBeLessThanOrEqual(MAX_SEEDED_REVIEWS);
      expect(new Set(mine.map((r) => r.userId)).size).toBe(mine.length);
    }
    expect(new Set([...perListing.values()].map((m) => m.length)).size).toBeGreaterThanOrEqual(5);
    const texts = rows.map((r) => r.comment).filter((c): c is string => c !== null);
    expect(new Set(texts).size).toBe(texts.length);
    const now = Date.now();
    for (const r of rows) {
      expect(r.createdAt.getTime()).toBeLessThan(now - 2 * 86_400_000);
      expect(r.createdAt.getTime()).toBeGreaterThan(now - 250 * 86_400_000);
    }
    expect(await expectRatingsFromReviews()).toBeGreaterThanOrEqual(3);
    // A listing with reviews, and one without ('New').
    const [kintaro] = await database.db.select().from(restaurants).where(eq(restaurants.name, 'Kintaro Ramen Bar'));
    expect(kintaro.reviewCount).toBeGreaterThan(0);
    const [bangkok] = await database.db.select().from(restaurants).where(eq(restaurants.name, 'Bangkok Orchid'));
    expect([bangkok.rating, bangkok.reviewCount]).toEqual(['0.0', 0]);
  });

  it('gives every seeded restaurant its own menu, in order, with categories', async () => {
    const rows = await database.db.select().from(restaurants);
    const items = await database.db.select().from(menuItems);
    for (const r of rows) {
      const mine = items.filter((i) => i.restaurantId === r.id).sort((a, b) => a.position - b.position);
      expect(mine.map((i) => i.position)).toEqual(menuFor(r.name).map((_, i) => i));
      expect(mine.map((i) => [i.name, i.description, i.priceCents, i.category, i.available])).toEqual(
        menuFor(r.name).map((m) => [m.name, m.description, m.priceCents, m.category, true]),
      );
    }
    const [kintaro] = rows.filter((r) => r.name === 'Kintaro Ramen Bar');
    expect(items.filter((i) => i.restaurantId === kintaro.id).map((i) => i.name)).toContain('Tonkotsu Ramen');
  });

  it('stores arrays and coordinates as given', async () => {
    const [sakura] = await database.db.select().from(restaurants).where(sql`${restaurants.name} = 'Sakura Sushi House'`);
    expect(sakura.lat).toBe(RESTAURANTS[0].lat);
    expect(sakura.deliveryFeeCents).toBe(299);
    const hotelRows = await database.db.select().from(hotels);
    for (const h of hotelRows) expect(h.amenities.length).toBeGreaterThan(0);
    const [tracking] = await database.db
      .select()
      .from(trackingRecords)
      .where(sql`${trackingRecords.trackingNumber} = 'GL1234567890CA'`);
    expect(tracking.destination.lat).toBeTypeOf('number');
  });

  it('re-seeds a database seeded before: shared menus replaced unless the provider edited them, old reviews replaced, customers\' reviews kept and counted', async () => {
    // The state the earlier seed left: two restaurants with the shared Japanese menu (one since edited by its
    // provider), ten demo reviews with one repeated text on a hotel claiming '(10)', a customer's own review, and
    // only the old seed runs recorded.
    const [kintaro] = await database.db.select().from(restaurants).where(eq(restaurants.name, 'Kintaro Ramen Bar'));
    const [sakura] = await database.db.select().from(restaurants).where(eq(restaurants.name, 'Sakura Sushi House'));
    const oldJapanese = ['Miso Soup', 'California Roll', 'Salmon Sashimi', 'Chicken Teriyaki Bento', 'Chef Omakase Platter'];
    for (const r of [kintaro, sakura]) {
      await database.db.delete(menuItems).where(eq(menuItems.restaurantId, r.id));
      await database.db.insert(menuItems).values(oldJapanese.map((name, position) => ({ restaurantId: r.id, name, description: 'old', priceCents: 999, position })));
    }
    await database.db.insert(menuItems).values({ restaurantId: sakura.id, name: 'Dragon Roll', description: 'Added by the provider', priceCents: 1899, position: 5 });
    const [hotel] = await database.db.select().from(hotels).where(eq(hotels.name, HOTELS[9].name));
    const demo = await database.db.select({ id: users.id }).from(users).where(sql`${users.email} like ${'%@' + DEMO_CUSTOMER_DOMAIN}`);
    expect(demo).toHaveLength(10);
    await database.db.delete(reviews).where(and(eq(reviews.serviceType, 'hotels'), eq(reviews.serviceId, hotel.id)));
    await database.db.insert(reviews).values(demo.map((u) => ({ userId: u.id, serviceType: 'hotels', serviceId: hotel.id, rating: 5, comment: 'Excellent from start to finish, would book again.' })));
    const [customer] = await database.db.insert(users).values({ username: 'realguest', email: 'realguest@example.com', passwordHash: 'x', role: 'user' }).returning();
    await database.db.insert(reviews).values({ userId: customer.id, serviceType: 'hotels', serviceId: hotel.id, rating: 3, comment: 'My own words.', verified: true });
    await database.db.update(hotels).set({ rating: '5.0', reviewCount: 10 }).where(eq(hotels.id, hotel.id));
    await database.db.delete(seedRuns).where(inArray(seedRuns.name, [MENUS_SEED_NAME, REVIEWS_SEED_NAME]));
    await database.db.insert(seedRuns).values({ name: 'reviews-v1' });

    expect(await seedCatalogue(database.db)).toEqual({ seeded: false });
    const menuOf = async (id: number) =>
      (await database.db.select().from(menuItems).where(eq(menuItems.restaurantId, id))).sort((a, b) => a.position - b.position).map((i) => i.name);
    expect(await menuOf(kintaro.id)).toEqual(menuFor('Kintaro Ramen Bar').map((m) => m.name));
    // Edited by its provider: left as it is.
    expect(await menuOf(sakura.id)).toEqual([...oldJapanese, 'Dragon Roll']);
    // The hotel's old demo reviews are gone; the customer's stays and is the only one counted (the plan gives it none).
    const hotelReviews = await database.db.select().from(reviews).where(and(eq(reviews.serviceType, 'hotels'), eq(reviews.serviceId, hotel.id)));
    expect(hotelReviews.map((r) => r.comment)).toEqual(['My own words.']);
    const [after] = await database.db.select().from(hotels).where(eq(hotels.id, hotel.id));
    expect([after.rating, after.reviewCount]).toEqual(['3.0', 1]);
    await expectRatingsFromReviews();
    const texts = (await database.db.select().from(reviews)).map((r) => r.comment).filter((c): c is string => c !== null);
    expect(new Set(texts).size).toBe(texts.length);

    // Idempotent: a further start changes nothing.
    const before = await counts();
    const reviewCount = async () => Number((await database.db.select({ n: count() }).from(reviews))[0].n);
    const reviewsBefore = await reviewCount();
    expect(await seedCatalogue(database.db)).toEqual({ seeded: false });
    expect(await counts()).toEqual(before);
    expect(await reviewCount()).toBe(reviewsBefore);
  });
});
