import { describe, expect, it } from 'vitest';
import { countryFlag, countryName, filterCountries, type Country } from './use-countries';

const c = (code: string, name: string): Country => ({ code, name, flag: '', continent: 'Europe', phoneCode: '', currency: '', sovereign: true });
const list = [c('AX', 'Åland Islands'), c('CA', 'Canada'), c('AF', 'Afghanistan'), c('CF', 'Central African Republic')];

describe('filterCountries', () => {
  it('matches case- and accent-insensitively, prefix matches first', () => {
    expect(filterCountries(list, 'aland').map((x) => x.code)).toEqual(['AX']);
    expect(filterCountries(list, 'can').map((x) => x.code)).toEqual(['CA', 'CF']);
    expect(filterCountries(list, 'ca').map((x) => x.code)[0]).toBe('CA');
    expect(filterCountries(list, '  ')).toHaveLength(4);
  });
});

describe('countryFlag and countryName', () => {
  it('turn a stored code into the flag and name the header shows', () => {
    expect(countryFlag('CA')).toBe('\u{1F1E8}\u{1F1E6}');
    expect(countryFlag('GB')).toBe('\u{1F1EC}\u{1F1E7}');
    expect(countryFlag('ca')).toBe('');
    expect(countryFlag('CAN')).toBe('');
    expect(countryName('CA')).toBe('Canada');
    expect(countryName('JP')).toBe('Japan');
    expect(countryName('not a code')).toBe('not a code');
  });
});
