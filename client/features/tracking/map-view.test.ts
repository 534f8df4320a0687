import { describe, expect, it } from 'vitest';
import { fitView, offsetFromCentre, project, referencePicture, referenceView, REFERENCE_WIDTH, tileUrl, viewTiles } from './map-view';

/** The slippy-map tile of a point, written the way OpenStreetMap's wiki writes it (not the code under test). */
function osmTile(lat: number, lng: number, z: number) {
  const n = 2 ** z;
  const rad = (lat * Math.PI) / 180;
  return { x: Math.floor(((lng + 180) / 360) * n), y: Math.floor(((1 - Math.asinh(Math.tan(rad)) / Math.PI) / 2) * n) };
}

const toronto = { lat: 43.6532, lng: -79.3832 };
const mississauga = { lat: 43.589, lng: -79.6441 };

describe('project', () => {
  it('puts a point in the tile OpenStreetMap puts it in', () => {
    for (const [p, z] of [
      [toronto, 14],
      [mississauga, 11],
      [{ lat: -33.8688, lng: 151.2093 }, 12],
      [{ lat: 51.5074, lng: -0.1278 }, 3],
    ] as const) {
      const px = project(p, z);
      expect({ x: Math.floor(px.x / 256), y: Math.floor(px.y / 256) }).toEqual(osmTile(p.lat, p.lng, z));
    }
  });

  it('keeps the poles inside the square world', () => {
    expect(project({ lat: 90, lng: 0 }, 0).y).toBeCloseTo(0, 6);
    expect(project({ lat: -90, lng: 0 }, 0).y).toBeCloseTo(256, 6);
  });
});

describe('fitView', () => {
  const size = { width: 358, height: 400 };

  it('opens a single point at the largest zoom allowed, centred on it', () => {
    const view = fitView([toronto], size, { padding: 32, maxZoom: 14 });
    expect(view?.zoom).toBe(14);
    expect(view?.centre.x).toBeCloseTo(project(toronto, 14).x, 6);
    expect(view?.centre.y).toBeCloseTo(project(toronto, 14).y, 6);
  });

  it('picks the closest whole zoom at which the route fits inside the padding', () => {
    const view = fitView([toronto, mississauga], size, { padding: 32, maxZoom: 14 });
    const extent = (z: number) => {
      const a = project({ lat: toronto.lat, lng: mississauga.lng }, z);
      const b = project({ lat: mississauga.lat, lng: toronto.lng }, z);
      return { w: b.x - a.x, h: b.y - a.y };
    };
    const zoom = view?.zoom ?? -1;
    expect(extent(zoom).w).toBeLessThanOrEqual(size.width - 64);
    expect(extent(zoom).h).toBeLessThanOrEqual(size.height - 64);
    expect(extent(zoom + 1).w > size.width - 64 || extent(zoom + 1).h > size.height - 64).toBe(true);
    expect(zoom).toBe(10);
    // Centred on the middle of the route's box, in pixels.
    const a = project(toronto, zoom);
    const b = project(mississauga, zoom);
    expect(view?.centre.x).toBeCloseTo((a.x + b.x) / 2, 6);
    expect(view?.centre.y).toBeCloseTo((a.y + b.y) / 2, 6);
  });

  it('never goes past maxZoom, nor below the whole world', () => {
    const near = { lat: toronto.lat + 0.0005, lng: toronto.lng };
    expect(fitView([toronto, near], size, { padding: 32, maxZoom: 14 })?.zoom).toBe(14);
    // Wider than a 100 px frame holds even at zoom 0.
    expect(fitView([{ lat: 70, lng: -170 }, { lat: -70, lng: 170 }], { width: 100, height: 400 }, { padding: 32, maxZoom: 14 })?.zoom).toBe(0);
    expect(fitView([], size, { padding: 32, maxZoom: 14 })).toBeUndefined();
  });
});

describe('viewTiles', () => {
  it('covers the frame with the tiles around the centre, each where it sits in the frame', () => {
    const size = { width: 358, height: 400 };
    const view = { zoom: 14, centre: project(toronto, 14) };
    const tiles = viewTiles(view, size);
    const centreTile = osmTile(toronto.lat, toronto.lng, 14);
    expect(tiles).toContainEqual(expect.objectContaining(centreTile));
    // Every tile touches the frame, and together they cover it.
    for (const t of tiles) {
      expect(t.left).toBeLessThan(size.width);
      expect(t.left + 256).toBeGreaterThan(0);
      expect(t.top).toBeLessThan(size.height);
      expect(t.top + 256).toBeGreaterThan(0);
    }
    expect(Math.min(...tiles.map((t) => t.left))).toBeLessThanOrEqual(0);
    expect(Math.max(...tiles.map((t) => t.left + 256))).toBeGreaterThanOrEqual(size.width);
    expect(Math.min(...tiles.map((t) => t.top))).toBeLessThanOrEqual(0);
    expect(Math.max(...tiles.map((t) => t.top + 256))).toBeGreaterThanOrEqual(size.height);
    // The centre's pixel is in the middle of the frame.
    const c = tiles.find((t) => t.x === centreTile.x && t.y === centreTile.y);
    expect(c?.left).toBe(centreTile.x * 256 - Math.round(view.centre.x - size.width / 2));
  });

  it('wraps around the date line and stops at the top and bottom of the world', () => {
    const tiles = viewTiles({ zoom: 1, centre: { x: 0, y: 256 } }, { width: 600, height: 600 });
    expect(tiles.every((t) => t.x >= 0 && t.x < 2 && t.y >= 0 && t.y < 2)).toBe(true);
    // West of the date line is the east of the world again.
    expect(tiles.filter((t) => t.y === 0).map((t) => [t.x, t.left])).toEqual([
      [0, -212],
      [1, 44],
      [0, 300],
      [1, 556],
    ]);
  });
});

describe('tileUrl', () => {
  it('fills a Leaflet template as Leaflet does', () => {
    expect(tileUrl('https://tile.openstreetmap.org/{z}/{x}/{y}.png', { x: 4579, y: 5980, z: 14 })).toBe('https://tile.openstreetmap.org/14/4579/5980.png');
    expect(tileUrl('https://{s}.tile.example/{z}/{x}/{-y}{r}.png', { x: 1, y: 0, z: 1 })).toBe('https://b.tile.example/1/1/1.png');
    expect(tileUrl('/api/placeholder/256/256?random=tile-{z}-{x}-{y}', { x: 2, y: 3, z: 3 })).toBe('/api/placeholder/256/256?random=tile-3-2-3');
  });

  it('refuses a template with a placeholder Leaflet would not fill', () => {
    expect(tileUrl('https://tiles.example/{z}/{x}/{y}.png?key={apiKey}', { x: 1, y: 1, z: 1 })).toBeUndefined();
  });
});

describe('referencePicture', () => {
  const options = { padding: 32, maxZoom: 14 };

  it('is the view of a phone-width frame, placed from the frame’s centre so it holds at any width', () => {
    const height = 398;
    const view = referenceView([toronto, mississauga], height, options)!;
    const tiles = referencePicture(view, height);
    const frame = { width: REFERENCE_WIDTH, height };
    expect(view).toEqual(fitView([toronto, mississauga], frame, options));
    const fitted = viewTiles(view, frame);
    // Every tile the fitted frame shows is in the picture, within half a pixel of where the fitted view puts it.
    for (const f of fitted) {
      const t = tiles.find((r) => r.key === f.key);
      expect(t, f.key).toBeDefined();
      expect(Math.abs(frame.width / 2 + t!.left - f.left)).toBeLessThanOrEqual(0.5);
      expect(Math.abs(frame.height / 2 + t!.top - f.top)).toBeLessThanOrEqual(0.5);
    }
    // Centred: as much of the picture lies left of the centre as right of it, give or take a tile.
    expect(tiles.every((t) => t.z === view.zoom)).toBe(true);
    expect(Math.min(...tiles.map((t) => t.left))).toBeLessThan(-frame.width / 2);
    expect(Math.max(...tiles.map((t) => t.left + 256))).toBeGreaterThan(frame.width / 2);
  });

  it('has no view without points', () => {
    expect(referenceView([], 398, options)).toBeUndefined();
  });

  it('places a point from the frame’s centre: the centre of the route at 0, 0, its ends inside the padding', () => {
    const view = referenceView([toronto, mississauga], 398, options)!;
    const a = offsetFromCentre(toronto, view);
    const b = offsetFromCentre(mississauga, view);
    expect(a.x + b.x).toBeCloseTo(0, 6);
    expect(a.y + b.y).toBeCloseTo(0, 6);
    expect(Math.abs(a.x)).toBeLessThanOrEqual(REFERENCE_WIDTH / 2 - 32);
  });
});
