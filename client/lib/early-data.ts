/**
 * GET requests a prerendered document's boot script (scripts/prerender-plugin.ts) started before the app's code
 * had loaded, by URL: e.g. /track/{id} asks for its tracking record and the map's tile template while the page's
 * code is still on its way. Each is handed out once, to the first query for that exact URL.
 */
export const EARLY_DATA = '__goLiveEarlyData';

export function takeEarlyResponse(url: string): Promise<Response> | undefined {
  if (typeof window === 'undefined') return undefined;
  const early = (window as unknown as Record<string, Record<string, Promise<Response>> | undefined>)[EARLY_DATA];
  const response = early?.[url];
  if (response) delete early[url];
  return response;
}
