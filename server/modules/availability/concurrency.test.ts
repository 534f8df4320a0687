import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayUtc } from '../../../domain/catalogue/pricing';
import { cars, hotels, properties } from '../../db/schema';
import type { Db } from '../../db/connect';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createTestDatabase } from '../../testing/test-db';
import { createTwoInstances } from '../../testing/two-instances';
import { rowsOf } from './listings';
import { releaseExpiredHolds } from './holds';
import { addBlock, removeBlock } from './service';
import { cancelBooking } from '../bookings';
import { createPaymentMethod, payBooking } from '../payments';
import { customers, invariantViolations, tryBook } from './test-helpers';

/**
 * Issue 25's races: however many customers ask at once, the database sells each unit once. Runs on PGlite, on
 * PostgreSQL when DATABASE_URL is set (a pool of ten connections: real interleaving), and across two instances (two
 * pools on one database) with DATABASE_URL and REDIS_URL.
 */
const N = 200;
/**
 * N bookings of one listing at once through a pool of ten run one after another (the listing's lock), so the last
 * waits for a connection far longer than a request would in production (5 s, then 503): these tests are about what
 * the database sells, not about overload, so their pools wait as long as the test may take.
 */
const POOL_WAIT_MS = 100_000;
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
    t = await createTestApp({ database: await createTestDatabase({ seeded: true, poolWaitMs: POOL_WAIT_MS }), seed: false });
  });
  afterAll(async () => t?.close());

  it(`${N} customers at once: one gets the last room, five the five cars, one the lease`, async () => {
    await races([{ db: t.database.db }], t.database.db, 'one');
  }, 120_000);
});

describe.runIf(process.env.DATABASE_URL && process.env.REDIS_URL)('races for the last units (two instances)', () => {
  let both: Awaited<ReturnType<typeof createTwoInstances>>;
  beforeAll(async () => {
    both = await createTwoInstances({ poolWaitMs: POOL_WAIT_MS });
  });
  afterAll(async () => both?.close());

  it(`${N} customers split over two instances: still one room, five cars, one lease`, async () => {
    await races([{ db: both.a.database.db }, { db: both.b.database.db }], both.a.database.db, 'two');
  }, 120_000);
});

/** A small deterministic generator (mulberry32), so a failing soak can be replayed from its seed. */
function generator(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
  return { int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)), pick: <T>(xs: T[]) => xs[Math.floor(next() * xs.length)] };
}

describe('a randomised soak of book, pay, cancel, expire and block', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('ends with no day over capacity, no overlapping lease and every day counting exactly its live holds', async () => {
    const db = t.database.db;
    const seed = Number(process.env.SOAK_SEED ?? 25);
    const g = generator(seed);
    const [ownerId] = await customers(db, 1, 'soakp');
    const owner = { id: ownerId, role: 'provider' };
    const [hotel] = await db.select().from(hotels).orderBy(asc(hotels.id)).limit(1);
    const [car] = await db.select().from(cars).orderBy(asc(cars.id)).limit(1);
    const [property] = await db.select().from(properties).orderBy(asc(properties.id)).limit(1);
    await db.update(hotels).set({ rooms: 3, ownerId }).where(eq(hotels.id, hotel.id));
    await db.update(cars).set({ fleet: 2, ownerId }).where(eq(cars.id, car.id));
    await db.update(properties).set({ ownerId }).where(eq(properties.id, property.id));
    const people = await customers(db, 40, 'soak');
    const open: Array<{ id: number; userId: number }> = [];
    const blocks: Array<{ kind: 'hotels' | 'cars' | 'properties'; listingId: number; id: number }> = [];
    const unexpected: string[] = [];
    const expected = (err: unknown) => {
      const status = (err as { statusCode?: number }).statusCode;
      // With the database's own reason (a deadlock, a serialization failure...), which Drizzle keeps as the cause.
      if (!status || status >= 500) unexpected.push(`${(err as Error).message} (${String((err as { cause?: Error }).cause?.message)})`);
    };

    const op = async () => {
      const roll = g.int(0, 99);
      const userId = g.pick(people);
      const start = g.int(10, 40);
      if (roll < 45) {
        const kind = g.pick(['hotels', 'cars', 'properties'] as const);
        const length = g.int(1, 4);
        const holdMs = g.pick([30, 60_000]);
        const line =
          kind === 'hotels'
            ? { serviceType: kind, serviceId: hotel.id, details: { checkIn: day(start), checkOut: day(start + length), rooms: g.int(1, 2), guests: 1 } }
            : kind === 'cars'
              ? { serviceType: kind, serviceId: car.id, details: { pickupDate: day(start), returnDate: day(start + length) } }
              : { serviceType: kind, serviceId: property.id, details: { moveIn: day(start), months: 1 } };
        const cents =
          kind === 'hotels' ? hotel.pricePerNightCents * length * Number(line.details.rooms) : kind === 'cars' ? car.pricePerDayCents * length : property.pricePerMonthCents;
        const r = await tryBook(db, userId, line as Parameters<typeof tryBook>[2], cents / 100, holdMs);
        if (r.ok) open.push({ id: r.id, userId });
        else if (r.status >= 500) unexpected.push(r.message);
      } else if (roll < 65 && open.length > 0) {
        const b = g.pick(open);
        try {
          const method = await createPaymentMethod(db, t.ctx.payments, b.userId, { number: '4242424242424242', expMonth: 12, expYear: 2040, cvc: '123' });
          const [row] = await rowsOf<{ total_cents: number }>(db, sql`select total_cents from bookings where id = ${b.id}`);
          await payBooking(db, t.ctx.payments, t.ctx.events, b.userId, { bookingId: b.id, amountCents: row.total_cents, paymentMethodId: method.id });
        } catch (err) {
          expected(err);
        }
      } else if (roll < 75 && open.length > 0) {
        const b = g.pick(open);
        await cancelBooking(t.ctx.events, t.ctx.payments, { id: b.userId, role: 'user' }, b.id).catch(expected);
      } else if (roll < 85) {
        await releaseExpiredHolds(db).catch(expected);
      } else if (roll < 95) {
        const kind = g.pick(['hotels', 'cars', 'properties'] as const);
        const listingId = kind === 'hotels' ? hotel.id : kind === 'cars' ? car.id : property.id;
        try {
          // Blocks land on booked days as often as on days past every booking (45..50).
          const from = g.int(0, 1) === 0 ? start : g.int(45, 50);
          const block = await addBlock(db, owner, kind, listingId, { from: day(from), to: day(from + g.int(0, 2)), reason: 'soak' });
          blocks.push({ kind, listingId, id: block.id });
        } catch (err) {
          expected(err);
        }
      } else if (blocks.length > 0) {
        const b = blocks.splice(g.int(0, blocks.length - 1), 1)[0];
        await removeBlock(db, owner, b.kind, b.listingId, b.id).catch(expected);
      }
    };
    for (let round = 0; round < 30; round += 1) await Promise.all(Array.from({ length: 10 }, op));

    // It did exercise every path: paid, cancelled and released holds, and blocks, all happened.
    const [done] = await rowsOf<{ confirmed: number; released: number; cancelled: number; blocks: number }>(
      db,
      sql`select (select count(*) from availability_holds where status = 'confirmed')::int as confirmed,
            (select count(*) from availability_holds where status = 'released')::int as released,
            (select count(*) from bookings where status = 'cancelled')::int as cancelled,
            (select count(*) from availability_blocks)::int as blocks`,
    );
    expect(Math.min(done.confirmed, done.released, done.cancelled, done.blocks + blocks.length), JSON.stringify(done)).toBeGreaterThan(0);
    expect(unexpected, `seed ${seed}`).toEqual([]);
    expect(await invariantViolations(db), `seed ${seed}`).toEqual([]);
  }, 180_000);
});
