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

/**
 * The id of the `<script type="application/json">` in which a page the server rendered per request (/track/{id})
 * carries the query data it was rendered with, as [query key, value] pairs: the query client starts with them, so the
 * browser's first render is the server's markup (main.tsx).
 */
export const PAGE_DATA_ID = 'page-data';

/** Query data a server render used, as [query key, value] pairs: the browser's query client starts with the same. */
export type PageData = Array<[readonly unknown[], unknown]>;

/** The query data of a page the server rendered, if this document is one; nothing if it is not or cannot be read. */
export function pageData(): PageData {
  if (typeof document === 'undefined') return [];
  const element = document.getElementById(PAGE_DATA_ID);
  if (!element?.textContent) return [];
  try {
    const pairs: unknown = JSON.parse(element.textContent);
    return Array.isArray(pairs) ? pairs.filter((p): p is [readonly unknown[], unknown] => Array.isArray(p) && Array.isArray(p[0])) : [];
  } catch {
    return [];
  }
}
