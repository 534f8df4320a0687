/**
 * The catalogue search (issue 29, ADR 031) over search_documents, the per-listing rows that migration 0012's triggers
 * keep exact. Words match through the GIN index on the weighted tsvector (each typed word OR-ed with the words it
 * begins and its typo candidates from the lexicon, the words AND-ed), places through the GiST index on the earth
 * positions, facets through their arrays. Pages are keyset pages: the sort key of the last item (with its kind and id)
 * is the cursor, so listings added meanwhile never repeat an item or leave a gap.
 *
 * Work is bounded. Kind and facet filters alone: counts from search_counts, the page from a sort index. Words, a
 * place or dates: up to SEARCH_EXACT_MAX matches are counted and ranked exactly in one statement; a broad search
 * (more) estimates its counts from a sample and reads its page in index order.
 */
import { inArray, sql, type SQL } from 'drizzle-orm';
import { MAX_AVAILABILITY_DAYS, daysBetween } from '../../../domain/availability/schemas';
import { searchSpan, type DaySpan } from '../../../domain/availability/spans';
import { earliestTravelDay, parseDay } from '../../../domain/catalogue/pricing';
import { decodeCursor, encodeCursor, queryFingerprint, type CursorKey } from '../../../domain/search/cursor';
import { facetCounts, type FacetFilters, type MatchGroup } from '../../../domain/search/facets';
import {
  CATEGORICAL_FACETS,
  NEAR_RADIUS_DEFAULT_KM,
  PRICE_BANDS,
  SEARCH_LIMIT_DEFAULT,
  SEARCH_WORDS_MAX,
  type SearchItem,
  type SearchKind,
  type SearchQuery,
  type SearchResult,
} from '../../../domain/search/schemas';
import { matchesAsPrefix, prefixTypoMatches, typoMatches } from '../../../domain/search/words';
import type { Db } from '../../db/connect';
import { cars, hotels } from '../../db/schema';
import { badRequest } from '../../platform/errors';
import { releaseExpiredHolds, unitsLeftSql } from '../availability';
import { serverKind } from '../catalogue';
import { bboxCube, type Bbox } from './geo';

type Sort = 'relevance' | 'rating' | 'price' | 'distance';

/** One typed word and what it matches in the lexicon. */
type Word = { word: string; exact: boolean; prefix: boolean; typos: string[] };

/** A dated search: only listings free for the whole span, `need` units each day. */
type Dated = { kind: 'hotel' | 'car' | 'property'; dayKind: 'hotels' | 'cars' | 'properties'; span: DaySpan; need: number };

type PageRow = {
  kind: SearchKind;
  listing_id: number;
  rating: string;
  price_cents: number;
  score: number;
  dist: number | null;
  name: string;
  city: string | null;
  lat: number | null;
  lng: number | null;
  distance_km: number | null;
};

const CURSOR_NOT_VALID = 'Cursor is not valid';

/** Rows of a query, whichever driver ran it. */
async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}
const cursorError = () => badRequest(CURSOR_NOT_VALID, { cursor: CURSOR_NOT_VALID });
const RATING_TEXT = /^\d\.\d$/;

// ---------------------------------------------------------------- parameters the schema cannot check alone

function fieldError(field: string, message: string): never {
  throw badRequest(`Validation failed: ${message}`, { [field]: message });
}

/** A day of a dated search: a real calendar day, not in the past. */
function checkDay(field: string, label: string, day: string, now: Date) {
  if (Number.isNaN(parseDay(day))) fieldError(field, `${label} must be a real calendar date`);
  if (day < earliestTravelDay(now)) fieldError(field, `${label} must not be in the past`);
}

/** Both days of a span or neither; the second after (or, `sameDayOk`, on) the first; at most a year apart. */
function checkSpan(q: SearchQuery, first: 'checkIn' | 'pickupDate', second: 'checkOut' | 'returnDate', labels: [string, string], sameDayOk: boolean, now: Date): boolean {
  const a = q[first];
  const b = q[second];
  if (a === undefined && b === undefined) return false;
  if (a === undefined) fieldError(first, `${labels[0]} is required with ${labels[1]}`);
  if (b === undefined) fieldError(second, `${labels[1]} is required with ${labels[0]}`);
  checkDay(first, labels[0], a, now);
  checkDay(second, labels[1], b, now);
  if (sameDayOk ? b < a : b <= a) fieldError(second, `${labels[1]} must be after ${labels[0]}`);
  if (daysBetween(a, b) > MAX_AVAILABILITY_DAYS) fieldError(second, `At most ${MAX_AVAILABILITY_DAYS} days apart`);
  return true;
}

/** The dated filter of a hotel, car or property search (the schema already tied each to its kind), as the list routes check it. */
function datedOf(q: SearchQuery, now: Date): Dated | undefined {
  if (q.kind === 'hotel' && checkSpan(q, 'checkIn', 'checkOut', ['Check-in date', 'Check-out date'], false, now)) {
    return { kind: 'hotel', dayKind: 'hotels', span: searchSpan('hotels', { checkIn: q.checkIn, checkOut: q.checkOut }), need: q.rooms ?? 1 };
  }
  if (q.kind === 'car' && checkSpan(q, 'pickupDate', 'returnDate', ['Pickup date', 'Return date'], true, now)) {
    return { kind: 'car', dayKind: 'cars', span: searchSpan('cars', { pickupDate: q.pickupDate, returnDate: q.returnDate }), need: 1 };
  }
  if (q.kind === 'property' && (q.moveIn !== undefined || q.months !== undefined)) {
    if (q.moveIn === undefined || q.months === undefined) fieldError(q.moveIn === undefined ? 'moveIn' : 'months', 'Move-in date and months go together');
    checkDay('moveIn', 'Move-in date', q.moveIn, now);
    return { kind: 'property', dayKind: 'properties', span: searchSpan('properties', { moveIn: q.moveIn, months: q.months }), need: 1 };
  }
  return undefined;
}

/** A cursor's sort values must be what this sort writes: [score, rating] for relevance, [rating], [price] or [distance]. */
function cursorFits(sort: Sort, values: Array<number | string>): boolean {
  const [a, b] = values;
  switch (sort) {
    case 'relevance':
      return values.length === 2 && Number.isSafeInteger(a) && typeof b === 'string' && RATING_TEXT.test(b);
    case 'rating':
      return values.length === 1 && typeof a === 'string' && RATING_TEXT.test(a);
    case 'price':
      return values.length === 1 && Number.isSafeInteger(a);
    case 'distance':
      return values.length === 1 && typeof a === 'number' && a >= 0;
  }
}

// ---------------------------------------------------------------- words

/** A tsquery lexeme, quoted (the words come from search_words_of, so quotes and backslashes never occur; escaped anyway). */
const lexeme = (w: string) => `'${w.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;

/** The words of one typed word as a tsquery disjunction, limited to `weights` when given (e.g. 'A'). */
function alternatives(w: Word, weights = ''): string {
  const mark = weights ? `:${weights}` : '';
  const parts = [...(w.exact ? [lexeme(w.word) + mark] : []), ...(w.prefix ? [`${lexeme(w.word)}:*${weights}`] : []), ...w.typos.map((t) => lexeme(t) + mark)];
  return `(${parts.join(' | ')})`;
}

/** Splits and folds the text as the documents were (in the database), then finds each word's exact, prefix and typo matches. */
async function wordsOf(db: Db, text: string): Promise<Word[]> {
  const rows = await rowsOf<{ word: string; known: boolean; longer: boolean; near: string[] | null; near_prefix: string[] | null }>(
    db,
    sql`select w.word,
          exists (select 1 from search_words s where s.word = w.word) as known,
          exists (select 1 from search_words s where s.word ~>=~ w.word and s.word ~<~ (w.word || chr(1114111)) and s.word <> w.word) as longer,
          case when length(w.word) between 4 and 64 then array(
            select s.word from search_words s
            where s.word % w.word and s.word <> w.word
              and (case when length(s.word) <= 64 then levenshtein_less_equal(w.word, s.word, 4) else 99 end) <= 4
            order by similarity(s.word, w.word) desc, s.word limit 50) end as near,
          -- The last word may be unfinished: lexicon words holding a stretch like it (pg_trgm word similarity), among
          -- which prefixTypoMatches finds those it begins with a typo ('piza' and 'pizzeria').
          case when w.n = cardinality(search_words_of(${text})) and length(w.word) between 4 and 64 then array(
            select s.word from search_words s
            where w.word <% s.word and not starts_with(s.word, w.word)
            order by word_similarity(w.word, s.word) desc, s.word limit 50) end as near_prefix
        from unnest(search_words_of(${text})) with ordinality w(word, n)
        order by w.n`,
  );
  if (rows.length > SEARCH_WORDS_MAX) fieldError('q', `Search at most ${SEARCH_WORDS_MAX} words`);
  return rows.map((r, i) => ({
    word: r.word,
    exact: r.known,
    prefix: r.longer && matchesAsPrefix(r.word, i, rows.length),
    typos: [...new Set([...typoMatches(r.word, r.near ?? []), ...prefixTypoMatches(r.word, r.near_prefix ?? [])])],
  }));
}

/**
 * The relevance of a matching document as an integer (so a cursor compares it exactly): its name equal to the query
 * (30000) or beginning with it (20000); then per word 3 for the word itself, 2 for a word it begins, 1 for a typo
 * (times 100), and the best field it is in: the name 1004, category 3, place 2, rest 1. The name's thousand per word
 * puts a name holding more of the words (typos included: 'via roma piza' and Via Roma Pizzeria) above one holding
 * fewer whatever the other fields hold, and stays below the tiers: 8 words (SEARCH_WORDS_MAX) score under 10500.
 */
function scoreSql(words: Word[]): SQL {
  const key = words.map((w) => w.word).join(' ');
  const name = sql`case when d.name_key = ${key} then 30000 when d.name_key like ${`${key}%`} then 20000 else 0 end`;
  const perWord = words.map((w) => {
    const exact = w.exact ? sql`when d.document @@ ${lexeme(w.word)}::tsquery then 300 ` : sql``;
    const prefix = w.prefix ? sql`when d.document @@ ${`${lexeme(w.word)}:*`}::tsquery then 200 ` : sql``;
    const kind = w.typos.length === 0 ? sql.raw(w.exact ? '300' : '200') : w.exact || w.prefix ? sql`case ${exact}${prefix}else 100 end` : sql.raw('100');
    const field = sql`case when d.document @@ ${alternatives(w, 'A')}::tsquery then 1004 when d.document @@ ${alternatives(w, 'B')}::tsquery then 3 when d.document @@ ${alternatives(w, 'C')}::tsquery then 2 else 1 end`;
    return sql`(${kind}) + (${field})`;
  });
  return sql`(${name}) + ${sql.join(perWord, sql` + `)}`;
}

// ---------------------------------------------------------------- SQL pieces

const and = (parts: SQL[]) => (parts.length === 0 ? sql`true` : sql.join(parts, sql` and `));
const list = (values: Array<string | number>) => sql.join(values.map((v) => sql`${v}`), sql`, `);

/** The sort's columns (as search_documents names them, plus score and dist) in order, then kind and id. */
function orderOf(sort: Sort, p = ''): SQL {
  // 'nulls last' as the rating indexes are built (ratings are never null; an index serves only its own order).
  const first = { relevance: `${p}score desc, ${p}rating desc nulls last`, rating: `${p}rating desc nulls last`, price: `${p}price_cents`, distance: `${p}dist` }[sort];
  return sql.raw(`${first}, ${p}kind, ${p}listing_id`);
}

/** Rows after the cursor's in the sort's order. `dist` may be given as an expression (the nearest-first index scan's). */
function after(sort: Sort, c: CursorKey, p = '', dist?: SQL): SQL {
  const col = (name: string) => (name === 'dist' && dist ? dist : sql.raw(`${p}${name}`));
  const tail = sql`(${col('kind')}, ${col('listing_id')}) > (${c.kind}::text, ${c.id}::int)`;
  const [a, b] = c.values;
  switch (sort) {
    case 'relevance':
      return sql`(${col('score')} < ${a}::int or (${col('score')} = ${a}::int and (${col('rating')} < ${b}::numeric or (${col('rating')} = ${b}::numeric and ${tail}))))`;
    case 'rating':
      return sql`${col('rating')} <= ${a}::numeric and (${col('rating')} < ${a}::numeric or ${tail})`;
    case 'price':
      return sql`${col('price_cents')} >= ${a}::int and (${col('price_cents')} > ${a}::int or ${tail})`;
    case 'distance':
      return sql`${col('dist')} >= ${a}::float8 and (${col('dist')} > ${a}::float8 or ${tail})`;
  }
}

const earthAt = (near: { lat: number; lng: number }) => sql`ll_to_earth(${near.lat}::float8, ${near.lng}::float8)`;

function bboxSql(b: Bbox): SQL {
  const { min, max } = bboxCube(b);
  const cube = sql`cube(array[${min[0]}::float8 * earth(), ${min[1]}::float8 * earth(), ${min[2]}::float8 * earth()], array[${max[0]}::float8 * earth(), ${max[1]}::float8 * earth(), ${max[2]}::float8 * earth()])`;
  const lng = b.west <= b.east ? sql`d.lng between ${b.west}::float8 and ${b.east}::float8` : sql`(d.lng >= ${b.west}::float8 or d.lng <= ${b.east}::float8)`;
  return sql`d.position <@ ${cube} and d.lat between ${b.south}::float8 and ${b.north}::float8 and ${lng}`;
}

/** Free for the whole span: no day of it blocked or with fewer than `need` units left (availability's unitsLeftSql >= need, as an anti-join). */
function datedSql(d: Dated): SQL {
  return sql`d.capacity >= ${d.need}::int and not exists (
      select 1 from availability_days a where a.kind = ${d.dayKind} and a.listing_id = d.listing_id
        and a.day >= ${d.span.start}::date and a.day < ${d.span.end}::date and (a.blocked > 0 or a.capacity - a.taken < ${d.need}::int))`;
}

/** Categorical filter values as stored: 'italian' finds the 'Italian' listings (values are compared without case). */
async function storedValues(db: Db, q: SearchQuery): Promise<FacetFilters['categorical']> {
  const asked = CATEGORICAL_FACETS.filter((f) => q[f] && q[f].length > 0);
  if (asked.length === 0) return {};
  const rows = await rowsOf<{ v: string }>(db, sql`select distinct unnest(facets) as v from search_counts where count > 0 ${q.kind ? sql`and kind = ${q.kind}` : sql``}`);
  const out: FacetFilters['categorical'] = {};
  for (const facet of asked) {
    const known = rows.map((r) => r.v).filter((v) => v.startsWith(`${facet}:`)).map((v) => v.slice(facet.length + 1));
    const values = q[facet]!.flatMap((wanted) => {
      const same = known.filter((k) => k.toLowerCase() === wanted.toLowerCase());
      return same.length > 0 ? same : [wanted];
    });
    out[facet] = [...new Set(values)];
  }
  return out;
}

function facetSql(f: FacetFilters, p = ''): SQL[] {
  const col = (name: string) => sql.raw(`${p}${name}`);
  const parts: SQL[] = [];
  for (const facet of CATEGORICAL_FACETS) {
    const values = f.categorical[facet];
    if (values && values.length > 0) parts.push(sql`${col('facets')} && array[${list(values.map((v) => `${facet}:${v}`))}]::text[]`);
  }
  if (f.kind && f.price && f.price.length > 0) {
    const bands = PRICE_BANDS[f.kind];
    parts.push(sql`${col('price_band')} in (${list(f.price.map((v) => bands.findIndex((b) => b.value === v)))})`);
  }
  if (f.rating) parts.push(sql`${col('rating')} >= ${Number(f.rating)}::numeric`);
  return parts;
}

// ---------------------------------------------------------------- the search

/**
 * A search matching more listings than this (before its facet filters) is broad: counting and ranking every match
 * would cost more than a page may (ADR 031), so its counts are estimated from a sample and its relevance is coarser.
 */
export const SEARCH_EXACT_MAX = 1_500;
/**
 * How many rows a broad search's sample reads: enough for about SEARCH_SAMPLE_MATCHES matches by the planner's
 * estimate, within these bounds (each row read costs a word match, ~2 µs).
 */
export const SEARCH_SAMPLE_ROWS = { min: 2_000, max: 6_000 };
const SEARCH_SAMPLE_MATCHES = 200;

/** A planner estimate past this many times SEARCH_EXACT_MAX is broad (estimates of a word's matches err by up to ~2x). */
const SURELY_BROAD = 2;

export type SearchOptions = {
  now?: Date;
  /** Tests: the match count past which a search is broad, and the sample size. */
  exactMax?: number;
  sampleRows?: number;
};

/** What the page queries need of a search. */
type Plan = {
  base: SQL[];
  filters: FacetFilters;
  sort: Sort;
  cursor: CursorKey | undefined;
  limit: number;
  words: Word[];
  near: { lat: number; lng: number; radiusM: number } | undefined;
};

/** GET /api/search: a page of matching listings, the count of all matches and the facet counts. */
export async function searchListings(db: Db, query: SearchQuery, options: SearchOptions = {}): Promise<SearchResult> {
  const now = options.now ?? new Date();
  const limit = query.limit ?? SEARCH_LIMIT_DEFAULT;
  const fingerprint = queryFingerprint(query);
  const cursor = query.cursor === undefined ? undefined : (decodeCursor(query.cursor, fingerprint) ?? undefined);
  if (query.cursor !== undefined && !cursor) throw cursorError();
  const dated = datedOf(query, now);

  const words = query.q ? await wordsOf(db, query.q) : [];
  // Relevance needs words: without them (or without a sort) the best rated come first.
  const sort: Sort = query.sort === undefined || query.sort === 'relevance' ? (words.length > 0 ? 'relevance' : 'rating') : query.sort;
  if (cursor && !cursorFits(sort, cursor.values)) throw cursorError();

  const filters: FacetFilters = { kind: query.kind, categorical: await storedValues(db, query), price: query.price, rating: query.rating };
  // A word nothing in the catalogue matches: no results (and no query to run).
  if (words.some((w) => !w.exact && !w.prefix && w.typos.length === 0)) return { items: [], ...facetCounts([], filters), nextCursor: null };

  const near = query.near ? { ...query.near, radiusM: (query.radiusKm ?? NEAR_RADIUS_DEFAULT_KM) * 1000 } : undefined;
  const base: SQL[] = [sql`d.is_active`];
  if (query.kind) base.push(sql`d.kind = ${query.kind}`);
  if (words.length > 0) base.push(sql`d.document @@ ${words.map((w) => alternatives(w)).join(' & ')}::tsquery`);
  if (near) base.push(sql`earth_box(${earthAt(near)}, ${near.radiusM}::float8) @> d.position and earth_distance(${earthAt(near)}, d.position) <= ${near.radiusM}::float8`);
  if (query.bbox) base.push(bboxSql(query.bbox));
  if (query.rooms !== undefined && !dated) base.push(sql`d.capacity >= ${query.rooms}::int`);
  if (query.guests !== undefined) base.push(sql`d.max_guests >= ${query.guests}::int`);
  if (dated) {
    await releaseExpiredHolds(db, now);
    base.push(datedSql(dated));
  }

  const plan: Plan = { base, filters, sort, cursor, limit, words, near };
  let rows: PageRow[];
  let groups: MatchGroup[];
  let broad = false;
  let estimated = false;
  if (words.length === 0 && !near && !query.bbox && !dated && query.rooms === undefined && query.guests === undefined) {
    // Kind and facet filters only: the counts from search_counts (exact, any size), the page from the sort's index.
    groups = await countGroups(db, query.kind);
    const { total } = facetCounts(groups, filters);
    const all = groups.reduce((n, g) => n + g.count, 0);
    rows = total === 0 ? [] : await indexedPage(db, plan, total >= all * DENSE);
  } else {
    // A cursor keeps a search's pages in one mode (their orders differ): a narrow search's later pages stay exact even
    // if its matches grew past the limit meanwhile, a broad one's stay broad.
    const exactMax = cursor?.broad === false ? Number.POSITIVE_INFINITY : (options.exactMax ?? SEARCH_EXACT_MAX);
    // The planner's estimate (its statistics, no rows read) settles a search that is broad by far without reading
    // matches: collecting the first exactMax of them costs more than the broad page itself (the word index yields all
    // its matches at once). A close or low estimate leaves it to the exact pass, which counts.
    const planned = cursor?.broad === false ? 0 : await plannedMatches(db, base);
    const surelyBroad = !cursor && planned > exactMax * SURELY_BROAD;
    const exact = cursor?.broad || surelyBroad ? null : await exactPass(db, plan, exactMax);
    if (exact) {
      ({ rows, groups } = exact);
    } else {
      broad = true;
      const docs = await listingCount(db, query.kind);
      // More than exactMax, and at least what the planner expects: the sample's size.
      const atLeast = Math.max(planned, exactMax + 1);
      const sampleRows = options.sampleRows ?? Math.round(Math.min(SEARCH_SAMPLE_ROWS.max, Math.max(SEARCH_SAMPLE_ROWS.min, (SEARCH_SAMPLE_MATCHES * docs.all) / atLeast)));
      ({ groups, estimated } = await sampleGroups(db, plan, docs.all, sampleRows));
      // The page is read in the sort's index order only where the sample says matches (after the facet filters) are
      // dense enough to fill it soon (a distance order is bounded by the radius's box anyway); sparse ones are
      // collected and sorted: 'creperie' (2,123 matches among 1,000,000 listings, mostly named so) walked the rating
      // index for 3.4 s.
      const dense = sort === 'distance' || facetCounts(groups, filters).total >= docs.ofKind * DENSE;
      rows = await (sort === 'relevance' ? broadRelevancePage(db, plan, dense) : indexedPage(db, plan, dense));
    }
  }

  const more = rows.length > limit;
  const page = rows.slice(0, limit);
  const items = await itemsOf(db, page, dated);
  const last = page.at(-1);
  const nextCursor = more && last ? encodeCursor({ values: cursorValues(sort, last), kind: last.kind, id: last.listing_id, broad }, fingerprint) : null;
  return { items, ...facetCounts(groups, filters), nextCursor, ...(estimated ? { estimated } : {}) };
}

/** The columns of a page row (the listing's rows are read after, per kind); the rating as text unless `numeric`. */
function pageColumns(p: Plan, numeric = false): SQL {
  const dist = p.near ? sql`d.position <-> ${earthAt(p.near)}` : sql`null::float8`;
  const km = p.near ? sql`round((earth_distance(${earthAt(p.near)}, d.position) / 1000)::numeric, 1)::float8` : sql`null::float8`;
  return sql`d.kind, d.listing_id, ${numeric ? sql`d.rating` : sql`d.rating::text as rating`}, d.price_cents, d.name, d.city, d.lat, d.lng, ${dist} as dist, ${km} as distance_km`;
}

/**
 * Matches at least this share of the listings they are drawn from (of the kind searched) are read in index order (see
 * pageInOrder); fewer are collected and sorted. Browsing by facets knows the share from search_counts, a broad search
 * from its sample.
 */
const DENSE = 0.01;

/**
 * A page in an index's order (rating, price, or distance by the GiST index's nearest-first scan): the database reads
 * the matches in that order and stops after the page, however many there are. `dense`: the matches are known to be
 * many (a broad search, or facet counts say so), so the planner must not collect them all through another index and
 * sort them; it misjudges that when filters go together (a car category implies the kind).
 */
async function indexedPage(db: Db, p: Plan, dense: boolean): Promise<PageRow[]> {
  const sort = p.sort === 'relevance' ? 'rating' : p.sort;
  const dist = p.near ? sql`(d.position <-> ${earthAt(p.near)})` : undefined;
  const keyset = p.cursor ? [after(sort, p.cursor, 'd.', dist)] : [];
  return pageInOrder(db, p, sort, and([...p.base, ...facetSql(p.filters, 'd.'), ...keyset]), dense);
}

/**
 * The first page of the rows `where` picks, in the sort's order. `dense`: read in the sort's index order, stopping
 * after the page (inIndexOrder); otherwise collected through the filters' indexes (the CTE is planned for all its
 * rows) and sorted: with the page limit on the scan the planner may walk the sort's index through every listing.
 */
async function pageInOrder(db: Db, p: Plan, sort: 'rating' | 'price' | 'distance', where: SQL, dense: boolean): Promise<PageRow[]> {
  if (!dense) {
    return rowsOf<PageRow>(
      db,
      sql`with found as materialized (select ${pageColumns(p, true)} from search_documents d where ${where})
          select kind, listing_id, rating::text as rating, price_cents, name, city, lat, lng, dist, distance_km, 0 as score
          from found order by ${orderOf(sort)} limit ${p.limit + 1}`,
    );
  }
  if (sort === 'distance') return nearestFirst(db, p, where);
  const query = sql`select ${pageColumns(p)}, 0 as score from search_documents d where ${where} order by ${orderOf(sort, 'd.')} limit ${p.limit + 1}`;
  return inIndexOrder(db, (tx) => rowsOf<PageRow>(tx, query));
}

/** Rows the nearest-first scan reads beyond the page, so that listings at the same distance are ordered by kind and id. */
const NEAREST_MARGIN = 30;

/**
 * A page by distance from the GiST index's nearest-first scan, which orders by the distance alone: the scan reads
 * the page and a margin, and they are ordered by distance, kind and id here. Were the margin's last row as near as the
 * page's last, more listings at that distance could follow: then the matches are collected and sorted instead.
 * (Ordering by all three in the scan makes PostgreSQL read every match in the radius and sort them.)
 */
async function nearestFirst(db: Db, p: Plan, where: SQL): Promise<PageRow[]> {
  const read = p.limit + 1 + NEAREST_MARGIN;
  const rows = await inIndexOrder(db, (tx) =>
    rowsOf<PageRow>(tx, sql`select ${pageColumns(p)}, 0 as score from search_documents d where ${where} order by d.position <-> ${earthAt(p.near!)} limit ${read}`),
  );
  const sorted = rows.sort((a, b) => a.dist! - b.dist! || (a.kind < b.kind ? -1 : a.kind > b.kind ? 1 : a.listing_id - b.listing_id));
  const page = sorted.slice(0, p.limit + 1);
  if (rows.length === read && sorted.at(-1)!.dist === page.at(-1)!.dist) return pageInOrder(db, p, 'distance', where, false);
  return page;
}

/**
 * Runs a page query that must read the matches in an index's order and stop after the page (for this transaction,
 * bitmap and sequential scans off): with many matches the planner, underestimating facet arrays, would otherwise
 * read every listing and sort, e.g. 233 ms instead of 25 for Tutoring among 100,000.
 */
async function inIndexOrder<T>(db: Db, run: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('enable_bitmapscan', 'off', true), set_config('enable_seqscan', 'off', true)`);
    return run(tx as unknown as Db);
  });
}

/** How many listings the planner expects the filters to match, from its statistics (EXPLAIN: nothing is read). */
async function plannedMatches(db: Db, base: SQL[]): Promise<number> {
  const [row] = await rowsOf<{ 'QUERY PLAN': unknown }>(db, sql`explain (format json) select 1 from search_documents d where ${and(base)}`);
  const raw = row?.['QUERY PLAN'];
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Array<{ Plan?: { 'Plan Rows'?: number } }> | undefined;
  return plan?.[0]?.Plan?.['Plan Rows'] ?? 0;
}

/**
 * Every match, counted and ranked in one statement: the page and the groups the facets are counted from. Null when
 * there are more than `max` matches: the statement stops reading there, and neither sorts nor groups them.
 */
async function exactPass(db: Db, p: Plan, max: number): Promise<{ rows: PageRow[]; groups: MatchGroup[] } | null> {
  const score = p.sort === 'relevance' ? scoreSql(p.words) : sql`0`;
  const dist = p.near ? sql`d.position <-> ${earthAt(p.near)}` : sql`null::float8`;
  const km = p.near ? sql`round((earth_distance(${earthAt(p.near)}, d.position) / 1000)::numeric, 1)::float8` : sql`null::float8`;
  const few = Number.isFinite(max) ? sql`(select n from c) <= ${max}` : sql`true`;
  // `found` is planned for all its matches, so through the filters' indexes; `m` then reads at most max + 1 of them,
  // and `found` stops there (a CTE runs as far as it is read). With the limit on the scan itself the planner walks
  // the whole table instead (a sequential scan is cheapest "until the limit" on its estimate): 110 ms instead of 25
  // for 5,000 of 100,000.
  const result = await rowsOf<PageRow & { n: number | null; facets: string[] | null; price_band: number | null; rating_band: number | null; count: number | null }>(
    db,
    sql`with found as materialized (
          select d.kind, d.listing_id, d.facets, d.price_band, search_rating_band(d.rating) as rating_band, d.rating, d.price_cents,
                 ${score} as score, ${dist} as dist
          from search_documents d where ${and(p.base)}
        ),
        m as materialized (select * from found ${Number.isFinite(max) ? sql`limit ${max + 1}` : sql``}),
        c as (select count(*)::int as n from m),
        page as (
          select m.kind, m.listing_id, m.rating, m.price_cents, m.score, m.dist from m
          where ${and([few, ...facetSql(p.filters), ...(p.cursor ? [after(p.sort, p.cursor)] : [])])}
          order by ${orderOf(p.sort)} limit ${p.limit + 1}
        )
        select (row_number() over (order by ${orderOf(p.sort, 'p.')}))::int as n, p.kind, p.listing_id, p.rating::text as rating, p.price_cents,
               p.score::int as score, p.dist::float8 as dist, d.name, d.city, d.lat, d.lng, ${km} as distance_km,
               null::text[] as facets, null::int as price_band, null::int as rating_band, null::int as count
        from page p join search_documents d on d.kind = p.kind and d.listing_id = p.listing_id
        union all
        select null, m.kind, null, null, null, null, null, null, null, null, null, null, m.facets, m.price_band::int, m.rating_band::int, count(*)::int
        from m where ${few} group by m.kind, m.facets, m.price_band, m.rating_band
        union all
        select 0, null, null, null, null, null, null, null, null, null, null, null, null, null, null, c.n from c`,
  );
  const matched = result.find((r) => r.n === 0)?.count ?? 0;
  if (matched > max) return null;
  const groups = result
    .filter((r) => r.n === null)
    .map((r) => ({ kind: r.kind, facets: r.facets ?? [], priceBand: r.price_band!, ratingBand: r.rating_band!, count: r.count! }));
  return { rows: result.filter((r) => r.n !== null && r.n > 0).sort((a, b) => a.n! - b.n!), groups };
}

/**
 * A broad search's relevance page: names equal to the words (30000) or beginning with them (20000), found through
 * the name index, then every other match by rating through the rating index. Each part stops after a page.
 */
async function broadRelevancePage(db: Db, p: Plan, dense: boolean): Promise<PageRow[]> {
  const key = p.words.map((w) => w.word).join(' ');
  const where = [...p.base, ...facetSql(p.filters, 'd.')];
  const inNames = sql`d.name_key like ${`${key}%`}`;
  const c = p.cursor;
  const named =
    c && Number(c.values[0]) === 0
      ? []
      : rowsOf<PageRow>(
          db,
          sql`select d.kind, d.listing_id, d.rating::text as rating, d.price_cents, d.name, d.city, d.lat, d.lng, d.dist, d.distance_km, d.score from (
                select ${pageColumns(p, true)}, case when d.name_key = ${key} then 30000 else 20000 end as score
                from search_documents d where ${and([...where, inNames])}
              ) d
              ${c ? sql`where ${after('relevance', c, 'd.')}` : sql``}
              order by ${orderOf('relevance', 'd.')} limit ${p.limit + 1}`,
        );
  // The other matches by rating.
  const rest = pageInOrder(
    db,
    p,
    'rating',
    and([...where, sql`not (${inNames})`, ...(c && Number(c.values[0]) === 0 ? [after('rating', { ...c, values: [c.values[1]!] }, 'd.')] : [])]),
    dense,
  );
  const [first, second] = await Promise.all([named, rest]);
  return [...first, ...second].slice(0, p.limit + 1);
}

/**
 * A broad search's groups, estimated from a sample of the table's pages (the same sample every time, so an unchanged
 * catalogue gives the same counts): each sampled match stands for 100 / percent matches.
 */
async function sampleGroups(db: Db, p: Plan, docs: number, sampleRows: number): Promise<{ groups: MatchGroup[]; estimated: boolean }> {
  const percent = Math.min(100, (sampleRows / Math.max(docs, 1)) * 100);
  const rows = await rowsOf<{ kind: SearchKind; facets: string[]; price_band: number; rating_band: number; count: number }>(
    db,
    sql`select d.kind, d.facets, d.price_band::int as price_band, search_rating_band(d.rating)::int as rating_band, count(*)::int as count
        from search_documents d tablesample system (${percent}::float4) repeatable (31)
        where ${and(p.base)}
        group by d.kind, d.facets, d.price_band, search_rating_band(d.rating)`,
  );
  const scale = 100 / percent;
  return {
    groups: rows.map((r) => ({ kind: r.kind, facets: r.facets, priceBand: r.price_band, ratingBand: r.rating_band, count: Math.round(r.count * scale) })),
    estimated: percent < 100,
  };
}

function cursorValues(sort: Sort, r: PageRow): Array<number | string> {
  switch (sort) {
    case 'relevance':
      return [r.score, r.rating];
    case 'rating':
      return [r.rating];
    case 'price':
      return [r.price_cents];
    case 'distance':
      return [r.dist ?? 0];
  }
}

/** How many active listings there are, and of the kind searched (all when none): trigger-maintained counts. */
async function listingCount(db: Db, kind: SearchKind | undefined): Promise<{ all: number; ofKind: number }> {
  const [row] = await rowsOf<{ all: number; of_kind: number }>(
    db,
    sql`select coalesce(sum(count), 0)::int as all, coalesce(sum(count) filter (where ${kind ? sql`kind = ${kind}` : sql`true`}), 0)::int as of_kind from search_counts`,
  );
  return { all: row?.all ?? 0, ofKind: row?.of_kind ?? 0 };
}

/** Every active listing grouped by kind, facet values, price band and rating band (trigger-maintained counts). */
async function countGroups(db: Db, kind: SearchKind | undefined): Promise<MatchGroup[]> {
  const rows = await rowsOf<{ kind: SearchKind; facets: string[]; price_band: number; rating_band: number; count: number }>(
    db,
    sql`select kind, facets, price_band::int as price_band, rating_band::int as rating_band, count from search_counts where count > 0 ${kind ? sql`and kind = ${kind}` : sql``}`,
  );
  return rows.map((r) => ({ kind: r.kind, facets: r.facets, priceBand: r.price_band, ratingBand: r.rating_band, count: r.count }));
}

/** The capacity a dated search counts units of (availability_days holds what is taken of it). */
const capacityOf = (kind: Dated['kind']) => (kind === 'hotel' ? hotels.rooms : kind === 'car' ? cars.fleet : sql`1`);

/** The page's listings as their list routes show them (one query per kind on the page), plus the search's own fields. */
async function itemsOf(db: Db, page: PageRow[], dated: Dated | undefined): Promise<SearchItem[]> {
  const byKind = new Map<SearchKind, number[]>();
  for (const r of page) byKind.set(r.kind, [...(byKind.get(r.kind) ?? []), r.listing_id]);
  const found = new Map<string, { row: Record<string, unknown>; unitsLeft: number | null }>();
  // The kinds' queries run side by side (each on its own pooled connection on PostgreSQL).
  await Promise.all(
    [...byKind].map(async ([kind, ids]) => {
      const table = serverKind(kind).table as unknown as typeof hotels;
      const left = dated && dated.kind === kind ? unitsLeftSql(dated.dayKind, table.id, capacityOf(dated.kind), dated.span) : null;
      const rows = await db
        .select({ row: table, unitsLeft: left ?? sql<null>`null` })
        .from(table)
        .where(inArray(table.id, ids));
      for (const r of rows) found.set(`${kind}:${r.row.id}`, { row: r.row as Record<string, unknown>, unitsLeft: r.unitsLeft === null ? null : Number(r.unitsLeft) });
    }),
  );
  const items: SearchItem[] = [];
  for (const r of page) {
    const hit = found.get(`${r.kind}:${r.listing_id}`);
    // Removed between the two queries (a concurrent delete): left out rather than shown half.
    if (!hit) continue;
    items.push({
      ...(serverKind(r.kind).toApi(hit.row as never) as Record<string, unknown>),
      kind: r.kind,
      id: r.listing_id,
      name: r.name,
      city: r.city,
      lat: r.lat,
      lng: r.lng,
      ...(r.distance_km !== null ? { distanceKm: r.distance_km } : {}),
      ...(hit.unitsLeft !== null ? { unitsLeft: hit.unitsLeft } : {}),
    });
  }
  return items;
}
