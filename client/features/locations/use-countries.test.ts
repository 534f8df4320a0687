import { describe, expect, it } from 'vitest';
import { filterCountries, type Country } from './use-countries';

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
