import { createRequire } from 'node:module';
import type WorldCountries from 'world-countries';
import type { Country } from '../../../domain/locations/countries';

/**
 * Required through its CommonJS entry: the package's ES entry re-exports a JSON file without an import attribute,
 * which plain Node refuses (Vitest's global setup loads the seed, and through the catalogue the directory, that way).
 */
const worldCountries = createRequire(import.meta.url)('world-countries') as typeof WorldCountries;

type WorldCountry = (typeof worldCountries)[number];

function continentOf(c: WorldCountry): Country['continent'] {
  switch (c.region) {
    case 'Americas':
      return c.subregion === 'South America' ? 'South America' : 'North America';
    case 'Antarctic':
      return 'Antarctica';
    case 'Africa':
    case 'Asia':
    case 'Europe':
    case 'Oceania':
      return c.region;
    default:
      return 'Europe';
  }
}

function phoneCodeOf(c: WorldCountry): string {
  const { root, suffixes } = c.idd;
  if (!root) return '';
  // "+1" countries list area codes as suffixes; one suffix completes the prefix (e.g. "+4" + "4").
  return suffixes.length === 1 ? `${root}${suffixes[0]}` : root;
}

/** All countries of the world-countries dataset (about 250), sorted by name. */
export const COUNTRIES: readonly Country[] = worldCountries
  .map((c) => ({
    code: c.cca2,
    name: c.name.common,
    flag: c.flag,
    continent: continentOf(c),
    phoneCode: phoneCodeOf(c),
    currency: Object.keys(c.currencies ?? {})[0] ?? '',
    sovereign: c.unMember || c.independent === true,
  }))
  .sort((a, b) => a.name.localeCompare(b.name));

const NAMES = new Set(COUNTRIES.map((c) => c.name));

/** True when `name` is a country name the product knows (registration forms store the name). */
export function isCountryName(name: string): boolean {
  return NAMES.has(name);
}
