/**
 * The tracking map's opening view, worked out without Leaflet: which zoom and centre Leaflet's `fitBounds` will
 * choose for the route in a frame of a given size, and which tiles it will then ask for, where. The map's first
 * picture is drawn from these tiles (map-preview.tsx) while Leaflet's code is still on its way; Leaflet then asks for
 * the same URLs and takes over from the browser's image cache. The arithmetic is Leaflet 1.9's own (Web Mercator,
 * EPSG:3857, 256 px tiles, zoom snapped to whole levels), so the picture does not move when Leaflet takes over.
 */
export type LatLng = { lat: number; lng: number };
export type Size = { width: number; height: number };
/** A zoom level and the centre of the view in that level's world pixels. */
export type MapView = { zoom: number; centre: { x: number; y: number } };
/**
 * A tile of the view and where its top-left corner sits in the frame, in CSS pixels; `key` names the tile's place in
 * the view (a world narrower than the frame repeats: one tile can be drawn in two places).
 */
export type ViewTile = { x: number; y: number; z: number; left: number; top: number; key: string };

export const TILE_SIZE = 256;
/** The room the map leaves around the route it opens on (and fits with "Fit to route"), in CSS pixels. */
export const OPENING_PADDING = 32;

/** Leaflet's [lat, lng] tuple of a point. */
export const toTuple = (p: LatLng): [number, number] => [p.lat, p.lng];
const MAX_LATITUDE = 85.0511287798;

/** A point's position in the world at `zoom`, in pixels from the top-left of the world (Leaflet's `map.project`). */
export function project(p: LatLng, zoom: number): { x: number; y: number } {
  const scale = TILE_SIZE * 2 ** zoom;
  const lat = Math.max(Math.min(MAX_LATITUDE, p.lat), -MAX_LATITUDE);
  const sin = Math.sin((lat * Math.PI) / 180);
  return { x: scale * (p.lng / 360 + 0.5), y: scale * (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) };
}

/**
 * The view `map.fitBounds(points, { padding: [padding, padding], maxZoom })` gives a fresh map of `size`: the largest
 * whole zoom at which the points' bounds fit inside the padding (never above `maxZoom`), centred on the bounds.
 */
export function fitView(points: LatLng[], size: Size, { padding, maxZoom }: { padding: number; maxZoom: number }): MapView | undefined {
  if (points.length === 0) return undefined;
  const lats = points.map((p) => p.lat);
  const lngs = points.map((p) => p.lng);
  const nw = { lat: Math.max(...lats), lng: Math.min(...lngs) };
  const se = { lat: Math.min(...lats), lng: Math.max(...lngs) };
  // A fresh map measures the bounds at zoom 0 and scales from there (getBoundsZoom); a zero extent fits at any zoom.
  const a = project(nw, 0);
  const b = project(se, 0);
  const scale = Math.min((size.width - 2 * padding) / (b.x - a.x), (size.height - 2 * padding) / (b.y - a.y));
  let zoom = Math.log2(scale);
  if (Number.isNaN(zoom)) zoom = Infinity;
  // Within 1 % of a whole level counts as that level, then down to the level that fits (zoomSnap 1).
  zoom = Math.floor(Math.round(zoom * 100) / 100);
  zoom = Math.min(maxZoom, Math.max(0, zoom));
  const p = project(nw, zoom);
  const q = project(se, zoom);
  return { zoom, centre: { x: (p.x + q.x) / 2, y: (p.y + q.y) / 2 } };
}

/** The world pixel at the frame's top-left corner: Leaflet rounds it to a whole pixel (its pixel origin). */
function frameOrigin(view: MapView, size: Size): { x: number; y: number } {
  return { x: Math.round(view.centre.x - size.width / 2), y: Math.round(view.centre.y - size.height / 2) };
}

/** The tiles a map of `size` showing `view` asks for, each placed where Leaflet places it in the frame. */
export function viewTiles(view: MapView, size: Size): ViewTile[] {
  const { zoom, centre } = view;
  const worldTiles = 2 ** zoom;
  // Leaflet asks for the tiles under the frame around the centre's whole pixel.
  const origin = frameOrigin(view, size);
  const pixelCentre = { x: Math.floor(centre.x), y: Math.floor(centre.y) };
  const minX = Math.floor((pixelCentre.x - size.width / 2) / TILE_SIZE);
  const maxX = Math.ceil((pixelCentre.x + size.width / 2) / TILE_SIZE) - 1;
  const minY = Math.max(0, Math.floor((pixelCentre.y - size.height / 2) / TILE_SIZE));
  const maxY = Math.min(worldTiles - 1, Math.ceil((pixelCentre.y + size.height / 2) / TILE_SIZE) - 1);
  const tiles: ViewTile[] = [];
  for (let y = minY; y <= maxY; y++) {
    for (let x = minX; x <= maxX; x++) {
      // East and west of the world the map repeats: the URL names the wrapped tile.
      const wrapped = ((x % worldTiles) + worldTiles) % worldTiles;
      tiles.push({ x: wrapped, y, z: zoom, left: x * TILE_SIZE - origin.x, top: y * TILE_SIZE - origin.y, key: `${zoom}/${x}/${y}` });
    }
  }
  return tiles;
}

/**
 * Before the frame is measured (the server's render of /track/{id} and the browser's hydration of it, or a first
 * render in the browser), the first picture is fitted for a phone-width frame of the map's height and drawn centred
 * in whatever frame there is. Once measured, it takes the frame's own view (the same one on most phones).
 */
export const REFERENCE_WIDTH = 320;
/** The band the unmeasured picture covers around the frame's centre: the frames of phones up to ~440 px wide. */
const REFERENCE_COVER = 360;

/** The view of the unmeasured picture, for a frame `height` px high. */
export function referenceView(points: LatLng[], height: number, options: { padding: number; maxZoom: number }): MapView | undefined {
  return fitView(points, { width: REFERENCE_WIDTH, height }, options);
}

/**
 * The tiles of the unmeasured picture (`view` from {@link referenceView}) for a frame `height` px high: each tile's
 * top-left corner as an offset from the frame's centre (CSS `calc(50% + left px)`), so it is right at any width.
 */
export function referencePicture(view: MapView, height: number): ViewTile[] {
  const cover = { width: REFERENCE_COVER, height };
  return viewTiles(view, cover).map((t) => ({ ...t, left: t.left - cover.width / 2, top: t.top - cover.height / 2 }));
}

/** Where `p` is drawn in `view`, in CSS pixels from the frame's centre. */
export function offsetFromCentre(p: LatLng, view: MapView): { x: number; y: number } {
  const q = project(p, view.zoom);
  return { x: q.x - view.centre.x, y: q.y - view.centre.y };
}

/**
 * Where Leaflet puts a marker at `p` in a fresh map of `size` showing `view`: its layer point, rounded (relative to the
 * frame's top-left corner, in CSS pixels).
 */
export function pointInFrame(p: LatLng, view: MapView, size: Size): { x: number; y: number } {
  const q = project(p, view.zoom);
  const origin = frameOrigin(view, size);
  return { x: Math.round(q.x - origin.x), y: Math.round(q.y - origin.y) };
}

/** Leaflet's default tile subdomains ({s}). */
const SUBDOMAINS = 'abc';

/**
 * A tile's URL from a Leaflet template ({z}/{x}/{y}, {s}, {r}, {-y}), as Leaflet's TileLayer writes it; undefined
 * for a template with any other placeholder (Leaflet would refuse it too).
 */
export function tileUrl(template: string, tile: { x: number; y: number; z: number }): string | undefined {
  const values: Record<string, string> = {
    x: String(tile.x),
    y: String(tile.y),
    z: String(tile.z),
    s: SUBDOMAINS[Math.abs(tile.x + tile.y) % SUBDOMAINS.length],
    r: '',
    '-y': String(2 ** tile.z - 1 - tile.y),
  };
  let unknown = false;
  const url = template.replace(/\{ *([\w_ -]+) *\}/g, (_match, key: string) => {
    const value = values[key];
    if (value === undefined) unknown = true;
    return value ?? '';
  });
  return unknown ? undefined : url;
}
