import { describe, expect, it } from 'vitest';
import { facetCounts, type MatchGroup } from './facets';

const groups: MatchGroup[] = [
  { kind: 'restaurant', facets: ['cuisine:Italian'], priceBand: 0, ratingBand: 4, count: 5 },
  { kind: 'restaurant', facets: ['cuisine:Italian'], priceBand: 1, ratingBand: 3, count: 2 },
  { kind: 'restaurant', facets: ['cuisine:Mexican'], priceBand: 0, ratingBand: 4, count: 3 },
  { kind: 'restaurant', facets: ['cuisine:Thai'], priceBand: -1, ratingBand: 0, count: 1 },
  { kind: 'hotel', facets: ['stars:4'], priceBand: 2, ratingBand: 4, count: 4 },
];

describe('facetCounts', () => {
  it('counts each facet with the other filters applied but not its own', () => {
    const r = facetCounts(groups, { kind: 'restaurant', categorical: { cuisine: ['Italian'] }, rating: '4' });
    expect(r.total).toBe(5);
    // cuisine ignores the cuisine filter (rated 4+ of every cuisine), sorted by count then value
    expect(r.facets.cuisine).toEqual([
      { value: 'Italian', count: 5 },
      { value: 'Mexican', count: 3 },
    ]);
    // rating ignores the rating filter (Italian by rating)
    expect(r.facets.rating).toEqual([
      { value: '4', count: 5 },
      { value: '3', count: 7 },
    ]);
    expect(r.facets.price!.map((p) => [p.value, p.count])).toEqual([
      ['0-10', 5],
      ['10-20', 0],
      ['20-40', 0],
      ['40-', 0],
    ]);
    expect(r.facets.kind).toBeUndefined();
  });

  it('shows kinds without a kind, no price bands, and a chosen value even when nothing has it', () => {
    const r = facetCounts(groups, { categorical: { cuisine: ['Korean'] } });
    expect(r.total).toBe(0);
    expect(r.facets.kind).toEqual([]);
    expect(r.facets.cuisine).toEqual([
      { value: 'Italian', count: 7 },
      { value: 'Mexican', count: 3 },
      { value: 'Thai', count: 1 },
      { value: 'Korean', count: 0 },
    ]);
    expect(r.facets.price).toBeUndefined();
    expect(facetCounts(groups, { categorical: {} }).facets.kind).toEqual([
      { value: 'restaurant', count: 11 },
      { value: 'hotel', count: 4 },
    ]);
  });

  it('filters by price bands of the kind (a listing without a price is in none)', () => {
    const r = facetCounts(groups, { kind: 'restaurant', categorical: {}, price: ['0-10', '40-'] });
    expect(r.total).toBe(8);
    expect(r.facets.price!.find((p) => p.value === '10-20')!.count).toBe(2);
  });
});
