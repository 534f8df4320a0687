/**
 * The catalogue search at scale (issue 29), part of `npm run bench -- search`: searchListings (the search behind
 * GET /api/search, called in-process: the query, its database round trips and its answer, without HTTP) on catalogues
 * of 10,000, 100,000 and 1,000,000 generated listings on PostgreSQL and 100,000 on PGlite. For each it prints p50 and
 * p95 of a fixed mix of queries (words, typos, facets, near-me, sort by price, deep pages through cursors), the result
 * quality on 40 fixed queries with the first result a person expects, and at the end how the cost grows with the
 * catalogue, each figure beside its target (p95 < 20 ms at 100,000 and < 50 ms at 1,000,000 listings on PostgreSQL;
 * quality 40/40). Printed, never asserted.
 *
 * Each catalogue is a database of its own, filled by seed:scale's functions (server/db/seed/scale.ts) and kept for
 * the next run: on PostgreSQL bench_search_10k, bench_search_100k, bench_search_1m on the server of BENCH_POSTGRES_URL
 * (else DATABASE_URL's server, else postgres://postgres@127.0.0.1:5432); on PGlite a data directory under the system's
 * temporary folder (bench-search-pglite-100k). A database migrated with an older text of a migration than the one in
 * the tree (a migration rewritten while it is being developed) is dropped and filled again.
 *
 * Options (after `npm run bench -- search`): --sizes 10000,100000 (PostgreSQL sizes; 0 or none: no PostgreSQL),
 * --pglite-sizes 100000 (0 or none: no PGlite), --search-rounds N (rounds of the mix, default 5).
 */
import { existsSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import pg from 'pg';
import { SearchQuerySchema, type SearchItem, type SearchParams, type SearchResult } from '../domain/search/schemas';
import { connect, pgliteDir, type Database, type Db } from '../server/db/connect';
import { countScaleListings, distanceKm, seedScale } from '../server/db/seed/scale';
import { searchListings } from '../server/modules/search';
import { percentile } from './inject';

export type CatalogueSearchOptions = { sizes: number[]; pgliteSizes: number[]; rounds: number; postgresUrl: string };

const DEFAULT_SIZES = [10_000, 100_000, 1_000_000];
const DEFAULT_PGLITE_SIZES = [100_000];
/** p95 targets of the whole mix on PostgreSQL, by catalogue size. */
const P95_TARGET_MS: Record<number, number> = { 100_000: 20, 1_000_000: 50 };

// ---------------------------------------------------------------- options

function optionValue(argv: string[], name: string): string | undefined {
  const i = argv.findIndex((a) => a === `--${name}` || a.startsWith(`--${name}=`));
  if (i < 0) return undefined;
  return argv[i].includes('=') ? argv[i].slice(argv[i].indexOf('=') + 1) : argv[i + 1];
}

function sizesOf(text: string | undefined, fallback: number[]): number[] {
  if (text === undefined) return fallback;
  if (/^(0|none)$/i.test(text.trim())) return [];
  return text.split(',').map((part) => {
    const m = /^(\d+(?:\.\d+)?)([km]?)$/i.exec(part.trim().replace(/_/g, ''));
    if (!m) throw new Error(`Not a catalogue size: ${part} (e.g. 10000, 100k, 1m)`);
    return Math.round(Number(m[1]) * (m[2].toLowerCase() === 'k' ? 1e3 : m[2].toLowerCase() === 'm' ? 1e6 : 1));
  });
}

/** The bench's options from the command line (`--sizes 10000,100000` or `--sizes=...`). */
export function catalogueSearchOptions(argv: string[]): CatalogueSearchOptions {
  const server = process.env.BENCH_POSTGRES_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const url = new URL(server);
  url.pathname = '/postgres';
  return {
    sizes: sizesOf(optionValue(argv, 'sizes'), DEFAULT_SIZES),
    pgliteSizes: sizesOf(optionValue(argv, 'pglite-sizes'), DEFAULT_PGLITE_SIZES),
    rounds: Math.max(1, Number(optionValue(argv, 'search-rounds') ?? 5)),
    postgresUrl: url.toString(),
  };
}

// ---------------------------------------------------------------- the queries

const TORONTO = '43.6532,-79.3832';
const LONDON = '51.5074,-0.1278';
const PARIS = '48.8566,2.3522';
const NEW_YORK = '40.7128,-74.0060';
const REGINA = '50.4452,-104.6189';
const VANCOUVER = '49.2827,-123.1207';
const TOKYO = '35.6762,139.6503';

type MixQuery = { group: 'words' | 'typos' | 'facets' | 'near me' | 'price sort' | 'deep pages'; params: SearchParams; pages?: number };

/** The fixed mix: one sample each per round (a deep page's sample is its last page, reached through the cursors). */
const MIX: MixQuery[] = [
  { group: 'words', params: { q: 'pizza' } },
  { group: 'words', params: { q: 'sushi' } },
  { group: 'words', params: { q: 'grand hotel' } },
  { group: 'words', params: { q: 'loft' } },
  { group: 'words', params: { q: 'thai curry' } },
  { group: 'words', params: { q: 'car rental toronto' } },
  { group: 'words', params: { q: 'apartment paris' } },
  { group: 'words', params: { q: 'café' } },
  { group: 'words', params: { q: 'hotel london' } },
  { group: 'words', params: { q: 'tacos', kind: 'restaurant' } },
  { group: 'words', params: { q: 'massage' } },
  { group: 'words', params: { q: 'via roma pizzeria' } },
  { group: 'typos', params: { q: 'piza' } },
  { group: 'typos', params: { q: 'hotel tornto' } },
  { group: 'typos', params: { q: 'resturant' } },
  { group: 'typos', params: { q: 'trattorai' } },
  { group: 'typos', params: { q: 'apartmnt montreal' } },
  { group: 'typos', params: { q: 'creperie' } },
  { group: 'typos', params: { q: 'penthuose' } },
  { group: 'typos', params: { q: 'kitsilano gardn' } },
  { group: 'facets', params: {} },
  { group: 'facets', params: { kind: 'restaurant', cuisine: 'Italian' } },
  { group: 'facets', params: { kind: 'hotel', stars: '4,5' } },
  { group: 'facets', params: { kind: 'property', type: 'Apartment', price: '1000-2000' } },
  { group: 'facets', params: { kind: 'car', category: 'SUV' } },
  { group: 'facets', params: { kind: 'hotel', rating: '4', price: '100-200' } },
  { group: 'facets', params: { kind: 'general-service', category: 'Tutoring' } },
  { group: 'facets', params: { q: 'pizza', kind: 'restaurant', cuisine: 'Italian' } },
  { group: 'near me', params: { near: TORONTO, radiusKm: 10, sort: 'distance' } },
  { group: 'near me', params: { near: TORONTO, q: 'piza', kind: 'restaurant', sort: 'distance' } },
  { group: 'near me', params: { near: LONDON, kind: 'hotel', radiusKm: 5 } },
  { group: 'near me', params: { near: PARIS, q: 'café', radiusKm: 15 } },
  { group: 'near me', params: { near: REGINA, kind: 'restaurant' } },
  { group: 'near me', params: { near: TOKYO, kind: 'hotel', stars: '3,4', sort: 'distance' } },
  { group: 'near me', params: { bbox: '43.58,-79.52,43.75,-79.25', kind: 'restaurant' } },
  { group: 'price sort', params: { kind: 'hotel', sort: 'price' } },
  { group: 'price sort', params: { kind: 'property', sort: 'price', q: 'loft' } },
  { group: 'price sort', params: { kind: 'restaurant', sort: 'price', q: 'sushi' } },
  { group: 'price sort', params: { kind: 'car', sort: 'price', near: VANCOUVER } },
  { group: 'price sort', params: { kind: 'property', sort: 'price', near: NEW_YORK, radiusKm: 20 } },
  { group: 'deep pages', params: { q: 'pizza' }, pages: 10 },
  { group: 'deep pages', params: { kind: 'hotel', sort: 'price' }, pages: 10 },
  { group: 'deep pages', params: { near: TORONTO, sort: 'distance' }, pages: 10 },
  { group: 'deep pages', params: { kind: 'property', limit: 50 }, pages: 20 },
];
const GROUPS = ['words', 'typos', 'facets', 'near me', 'price sort', 'deep pages'] as const;

type Check = { params: SearchParams; expect: string; ok: (first: SearchItem | undefined, db: Db) => boolean | Promise<boolean> };
const named = (q: string, name: string, extra: SearchParams = {}): Check => ({ params: { q, ...extra }, expect: name, ok: (first) => first?.name === name });
const field = (item: SearchItem | undefined, key: string) => (item ? (item as Record<string, unknown>)[key] : undefined);
const inCity = (item: SearchItem | undefined, city: string) => item?.city === city;

/**
 * 40 queries and the first result a person expects: the demo catalogue's distinctive listings (which the scale
 * catalogue keeps, and whose names its word lists leave alone), typed as people type them, and places, facets and
 * sorts whose right first result is a kind of listing rather than one listing.
 */
const QUALITY: Check[] = [
  named('via roma piza', 'Via Roma Pizzeria'),
  named('VIA ROMA Pizzeria', 'Via Roma Pizzeria'),
  named('sakura sushi', 'Sakura Sushi House'),
  named('kintaro ramen', 'Kintaro Ramen Bar'),
  named('kintaro', 'Kintaro Ramen Bar'),
  named('nonna lucia', 'Nonna Lucia Trattoria'),
  named('golden dragn', 'Golden Dragon Kitchen'),
  named('jade garden dim sum', 'Jade Garden Dim Sum'),
  named('la casita', 'La Casita Taqueria'),
  named('el mariachi cantina', 'El Mariachi Cantina'),
  named('taj mahal curry', 'Taj Mahal Curry House'),
  named('bombay spice', 'Bombay Spice Kitchen'),
  named('bangkok orchid', 'Bangkok Orchid'),
  named('prairie smokehouse', 'Prairie Smokehouse Burgers'),
  named('olive fig mezze', 'Olive & Fig Mezze'),
  named('le petit bistro', 'Le Petit Bistro'),
  named('pho saigon', 'Pho Saigon Noodle House'),
  named('hotel lumiere', 'Hôtel Lumière Saint-Germain'),
  named('kensington arms', 'The Kensington Arms'),
  named('shinjuku skyline', 'Shinjuku Skyline Hotel'),
  named('casa gotica', 'Casa Gótica Boutique Hotel'),
  named('harbourfront gra', 'Harbourfront Grand Toronto'),
  named('wascana lakeside inn', 'Wascana Lakeside Inn'),
  named('bondi breeze', 'Bondi Breeze Hotel'),
  named('yorkville penthouse', 'Yorkville Luxury Penthouse'),
  named('kitsilano garden apartmnt', 'Kitsilano Garden Apartment'),
  named('liberty village loft', 'Liberty Village Studio Loft'),
  named('serenity massage', 'Serenity Massage Therapy'),
  named('brightminds tutoring', 'BrightMinds Tutoring'),
  named('crown curl', 'Crown & Curl Studio'),
  named('fedex overnight', 'FedEx Priority Overnight', { kind: 'shipping-rate' }),
  { params: { q: 'hotel tornto' }, expect: 'a hotel in Toronto', ok: (f) => f?.kind === 'hotel' && inCity(f, 'Toronto') },
  { params: { q: 'hotel montreal' }, expect: 'a hotel in Montréal', ok: (f) => f?.kind === 'hotel' && inCity(f, 'Montréal') },
  {
    params: { q: 'sushi', kind: 'restaurant', near: TORONTO, sort: 'distance' },
    expect: 'a Japanese restaurant within 25 km of Toronto',
    ok: (f) => field(f, 'cuisine') === 'Japanese' && (f?.distanceKm ?? Infinity) <= 25,
  },
  {
    params: { q: 'piza', kind: 'restaurant', near: TORONTO, cuisine: 'Italian' },
    expect: 'an Italian restaurant within 25 km of Toronto',
    ok: (f) => field(f, 'cuisine') === 'Italian' && (f?.distanceKm ?? Infinity) <= 25,
  },
  { params: { q: 'london', kind: 'hotel', stars: '5' }, expect: 'a 5-star hotel in London', ok: (f) => field(f, 'starRating') === 5 && inCity(f, 'London') },
  { params: { q: 'paris', kind: 'property', type: 'Apartment' }, expect: 'an apartment in Paris', ok: (f) => field(f, 'type') === 'Apartment' && inCity(f, 'Paris') },
  {
    params: { q: 'tesla toronto', kind: 'car' },
    expect: 'a Tesla in Toronto',
    ok: (f) => String(field(f, 'model') ?? '').startsWith('Tesla') && String(field(f, 'location') ?? '').includes('Toronto'),
  },
  {
    params: { q: 'toronto london', kind: 'flight' },
    expect: 'a flight from Toronto to London',
    ok: (f) => field(f, 'departureCity') === 'Toronto' && field(f, 'arrivalCity') === 'London',
  },
  {
    params: { kind: 'hotel', sort: 'price', near: TORONTO, radiusKm: 10 },
    expect: 'the cheapest hotel within 10 km of Toronto',
    ok: async (f, db) => {
      if (!f || f.kind !== 'hotel' || (f.distanceKm ?? Infinity) > 10) return false;
      // The cheapest active hotel the database has within 9.9 km (a margin for the earth models' difference).
      const [lat, lng] = TORONTO.split(',').map(Number);
      const rows = ((await db.execute(sql`select price_per_night_cents as cents, lat::float8 as lat, lng::float8 as lng from hotels
        where is_active and lat between ${lat - 0.1} and ${lat + 0.1} and lng between ${lng - 0.15} and ${lng + 0.15}`)) as unknown as {
        rows: Array<{ cents: number; lat: number; lng: number }>;
      }).rows;
      const nearby = rows.filter((r) => distanceKm({ lat, lng }, r) <= 9.9).map((r) => r.cents);
      return Math.round(Number(field(f, 'pricePerNight')) * 100) <= Math.min(...nearby);
    },
  },
];

// ---------------------------------------------------------------- the catalogues

const label = (n: number) => (n >= 1e6 && n % 1e6 === 0 ? `${n / 1e6}m` : n >= 1e3 && n % 1e3 === 0 ? `${n / 1e3}k` : String(n));
const n0 = (x: number) => Math.round(x).toLocaleString('en-US');
const ms = (x: number) => (x < 10 ? `${x.toFixed(2)} ms` : `${x.toFixed(1)} ms`);
const verdict = (ok: boolean) => (ok ? 'MET' : 'NOT MET');
const pad = (s: string, n: number) => (s.length >= n ? s : s + ' '.repeat(n - s.length));
const duration = (millis: number) => (millis < 60_000 ? `${(millis / 1000).toFixed(1)} s` : `${Math.floor(millis / 60_000)} min ${Math.round((millis % 60_000) / 1000)} s`);

async function admin(url: string, statement: string, params: unknown[] = []) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<Record<string, unknown>>(statement, params)).rows;
  } finally {
    await client.end();
  }
}

const migrationsFolder = fileURLToPath(new URL('../server/db/migrations', import.meta.url));

/** True when the database applied every migration it has with the text the tree has now. */
async function migrationsCurrent(db: Db): Promise<boolean> {
  const local = new Map(readMigrationFiles({ migrationsFolder }).map((m) => [m.folderMillis, m.hash]));
  try {
    const applied = ((await db.execute(sql`select hash, created_at from drizzle.__drizzle_migrations`)) as unknown as { rows: Array<{ hash: string; created_at: string }> }).rows;
    return applied.every((m) => local.get(Number(m.created_at)) === m.hash);
  } catch {
    return true; // a new database: nothing applied yet
  }
}

type Target = { driver: 'PostgreSQL' | 'PGlite'; size: number };
type Opened = { database: Database; where: string; reset: () => Promise<Opened> };

async function openPostgres(serverUrl: string, size: number): Promise<Opened> {
  const name = `bench_search_${label(size)}`;
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const exists = await admin(serverUrl, 'select 1 from pg_database where datname = $1', [name]);
  if (exists.length === 0) await admin(serverUrl, `CREATE DATABASE "${name}"`);
  const database = await connect({ databaseUrl: url.toString() });
  return {
    database,
    where: name,
    reset: async () => {
      await database.close();
      await admin(serverUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      return openPostgres(serverUrl, size);
    },
  };
}

async function openPglite(size: number): Promise<Opened> {
  const dir = join(tmpdir(), `bench-search-pglite-${label(size)}`);
  const database = await connect({ dataDir: pgliteDir(dir) });
  return {
    database,
    where: dir,
    reset: async () => {
      await database.close();
      if (existsSync(dir)) rmSync(dir, { recursive: true, force: true });
      return openPglite(size);
    },
  };
}

/** The catalogue of `size` scale listings, migrated and filled (reused when it already is). */
async function catalogue(target: Target, opts: CatalogueSearchOptions): Promise<{ opened: Opened; listings: number; seededMs?: number }> {
  let opened = target.driver === 'PostgreSQL' ? await openPostgres(opts.postgresUrl, target.size) : await openPglite(target.size);
  if (!(await migrationsCurrent(opened.database.db))) {
    console.log(`  ${opened.where} was migrated with an older text of a migration: dropped, to be filled again`);
    opened = await opened.reset();
  }
  await opened.database.migrate();
  const before = await countScaleListings(opened.database.db);
  if (before >= target.size) return { opened, listings: before };
  console.log(`  filling ${opened.where}: ${n0(before)} scale listings there, ${n0(target.size)} wanted`);
  let printed = 0;
  const result = await seedScale(opened.database.db, {
    listings: target.size,
    onProgress: ({ done, added, elapsedMs }) => {
      if (elapsedMs - printed < 15_000 && done < target.size) return;
      printed = elapsedMs;
      console.log(`    ${n0(done)} listings, ${n0(added / (elapsedMs / 1000))}/s`);
    },
  });
  console.log(`  filled: ${n0(result.added)} listings in ${duration(result.ms)} (${n0(result.added / (result.ms / 1000))} listings/s with the search documents, menus and their triggers)`);
  return { opened, listings: result.total, seededMs: result.ms };
}

// ---------------------------------------------------------------- measuring

const parse = (params: SearchParams) => SearchQuerySchema.parse(params);

/** Runs one mix query; its time is the last page's (reached through nextCursor when pages > 1). */
async function runMix(db: Db, m: MixQuery): Promise<number> {
  let cursor: string | undefined;
  for (let page = 1; ; page++) {
    const query = parse({ ...m.params, ...(cursor ? { cursor } : {}) });
    const started = performance.now();
    const result: SearchResult = await searchListings(db, query);
    const took = performance.now() - started;
    if (page >= (m.pages ?? 1) || !result.nextCursor) return took;
    cursor = result.nextCursor;
  }
}

type Measured = { target: Target; listings: number; all: number[]; byGroup: Record<string, number[]>; quality: number; seededMs?: number };

async function measure(target: Target, opts: CatalogueSearchOptions): Promise<Measured | undefined> {
  const { opened, listings, seededMs } = await catalogue(target, opts);
  const db = opened.database.db;
  try {
    console.log(`\nCatalogue search — ${target.driver}, ${n0(listings)} scale listings (${opened.where}; plus the demo catalogue): ${MIX.length} queries x ${opts.rounds} rounds`);
    const failed = new Map<MixQuery, string>();
    const run = async (m: MixQuery) => {
      if (failed.has(m)) return undefined;
      try {
        return await runMix(db, m);
      } catch (err) {
        failed.set(m, err instanceof Error ? err.message : String(err));
        return undefined;
      }
    };
    const warming = performance.now();
    for (const m of MIX) await run(m); // warm: caches, plans, the lexicon's pages
    console.log(`  (warm-up round: ${duration(performance.now() - warming)}; ${opts.rounds} measured rounds follow)`);
    const byGroup: Record<string, number[]> = {};
    const byQuery = new Map<MixQuery, number[]>();
    const all: number[] = [];
    for (let round = 0; round < opts.rounds; round++) {
      for (const m of MIX) {
        const took = await run(m);
        if (took === undefined) continue;
        (byGroup[m.group] ??= []).push(took);
        byQuery.set(m, [...(byQuery.get(m) ?? []), took]);
        all.push(took);
      }
    }
    for (const [m, message] of failed) console.log(`  FAILED ${JSON.stringify(m.params)}: ${message.slice(0, 200)} (left out of the figures)`);
    all.sort((a, b) => a - b);
    for (const g of GROUPS) {
      const times = (byGroup[g] ?? []).sort((a, b) => a - b);
      console.log(`  ${pad(g, 11)} p50 ${pad(ms(percentile(times, 50)), 9)} p95 ${pad(ms(percentile(times, 95)), 9)} max ${ms(times[times.length - 1])}`);
    }
    const target95 = target.driver === 'PostgreSQL' ? P95_TARGET_MS[target.size] : undefined;
    const p95 = percentile(all, 95);
    console.log(
      `  ${pad('all', 11)} p50 ${pad(ms(percentile(all, 50)), 9)} p95 ${pad(ms(p95), 9)} ${target95 !== undefined ? `target p95 < ${target95} ms  ${verdict(p95 < target95)}` : target.driver === 'PGlite' ? '(the targets are for PostgreSQL)' : '(no target at this size)'}`,
    );
    // The slowest queries of the mix (median of their rounds), for whoever makes them faster.
    const medians = [...byQuery].map(([m, times]) => ({ m, median: percentile([...times].sort((a, b) => a - b), 50) })).sort((a, b) => b.median - a.median);
    console.log(`  slowest: ${medians.slice(0, 5).map(({ m, median }) => `${JSON.stringify(m.params)}${m.pages ? ` page ${m.pages}` : ''} ${ms(median)}`).join('; ')}`);
    let good = 0;
    for (const check of QUALITY) {
      let first: SearchItem | undefined;
      let ok = false;
      try {
        first = (await searchListings(db, parse(check.params))).items[0];
        ok = await check.ok(first, db);
      } catch (err) {
        console.log(`  FAILED ${JSON.stringify(check.params)}: ${(err instanceof Error ? err.message : String(err)).slice(0, 200)}`);
      }
      if (ok) good += 1;
      const got = first ? `${first.kind} ${first.name}${first.city ? ` (${first.city})` : ''}${first.distanceKm !== undefined ? `, ${first.distanceKm} km` : ''}` : '(nothing)';
      const shown = Object.entries(check.params).map(([k, v]) => (k === 'q' ? JSON.stringify(v) : `${k}=${v}`)).join(' ');
      console.log(`  ${ok ? 'ok  ' : 'MISS'} ${shown} -> ${got}${ok ? '' : `   expected ${check.expect}`}`);
    }
    console.log(`  quality: ${good}/${QUALITY.length} first results as expected   target ${QUALITY.length}/${QUALITY.length}  ${verdict(good === QUALITY.length)}`);
    return { target, listings, all, byGroup, quality: good, seededMs };
  } finally {
    await opened.database.close();
  }
}

async function postgresReachable(url: string): Promise<boolean> {
  try {
    await admin(url, 'select 1');
    return true;
  } catch {
    return false;
  }
}

export async function catalogueSearchBench(opts: CatalogueSearchOptions): Promise<void> {
  const targets: Target[] = [];
  if (opts.sizes.length > 0) {
    if (await postgresReachable(opts.postgresUrl)) targets.push(...opts.sizes.map((size) => ({ driver: 'PostgreSQL' as const, size })));
    else console.log(`\nCatalogue search on PostgreSQL skipped: no server at ${opts.postgresUrl.replace(/\/\/[^@]*@/, '//')} (set BENCH_POSTGRES_URL)`);
  }
  targets.push(...opts.pgliteSizes.map((size) => ({ driver: 'PGlite' as const, size })));
  const measured: Measured[] = [];
  // One catalogue at a time: the machine's cores are the figure's.
  for (const target of targets) {
    const m = await measure(target, opts);
    if (m) measured.push(m);
  }
  if (measured.length === 0) return;
  console.log('\nCatalogue search cost by catalogue size (p50 / p95 of the whole mix; growth against the smallest catalogue of the same database)');
  for (const driver of ['PostgreSQL', 'PGlite'] as const) {
    const rows = measured.filter((m) => m.target.driver === driver).sort((a, b) => a.listings - b.listings);
    const smallest = rows[0];
    for (const m of rows) {
      const p95 = percentile(m.all, 95);
      const target95 = driver === 'PostgreSQL' ? P95_TARGET_MS[m.target.size] : undefined;
      const growth = m === smallest ? '' : `   x${(m.listings / smallest.listings).toFixed(0)} listings: p95 x${(p95 / percentile(smallest.all, 95)).toFixed(1)}`;
      console.log(
        `  ${pad(driver, 10)} ${pad(n0(m.listings), 10)} p50 ${pad(ms(percentile(m.all, 50)), 9)} p95 ${pad(ms(p95), 9)} quality ${m.quality}/${QUALITY.length}${target95 !== undefined ? `   target p95 < ${target95} ms  ${verdict(p95 < target95)}` : ''}${growth}${m.seededMs !== undefined ? `   (filled in ${duration(m.seededMs)})` : ''}`,
      );
    }
  }
}
