/**
 * `npm run bench -- inject`: location search and catalogue list figures through in-process `app.inject` calls
 * (routing, validation and serialisation, no network), on a fresh seeded database (PGlite, or PostgreSQL when
 * DATABASE_URL is set). The earlier default bench; the network figures against the limit are in bench/run.ts.
 */
import { performance } from 'node:perf_hooks';
import { searchLocations } from '../domain/locations/search';
import { locationDirectory } from '../server/modules/locations';
import { createTestApp } from '../server/testing/test-app';

const SEARCH_QUERIES = 3000;
const LIST_REQUESTS = 500;

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

const fmt = (ms: number) => `${ms < 1 ? (ms * 1000).toFixed(0) + ' µs' : ms.toFixed(2) + ' ms'}`;

/** Varied, repeatable queries: prefixes and words of real entries, two-word combinations, shortcuts, misses. */
export function buildQueries(n: number): Array<{ q: string; type?: 'airport' | 'city' | 'address' }> {
  const entries = locationDirectory().index.entries;
  const shortcuts = ['regina sk', 'toronto on', 'vancouver bc', 'montreal qc', 'calgary ab'];
  const types = [undefined, undefined, undefined, 'airport', 'city', 'address'] as const;
  let seed = 12345;
  const rand = (k: number) => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return seed % k;
  };
  const queries: Array<{ q: string; type?: 'airport' | 'city' | 'address' }> = [];
  for (let i = 0; i < n; i++) {
    const e = entries[rand(entries.length)].entry;
    const kind = i % 6;
    let q: string;
    if (kind === 0) q = e.name.slice(0, 2 + rand(4));
    else if (kind === 1) q = e.name;
    else if (kind === 2) q = `${e.name.split(' ')[0]} ${e.city}`;
    else if (kind === 3) q = shortcuts[rand(shortcuts.length)];
    else if (kind === 4) q = `${e.city.slice(0, 3)} ${e.country.slice(0, 3)}`;
    else q = `zz${rand(1000)}qx`;
    if (q.trim().length < 2) q = `${q}ab`;
    queries.push({ q, type: types[rand(types.length)] });
  }
  return queries;
}

export async function injectBench() {
  const started = performance.now();
  const t0 = performance.now();
  const dir = locationDirectory();
  const buildMs = performance.now() - t0;
  console.log(
    `location directory: ${dir.index.entries.length} entries (${dir.size.cities} cities, ${dir.size.airports} airports, ${dir.size.curated} curated), built in ${buildMs.toFixed(0)} ms`,
  );

  const t = await createTestApp();
  try {
    const queries = buildQueries(SEARCH_QUERIES);

    // Warm up the JIT so the first few samples do not dominate p99.
    for (const { q, type } of queries.slice(0, 200)) searchLocations(dir.index, q, type);

    const direct: number[] = [];
    for (const { q, type } of queries) {
      const s = performance.now();
      searchLocations(dir.index, q, type);
      direct.push(performance.now() - s);
    }
    direct.sort((a, b) => a - b);
    console.log(
      `searchLocations (direct, ${queries.length} queries): p50 ${fmt(percentile(direct, 50))}, p99 ${fmt(percentile(direct, 99))}, max ${fmt(direct[direct.length - 1])}`,
    );

    const viaHttp: number[] = [];
    let errors = 0;
    for (const { q, type } of queries) {
      const url = `/api/locations?q=${encodeURIComponent(q)}${type ? `&type=${type}` : ''}`;
      const s = performance.now();
      const res = await t.app.inject({ method: 'GET', url });
      viaHttp.push(performance.now() - s);
      if (res.statusCode !== 200) errors += 1;
    }
    viaHttp.sort((a, b) => a - b);
    console.log(
      `GET /api/locations (inject, ${queries.length} queries): p50 ${fmt(percentile(viaHttp, 50))}, p99 ${fmt(percentile(viaHttp, 99))}, max ${fmt(viaHttp[viaHttp.length - 1])}${errors ? `, ${errors} non-200` : ''}`,
    );

    for (const url of ['/api/restaurants', '/api/restaurants?q=pizza&cuisine=Italian', '/api/hotels', '/api/hotels?location=toronto&guests=2&rooms=1']) {
      for (let i = 0; i < 20; i++) await t.app.inject({ method: 'GET', url });
      const s = performance.now();
      let bad = 0;
      for (let i = 0; i < LIST_REQUESTS; i++) {
        const res = await t.app.inject({ method: 'GET', url });
        if (res.statusCode !== 200) bad += 1;
      }
      const secs = (performance.now() - s) / 1000;
      console.log(
        `GET ${url}: ${(LIST_REQUESTS / secs).toFixed(0)} req/s sequential (${LIST_REQUESTS} requests in ${(secs * 1000).toFixed(0)} ms)${bad ? `, ${bad} non-200` : ''}`,
      );
    }

    const etag = (await t.app.inject({ method: 'GET', url: '/api/hotels' })).headers.etag as string;
    const s = performance.now();
    for (let i = 0; i < LIST_REQUESTS; i++) {
      await t.app.inject({ method: 'GET', url: '/api/hotels', headers: { 'if-none-match': etag } });
    }
    const secs = (performance.now() - s) / 1000;
    console.log(`GET /api/hotels with a matching If-None-Match (304): ${(LIST_REQUESTS / secs).toFixed(0)} req/s sequential`);
  } finally {
    await t.close();
  }
  console.log(`database: ${process.env.DATABASE_URL ? 'postgres' : 'pglite'}; total bench time ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

