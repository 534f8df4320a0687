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

describe('location search ranking among equal matches', () => {
  const ranked = buildLocationIndex([
    entry('astoria', 'Astoria', 'city', 'Astoria', { country: 'United States', population: 150_000 }),
    entry('victoria', 'Ciudad Victoria', 'city', 'Ciudad Victoria', { country: 'Mexico', population: 300_000 }),
    entry('toronto', 'Toronto', 'city', 'Toronto', { population: 2_600_000, provinceAbbr: 'ON' }),
    entry('torreon', 'Torreón', 'city', 'Torreón', { country: 'Mexico', population: 550_000 }),
    entry('london-ca', 'London', 'city', 'London', { population: 350_000, provinceAbbr: 'ON' }),
    entry('london-gb', 'London', 'city', 'London', { country: 'United Kingdom', population: 8_900_000 }),
    entry('east-london', 'East London', 'city', 'East London', { country: 'South Africa', population: 480_000 }),
    entry('king-rd', 'King Road', 'street', 'Toronto', { population: 2_600_000 }),
  ]);
  const ids = (q: string) => searchLocations(ranked, q).map((r) => r.id);

  it('puts exact, then prefix matches of the name first, larger places before smaller', () => {
    expect(ids('tor')[0]).toBe('toronto');
    expect(ids('tor').indexOf('torreon')).toBeLessThan(ids('tor').indexOf('victoria'));
    expect(ids('london')).toEqual(['london-gb', 'london-ca', 'east-london']);
  });

  it('still puts city matches before name-only matches and keeps the province shortcut', () => {
    expect(ids('london on')).toEqual(['london-ca']);
  });

  it('reads common street abbreviations', () => {
    expect(ids('king rd')).toEqual(['king-rd']);
  });
});
