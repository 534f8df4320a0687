import { useCallback, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Country } from '@domain/locations/countries';

export type { Country };

/** About 250 countries from the server; loaded once per session (data never goes stale). */
export function useCountries() {
  return useQuery<Country[]>({ queryKey: ['/api/countries'] });
}

export const COUNTRY_STORAGE_KEY = 'go-live-country';

function readStoredCountry(): string | null {
  try {
    return window.localStorage.getItem(COUNTRY_STORAGE_KEY);
  } catch {
    return null;
  }
}

/** The visitor's chosen country code. Spec 000: only a visual mark, with no other effect. */
export function useSelectedCountry(): [string | null, (code: string) => void] {
  const [code, setCode] = useState<string | null>(readStoredCountry);
  const select = useCallback((next: string) => {
    setCode(next);
    try {
      window.localStorage.setItem(COUNTRY_STORAGE_KEY, next);
    } catch (error) {
      console.warn('Could not remember the chosen country', error);
    }
  }, []);
  return [code, select];
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
