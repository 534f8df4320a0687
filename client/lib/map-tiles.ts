import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { apiQuery } from './api';

/**
 * The map tiles every Leaflet map of the app shows (the pin picker, the tracking map, the search results map): where
 * they come from and whether they load. No Leaflet here, so a page imports it without the map's chunk.
 */

/** The server's MAP_TILE_URL default, used when GET /api/config cannot be read. */
export const MAP_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
export const TILE_ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';

/**
 * The deployment's tile template (MAP_TILE_URL): its origin is the only one the CSP allows for images. Undefined
 * until /api/config has answered (tiles from a default origin the CSP may refuse would log errors); the default if
 * it fails.
 */
export function useTileUrl(): string | undefined {
  const config = useQuery({ ...apiQuery('/api/config'), staleTime: Infinity });
  if (config.isPending) return undefined;
  return config.data?.mapTileUrl ?? MAP_TILE_URL;
}

export type TileState = 'loading' | 'ok' | 'failed';

/**
 * Whether a map's tiles load: 'failed' from the start when the browser is offline and whenever it goes offline;
 * back online, 'loading' again with a new `tileAttempt` (a map keys its tile layer on it to ask again), after
 * `onRetry` (e.g. forgetting which tiles had loaded). The map itself reports 'ok' or 'failed' through `setTiles`.
 */
export function useTileState(onRetry?: () => void) {
  const [tiles, setTiles] = useState<TileState>(() => (typeof navigator !== 'undefined' && navigator.onLine === false ? 'failed' : 'loading'));
  const [tileAttempt, setTileAttempt] = useState(0);
  const retry = useRef(onRetry);
  retry.current = onRetry;
  useEffect(() => {
    const offline = () => setTiles('failed');
    const online = () => {
      retry.current?.();
      setTiles('loading');
      setTileAttempt((n) => n + 1);
    };
    window.addEventListener('offline', offline);
    window.addEventListener('online', online);
    return () => {
      window.removeEventListener('offline', offline);
      window.removeEventListener('online', online);
    };
  }, []);
  return { tiles, setTiles, tileAttempt };
}
