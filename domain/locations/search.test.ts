import { describe, expect, it } from 'vitest';
import { buildLocationIndex, foldText, queryWords, searchLocations, type LocationSource } from './search';

const entry = (id: string, name: string, type: LocationSource['type'], city: string, extra: Partial<LocationSource> = {}): LocationSource => ({
  id,
  name,
  address: `${name}, ${city}`,
  city,
  country: 'Canada',
  type,
  lat: 0,
  lng: 0,
  ...extra,
});

const index = buildLocationIndex([
  entry('a', 'Zeta Street', 'street', 'Regina', { provinceAbbr: 'SK' }),
  entry('b', 'Regina', 'city', 'Regina', { provinceAbbr: 'SK' }),
  entry('c', 'Alpha Airport', 'airport', 'Regina', { provinceAbbr: 'SK' }),
  entry('d', 'Regina Park', 'landmark', 'Elsewhere', { provinceAbbr: 'ON' }),
  entry('e', 'Beta Street', 'street', 'Regina', { provinceAbbr: 'SK' }),
  entry('f', 'Mid Town', 'neighborhood', 'Regina', { provinceAbbr: 'SK' }),
]);

describe('location search (pure)', () => {
  it('folds case and accents and splits words', () => {
    expect(foldText('Montréal')).toBe('montreal');
    expect(queryWords('  Regina,  SK ')).toEqual(['regina', 'sk']);
  });

  it('orders city matches, then name matches, then type, then name', () => {
    expect(searchLocations(index, 'regina').map((r) => r.id)).toEqual(['b', 'f', 'e', 'a', 'c', 'd']);
  });

  it('treats a trailing province abbreviation as a province filter', () => {
    expect(searchLocations(index, 'regina on').map((r) => r.id)).toEqual(['d']);
    expect(searchLocations(index, 'regina sk').map((r) => r.id)).not.toContain('d');
  });

  it('applies the type filters', () => {
    expect(searchLocations(index, 'regina', 'address').map((r) => r.id)).toEqual(['e', 'a']);
    expect(searchLocations(index, 'regina', 'city').map((r) => r.id)).toEqual(['b', 'f']);
    expect(searchLocations(index, 'regina', 'airport').map((r) => r.id)).toEqual(['c']);
  });
});
