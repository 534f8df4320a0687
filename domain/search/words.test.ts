import { describe, expect, it } from 'vitest';
import { matchesAsPrefix, prefixTypoDistance, prefixTypoMatches, typoDistance, typoMatches, TYPO_CANDIDATES_MAX } from './words';

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

describe('prefixTypoMatches', () => {
  it('counts the typos to the nearest beginning of a word', () => {
    expect(prefixTypoDistance('piza', 'pizzeria')).toBe(1);
    expect(prefixTypoDistance('harbourfornt', 'harbourfront')).toBe(1);
    expect(prefixTypoDistance('pita', 'pianoforte')).toBe(2);
    expect(prefixTypoDistance('pizza', 'pi')).toBe(Number.POSITIVE_INFINITY);
  });

  it('keeps the words a word being typed may begin despite typos, within the budget of a word one letter longer', () => {
    expect(prefixTypoMatches('piza', ['pizzeria', 'pizza', 'pianoforte', 'pizazz'])).toEqual(['pizza', 'pizzeria']);
    // Three letters allow no typo; words it begins exactly are prefix matches, not typos.
    expect(prefixTypoMatches('piz', ['pizzeria', 'pita'])).toEqual([]);
    expect(prefixTypoMatches('pizz', ['pizzeria'])).toEqual([]);
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
