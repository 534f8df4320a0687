import { useEffect, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

/** A query string from the non-empty entries (empty strings and undefined are left out). */
export function buildQuery(params: Record<string, string | number | undefined | null>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/**
 * GET a catalogue URL (with its query string) through the default loader. The whole URL is the single key
 * segment, so the default "join segments with /" loader fetches it unchanged. With `keepPrevious`, a filtered
 * list keeps showing the last results (with `isPlaceholderData`) while the new filter loads, instead of
 * flashing skeletons on every keystroke. `staleTime` (ms) asks again for a list that changes as people book (a search
 * with dates and its units left); by default a catalogue list never goes stale.
 */
export function useCatalogue<T>(url: string | null, options: { keepPrevious?: boolean; staleTime?: number } = {}) {
  return useQuery<T>({
    queryKey: [url ?? ''],
    enabled: url !== null,
    placeholderData: options.keepPrevious ? keepPreviousData : undefined,
    ...(options.staleTime !== undefined ? { staleTime: options.staleTime } : {}),
  });
}

/** The value, once it has stopped changing for `delayMs` (search boxes send one request per pause). */
export function useDebouncedValue<T>(value: T, delayMs = 250): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}
