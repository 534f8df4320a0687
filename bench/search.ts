/**
 * `npm run bench -- search`: the location search (latency over 10,000 varied queries and the first result of 30 fixed
 * queries a new user would type, each beside the result a person expects), then the catalogue search at scale
 * (bench/catalogue-search.ts: 10,000 to 1,000,000 listings; its options --sizes, --pglite-sizes, --search-rounds).
 */
import { performance } from 'node:perf_hooks';
import { searchLocations, type LocationTypeFilter } from '../domain/locations/search';
import { locationDirectory } from '../server/modules/locations';
import { catalogueSearchBench, catalogueSearchOptions } from './catalogue-search';
import { buildQueries, percentile } from './inject';

const QUERIES = 10_000;

/** [query, type filter, expected first result as "name, country"] */
const QUALITY: Array<[string, LocationTypeFilter | undefined, string]> = [
  ['tor', undefined, 'Toronto, Canada'],
  ['toronto', undefined, 'Toronto, Canada'],
  ['london', undefined, 'London, United Kingdom'],
  ['london on', undefined, 'London, Canada'],
  ['vancouver', undefined, 'Vancouver, Canada'],
  ['vancouver bc', undefined, 'Vancouver, Canada'],
  ['par', undefined, 'Paris, France'],
  ['paris', undefined, 'Paris, France'],
  ['new york', undefined, 'New York City, United States'],
  ['montreal', undefined, 'Montréal, Canada'],
  ['mont', undefined, 'Montréal, Canada'],
  ['calgary', undefined, 'Calgary, Canada'],
  ['regina sk', undefined, 'Regina, Canada'],
  ['ottawa', undefined, 'Ottawa, Canada'],
  ['syd', undefined, 'Sydney, Australia'],
  ['berlin', undefined, 'Berlin, Germany'],
  ['tokyo', undefined, 'Tokyo, Japan'],
  ['mex', undefined, 'Mexico City, Mexico'],
  ['chicago', undefined, 'Chicago, United States'],
  ['los angeles', undefined, 'Los Angeles, United States'],
  ['san fran', undefined, 'San Francisco, United States'],
  ['edmon', undefined, 'Edmonton, Canada'],
  ['winn', undefined, 'Winnipeg, Canada'],
  ['hali', undefined, 'Halifax, Canada'],
  ['main st', undefined, 'Main Street, Canada'],
  ['yonge st', undefined, 'Yonge Street, Canada'],
  ['granv', 'address', 'Granville Street, Canada'],
  ['pearson', 'airport', 'Toronto Pearson International Airport (YYZ), Canada'],
  ['heathrow', 'airport', 'London Heathrow Airport (LHR), United Kingdom'],
  ['cn tower', undefined, 'CN Tower, Canada'],
];

const fmt = (ms: number) => (ms < 1 ? `${(ms * 1000).toFixed(0)} µs` : `${ms.toFixed(2)} ms`);

export async function searchBench(argv: string[] = []) {
  await locationSearchBench();
  await catalogueSearchBench(catalogueSearchOptions(argv));
}

async function locationSearchBench() {
  const dir = locationDirectory();
  const queries = buildQueries(QUERIES);
  for (const { q, type } of queries.slice(0, 500)) searchLocations(dir.index, q, type);
  const times: number[] = [];
  for (const { q, type } of queries) {
    const s = performance.now();
    searchLocations(dir.index, q, type);
    times.push(performance.now() - s);
  }
  times.sort((a, b) => a - b);
  console.log(`\nLocation search: ${dir.index.entries.length} entries; ${queries.length} queries: p50 ${fmt(percentile(times, 50))}, p99 ${fmt(percentile(times, 99))}, max ${fmt(times[times.length - 1])}`);
  let good = 0;
  for (const [q, type, expected] of QUALITY) {
    const [hit] = searchLocations(dir.index, q, type);
    const got = hit ? `${hit.name}, ${hit.country}` : '(nothing)';
    const ok = got === expected;
    if (ok) good += 1;
    console.log(`  ${ok ? 'ok  ' : 'MISS'} ${JSON.stringify(q)}${type ? ` (${type})` : ''} -> ${got}${ok ? '' : `   expected ${expected}`}`);
  }
  console.log(`  quality: ${good}/${QUALITY.length} first results as expected`);
}
