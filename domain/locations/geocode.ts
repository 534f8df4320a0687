/**
 * Address search (GET /api/geocode): the API shapes, and how the location directory answers when no geocoder is
 * configured or the configured one does not answer. The directory knows cities, streets, neighbourhoods, landmarks
 * and airports, never house numbers or postcodes: a query with them is answered with the closest places it does
 * know (the street, the postcode's city or province) and says so, so the person places the pin at the exact spot.
 * Pure functions over a prebuilt index, so the rules are tested without the 6,300-entry directory.
 */
import { CANADIAN_PROVINCES, foldText, searchLocations, type LocationEntry, type LocationIndex } from './search';

/** Where a result came from: the configured geocoder (street level) or the location directory (city/street). */
export const GEOCODE_SOURCES = ['geocoder', 'directory'] as const;
export type GeocodeSource = (typeof GEOCODE_SOURCES)[number];

export type GeocodeResult = { label: string; lat: number; lng: number; source: GeocodeSource };

/**
 * The answer: results best first; `offline` when no geocoder was consulted (none configured, or it failed) and the
 * results are the directory's; `message` tells the person what the results are and to place the pin.
 */
export type GeocodeAnswer = { results: GeocodeResult[]; offline: boolean; message?: string };

export const GEOCODE_QUERY_MIN_LENGTH = 2;
export const GEOCODE_QUERY_MAX_LENGTH = 200;
export const GEOCODE_MAX_RESULTS = 5;

/** The directory answered a street address or postcode with the closest places it knows. */
export const APPROXIMATE_MESSAGE =
  'Street numbers and postcodes cannot be looked up here, so these are the closest places we know. Place the pin on the map at the exact address.';
/** Nothing in the directory matches. */
export const NOTHING_FOUND_MESSAGE = 'No matching place in our directory. Place the pin on the map at the address.';
/** The configured geocoder did not answer (timeout, error): the directory answered instead. */
export const GEOCODER_DOWN_MESSAGE =
  'The address service is not answering, so these are the closest places we know. Place the pin on the map at the exact address.';
/** The configured geocoder found nothing: the directory's closest places instead. */
export const GEOCODER_EMPTY_MESSAGE = 'No exact match for this address, so these are the closest places we know. Place the pin on the map at the exact address.';

type ProvinceAbbr = (typeof CANADIAN_PROVINCES)[number]['abbr'];

/** The first letter of a Canadian postcode names its province or territory (Canada Post's forward sortation areas). */
const FSA_PROVINCE: Record<string, ProvinceAbbr> = {
  A: 'NL', B: 'NS', C: 'PE', E: 'NB', G: 'QC', H: 'QC', J: 'QC', K: 'ON', L: 'ON', M: 'ON', N: 'ON', P: 'ON',
  R: 'MB', S: 'SK', T: 'AB', V: 'BC', X: 'NT', Y: 'YT',
};

/**
 * Forward sortation areas that lie within one city, by prefix (the longest prefix wins). Only prefixes that are
 * wholly that city are listed: every M postcode is in Toronto and every H postcode on the island of Montréal or in
 * Laval; elsewhere a few urban areas. Any other postcode is placed in its province only.
 */
const FSA_CITY: ReadonlyArray<[prefix: string, city: string]> = [
  ['M', 'Toronto'],
  ['H', 'Montréal'],
  ['K1', 'Ottawa'],
  ['G1', 'Québec'],
  ['R2', 'Winnipeg'],
  ['R3', 'Winnipeg'],
  ['T2', 'Calgary'],
  ['T3', 'Calgary'],
  ['T5', 'Edmonton'],
  ['T6', 'Edmonton'],
  ...['S4N', 'S4P', 'S4R', 'S4S', 'S4T', 'S4V', 'S4W', 'S4X', 'S4Y', 'S4Z'].map((p): [string, string] => [p, 'Regina']),
  ...['S7H', 'S7J', 'S7K', 'S7L', 'S7M', 'S7N', 'S7P', 'S7R', 'S7S', 'S7T', 'S7V', 'S7W'].map((p): [string, string] => [p, 'Saskatoon']),
  ...'KLMNPRSTVWXYZ'.split('').map((c): [string, string] => [`V5${c}`, 'Vancouver']),
  ...'ABCEGHJKLMNPRST'.split('').map((c): [string, string] => [`V6${c}`, 'Vancouver']),
];

/** Where a Canadian forward sortation area ("M5V") is: its province, and its city when the area is within one. */
export function placeOfPostcode(fsa: string): { province: ProvinceAbbr; city?: string } | null {
  const code = fsa.toUpperCase();
  const province = FSA_PROVINCE[code[0]];
  if (!province) return null;
  const city = FSA_CITY.filter(([prefix]) => code.startsWith(prefix)).sort((a, b) => b[0].length - a[0].length)[0]?.[1];
  return city ? { province, city } : { province };
}

/** A Canadian postcode ("M5V 2B5", "m5v2b5") or its first half ("M5V"). Letters D, F, I, O, Q, U are never used. */
const CA_POSTCODE = /\b([ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z])(?:\s?(\d[ABCEGHJ-NPRSTV-Z]\d))?\b/i;
/** A US ZIP code (5 digits, optionally +4). */
const US_ZIP = /\b\d{5}(?:-\d{4})?\b/;
/** A house number at the start of a part ("578", "12A", "10-12"), a unit ("Unit 4", "Apt. 3B", "#5", "Suite 200"). */
const HOUSE_NUMBER = /^\d+[a-z]?(?:\s*[-/]\s*\d+[a-z]?)?\b\s*/i;
const UNIT = /\b(?:unit|apt\.?|apartment|suite|ste\.?)\s*#?\s*\w+\b|#\s*\w+/gi;

export type AddressQuery = {
  /** The query without house numbers, units and postcodes, by comma-separated part (empty parts dropped). */
  parts: string[];
  /** A Canadian postcode's forward sortation area, upper case ("M5V"). */
  postcode?: string;
  /** The query carried something the directory cannot place exactly (a house number, unit or postcode). */
  precise: boolean;
};

/** Splits an address into what the directory can search for and what only a geocoder (or the pin) can place. */
export function parseAddressQuery(q: string): AddressQuery {
  let text = q.replace(/\s+/g, ' ').trim();
  let precise = false;
  let postcode: string | undefined;
  const ca = CA_POSTCODE.exec(text);
  if (ca) {
    postcode = ca[1].toUpperCase();
    text = text.replace(ca[0], ' ');
    precise = true;
  }
  if (US_ZIP.test(text)) {
    text = text.replace(US_ZIP, ' ');
    precise = true;
  }
  const parts: string[] = [];
  for (const raw of text.split(',')) {
    let part = raw.replace(UNIT, ' ').replace(/\s+/g, ' ').trim();
    if (part !== raw.replace(/\s+/g, ' ').trim()) precise = true;
    const stripped = part.replace(HOUSE_NUMBER, '').trim();
    // A part that is only a number is a house number written apart ("578, Queen St W").
    if (stripped !== part) {
      precise = true;
      part = stripped;
    }
    if (part.length > 0) parts.push(part);
  }
  return { parts, ...(postcode ? { postcode } : {}), precise };
}

/** How a directory entry reads as a result: the name leads unless the address starts with it. */
export function directoryLabel(entry: Pick<LocationEntry, 'name' | 'address'>): string {
  return entry.address.toLowerCase().startsWith(entry.name.toLowerCase()) ? entry.address : `${entry.name}, ${entry.address}`;
}

const PROVINCE_NAME = new Map(CANADIAN_PROVINCES.map((p) => [p.abbr, p.name]));

/**
 * Street-type and direction abbreviations as the directory writes them in full ("Queen St W" -> "Queen Street
 * West"): searched as written, "st" and "w" occur inside far too many names ("Queenstown").
 */
const STREET_WORDS: Record<string, string> = {
  st: 'street', str: 'street', ave: 'avenue', av: 'avenue', rd: 'road', dr: 'drive', blvd: 'boulevard', cres: 'crescent',
  pl: 'place', hwy: 'highway', pkwy: 'parkway', ln: 'lane', ct: 'court', sq: 'square', n: 'north', s: 'south', e: 'east',
  w: 'west',
};

/** The text with street abbreviations written out, or null when it has none. */
export function expandStreetWords(text: string): string | null {
  let changed = false;
  const words = text.split(/\s+/).map((word) => {
    const long = STREET_WORDS[word.replace(/\.$/, '').toLowerCase()];
    if (!long) return word;
    changed = true;
    return long;
  });
  return changed ? words.join(' ') : null;
}

const STREET_WORD_SET = new Set([...Object.keys(STREET_WORDS), ...Object.values(STREET_WORDS)]);
/** Whether a word is a street type or direction ('Ave', 'street', 'W'). */
const isStreetWord = (word: string) => STREET_WORD_SET.has(word.replace(/\.$/, '').toLowerCase());

/**
 * The text without its street types and directions ("Yorkville Ave" -> "Yorkville"), or null when nothing is left or
 * nothing was taken: a street the directory does not know is often named after the area it runs through.
 */
export function withoutStreetWords(text: string): string | null {
  const words = text.split(/\s+/).filter(Boolean);
  const kept = words.filter((word) => !isStreetWord(word));
  return kept.length === 0 || kept.length === words.length ? null : kept.join(' ');
}

/** Country names as people write them that the directory spells out. */
const COUNTRY_ALIASES: Record<string, string> = { usa: 'united states', us: 'united states', 'u.s.a.': 'united states', uk: 'united kingdom', 'u.k.': 'united kingdom' };

const countriesByIndex = new WeakMap<LocationIndex, ReadonlySet<string>>();
/** The (folded) country names the directory knows. */
function countriesOf(index: LocationIndex): ReadonlySet<string> {
  let countries = countriesByIndex.get(index);
  if (!countries) {
    countries = new Set(index.entries.map((e) => e.country));
    countriesByIndex.set(index, countries);
  }
  return countries;
}

/**
 * The directory's answer to an address: the whole address without its numbers first ("578 Queen St W, Toronto" ->
 * Queen Street West, Toronto), then the city its postcode is in (or the province's largest cities), then each part
 * from the end ("…, Toronto" -> Toronto). At most GEOCODE_MAX_RESULTS, each place once. `offline` is always true:
 * the caller consulted no geocoder (or it failed) and says which `message` applies when the query was precise.
 */
export function directoryGeocode(index: LocationIndex, q: string): GeocodeAnswer {
  const query = parseAddressQuery(q);
  const seen = new Set<string>();
  const found: LocationEntry[] = [];
  const add = (entries: readonly LocationEntry[]) => {
    for (const e of entries) {
      if (found.length >= GEOCODE_MAX_RESULTS) return;
      if (seen.has(e.id)) continue;
      seen.add(e.id);
      found.push(e);
    }
  };
  const plain = (text: string, type?: 'city') => (text.trim().length >= GEOCODE_QUERY_MIN_LENGTH ? searchLocations(index, text, type) : []);
  // Abbreviations written out first; as typed only when that finds nothing.
  const search = (text: string, type?: 'city') => {
    const long = expandStreetWords(text);
    const hits = long ? plain(long, type) : [];
    return hits.length > 0 ? hits : plain(text, type);
  };

  // A trailing country ('…, Halifax, Canada') narrows the other parts rather than standing for a place of its own.
  const parts = [...query.parts];
  const last = parts.length > 1 ? foldText(parts[parts.length - 1]) : '';
  const country = COUNTRY_ALIASES[last] ?? (countriesOf(index).has(last) ? last : undefined);
  if (country !== undefined) parts.pop();
  const inCountry = (text: string) => {
    const hits = country ? search(`${text} ${country}`) : [];
    return hits.length > 0 ? hits : search(text);
  };

  add(inCountry(parts.join(' ')));
  const postal = query.postcode ? placeOfPostcode(query.postcode) : null;
  if (postal?.city) add(search(`${postal.city} ${postal.province}`, 'city').slice(0, 1));
  // The specific parts within the place the last part names ('12 Augusta Ave, Kensington Market, Toronto' ->
  // Kensington Market in Toronto), before that place itself fills the list.
  const within = parts.length > 1 ? parts[parts.length - 1] : '';
  for (const part of parts.slice(0, -1)) {
    if (/^[a-z]{2}$/i.test(part)) continue;
    add(inCountry(`${part} ${within}`));
  }
  // Each part from the end (the city usually comes last); a part that is only a province abbreviation is skipped.
  for (const part of [...parts].reverse()) {
    if (/^[a-z]{2}$/i.test(part)) continue;
    add(inCountry(part));
  }
  // Nothing yet: a street it does not know by the area it is named after ('120 Yorkville Ave' -> Yorkville).
  for (const part of parts) {
    const bare = found.length === 0 ? withoutStreetWords(part) : null;
    if (bare && bare.length >= GEOCODE_QUERY_MIN_LENGTH) add(inCountry(bare));
  }
  // Still nothing: the city at the end of the last place part ('Downtown Toronto, ON' -> Toronto, in Ontario), never a
  // street type standing alone ('Ave' is not a town).
  const named = [...parts].reverse().find((part) => !/^[a-z]{2}$/i.test(part));
  const province = parts.length > 1 && /^[a-z]{2}$/i.test(parts[parts.length - 1]) ? ` ${parts[parts.length - 1]}` : '';
  const words = named?.split(/\s+/) ?? [];
  for (let i = 1; found.length === 0 && i < words.length; i += 1) {
    const tail = words.slice(i).join(' ');
    if (tail.length >= 3 && !words.slice(i).every(isStreetWord)) add(search(`${tail}${province}`, 'city'));
  }
  // A postcode with no city of its own: the province's largest cities, after anything more specific.
  if (postal && !postal.city && found.length === 0) add(search(PROVINCE_NAME.get(postal.province) ?? '', 'city'));

  const results = found.map((e) => ({ label: directoryLabel(e), lat: e.lat, lng: e.lng, source: 'directory' as const }));
  if (results.length === 0) return { results, offline: true, message: NOTHING_FOUND_MESSAGE };
  return query.precise ? { results, offline: true, message: APPROXIMATE_MESSAGE } : { results, offline: true };
}
