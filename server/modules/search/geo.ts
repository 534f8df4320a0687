/**
 * Places for the search's earth cubes (earthdistance: points on a sphere of radius earth(), in metres, x towards
 * longitude 0, y towards 90 E, z towards the North Pole).
 */
export type Bbox = { south: number; west: number; north: number; east: number };

const rad = (deg: number) => (deg * Math.PI) / 180;

/** Whether the longitude interval [west, east] (east may be past 180 when the box crosses it) holds `angle`. */
function holds(west: number, east: number, angle: number): boolean {
  let a = angle;
  while (a < west) a += 360;
  while (a - 360 >= west) a -= 360;
  return a <= east;
}

/** The [min, max] of f over an interval, from its ends and the critical angles it holds. */
function range(west: number, east: number, f: (deg: number) => number, critical: number[]): [number, number] {
  const values = [f(west), f(east), ...critical.filter((a) => holds(west, east, a)).map(f)];
  return [Math.min(...values), Math.max(...values)];
}

/**
 * The smallest axis-aligned cube (on the unit sphere: multiply by earth()) holding every point of a map's visible
 * area, so the GiST index on the earth positions finds the candidates; the exact latitude and longitude test follows.
 * A box whose west is east of its east crosses the antimeridian.
 */
export function bboxCube(b: Bbox): { min: [number, number, number]; max: [number, number, number] } {
  const west = b.west;
  const east = b.east >= b.west ? b.east : b.east + 360;
  const cosLat: [number, number] = [
    Math.min(Math.cos(rad(b.south)), Math.cos(rad(b.north))),
    b.south <= 0 && b.north >= 0 ? 1 : Math.max(Math.cos(rad(b.south)), Math.cos(rad(b.north))),
  ];
  const cosLng = range(west, east, (d) => Math.cos(rad(d)), [0, 180]);
  const sinLng = range(west, east, (d) => Math.sin(rad(d)), [90, -90]);
  // x = cos(lat) cos(lng), y = cos(lat) sin(lng): cos(lat) >= 0 scales the longitude factor's range.
  const scaled = ([lo, hi]: [number, number]): [number, number] => [lo >= 0 ? cosLat[0] * lo : cosLat[1] * lo, hi >= 0 ? cosLat[1] * hi : cosLat[0] * hi];
  const [xMin, xMax] = scaled(cosLng);
  const [yMin, yMax] = scaled(sinLng);
  const pad = 1e-9;
  return {
    min: [xMin - pad, yMin - pad, Math.sin(rad(b.south)) - pad],
    max: [xMax + pad, yMax + pad, Math.sin(rad(b.north)) + pad],
  };
}
