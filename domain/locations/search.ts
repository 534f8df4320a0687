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
  /** Position in the (type, name) order, computed once so a search sorts by numbers only. */
  order: number;
};

export type LocationIndex = { readonly entries: readonly IndexedEntry[] };

/** A directory entry plus the province abbreviation that lets "regina sk" find it. */
export type LocationSource = LocationEntry & { provinceAbbr?: string };

/** Folds every searchable field once. */
export function buildLocationIndex(sources: readonly LocationSource[]): LocationIndex {
  const typeRank = (t: LocationType) => LOCATION_TYPES.indexOf(t);
  const sorted = [...sources].sort(
    (a, b) => typeRank(a.type) - typeRank(b.type) || a.name.localeCompare(b.name) || a.id.localeCompare(b.id),
  );
  return {
    entries: sorted.map(({ provinceAbbr, ...entry }, order) => ({
      entry,
      name: foldText(entry.name),
      address: foldText(entry.address),
      city: foldText(entry.city),
      country: foldText(entry.country),
      province: provinceAbbr?.toLowerCase(),
      order,
    })),
  };
}

const PROVINCE_ABBRS = new Set(CANADIAN_PROVINCES.map((p) => p.abbr.toLowerCase()));

/**
 * Finds up to 10 entries. Every word must occur in the name, address, city or country; a trailing Canadian
 * province abbreviation after a city ("regina sk", "toronto on") instead requires the entry to be in that
 * province. Ranking: city-field matches first, then name matches, then type order (city, neighborhood, street,
 * landmark, airport), then name alphabetically. The caller validates the query length and the filter.
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

  // Keep only the best 10 while scanning: the ranking is one number per hit (tier x size + position in the
  // stored (type, name) order), so no full sort of thousands of hits for a two-letter query.
  const size = index.entries.length;
  const best: Array<{ key: number; e: IndexedEntry }> = [];
  for (const e of index.entries) {
    if (keep && !keep.has(e.entry.type)) continue;
    if (province !== undefined && e.province !== province) continue;
    let all = true;
    let inCity = true;
    let inName = true;
    for (const w of words) {
      const c = e.city.includes(w);
      const n = e.name.includes(w);
      if (!c) inCity = false;
      if (!n) inName = false;
      if (!c && !n && !e.address.includes(w) && !e.country.includes(w)) {
        all = false;
        break;
      }
    }
    if (!all) continue;
    // A city match means the whole query names the city (e.g. "new york" and not just "york" inside a street).
    const cityMatch = inCity && e.city.includes(phrase);
    const key = ((cityMatch ? 0 : 2) + (inName ? 0 : 1)) * size + e.order;
    if (best.length === LOCATION_SEARCH_MAX_RESULTS && key >= best[best.length - 1].key) continue;
    let i = best.length;
    while (i > 0 && best[i - 1].key > key) i -= 1;
    best.splice(i, 0, { key, e });
    if (best.length > LOCATION_SEARCH_MAX_RESULTS) best.pop();
  }
  return best.map((h) => h.e.entry);
}
