/**
 * `npm run bench -- availability` (issue 25): dated hotel search p50/p95 over 10,000 hotels x 365 nights, and the
 * hold-to-confirm latency (booking, card, payment), on PostgreSQL only (DATABASE_URL). Printed beside the targets,
 * never asserted.
 *
 * It creates a database of its own on that server (t_bench_<random>, migrated like server/testing/test-db.ts, dropped
 * at the end), fills it with set-based SQL (10,000 hotels in 50 cities, one availability_days row per hotel and night
 * for the coming 365 nights: 3.65 M rows with seasonal, weekly and per-hotel occupancy, some nights full, some hotels
 * closed for a run of days), then drives the app in-process through app.inject. The day rows' `taken` counts are
 * synthetic (no holds behind them), which the search and new holds do not mind.
 */
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
import { addDays, hotelTotalCents, todayUtc } from '../domain/catalogue/pricing';
import { connect, type Database, type Db } from '../server/db/connect';
import { hashPassword } from '../server/platform/auth/password';
import { createTestApp, type TestApp } from '../server/testing/test-app';
import { processCpu } from './cpu';
import { percentile } from './inject';
import { quoteBooking } from '../server/modules/bookings';

const HOTELS = 10_000;
const NIGHTS = 365;
const SEARCHES = 500;
const WARM_UP = 30;
const BOOKINGS = 200;
const WARM_UP_BOOKINGS = 16;
const CUSTOMERS = 300;
/**
 * Customers going through hold-to-confirm at the same moment, one run each: alone (the latency a customer sees), then
 * several at once on the app's one thread.
 */
const IN_FLIGHT = [1, 8];
const SEARCH_TARGET_MS = 100;
const CONFIRM_TARGET_MS = 100;

/** [city, country]: the locations the hotels are spread over, the first ones holding more hotels than the last. */
const CITIES: Array<[string, string]> = [
  ['London', 'United Kingdom'], ['Paris', 'France'], ['New York', 'USA'], ['Tokyo', 'Japan'], ['Dubai', 'United Arab Emirates'],
  ['Barcelona', 'Spain'], ['Rome', 'Italy'], ['Toronto', 'Canada'], ['Berlin', 'Germany'], ['Amsterdam', 'Netherlands'],
  ['Bangkok', 'Thailand'], ['Singapore', 'Singapore'], ['Istanbul', 'Turkey'], ['Los Angeles', 'USA'], ['Sydney', 'Australia'],
  ['Vancouver', 'Canada'], ['Lisbon', 'Portugal'], ['Prague', 'Czechia'], ['Vienna', 'Austria'], ['Madrid', 'Spain'],
  ['Mexico City', 'Mexico'], ['Chicago', 'USA'], ['Montreal', 'Canada'], ['Seoul', 'South Korea'], ['Hong Kong', 'China'],
  ['Milan', 'Italy'], ['Munich', 'Germany'], ['Dublin', 'Ireland'], ['Edinburgh', 'United Kingdom'], ['Copenhagen', 'Denmark'],
  ['Stockholm', 'Sweden'], ['Oslo', 'Norway'], ['Budapest', 'Hungary'], ['Athens', 'Greece'], ['Cape Town', 'South Africa'],
  ['Marrakesh', 'Morocco'], ['Rio de Janeiro', 'Brazil'], ['Buenos Aires', 'Argentina'], ['Lima', 'Peru'], ['San Francisco', 'USA'],
  ['Miami', 'USA'], ['Calgary', 'Canada'], ['Ottawa', 'Canada'], ['Halifax', 'Canada'], ['Regina', 'Canada'],
  ['Reykjavik', 'Iceland'], ['Kyoto', 'Japan'], ['Bali', 'Indonesia'], ['Melbourne', 'Australia'], ['Auckland', 'New Zealand'],
];

const ms = (x: number) => `${x.toFixed(1)} ms`;
const verdict = (ok: boolean) => (ok ? 'MET' : 'NOT MET');
const secs = (from: number) => `${((performance.now() - from) / 1000).toFixed(1)} s`;

/** A repeatable pseudo-random source (the same searches and bookings every run). */
function prng(seed: number) {
  let s = seed >>> 0;
  return (k: number) => {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    return (s >>> 8) % k;
  };
}

async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

async function admin(url: string, statement: string, params: unknown[] = []) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<Record<string, unknown>>(statement, params)).rows;
  } finally {
    await client.end();
  }
}

/**
 * Drops the bench's database. A closed pool's connections finish closing a moment after pool.end() resolves: it waits
 * (up to 3 s) for them to go first, so that FORCE does not cut them and their pool report the error.
 */
async function dropDatabase(url: string, name: string) {
  for (let i = 0; i < 30; i++) {
    const [{ n }] = await admin(url, `select count(*)::int as n from pg_stat_activity where datname = $1 and backend_type = 'client backend'`, [name]);
    if (n === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await admin(url, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
}

/**
 * Hotels and their day rows, set-based on one connection (setseed makes random() repeatable there). The day rows are
 * generated hotel by hotel, night by night (the LATERAL series depends on the hotel), so they arrive in primary-key
 * order and the index grows at its right edge.
 */
async function fill(url: string, today: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // Nothing here needs to survive a crash of the server: the database is dropped at the end.
    await client.query('set synchronous_commit = off');
    await client.query(`set maintenance_work_mem = '256MB'`);
    await client.query('select setseed(0.25)');
    let t = performance.now();
    await client.query(
      `insert into hotels (name, location, description, rating, review_count, price_per_night_cents, star_rating, amenities, max_guests, rooms)
       select p.prefix || ' ' || p.suffix || ' ' || g,
              ($1::text[])[p.city][1] || ', ' || ($1::text[])[p.city][2],
              'A bench hotel in ' || ($1::text[])[p.city][1],
              round((3 + 2 * p.r1)::numeric, 1), floor(p.r2 * 4000)::int,
              ((40 + p.stars * 35 + floor(p.r3 * 150)) * 100)::int, p.stars,
              (array['WiFi','Breakfast','Gym','Pool','Parking','Spa','Bar','Restaurant'])[1 + g % 4 : 3 + g % 4 + g % 3],
              2 + g % 5,
              10 + floor(290 * power(p.r4, 2))::int
       from generate_series(1, $2::int) g,
            lateral (select 1 + least(49, floor(50 * power(random(), 1.3)))::int as city,
                            1 + floor(random() * 5)::int as stars,
                            random() as r1, random() as r2, random() as r3, random() as r4,
                            (array['Grand','Park','Royal','Harbour','Central','Old Town','Garden','River','City','Plaza'])[1 + g % 10] as prefix,
                            (array['Hotel','Inn','Suites','Lodge','Resort','House'])[1 + (g / 10) % 6] as suffix
                     where g > 0) p`,
      [CITIES, HOTELS],
    );
    console.log(`  ${HOTELS.toLocaleString('en-US')} hotels in ${secs(t)}`);

    // Per hotel: its usual occupancy, and for one in 25 a closure (renovation, own use) of 7 to 21 days.
    t = performance.now();
    await client.query(
      `create temp table hotel_plan as
       select id, rooms, 0.35 + 0.55 * random() as base, $1::int as nights,
              case when id % 25 = 0 then floor(random() * ($1 - 21))::int end as closed_from,
              7 + floor(random() * 15)::int as closed_days
       from hotels order by id`,
      [NIGHTS],
    );
    // A night's occupancy: the hotel's base, a summer high season, Friday and Saturday nights busier, and noise;
    // at 1 or more the night is full (taken = rooms). Closed nights are blocked and empty (the CHECK constraint).
    await client.query(
      `insert into availability_days (kind, listing_id, day, capacity, taken, blocked)
       select 'hotels', h.id, n.day, h.rooms,
              case when n.closed then 0
                   else least(h.rooms, greatest(0, round(h.rooms * (h.base
                          + 0.15 * sin(2 * pi() * (extract(doy from n.day) - 100) / 365)
                          + case when extract(isodow from n.day) in (5, 6) then 0.12 else 0 end
                          + (random() - 0.5) * 0.35))))::int end,
              case when n.closed then 1 else 0 end
       from hotel_plan h,
            lateral (select $1::date + k as day, h.closed_from is not null and k >= h.closed_from and k < h.closed_from + h.closed_days as closed
                     from generate_series(0, h.nights - 1) k) n`,
      [today],
    );
    console.log(`  ${(HOTELS * NIGHTS).toLocaleString('en-US')} availability_days rows in ${secs(t)}`);
    t = performance.now();
    await client.query('vacuum (analyze) hotels');
    await client.query('vacuum (analyze) availability_days');
    const { rows } = await client.query<{ full: string; blocked: string; occupancy: string; size: string }>(
      `select count(*) filter (where taken = capacity and blocked = 0) as full, count(*) filter (where blocked > 0) as blocked,
              round(100.0 * sum(taken) / sum(capacity) filter (where blocked = 0), 0) as occupancy,
              pg_size_pretty(pg_total_relation_size('availability_days')) as size
       from availability_days`,
    );
    const r = rows[0];
    console.log(`  vacuum + analyze in ${secs(t)}; ${Number(r.full).toLocaleString('en-US')} full nights, ${Number(r.blocked).toLocaleString('en-US')} blocked, ${r.occupancy} % of rooms taken; table + index ${r.size}`);
  } finally {
    await client.end();
  }
}

type CityWeights = Array<{ location: string; hotels: number }>;
type Hotel = { id: number; pricePerNight: number; unitsLeft?: number };
type Ask = { location: string; checkIn: string; checkOut: string; rooms: number; guests: number };

/** A search as customers ask it: a city picked in proportion to its hotels, 1 to 7 nights within the year, 1 to 3 rooms. */
function asks(n: number, weights: CityWeights, today: string, seed: number): Ask[] {
  const rand = prng(seed);
  const total = weights.reduce((s, w) => s + w.hotels, 0);
  const out: Ask[] = [];
  for (let i = 0; i < n; i++) {
    let pick = rand(total);
    const city = weights.find((w) => (pick -= w.hotels) < 0) ?? weights[0];
    const stay = 1 + rand(7);
    const start = 1 + rand(NIGHTS - stay - 1);
    const rooms = 1 + rand(3);
    out.push({ location: city.location, checkIn: addDays(today, start), checkOut: addDays(today, start + stay), rooms, guests: rooms * (1 + rand(2)) });
  }
  return out;
}

const searchUrl = (a: Ask) =>
  `/api/hotels?location=${encodeURIComponent(a.location)}&checkIn=${a.checkIn}&checkOut=${a.checkOut}&rooms=${a.rooms}&guests=${a.guests}`;

/** CPU time (ms) of each server process serving this database's connections, when PostgreSQL runs on this machine. */
async function backendsCpu(db: Db): Promise<Map<number, number>> {
  const pids = await rowsOf<{ pid: number }>(db, sql`select pid from pg_stat_activity where datname = current_database()`);
  const cpu = new Map<number, number>();
  for (const { pid } of pids) {
    const p = processCpu(pid);
    if (p) cpu.set(pid, p.ms);
  }
  return cpu;
}

/**
 * CPU per operation over a stretch of work, less noisy than latency on a shared machine: this process (the app and
 * the bench's own requests) and the PostgreSQL backends of this database's connections (other work on the server,
 * such as other databases' tests, is left out; a connection closed during the stretch would be missed, and the
 * pool keeps them open while busy).
 */
async function cpuMeter(db: Db) {
  const node = process.cpuUsage();
  const before = await backendsCpu(db);
  return async (n: number, each: string) => {
    const used = process.cpuUsage(node);
    const after = await backendsCpu(db);
    let postgres = 0;
    for (const [pid, ms] of after) postgres += ms - (before.get(pid) ?? 0);
    const pgText = after.size > 0 ? `, PostgreSQL ${(postgres / n).toFixed(1)} ms` : '';
    return `CPU per ${each}: app + bench process ${((used.user + used.system) / 1000 / n).toFixed(1)} ms${pgText}`;
  };
}

async function searchSection(t: TestApp, weights: CityWeights, today: string) {
  console.log(`\nAvailability search: ${SEARCHES} sequential GET /api/hotels?location&checkIn&checkOut&rooms&guests (app.inject; a city by its share of hotels, 1-7 nights, 1-3 rooms) (target p95 < ${SEARCH_TARGET_MS} ms)`);
  for (const a of asks(WARM_UP, weights, today, 7)) await t.app.inject({ method: 'GET', url: searchUrl(a) });
  const times: number[] = [];
  const found: number[] = [];
  let bad = 0;
  const cpu = await cpuMeter(t.database.db);
  for (const a of asks(SEARCHES, weights, today, 11)) {
    const s = performance.now();
    const res = await t.app.inject({ method: 'GET', url: searchUrl(a) });
    times.push(performance.now() - s);
    if (res.statusCode !== 200) {
      bad += 1;
      if (bad === 1) console.log(`  (GET ${searchUrl(a)} answered ${res.statusCode}: ${res.body.slice(0, 200)})`);
      continue;
    }
    found.push((res.json() as Hotel[]).length);
  }
  const cpuText = await cpu(SEARCHES, 'search');
  times.sort((a, b) => a - b);
  found.sort((a, b) => a - b);
  const p95 = percentile(times, 95);
  console.log(
    `  GET /api/hotels (dated)  p50 ${ms(percentile(times, 50))}  p95 ${ms(p95)}  max ${ms(times[times.length - 1])}   target p95 < ${SEARCH_TARGET_MS} ms  ${verdict(p95 < SEARCH_TARGET_MS)}${bad ? `  (${bad} non-200)` : ''}`,
  );
  console.log(`  ${cpuText}`);
  console.log(`  hotels free per answer: median ${percentile(found, 50)}, p95 ${percentile(found, 95)}, max ${found[found.length - 1]} (cities have ${weights.at(-1)?.hotels} to ${weights[0]?.hotels} hotels)`);
}

type Customer = { cookie: string; remoteAddress: string };
type Planned = Ask & { hotel: Hotel };

/**
 * What each customer chose: a hotel a dated search showed with enough rooms for the nights. Searched before the run,
 * so no search shares the event loop with the bookings being timed.
 */
async function planBookings(t: TestApp, weights: CityWeights, today: string, n: number, seed: number): Promise<Planned[]> {
  const rand = prng(seed);
  const plan: Planned[] = [];
  for (const a of asks(n, weights, today, seed)) {
    const seen = await t.app.inject({ method: 'GET', url: searchUrl(a) });
    const free = seen.statusCode === 200 ? (seen.json() as Hotel[]) : [];
    if (free.length > 0) plan.push({ ...a, hotel: free[rand(free.length)] });
  }
  return plan;
}

/** Books, tokenizes a card and pays each planned stay, `inFlight` customers at a time; prints the figures unless quiet. */
async function confirmRun(t: TestApp, customers: Customer[], plan: Planned[], inFlight: number, quiet = false) {
  const bookingMs: number[] = [];
  const paymentMs: number[] = [];
  const wholeMs: number[] = [];
  let refused = 0;
  let failed = 0;
  let next = 0;
  const year = new Date().getUTCFullYear() + 3;
  const fail = (what: string, res: { statusCode: number; body: string }) => {
    failed += 1;
    if (failed === 1) console.log(`  (${what} answered ${res.statusCode}: ${res.body.slice(0, 200)})`);
  };
  const worker = async () => {
    for (let i = next++; i < plan.length; i = next++) {
      const { hotel, ...a } = plan[i];
      const c = customers[i % customers.length];
      const as = { headers: { cookie: c.cookie }, remoteAddress: c.remoteAddress };
      const price = hotelTotalCents(Math.round(hotel.pricePerNight * 100), a.checkIn, a.checkOut, a.rooms) / 100;
      const items = [{ serviceType: 'hotels' as const, serviceId: hotel.id, quantity: 1, price, details: { checkIn: a.checkIn, checkOut: a.checkOut, rooms: a.rooms, guests: a.guests } }];
      // The total with the service fee and tax, as the checkout's quote shows it (not part of the timed booking).
      const { total: totalAmount } = await quoteBooking(t.database.db, { items }, { serviceFee: t.config.serviceFee });
      const s = performance.now();
      const booked = await t.app.inject({
        method: 'POST',
        url: '/api/bookings',
        ...as,
        payload: { items, totalAmount },
      });
      const held = performance.now();
      bookingMs.push(held - s);
      // Someone else took the last rooms since the search: the customer is told why, nothing is held.
      if (booked.statusCode === 409) refused += 1;
      if (booked.statusCode !== 201) {
        if (booked.statusCode !== 409) fail('POST /api/bookings', booked);
        continue;
      }
      const booking = booked.json() as { id: number; totalAmount: number };
      const card = await t.app.inject({ method: 'POST', url: '/api/payments/methods', ...as, payload: { number: '4242424242424242', expMonth: 12, expYear: year, cvc: '123' } });
      if (card.statusCode !== 201) {
        fail('POST /api/payments/methods', card);
        continue;
      }
      const paid = await t.app.inject({
        method: 'POST',
        url: '/api/process-payment',
        headers: { ...as.headers, 'idempotency-key': `bench-${booking.id}` },
        remoteAddress: c.remoteAddress,
        payload: { bookingId: booking.id, amount: Math.round(booking.totalAmount * 100), currency: 'usd', paymentMethodId: (card.json() as { id: string }).id },
      });
      const end = performance.now();
      if (paid.statusCode !== 200) {
        fail('POST /api/process-payment', paid);
        continue;
      }
      paymentMs.push(end - held);
      wholeMs.push(end - s);
    }
  };
  const cpu = await cpuMeter(t.database.db);
  const started = performance.now();
  await Promise.all(Array.from({ length: inFlight }, worker));
  const wall = (performance.now() - started) / 1000;
  if (quiet) return;
  const cpuText = await cpu(Math.max(1, wholeMs.length), 'booking confirmed');
  for (const list of [bookingMs, paymentMs, wholeMs]) list.sort((a, b) => a - b);
  const p95 = percentile(wholeMs, 95);
  console.log(`  ${inFlight} at a time:`);
  console.log(`    POST /api/bookings (hold)                 p50 ${ms(percentile(bookingMs, 50))}  p95 ${ms(percentile(bookingMs, 95))}  (${bookingMs.length} requests, ${refused} refused with 409)`);
  console.log(`    card + payment (confirm)                  p50 ${ms(percentile(paymentMs, 50))}  p95 ${ms(percentile(paymentMs, 95))}`);
  console.log(`    hold to confirm                           p50 ${ms(percentile(wholeMs, 50))}  p95 ${ms(p95)}  max ${ms(wholeMs[wholeMs.length - 1])}   target p95 < ${CONFIRM_TARGET_MS} ms  ${verdict(p95 < CONFIRM_TARGET_MS)}`);
  console.log(`    ${cpuText}`);
  console.log(`    ${wholeMs.length} of ${BOOKINGS} confirmed in ${wall.toFixed(1)} s${plan.length < BOOKINGS ? `; ${BOOKINGS - plan.length} searches found nothing to book` : ''}${failed ? `; ${failed} failed` : ''}`);
}

async function holdToConfirmSection(t: TestApp, weights: CityWeights, today: string) {
  console.log(
    `\nHold to confirm: ${BOOKINGS} bookings of hotels a dated search showed free, by ${CUSTOMERS} customers: POST /api/bookings, then POST /api/payments/methods + POST /api/process-payment (sandbox card) (target p95 < ${CONFIRM_TARGET_MS} ms)`,
  );
  // Customers straight into the database, each with a session and an address of its own (bookings are limited per
  // customer, card tokens per address): none comes near either limit.
  const passwordHash = await hashPassword('bench customer password');
  const tag = randomBytes(3).toString('hex');
  const ids = await rowsOf<{ id: number }>(
    t.database.db,
    sql`insert into users (username, email, password_hash, role)
        select 'bench' || ${tag} || g, 'bench' || ${tag} || g || '@example.com', ${passwordHash}, 'user' from generate_series(1, ${CUSTOMERS}::int) g returning id`,
  );
  const customers = await Promise.all(ids.map(async ({ id }, i) => ({ cookie: `sid=${(await t.ctx.sessions.create(id)).token}`, remoteAddress: `10.25.${i >> 8}.${i & 255}` })));
  // Not counted: the first bookings and payments of the process (V8 compiles their code, the pool opens connections).
  await confirmRun(t, customers.slice(-WARM_UP_BOOKINGS), await planBookings(t, weights, today, WARM_UP_BOOKINGS, 3), IN_FLIGHT.at(-1) ?? 1, true);
  for (const [k, inFlight] of IN_FLIGHT.entries()) {
    const plan = await planBookings(t, weights, today, BOOKINGS, 23 + k);
    await confirmRun(t, k % 2 === 0 ? customers : [...customers].reverse(), plan, inFlight);
  }
  const [{ confirmed }] = await rowsOf<{ confirmed: number }>(t.database.db, sql`select count(*)::int as confirmed from availability_holds where status = 'confirmed'`);
  console.log(`  ${confirmed} confirmed holds in the database`);
}

export async function availabilityBench() {
  const databaseUrl = process.env.DATABASE_URL;
  console.log(`\nAvailability (issue 25): ${HOTELS.toLocaleString('en-US')} hotels x ${NIGHTS} nights on PostgreSQL`);
  if (!databaseUrl) {
    console.log('  skipped: needs PostgreSQL (DATABASE_URL=postgres://...), where it creates and drops a database of its own');
    return;
  }
  const started = performance.now();
  const name = `t_bench_${randomBytes(6).toString('hex')}`;
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  await admin(databaseUrl, `CREATE DATABASE "${name}"`);
  let t: TestApp | undefined;
  let database: Database | undefined;
  try {
    database = await connect({ databaseUrl: url.toString() });
    await database.migrate();
    const today = todayUtc();
    await fill(url.toString(), today);
    const db = database;
    t = await createTestApp({ seed: false, database: { database: db, drop: () => db.close() } });
    const weights = await rowsOf<{ location: string; hotels: number }>(database.db, sql`select location, count(*)::int as hotels from hotels group by location order by 2 desc`);
    await searchSection(t, weights, today);
    await holdToConfirmSection(t, weights, today);
  } finally {
    if (t) await t.close();
    else await database?.close();
    await dropDatabase(databaseUrl, name);
  }
  console.log(`  availability bench ${secs(started)} (database ${name} dropped)`);
}
