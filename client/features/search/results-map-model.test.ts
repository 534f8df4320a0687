import { describe, expect, it } from 'vitest';
import { clusterBadge, inArea, mapItemKey, searchArea, viewChangeFor, type MapItem } from './results-map-model';

const item = (id: number, lat: number, lng: number, kind = 'restaurant'): MapItem => ({ kind, id, name: `Place ${id}`, lat, lng });

describe('mapItemKey', () => {
  it('is kind and id', () => {
    expect(mapItemKey(item(7, 0, 0, 'hotel'))).toBe('hotel:7');
    expect(mapItemKey(item(7, 0, 0))).not.toBe(mapItemKey(item(7, 0, 0, 'hotel')));
  });
});

describe('searchArea', () => {
  it('keeps an ordinary view, rounded outwards', () => {
    expect(searchArea({ south: 43.6123456, west: -79.4123456, north: 43.7123456, east: -79.3123456 })).toEqual({
      south: 43.61234,
      west: -79.41235,
      north: 43.71235,
      east: -79.31234,
    });
  });

  it('clamps latitudes to -90..90', () => {
    const area = searchArea({ south: -120, west: 10, north: 95, east: 20 });
    expect(area.south).toBe(-90);
    expect(area.north).toBe(90);
  });

  it('is the whole world when the view is wider than it', () => {
    expect(searchArea({ south: -60, west: -250, north: 70, east: 260 })).toEqual({ south: -60, west: -180, north: 70, east: 180 });
  });

  it('moves a view panned round the world back within -180..180', () => {
    // Toronto seen after panning a whole turn east.
    const area = searchArea({ south: 43.6, west: 280.5, north: 43.8, east: 280.7 });
    expect(area.west).toBeCloseTo(-79.5, 5);
    expect(area.east).toBeCloseTo(-79.3, 5);
  });

  it('cuts a view across the antimeridian at ±180, keeping west <= east', () => {
    const area = searchArea({ south: -20, west: 170, north: -10, east: 190 });
    expect(area.west).toBeLessThanOrEqual(area.east);
    expect(area.west).toBeGreaterThanOrEqual(-180);
    expect(area.east).toBeLessThanOrEqual(180);
    expect(inArea(area, { lat: -15, lng: 175 }) || inArea(area, { lat: -15, lng: -175 })).toBe(true);
  });
});

describe('viewChangeFor', () => {
  const keys = (items: MapItem[]) => new Set(items.map(mapItemKey));
  const toronto = [item(1, 43.65, -79.38), item(2, 43.66, -79.4)];
  const area = { south: 43.6, west: -79.5, north: 43.7, east: -79.3 };

  it('fits the results of a new search', () => {
    expect(viewChangeFor({ previousKeys: new Set(), items: toronto, askedArea: null, movedByPerson: false })).toBe('fit');
    expect(viewChangeFor({ previousKeys: keys(toronto), items: [item(9, 45.5, -73.6)], askedArea: null, movedByPerson: true })).toBe('fit');
  });

  it("keeps the view for the answer to 'Search this area'", () => {
    expect(viewChangeFor({ previousKeys: new Set(), items: toronto, askedArea: area, movedByPerson: true })).toBe('keep');
    expect(viewChangeFor({ previousKeys: keys(toronto), items: [], askedArea: area, movedByPerson: true })).toBe('keep');
  });

  it('fits results outside the area asked for (a new search came first)', () => {
    expect(viewChangeFor({ previousKeys: new Set(), items: [...toronto, item(9, 45.5, -73.6)], askedArea: area, movedByPerson: true })).toBe('fit');
  });

  it("keeps the view when 'Show more' extends the list after the person moved the map, and fits it otherwise", () => {
    const more = [...toronto, item(3, 43.67, -79.39)];
    expect(viewChangeFor({ previousKeys: keys(toronto), items: more, askedArea: null, movedByPerson: true })).toBe('keep');
    expect(viewChangeFor({ previousKeys: keys(toronto), items: more, askedArea: null, movedByPerson: false })).toBe('fit');
    // Not an extension: one of the shown results is gone.
    expect(viewChangeFor({ previousKeys: keys(toronto), items: [toronto[0], item(3, 43.67, -79.39), item(4, 43.6, -79.3)], askedArea: null, movedByPerson: true })).toBe('fit');
  });
});

describe('clusterBadge', () => {
  it('shortens large counts', () => {
    expect(clusterBadge(7)).toBe('7');
    expect(clusterBadge(999)).toBe('999');
    expect(clusterBadge(1234)).toBe('1.2k');
    expect(clusterBadge(15_999)).toBe('15k');
  });
});
