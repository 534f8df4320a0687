/**
 * The location directory search of spec 000 section 5, as pure functions over a prebuilt index: at least 2
 * characters, at most 10 results, case-insensitive word-by-word match on name, address, city or country,
 * Canadian city-plus-province shortcuts ("regina sk"), a fixed ranking and a type filter.
 */

export const LOCATION_TYPES = ['city', 'neighborhood', 'street', 'landmark', 'airport'] as const;
export type LocationType = (typeof LOCATION_TYPES)[number];

/** The `type` filter values: airport keeps airports; city keeps cities and neighbourhoods; address keeps streets. */
export const LOCATION_TYPE_FILTERS = ['airport', 'city', 'address'] as const;
export type LocationTypeFilter = (typeof LOCATION_TYPE_FILTERS)[number];

const FILTER_KEEPS: Record<LocationTypeFilter, ReadonlySet<LocationType>> = {
  airport: new Set(['airport']),
  city: new Set(['city', 'neighborhood']),
  address: new Set(['street']),
};

export const LOCATION_SEARCH_MIN_LENGTH = 2;
export const LOCATION_SEARCH_MAX_RESULTS = 10;

/** A directory entry as the API returns it. */
export type LocationEntry = {
  id: string;
  name: string;
  address: string;
  city: string;
  country: string;
  type: LocationType;
  lat: number;
  lng: number;
};

/** Canadian provinces and territories: GeoNames admin code, name and postal abbreviation. */
export const CANADIAN_PROVINCES: ReadonlyArray<{ adminCode: string; name: string; abbr: string }> = [
  { adminCode: '01', name: 'Alberta', abbr: 'AB' },
  { adminCode: '02', name: 'British Columbia', abbr: 'BC' },
  { adminCode: '03', name: 'Manitoba', abbr: 'MB' },
  { adminCode: '04', name: 'New Brunswick', abbr: 'NB' },
  { adminCode: '05', name: 'Newfoundland and Labrador', abbr: 'NL' },
  { adminCode: '07', name: 'Nova Scotia', abbr: 'NS' },
  { adminCode: '08', name: 'Ontario', abbr: 'ON' },
  { adminCode: '09', name: 'Prince Edward Island', abbr: 'PE' },
  { adminCode: '10', name: 'Quebec', abbr: 'QC' },
  { adminCode: '11', name: 'Saskatchewan', abbr: 'SK' },
  { adminCode: '12', name: 'Yukon', abbr: 'YT' },
  { adminCode: '13', name: 'Northwest Territories', abbr: 'NT' },
  { adminCode: '14', name: 'Nunavut', abbr: 'NU' },
];

/** Lower case without diacritics, so "montreal" finds "Montréal". */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
}

/** Splits a query into folded words (commas and whitespace separate words). */
export function queryWords(q: string): string[] {
  return foldText(q)
    .split(/[\s,]+/)
    .filter((w) => w.length > 0);
}

/** An entry with its fields folded once, at index time, so a search only runs `includes`. */
type IndexedEntry = {
  entry: LocationEntry;
  name: string;
  address: string;
  city: string;
  country: string;
  /** Postal abbreviation of the Canadian province the entry is in (lower case), for the shortcuts. */
  province: string | undefined;
  /** Type order (city, neighborhood, street, landmark, airport). */
  typeRank: number;
  /** Position in the (population descending, name) order, computed once so a search sorts by numbers only. */
  order: number;
};

export type LocationIndex = { readonly entries: readonly IndexedEntry[] };

/**
 * A directory entry plus the province abbreviation that lets "regina sk" find it, and the population of the place
 * (or of its city) that ranks larger places first among equal matches. Neither is part of the API answer.
 */
export type LocationSource = LocationEntry & { provinceAbbr?: string; population?: number };

/** Folds every searchable field once. */
export function buildLocationIndex(sources: readonly LocationSource[]): LocationIndex {
  const typeRank = (t: LocationType) => LOCATION_TYPES.indexOf(t);
  const sorted = [...sources].sort(
    (a, b) => (b.population ?? 0) - (a.population ?? 0) || a.name.localeCompare(b.name) || a.id.localeCompare(b.id),
  );
  return {
    entries: sorted.map(({ provinceAbbr, population: _population, ...entry }, order) => ({
      entry,
      name: foldText(entry.name),
      address: foldText(entry.address),
      city: foldText(entry.city),
      country: foldText(entry.country),
      province: provinceAbbr?.toLowerCase(),
      typeRank: typeRank(entry.type),
      order,
    })),
  };
}

/** 0: the name is the query; 1: the name starts with it; 2: a word of the name starts with it; 3: elsewhere. */
function nameMatchClass(name: string, phrase: string): number {
  if (name === phrase) return 0;
  if (name.startsWith(phrase)) return 1;
  const at = name.indexOf(phrase);
  if (at > 0 && /[\s\-'(.]/.test(name[at - 1])) return 2;
  return 3;
}

/** Street-name abbreviations that are not a part of the word they stand for ("rd" is not in "road"). */
const ABBREVIATIONS: Record<string, string> = { rd: 'road', blvd: 'boulevard', hwy: 'highway', pkwy: 'parkway', ctr: 'centre', mt: 'mount' };

const PROVINCE_ABBRS = new Set(CANADIAN_PROVINCES.map((p) => p.abbr.toLowerCase()));

/**
 * Finds up to 10 entries. Every word must occur in the name, address, city or country; a trailing Canadian
 * province abbreviation after a city ("regina sk", "toronto on") instead requires the entry to be in that
 * province. Ranking: city-field matches first, then name matches, then type order (city, neighborhood, street,
 * landmark, airport); among equals, names that are the query, then names that start with it, then names with a word
 * that starts with it; then larger places first; then name alphabetically. The caller validates the query length
 * and the filter.
 */
export function searchLocations(index: LocationIndex, q: string, type?: LocationTypeFilter): LocationEntry[] {
  let words = queryWords(q);
  let province: string | undefined;
  const last = words[words.length - 1];
  if (words.length >= 2 && PROVINCE_ABBRS.has(last)) {
    province = last;
    words = words.slice(0, -1);
  }
  const keep = type ? FILTER_KEEPS[type] : undefined;
  const phrase = words.join(' ');
  const longForms = words.map((w) => ABBREVIATIONS[w]);

  // Keep only the best 10 while scanning: the ranking is one number per hit (tier, type, name match class, then the
  // stored (population, name) position), so no full sort of thousands of hits for a two-letter query.
  const size = index.entries.length;
  const best: Array<{ key: number; e: IndexedEntry }> = [];
  for (const e of index.entries) {
    if (keep && !keep.has(e.entry.type)) continue;
    if (province !== undefined && e.province !== province) continue;
    let all = true;
    let inCity = true;
    let inName = true;
    for (const [i, w] of words.entries()) {
      const long = longForms[i];
      const c = e.city.includes(w);
      const n = e.name.includes(w) || (long !== undefined && e.name.includes(long));
      if (!c) inCity = false;
      if (!n) inName = false;
      if (!c && !n && !e.address.includes(w) && !e.country.includes(w) && !(long !== undefined && e.address.includes(long))) {
        all = false;
        break;
      }
    }
    if (!all) continue;
    // A city match means the whole query names the city (e.g. "new york" and not just "york" inside a street).
    const cityMatch = inCity && e.city.includes(phrase);
    const tier = (cityMatch ? 0 : 2) + (inName ? 0 : 1);
    const key = ((tier * LOCATION_TYPES.length + e.typeRank) * 4 + nameMatchClass(e.name, phrase)) * size + e.order;
    if (best.length === LOCATION_SEARCH_MAX_RESULTS && key >= best[best.length - 1].key) continue;
    let i = best.length;
    while (i > 0 && best[i - 1].key > key) i -= 1;
    best.splice(i, 0, { key, e });
    if (best.length > LOCATION_SEARCH_MAX_RESULTS) best.pop();
  }
  return best.map((h) => h.e.entry);
}
