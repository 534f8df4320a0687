import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayUtc } from '../../../domain/catalogue/pricing';
import { cars, hotels, properties } from '../../db/schema';
import type { Db } from '../../db/connect';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createTwoInstances } from '../../testing/two-instances';
import { rowsOf } from './listings';
import { customers, invariantViolations, tryBook } from './test-helpers';

/**
 * Issue 25's races: however many customers ask at once, the database sells each unit once. Runs on PGlite, on
 * PostgreSQL when DATABASE_URL is set (a pool of ten connections: real interleaving), and across two instances (two
 * pools on one database) with DATABASE_URL and REDIS_URL.
 */
const N = 200;
const day = (n: number) => addDays(todayUtc(), n);

type Target = { db: Db };

/** Sends `n` bookings at once, alternating between the instances given; returns how many held and every refusal. */
async function race(targets: Target[], users: number[], line: (i: number) => Parameters<typeof tryBook>[2], total: (i: number) => number) {
  const results = await Promise.all(users.map((u, i) => tryBook(targets[i % targets.length].db, u, line(i), total(i))));
  return { held: results.filter((r) => r.ok).length, refusals: results.flatMap((r) => (r.ok ? [] : [r])) };
}

async function races(targets: Target[], db: Db, tag: string) {
  const [hotel] = await db.select().from(hotels).orderBy(asc(hotels.id)).limit(1);
  const [car] = await db.select().from(cars).orderBy(asc(cars.id)).limit(1);
  const [property] = await db.select().from(properties).orderBy(asc(properties.id)).limit(1);

  // The last room of one night: the hotel has 28 rooms, 27 of them already sold that night.
  await db.update(hotels).set({ rooms: 28 }).where(eq(hotels.id, hotel.id));
  const [seller] = await customers(db, 1, `${tag}s`);
  const night = { checkIn: day(40), checkOut: day(41) };
  const first = await tryBook(db, seller, { serviceType: 'hotels', serviceId: hotel.id, details: { ...night, rooms: 9, guests: 1 } }, (hotel.pricePerNightCents * 9) / 100);
  expect(first.ok).toBe(true);
  for (const rooms of [9, 9]) {
    const more = await tryBook(db, seller, { serviceType: 'hotels', serviceId: hotel.id, details: { ...night, rooms, guests: 1 } }, (hotel.pricePerNightCents * rooms) / 100);
    expect(more.ok).toBe(true);
  }
  const lastRoom = await race(
    targets,
    await customers(db, N, `${tag}h`),
    () => ({ serviceType: 'hotels', serviceId: hotel.id, details: { ...night, rooms: 1, guests: 1 } }),
    () => hotel.pricePerNightCents / 100,
  );
  expect(lastRoom.held).toBe(1);
  expect(lastRoom.refusals).toHaveLength(N - 1);
  expect(new Set(lastRoom.refusals.map((r) => `${r.status} ${r.message}`))).toEqual(new Set([`409 Sold out on ${new Date(`${night.checkIn}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' })}`]));

  // Five cars of one model for the same days: exactly five rentals.
  await db.update(cars).set({ fleet: 5 }).where(eq(cars.id, car.id));
  const fiveCars = await race(
    targets,
    await customers(db, N, `${tag}c`),
    () => ({ serviceType: 'cars', serviceId: car.id, details: { pickupDate: day(50), returnDate: day(52) } }),
    () => (car.pricePerDayCents * 2) / 100,
  );
  expect(fiveCars.held).toBe(5);
  expect(fiveCars.refusals.every((r) => r.status === 409)).toBe(true);

  // Overlapping leases of one property (move-in dates ten days apart at most, a month each): exactly one.
  const leases = await race(
    targets,
    await customers(db, N, `${tag}p`),
    (i) => ({ serviceType: 'properties', serviceId: property.id, details: { moveIn: day(60 + (i % 10)), months: 1 } }),
    () => property.pricePerMonthCents / 100,
  );
  expect(leases.held).toBe(1);
  expect(leases.refusals.every((r) => r.status === 409 && /^Booked from \w{3} \d+ to \w{3} \d+$/.test(r.message))).toBe(true);

  expect(await invariantViolations(db)).toEqual([]);
  // What the tables say, beside what the races answered: all 28 rooms of the night taken, five cars each day.
  const [night1] = await rowsOf<{ taken: number; capacity: number }>(db, sql`select taken, capacity from availability_days where kind = 'hotels' and listing_id = ${hotel.id} and day = ${night.checkIn}::date`);
  expect(night1).toEqual({ taken: 28, capacity: 28 });
  const carDays = await rowsOf<{ taken: number }>(db, sql`select taken from availability_days where kind = 'cars' and listing_id = ${car.id} order by day`);
  expect(carDays.map((d) => d.taken)).toEqual([5, 5, 5]);
}

describe('races for the last units (one instance)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it(`${N} customers at once: one gets the last room, five the five cars, one the lease`, async () => {
    await races([{ db: t.database.db }], t.database.db, 'one');
  }, 120_000);
});

describe.runIf(process.env.DATABASE_URL && process.env.REDIS_URL)('races for the last units (two instances)', () => {
  let both: Awaited<ReturnType<typeof createTwoInstances>>;
  beforeAll(async () => {
    both = await createTwoInstances();
  });
  afterAll(async () => both?.close());

  it(`${N} customers split over two instances: still one room, five cars, one lease`, async () => {
    await races([{ db: both.a.database.db }, { db: both.b.database.db }], both.a.database.db, 'two');
  }, 120_000);
});
