/**
 * Which tax place (domain/bookings/tax.ts) a listing is in, from its address or location text, or from a point.
 * The text is read first ('..., Toronto, ON M5V 2B5' names its province); a text naming only a city ('Toronto,
 * Canada', 'Toronto Pearson Airport (YYZ)', 'Regina and surrounding area') is looked up in the location directory,
 * whose addresses name the province or state ('Toronto, Ontario, Canada'); a point takes the nearest listed city.
 * The directory is static per process, so answers are remembered (bounded).
 */
import { greatCircleKm, type LatLng } from '../../../domain/catalogue/pricing';
import { taxPlaceOfText } from '../../../domain/bookings/tax';
import { foldText, searchLocations } from '../../../domain/locations/search';
import { COUNTRIES, locationDirectory } from '../locations';

const MAX_REMEMBERED = 2000;
/** A point farther than this from every listed city is not placed. */
const NEAREST_CITY_KM = 80;

const byText = new Map<string, string | null>();
const byPoint = new Map<string, string | null>();

function remember(map: Map<string, string | null>, key: string, value: string | null): string | null {
  if (map.size >= MAX_REMEMBERED) map.delete(map.keys().next().value as string);
  map.set(key, value);
  return value;
}

const COUNTRY_NAMES = new Set(COUNTRIES.map((c) => foldText(c.name)).concat(['usa', 'us', 'uk']));

/**
 * What a directory search is tried with, in order: the whole text, then each comma part from the first, each split at
 * 'and'/'&' and also without an area word ('Downtown Toronto' -> 'Toronto'). A part that is only a country is not
 * searched (it would find any place of that country).
 */
function queries(text: string): string[] {
  const parts = text
    .split(',')
    .map((p) => p.replace(/\([^)]*\)/g, ' ').trim())
    .filter((p) => p.length >= 2 && !COUNTRY_NAMES.has(foldText(p)));
  const pieces = parts.flatMap((p) => {
    const split = p.split(/\s+(?:and|&)\s+/i).map((x) => x.trim());
    const bare = split.map((x) => x.replace(/^(downtown|greater|north|south|east|west|central|metro|uptown|old)\s+/i, ''));
    return [p, ...split, ...bare];
  });
  return [...new Set([text.trim(), ...pieces])].filter((q) => q.length >= 2);
}

/** The tax place of an address or location text; null when neither the text nor the directory names one. */
export function taxPlaceOfListingText(text: string | null | undefined): string | null {
  const trimmed = text?.trim();
  if (!trimmed) return null;
  const known = byText.get(trimmed);
  if (known !== undefined) return known;
  let found = taxPlaceOfText(trimmed);
  if (!found) {
    const index = locationDirectory().index;
    for (const q of queries(trimmed)) {
      const [hit] = searchLocations(index, q);
      if (!hit) continue;
      found = taxPlaceOfText(hit.address);
      if (found) break;
    }
  }
  return remember(byText, trimmed, found);
}

/** The tax place of a point: its nearest listed city's (within 80 km), or null. */
export function taxPlaceOfPoint(point: LatLng): string | null {
  const key = `${point.lat.toFixed(2)},${point.lng.toFixed(2)}`;
  const known = byPoint.get(key);
  if (known !== undefined) return known;
  let best: { km: number; address: string } | null = null;
  for (const { entry } of locationDirectory().index.entries) {
    if (entry.type !== 'city') continue;
    const km = greatCircleKm(point, entry);
    if (km <= NEAREST_CITY_KM && (!best || km < best.km)) best = { km, address: entry.address };
  }
  return remember(byPoint, key, best ? taxPlaceOfText(best.address) : null);
}

/**
 * A place with an address and a point (a ride's pickup, a parcel's sender): what its text says ('..., ON'), else its
 * point's nearest city, else a directory search of its text.
 */
export function taxPlaceOfPlace(place: { address?: string; lat: number; lng: number } | null | undefined): string | null {
  if (!place) return null;
  return (place.address ? taxPlaceOfText(place.address) : null) ?? taxPlaceOfPoint(place) ?? taxPlaceOfListingText(place.address);
}
