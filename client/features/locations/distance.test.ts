import { describe, expect, it } from 'vitest';
import { formatDistance } from '@domain/format';
import { byDistance, distanceTo } from './distance';

const QUEEN_W = { lat: 43.6474, lng: -79.4001 };

describe('distances from the chosen place', () => {
  it('sorts nearest first, listings without a point last in their own order', () => {
    const items = [
      { name: 'Regina', lat: 50.4398, lng: -104.6164 },
      { name: 'No point A', lat: null, lng: null },
      { name: 'College St', lat: 43.6555, lng: -79.4145 },
      { name: 'Queen St W', lat: 43.6474, lng: -79.4001 },
      { name: 'No point B', lat: null, lng: null },
    ];
    const sorted = byDistance(items, QUEEN_W);
    expect(sorted.map((r) => r.item.name)).toEqual(['Queen St W', 'College St', 'Regina', 'No point A', 'No point B']);
    expect(sorted[0].km).toBe(0);
    expect(sorted[1].km).toBeGreaterThan(1.5);
    expect(sorted[1].km).toBeLessThan(2.5);
    expect(sorted[3].km).toBeNull();
  });

  it('keeps the server order without a chosen place', () => {
    const items = [{ lat: 50, lng: -104 }, { lat: 43, lng: -79 }];
    expect(byDistance(items, null)).toEqual([{ item: items[0], km: null }, { item: items[1], km: null }]);
  });

  it('measures road kilometres (great circle x 1.3) and writes them as a person reads them', () => {
    // Toronto to Regina: about 2,030 km in a straight line.
    const km = distanceTo(QUEEN_W, { lat: 50.4398, lng: -104.6164 }) as number;
    expect(km / 1.3).toBeGreaterThan(1950);
    expect(km / 1.3).toBeLessThan(2100);
    expect(formatDistance(2.34, { locale: 'en-US' })).toBe('2.3 km');
    expect(formatDistance(0.04, { locale: 'en-US' })).toBe('0.0 km');
    expect(formatDistance(12.449, { locale: 'en-US' })).toBe('12.4 km');
    expect(formatDistance(2640.4, { locale: 'en-US' })).toBe('2,640 km');
    expect(formatDistance(2640.4, { locale: 'de-DE' })).toBe('2.640 km');
    expect(formatDistance(12.345, { locale: 'en-US', fractionDigits: 2 })).toBe('12.35 km');
  });
});
