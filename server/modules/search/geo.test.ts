import { describe, expect, it } from 'vitest';
import { bboxCube } from './geo';

/** A point on the unit sphere, as earthdistance's ll_to_earth places it (divided by earth()). */
const unit = (lat: number, lng: number): [number, number, number] => {
  const r = Math.PI / 180;
  return [Math.cos(lat * r) * Math.cos(lng * r), Math.cos(lat * r) * Math.sin(lng * r), Math.sin(lat * r)];
};
const inside = (c: ReturnType<typeof bboxCube>, p: [number, number, number]) => p.every((v, i) => v >= c.min[i]! && v <= c.max[i]!);

describe('bboxCube', () => {
  const boxes = [
    { south: 43.5, west: -79.6, north: 43.8, east: -79.2 }, // Toronto
    { south: -10, west: 170, north: 10, east: -170 }, // across the antimeridian and the equator
    { south: -90, west: -180, north: 90, east: 180 }, // the world
    { south: 60, west: -10, north: 89, east: 100 },
  ];
  it('holds every point of the box (a grid of them, corners and edges included)', () => {
    for (const b of boxes) {
      const c = bboxCube(b);
      const east = b.east >= b.west ? b.east : b.east + 360;
      for (let i = 0; i <= 20; i++) {
        for (let j = 0; j <= 20; j++) {
          const lat = b.south + ((b.north - b.south) * i) / 20;
          const lng = b.west + ((east - b.west) * j) / 20;
          expect(inside(c, unit(lat, lng)), `${JSON.stringify(b)} ${lat},${lng}`).toBe(true);
        }
      }
    }
  });

  it('is tight: a small box leaves out places elsewhere', () => {
    const c = bboxCube(boxes[0]!);
    expect(inside(c, unit(45.5, -73.57))).toBe(false); // Montréal
    expect(inside(c, unit(43.65, 100.6))).toBe(false);
    expect(c.max[2] - c.min[2]).toBeLessThan(0.01);
  });
});
