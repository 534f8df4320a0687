import { describe, expect, it } from 'vitest';
import { matchesAsPrefix, typoDistance, typoMatches, TYPO_CANDIDATES_MAX } from './words';

describe('typoDistance', () => {
  it('counts insertions, deletions, substitutions and neighbour transpositions as one typo each', () => {
    expect(typoDistance('pizza', 'pizza')).toBe(0);
    expect(typoDistance('piza', 'pizza')).toBe(1);
    expect(typoDistance('tornto', 'toronto')).toBe(1);
    expect(typoDistance('hotle', 'hotel')).toBe(1);
    expect(typoDistance('pzzia', 'pizza')).toBe(2);
    expect(typoDistance('', 'abc')).toBe(3);
    expect(typoDistance('zürich', 'zurich')).toBe(1);
  });
});

describe('typoMatches', () => {
  it('keeps candidates within the budget of the longer word, closest first', () => {
    expect(typoMatches('piza', ['pizza', 'pita', 'plaza', 'pizzeria'])).toEqual(['pizza']);
    expect(typoMatches('hotel', ['hostels', 'hotels', 'hostel', 'motel'])).toEqual(['hostel', 'hotels', 'motel']);
    // 'cat' never finds 'car' (both shorter than 5 letters), and the word itself is not a typo of itself.
    expect(typoMatches('cat', ['car', 'cat'])).toEqual([]);
    expect(typoMatches('restuarnat', ['restaurant', 'restaurants'])).toEqual(['restaurant']);
  });

  it('keeps at most TYPO_CANDIDATES_MAX', () => {
    const many = Array.from({ length: 30 }, (_, i) => `pizz${String.fromCharCode(97 + (i % 26))}${i >= 26 ? 'x' : ''}`);
    expect(typoMatches('pizza', many)).toHaveLength(TYPO_CANDIDATES_MAX);
  });
});

describe('matchesAsPrefix', () => {
  it('lets the last word match as a prefix from 2 letters, other words from 3', () => {
    expect(matchesAsPrefix('p', 0, 1)).toBe(false);
    expect(matchesAsPrefix('pi', 0, 1)).toBe(true);
    expect(matchesAsPrefix('pi', 0, 2)).toBe(false);
    expect(matchesAsPrefix('piz', 0, 2)).toBe(true);
  });
});
