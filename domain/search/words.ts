/**
 * How the words of a search match the lexicon (issue 29): each typed word matches itself, words it begins (when it may
 * be unfinished) and words within its typo budget ({@link typoBudget}). The server splits and folds the query in the
 * database (search_words_of: the same parser and unaccent rules as the documents), then applies these rules.
 */
import { typoBudget } from './schemas';

/** The shortest last word matched as a prefix ('pi' finds 'pizza' while typing); one letter matches too much. */
export const LAST_WORD_PREFIX_MIN = 2;
/** Other words of at least this many letters also match as prefixes ('rom pizz' finds 'Roma Pizzeria'). */
export const WORD_PREFIX_MIN = 3;
/** Typo candidates kept per word (the closest first): bounds the query's size. */
export const TYPO_CANDIDATES_MAX = 12;

/** Whether the word at `index` of `count` words also matches the words it begins. */
export function matchesAsPrefix(word: string, index: number, count: number): boolean {
  const length = [...word].length;
  return length >= WORD_PREFIX_MIN || (index === count - 1 && length >= LAST_WORD_PREFIX_MIN);
}

/**
 * Typos between two words: insertions, deletions, substitutions and transpositions of neighbours (optimal string
 * alignment), so 'hotle' is one typo from 'hotel', as in Meilisearch.
 */
export function typoDistance(a: string, b: string): number {
  const s = [...a];
  const t = [...b];
  const rows = s.length + 1;
  const cols = t.length + 1;
  const d: number[][] = Array.from({ length: rows }, (_, i) => Array.from({ length: cols }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = s[i - 1] === t[j - 1] ? 0 : 1;
      let best = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && s[i - 1] === t[j - 2] && s[i - 2] === t[j - 1]) best = Math.min(best, d[i - 2]![j - 2]! + 1);
      d[i]![j] = best;
    }
  }
  return d[rows - 1]![cols - 1]!;
}

/** The lexicon words a typed word may mean despite typos: within its budget, closest first, at most TYPO_CANDIDATES_MAX. */
export function typoMatches(typed: string, candidates: readonly string[]): string[] {
  return candidates
    .filter((c) => c !== typed)
    .map((word) => ({ word, typos: typoDistance(typed, word) }))
    .filter(({ word, typos }) => typos > 0 && typos <= typoBudget(typed, word))
    .sort((a, b) => a.typos - b.typos || (a.word < b.word ? -1 : a.word > b.word ? 1 : 0))
    .slice(0, TYPO_CANDIDATES_MAX)
    .map(({ word }) => word);
}
