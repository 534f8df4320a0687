import { useCallback, useSyncExternalStore } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Country } from '@domain/locations/countries';
import { apiQuery } from '@client/lib/api';

export type { Country };

/** About 250 countries from the server; loaded once per session (data never goes stale). */
export function useCountries() {
  return useQuery(apiQuery('/api/countries'));
}

export const COUNTRY_STORAGE_KEY = 'go-live-country';

function readStoredCountry(): string | null {
  try {
    return window.localStorage.getItem(COUNTRY_STORAGE_KEY);
  } catch {
    return null;
  }
}

/** Chosen in this tab: shown even where storage refuses to keep it. */
let chosenCountry: string | undefined;
const readCountry = () => chosenCountry ?? readStoredCountry();
const countryListeners = new Set<() => void>();
function subscribeCountry(listener: () => void) {
  countryListeners.add(listener);
  return () => {
    countryListeners.delete(listener);
  };
}

/**
 * The visitor's chosen country code. Spec 000: only a visual mark, with no other effect. None while a prerendered page
 * hydrates (its markup has none), the stored one right after.
 */
export function useSelectedCountry(): [string | null, (code: string) => void] {
  const code = useSyncExternalStore(subscribeCountry, readCountry, () => null);
  const select = useCallback((next: string) => {
    chosenCountry = next;
    try {
      window.localStorage.setItem(COUNTRY_STORAGE_KEY, next);
    } catch (error) {
      console.warn('Could not remember the chosen country', error);
    }
    for (const listener of countryListeners) listener();
  }, []);
  return [code, select];
}

/** The flag emoji of a two-letter country code (its regional indicator symbols), or '' for anything else. */
export function countryFlag(code: string): string {
  if (!/^[A-Z]{2}$/.test(code)) return '';
  return String.fromCodePoint(...[...code].map((letter) => 0x1f1e6 + letter.charCodeAt(0) - 65));
}

let regionNames: Intl.DisplayNames | null | undefined;
/**
 * The English name of a country code from the browser's own data, so the header can name the chosen country
 * without loading the server's list; the code itself where the browser has no name for it.
 */
export function countryName(code: string): string {
  if (regionNames === undefined) {
    try {
      regionNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
    } catch {
      regionNames = null;
    }
  }
  try {
    return regionNames?.of(code) ?? code;
  } catch {
    return code;
  }
}

/** Case- and accent-insensitive match on name or code; names starting with the query come first. */
export function filterCountries(countries: readonly Country[], query: string): Country[] {
  const normalise = (text: string) => text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase();
  const q = normalise(query.trim());
  if (!q) return [...countries];
  const starts: Country[] = [];
  const contains: Country[] = [];
  for (const country of countries) {
    const name = normalise(country.name);
    if (name.startsWith(q) || country.code.toLowerCase() === q) starts.push(country);
    else if (name.includes(q)) contains.push(country);
  }
  return [...starts, ...contains];
}
