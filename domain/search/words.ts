/**
 * How the words of a search match the lexicon (issue 29): each typed word matches itself, words it begins (when it may
 * be unfinished), words within its typo budget ({@link typoBudget}) and, the last word, words it begins with typos
 * ({@link prefixTypoMatches}). The server splits and folds the query in the database (search_words_of: the same parser
 * and unaccent rules as the documents), then applies these rules.
 */
import { typoBudget, typoBudgetOfLength } from './schemas';

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

/**
 * Typos between a word being typed and the beginning of a word: the fewest between it and the word's beginnings as
 * long as typed or up to two letters longer ('piza' is one typo from 'pizz', so from 'pizzeria'). Shorter beginnings
 * are left out: they would let any word sharing all but the last typed letters match ('pita' and 'pia...').
 */
export function prefixTypoDistance(typed: string, word: string): number {
  const letters = [...word];
  const n = [...typed].length;
  let best = Number.POSITIVE_INFINITY;
  for (let k = n; k <= Math.min(letters.length, n + 2); k++) best = Math.min(best, typoDistance(typed, letters.slice(0, k).join('')));
  return best;
}

/**
 * The lexicon words the last typed word may be the beginning of despite typos (it may be unfinished, as it matches
 * words it begins exactly): within the budget of a word one letter longer than typed (as 'piza' has one typo towards
 * 'pizza'), closest first, at most TYPO_CANDIDATES_MAX. Words it begins exactly are its prefix matches, not typos.
 */
export function prefixTypoMatches(typed: string, candidates: readonly string[]): string[] {
  const budget = typoBudgetOfLength([...typed].length + 1);
  return candidates
    .filter((c) => !c.startsWith(typed))
    .map((word) => ({ word, typos: prefixTypoDistance(typed, word) }))
    .filter(({ typos }) => typos > 0 && typos <= budget)
    .sort((a, b) => a.typos - b.typos || (a.word < b.word ? -1 : a.word > b.word ? 1 : 0))
    .slice(0, TYPO_CANDIDATES_MAX)
    .map(({ word }) => word);
}
