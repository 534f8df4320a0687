/**
 * The map of search results without Leaflet: its items, their keys, the area a 'Search this area' asks for, and when
 * new items move the view. Kept apart from results-map.tsx so a page can import these (and the tests run in Node)
 * without bringing Leaflet into its chunk.
 */

/** One result on the map. */
export type MapItem = { kind: string; id: number; name: string; lat: number; lng: number; subtitle?: string };
/** A map's visible area in degrees, south <= north and west <= east (what `bbox` of GET /api/search takes). */
export type Bounds = { south: number; west: number; north: number; east: number };

/** `${kind}:${id}`: a result's identity on the map (the `selectedKey` a page passes). */
export const mapItemKey = (item: Pick<MapItem, 'kind' | 'id'>): string => `${item.kind}:${item.id}`;

const clamp = (v: number, min: number, max: number) => Math.min(max, Math.max(min, v));
/** Rounded outwards to 1e-5 degrees (about a metre), so a short query string never drops a result on the edge. */
const down = (v: number) => Math.floor(v * 1e5) / 1e5;
const up = (v: number) => Math.ceil(v * 1e5) / 1e5;

/**
 * The area to search for a map's view (Leaflet's getBounds, whose longitudes run past ±180 after panning round the
 * world or zooming out): latitudes within -90..90; a view wider than the world is the whole world, otherwise it is
 * moved by whole turns so its middle lies within -180..180, and the part beyond the antimeridian is cut off (the
 * search takes one west-to-east span).
 */
export function searchArea(view: Bounds): Bounds {
  const south = down(clamp(Math.min(view.south, view.north), -90, 90));
  const north = up(clamp(Math.max(view.south, view.north), -90, 90));
  const width = view.east - view.west;
  if (!(width < 360)) return { south, west: -180, north, east: 180 };
  const middle = (view.west + view.east) / 2;
  const turn = Math.round(middle / 360) * 360;
  return { south, west: down(clamp(view.west - turn, -180, 180)), north, east: up(clamp(view.east - turn, -180, 180)) };
}

/** Whether a point lies in an area (edges included). */
export const inArea = (area: Bounds, p: { lat: number; lng: number }): boolean =>
  p.lat >= area.south && p.lat <= area.north && p.lng >= area.west && p.lng <= area.east;

/** What the view does when the items change: fit them (or centre on the page's point when there are none), or stay. */
export type ViewChange = 'fit' | 'keep';

/**
 * Whether new items move the view. They come from a new search, and the view fits them, unless
 * - they answer the area the person asked for with 'Search this area' (all within it): the view is that area; or
 * - they extend the list shown (more pages of the same search, 'Show more') after the person moved the map.
 */
export function viewChangeFor(args: {
  previousKeys: ReadonlySet<string>;
  items: readonly MapItem[];
  /** The area of the last 'Search this area' not yet answered, if any. */
  askedArea: Bounds | null;
  /** The person moved or zoomed the map since the view last fitted the items. */
  movedByPerson: boolean;
}): ViewChange {
  const { previousKeys, items, askedArea, movedByPerson } = args;
  if (askedArea && items.every((item) => inArea(askedArea, item))) return 'keep';
  if (movedByPerson && previousKeys.size > 0 && items.length > previousKeys.size) {
    const keys = new Set(items.map(mapItemKey));
    if ([...previousKeys].every((key) => keys.has(key))) return 'keep';
  }
  return 'fit';
}

/** A short count for a cluster's badge (12, 340, 1.2k, 15k); its accessible name carries the exact number. */
export function clusterBadge(count: number): string {
  if (count < 1000) return String(count);
  if (count < 10_000) return `${Math.floor(count / 100) / 10}k`;
  return `${Math.floor(count / 1000)}k`;
}
