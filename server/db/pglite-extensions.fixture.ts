/**
 * Run as its own process by pglite-extensions.test.ts: a fresh PGlite with every extension, asked for typos through
 * pg_trgm's `%` (the query that found nothing and then hung when the libraries were linked concurrently).
 */
import { sql } from 'drizzle-orm';
import { connect } from './connect';

const database = await connect({});
const { db } = database;
for (const name of ['btree_gist', 'cube', 'earthdistance', 'pg_trgm', 'unaccent', 'fuzzystrmatch']) {
  await db.execute(sql.raw(`create extension if not exists ${name}`));
}
await db.execute(sql`create table words (word text primary key)`);
await db.execute(sql`create index on words using gin (word gin_trgm_ops)`);
await db.execute(sql`insert into words values ('pizza'), ('pizzeria'), ('toronto'), ('hotel'), ('montreal')`);
const found: string[] = [];
for (const typed of ['piza', 'tornto', 'hotle']) {
  const { rows } = (await db.execute(sql`select word from words where word % ${typed} order by similarity(word, ${typed}) desc limit 1`)) as unknown as {
    rows: { word: string }[];
  };
  found.push(rows[0]?.word ?? '');
}
const { rows: near } = (await db.execute(sql`select round(earth_distance(ll_to_earth(43.65, -79.38), ll_to_earth(45.50, -73.57)) / 1000) as km`)) as unknown as {
  rows: { km: number }[];
};
await database.close();
process.stdout.write(JSON.stringify({ found, km: Number(near[0]?.km) }));
