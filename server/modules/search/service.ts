/**
 * The catalogue search (issue 29, ADR 031) over search_documents, the per-listing rows that migration 0012's triggers
 * keep exact. Words match through the GIN index on the weighted tsvector (each typed word OR-ed with the words it
 * begins and its typo candidates from the lexicon, the words AND-ed), places through the GiST index on the earth
 * positions, facets through their arrays. Pages are keyset pages: the sort key of the last item (with its kind and id)
 * is the cursor, so listings added meanwhile never repeat an item or leave a gap.
 *
 * Work is bounded. Kind and facet filters alone: counts from search_counts, the page from a sort index. Words, a
 * place or dates: up to SEARCH_EXACT_MAX matches are counted and ranked exactly in one statement; a broad search
 * (more) estimates its counts from a sample. A page of many matches is read by walking a sort index a bounded way
 * (SEARCH_WALK_PER_ROW); rarer matches are collected through the filters' indexes and sorted.
 */
import { inArray, sql, type SQL } from 'drizzle-orm';
import { MAX_AVAILABILITY_DAYS, daysBetween } from '../../../domain/availability/schemas';
import { searchSpan, type DaySpan } from '../../../domain/availability/spans';
import { earliestTravelDay, parseDay } from '../../../domain/catalogue/pricing';
import { decodeCursor, encodeCursor, queryFingerprint, type CursorKey } from '../../../domain/search/cursor';
import { facetCounts, passingFilters, type FacetFilters, type MatchGroup } from '../../../domain/search/facets';
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

/** What a listing's name_key is compared with for the name tiers: the query's words, as typed, joined. */
const nameKeyOf = (words: Word[]) => words.map((w) => w.word).join(' ');

/**
 * The relevance of a matching document as an integer (so a cursor compares it exactly): its name equal to the query
 * (30000) or beginning with it (20000); then per word 3 for the word itself, 2 for a word it begins, 1 for a typo
 * (times 100), and the best field it is in: the name 1004, category 3, place 2, rest 1. The name's thousand per word
 * puts a name holding more of the words (typos included: 'via roma piza' and Via Roma Pizzeria) above one holding
 * fewer whatever the other fields hold, and stays below the tiers: 8 words (SEARCH_WORDS_MAX) score under 10500.
 */
function scoreSql(words: Word[]): SQL {
  const key = nameKeyOf(words);
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

/**
 * The sort's columns (as search_documents names them, plus score and dist) in order, then id and kind: listings that
 * tie mix their kinds (each kind numbers its listings from 1), as the rating and price indexes are built (0015).
 */
function orderOf(sort: Sort, p = ''): SQL {
  // 'nulls last' as the rating indexes are built (ratings are never null; an index serves only its own order).
  const first = { relevance: `${p}score desc, ${p}rating desc nulls last`, rating: `${p}rating desc nulls last`, price: `${p}price_cents`, distance: `${p}dist` }[sort];
  return sql.raw(`${first}, ${p}listing_id, ${p}kind`);
}

/** Rows after the cursor's in the sort's order. `dist` may be given as an expression (the nearest-first index scan's). */
function after(sort: Sort, c: CursorKey, p = '', dist?: SQL): SQL {
  const col = (name: string) => (name === 'dist' && dist ? dist : sql.raw(`${p}${name}`));
  const tail = sql`(${col('listing_id')}, ${col('kind')}) > (${c.id}::int, ${c.kind}::text)`;
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
/**
 * A planner estimate from this share of SEARCH_EXACT_MAX up is checked with the sample before the exact pass is tried:
 * the planner takes words for independent, so words that go together are underestimated ('thai curry': 881 planned,
 * 12,907 found among 1,000,000 listings), and an exact pass that ends broad has read 1,500 matches for nothing. A
 * search by place is always checked: the planner has no statistics of positions (it takes any box for 0.1 % of the
 * table: 980 planned, 14,799 in a 25 km box around Toronto).
 */
const UNSURE = 0.5;

/**
 * How far a page walks an index in its order (rating, price, distance) before giving up, in rows per row of the page:
 * a walk pays for every row it passes, so it finds a page fast where at least 1 in this many rows match, and is not
 * tried where the counts (or the sample) say matches are rarer. A walk that finds too few hands over to collecting the
 * matches through the filters' indexes and sorting them, which costs what the matches number (ADR 031).
 */
export const SEARCH_WALK_PER_ROW = 200;

export type SearchOptions = {
  now?: Date;
  /** Tests: the match count past which a search is broad, the sample size, and how far a walk goes. */
  exactMax?: number;
  sampleRows?: number;
  walkPerRow?: number;
};

/** What the page queries need of a search. */
type Plan = {
  /** Active listings of the kind asked: what an index walk reads through. */
  scope: SQL[];
  /** The scope and the search's own conditions (words, place, dates, rooms, guests), before facet filters. */
  base: SQL[];
  filters: FacetFilters;
  sort: Sort;
  cursor: CursorKey | undefined;
  limit: number;
  words: Word[];
  near: { lat: number; lng: number; radiusM: number } | undefined;
  walkPerRow: number;
};

/** A broad search's sample: the groups of its matches (split by whether the name begins with the words), scaled up. */
type Sample = {
  groups: MatchGroup[];
  named: MatchGroup[];
  others: MatchGroup[];
  /** Matches before facet filters. */
  matches: number;
  estimated: boolean;
  /** Every active listing of the kind searched (all kinds without one), grouped: what a walk reads through. */
  listings: MatchGroup[];
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
  const scope: SQL[] = [sql`d.is_active`];
  if (query.kind) scope.push(sql`d.kind = ${query.kind}`);
  const base: SQL[] = [...scope];
  if (words.length > 0) base.push(sql`d.document @@ ${words.map((w) => alternatives(w)).join(' & ')}::tsquery`);
  if (near) base.push(sql`earth_box(${earthAt(near)}, ${near.radiusM}::float8) @> d.position and earth_distance(${earthAt(near)}, d.position) <= ${near.radiusM}::float8`);
  if (query.bbox) base.push(bboxSql(query.bbox));
  if (query.rooms !== undefined && !dated) base.push(sql`d.capacity >= ${query.rooms}::int`);
  if (query.guests !== undefined) base.push(sql`d.max_guests >= ${query.guests}::int`);
  if (dated) {
    await releaseExpiredHolds(db, now);
    base.push(datedSql(dated));
  }

  const walkPerRow = options.walkPerRow ?? SEARCH_WALK_PER_ROW;
  const plan: Plan = { scope, base, filters, sort, cursor, limit, words, near, walkPerRow };
  let rows: PageRow[];
  let groups: MatchGroup[];
  let broad = false;
  let estimated = false;
  if (words.length === 0 && !near && !query.bbox && !dated && query.rooms === undefined && query.guests === undefined) {
    // Kind and facet filters only: the counts from search_counts (exact, any size), the page from the sort's index.
    groups = await countGroups(db, query.kind);
    const { total } = facetCounts(groups, filters);
    rows = total === 0 ? [] : await indexedPage(db, plan, walkable(plan, sortIndex(sort), passingFilters(groups, filters), groups));
  } else {
    // A cursor keeps a search's pages in one mode (their orders differ): a narrow search's later pages stay exact even
    // if its matches grew past the limit meanwhile, a broad one's stay broad.
    const exactMax = cursor?.broad === false ? Number.POSITIVE_INFINITY : (options.exactMax ?? SEARCH_EXACT_MAX);
    // The planner's estimate (its statistics, no rows read) settles a search that is broad by far without reading
    // matches: collecting the first exactMax of them costs more than the broad page itself (the word index yields all
    // its matches at once). A close estimate is checked with the sample; a low one leaves it to the exact pass, which
    // counts.
    const planned = cursor?.broad === false ? 0 : await plannedMatches(db, base);
    let sample: Sample | undefined;
    const sampled = async () => (sample ??= await sampleOf(db, plan, Math.max(planned, exactMax + 1), options.sampleRows));
    let broadBy = cursor?.broad === true || (!cursor && planned > exactMax * SURELY_BROAD);
    // The sample counts (unlike the planner, it reads rows): past exactMax is broad.
    if (!broadBy && !cursor && (near || query.bbox || planned >= exactMax * UNSURE)) broadBy = (await sampled()).matches > exactMax;
    const exact = broadBy ? null : await exactPass(db, plan, exactMax);
    if (exact) {
      ({ rows, groups } = exact);
    } else {
      broad = true;
      const s = await sampled();
      ({ groups, estimated } = s);
      rows = await (sort === 'relevance' ? broadRelevancePage(db, plan, s) : indexedPage(db, plan, walkable(plan, sort, passingFilters(groups, filters), s.listings)));
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

/** The index order a sort reads (a relevance sort without words is by rating). */
const sortIndex = (sort: Sort) => (sort === 'relevance' ? 'rating' : sort);

/**
 * Whether a walk of the sort's index through `listings` likely finds the page's matches (`matched`) within its length
 * (SEARCH_WALK_PER_ROW rows per row of the page). The groups' bands say where in the order the matches lie, so a
 * walk is not tried that would first pass every listing of bands the matches are missing from (lofts by price pass
 * 9,205 cheaper properties with no loft among them): the bands are taken in the sort's order, the matches as spread
 * evenly within a band. Price across kinds (whose bands differ) takes the matches as spread evenly through all the
 * listings. Estimated from the top: a later page's walk starts at its cursor.
 */
function walkable(p: Plan, sort: 'rating' | 'price' | 'distance', matched: readonly MatchGroup[], listings: readonly MatchGroup[]): boolean {
  const need = p.limit + 1;
  const reach = need * p.walkPerRow;
  const sum = (groups: readonly MatchGroup[]) => groups.reduce((n, g) => n + g.count, 0);
  const matches = sum(matched);
  if (matches < need) return false;
  // Nearest first, the matches are where the walk begins: always tried.
  if (sort === 'distance') return true;
  const banded = sort === 'rating' || (p.filters.kind !== undefined && listings.every((g) => g.priceBand >= 0));
  if (!banded) return (need * sum(listings)) / matches <= reach;
  const band = (g: MatchGroup) => (sort === 'rating' ? -g.ratingBand : g.priceBand);
  let walked = 0;
  let found = 0;
  for (const b of [...new Set(listings.map(band))].sort((x, y) => x - y)) {
    const inBand = sum(matched.filter((g) => band(g) === b));
    const rows = sum(listings.filter((g) => band(g) === b));
    if (found + inBand >= need) return walked + (rows * (need - found)) / inBand <= reach;
    walked += rows;
    found += inBand;
  }
  return false;
}

/** What a page part reads beyond the plan and its facet filters: `after`, its cursor's keyset (where a walk starts), and `where`. */
type Part = { after?: SQL; where?: SQL[] };

/** A page by rating, price or distance (a relevance sort without words is by rating). */
async function indexedPage(db: Db, p: Plan, walk: boolean): Promise<PageRow[]> {
  const sort = sortIndex(p.sort);
  const dist = p.near ? sql`(d.position <-> ${earthAt(p.near)})` : undefined;
  return pageInOrder(db, p, sort, { after: p.cursor ? after(sort, p.cursor, 'd.', dist) : undefined }, walk);
}

/**
 * The first page of a part's matches in the sort's order: from a walk of the sort's index when `walk` (the matches are
 * common enough) and the walk finds the page, otherwise collected through the filters' indexes and sorted.
 */
async function pageInOrder(db: Db, p: Plan, sort: 'rating' | 'price' | 'distance', part: Part, walk: boolean): Promise<PageRow[]> {
  const walked = walk ? await (sort === 'distance' ? nearestWalk(db, p, part) : indexWalk(db, p, sort, part)) : null;
  return walked ?? collected(db, p, sort, part);
}

/** The conditions a page row meets: the plan's, the facet filters and the part's. */
const matching = (p: Plan, part: Part) => and([...p.base, ...facetSql(p.filters, 'd.'), ...(part.where ?? []), ...(part.after ? [part.after] : [])]);
/** The rows a walk reads through: the scope from the part's cursor on. */
const walkedScope = (p: Plan, part: Part) => and([...p.scope, ...(part.after ? [part.after] : [])]);

/**
 * Every match of the part (the CTE is planned for all its rows, so through the filters' indexes), sorted. With the
 * page's limit on the scan itself the planner may walk the sort's index through every listing instead.
 */
async function collected(db: Db, p: Plan, sort: 'rating' | 'price' | 'distance', part: Part): Promise<PageRow[]> {
  return rowsOf<PageRow>(
    db,
    sql`with found as materialized (select ${pageColumns(p, true)} from search_documents d where ${matching(p, part)})
        select kind, listing_id, rating::text as rating, price_cents, name, city, lat, lng, dist, distance_km, 0 as score
        from found order by ${orderOf(sort)} limit ${p.limit + 1}`,
  );
}

/**
 * The page from the first rows of the sort's index (rating or price; the inner query's order is the whole sort order,
 * so its first rows' matches are the first matches), or null when they hold fewer matches than the page. The walk's
 * length is a limit of its own, so the planner cannot choose to read every listing and sort them.
 */
async function indexWalk(db: Db, p: Plan, sort: 'rating' | 'price', part: Part): Promise<PageRow[] | null> {
  const rows = await rowsOf<PageRow>(
    db,
    sql`select ${pageColumns(p)}, 0 as score from (
          select * from search_documents d where ${walkedScope(p, part)} order by ${orderOf(sort, 'd.')} limit ${(p.limit + 1) * p.walkPerRow}
        ) d
        where ${matching(p, { where: part.where })}
        order by ${orderOf(sort, 'd.')} limit ${p.limit + 1}`, // the inner order: read up to the page, not sorted again
  );
  return rows.length > p.limit ? rows : null;
}

/** Rows a nearest-first walk keeps beyond the page, so that listings at the same distance are ordered by id and kind. */
const NEAREST_MARGIN = 30;

/**
 * A page by distance from a walk of the GiST index's nearest-first scan, which orders by the distance alone: the walk
 * keeps the page and a margin, ordered here by distance, id and kind. The page is exact when the margin's last row is
 * farther than the page's last (no listing left unread can come before it); otherwise, or when the walk found too
 * few, null. (Ordering by all three in the scan makes PostgreSQL read every match in the radius and sort them.)
 */
async function nearestWalk(db: Db, p: Plan, part: Part): Promise<PageRow[] | null> {
  const keep = p.limit + 1 + NEAREST_MARGIN;
  // The outer query orders by the inner one's column, so the planner knows the rows come in order and stops after
  // `keep` of them (ordering by the expression again would read and sort the whole walk).
  const rows = await rowsOf<PageRow>(
    db,
    sql`select ${pageColumns(p)}, 0 as score from (
          select *, d.position <-> ${earthAt(p.near!)} as nearest from search_documents d where ${walkedScope(p, part)}
          order by nearest limit ${(p.limit + 1) * p.walkPerRow}
        ) d
        where ${matching(p, { where: part.where })}
        order by d.nearest limit ${keep}`,
  );
  if (rows.length < keep) return null;
  const sorted = rows.sort((a, b) => a.dist! - b.dist! || a.listing_id - b.listing_id || (a.kind < b.kind ? -1 : a.kind > b.kind ? 1 : 0));
  const page = sorted.slice(0, p.limit + 1);
  return sorted.at(-1)!.dist! > page.at(-1)!.dist! ? page : null;
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
 * A broad search's relevance page, tier by tier, each from where the cursor is: names equal to the words (30000,
 * through the name index), names beginning with them (20000), then every other match (0), each tier by rating. A tier
 * is read only while the page is not full, so a first page that the names fill reads nothing else.
 */
async function broadRelevancePage(db: Db, p: Plan, s: Sample): Promise<PageRow[]> {
  const key = nameKeyOf(p.words);
  const c = p.cursor;
  const from = c ? Number(c.values[0]) : 30000;
  const resume = (score: number) => (c && score === from ? afterRating(c) : undefined);
  const inNames = sql`d.name_key like ${`${key}%`}`;
  const walk = (matched: MatchGroup[]) => walkable(p, 'rating', passingFilters(matched, p.filters), s.listings);
  const tiers: Array<[number, () => Promise<PageRow[]>]> = [
    [30000, () => collected(db, p, 'rating', { where: [sql`d.name_key = ${key}`], after: resume(30000) })],
    [20000, () => pageInOrder(db, p, 'rating', { where: [inNames, sql`d.name_key <> ${key}`], after: resume(20000) }, walk(s.named))],
    [0, () => pageInOrder(db, p, 'rating', { where: [sql`not (${inNames})`], after: resume(0) }, walk(s.others))],
  ];
  const rows: PageRow[] = [];
  for (const [score, read] of tiers) {
    if (score > from || rows.length > p.limit) continue;
    for (const r of await read()) rows.push({ ...r, score });
  }
  return rows.slice(0, p.limit + 1);
}

/** Rows after a relevance cursor within its tier: by rating, id and kind. */
const afterRating = (c: CursorKey) => after('rating', { ...c, values: [c.values[1]!] }, 'd.');

/**
 * A broad search's sample of the table's pages (the same sample every time, so an unchanged catalogue gives the same
 * counts), sized for about SEARCH_SAMPLE_MATCHES of the `atLeast` matches expected: each sampled match stands for
 * 100 / percent matches. Relevance also counts the matches whose name begins with the words (the first tier).
 */
async function sampleOf(db: Db, p: Plan, atLeast: number, sampleRows?: number): Promise<Sample> {
  // The sample is of the whole table (TABLESAMPLE reads pages, whatever their kinds); a walk reads the kind searched.
  const everyKind = await countGroups(db, undefined);
  const listings = p.filters.kind ? everyKind.filter((g) => g.kind === p.filters.kind) : everyKind;
  const all = everyKind.reduce((n, g) => n + g.count, 0);
  const rows = sampleRows ?? Math.round(Math.min(SEARCH_SAMPLE_ROWS.max, Math.max(SEARCH_SAMPLE_ROWS.min, (SEARCH_SAMPLE_MATCHES * all) / atLeast)));
  const percent = Math.min(100, (rows / Math.max(all, 1)) * 100);
  const named = p.sort === 'relevance' ? sql`d.name_key like ${`${nameKeyOf(p.words)}%`}` : sql`false`;
  const sampled = await rowsOf<{ kind: SearchKind; facets: string[]; price_band: number; rating_band: number; named: boolean; count: number }>(
    db,
    sql`select d.kind, d.facets, d.price_band::int as price_band, search_rating_band(d.rating)::int as rating_band, ${named} as named, count(*)::int as count
        from search_documents d tablesample system (${percent}::float4) repeatable (31)
        where ${and(p.base)}
        group by 1, 2, 3, 4, 5`,
  );
  const scale = 100 / percent;
  const groups = sampled.map((r) => ({ kind: r.kind, facets: r.facets, priceBand: r.price_band, ratingBand: r.rating_band, count: Math.round(r.count * scale), named: r.named }));
  const plain = (gs: typeof groups) => gs.map(({ named: _, ...g }) => g);
  return {
    groups: plain(groups),
    named: plain(groups.filter((g) => g.named)),
    others: plain(groups.filter((g) => !g.named)),
    matches: groups.reduce((n, g) => n + g.count, 0),
    estimated: percent < 100,
    listings,
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
