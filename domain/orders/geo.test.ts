import { describe, expect, it } from 'vitest';
import { greatCircleKm } from '../catalogue/pricing';
import { ROAD_FACTOR, SPEED_KMH, boundingBox, etaMinutes, isPlaced, remainingKm, roadKm, routeProgress } from './geo';

const pickup = { lat: 43.6453, lng: -79.3806 };
const dropoff = { lat: 43.6465, lng: -79.4637 };
const halfway = { lat: (pickup.lat + dropoff.lat) / 2, lng: (pickup.lng + dropoff.lng) / 2 };

describe('ETA', () => {
  it('is the great-circle distance x 1.3 at the kind’s speed, in whole minutes', () => {
    const km = roadKm(pickup, dropoff);
    expect(km).toBeCloseTo(greatCircleKm(pickup, dropoff) * ROAD_FACTOR, 6);
    expect(etaMinutes(km, 'taxi')).toBe(Math.round((km / SPEED_KMH.taxi) * 60));
    expect(etaMinutes(0.01, 'food')).toBe(0);
    expect(etaMinutes(0.2, 'food')).toBe(1);
  });

  it('counts the way to the pickup first, then only what is left to the dropoff', () => {
    const before = remainingKm({ current: halfway, pickup, dropoff, leg: 'to-pickup' });
    expect(before).toBeCloseTo(roadKm(halfway, pickup) + roadKm(pickup, dropoff), 6);
    const after = remainingKm({ current: halfway, pickup, dropoff, leg: 'to-dropoff' });
    expect(after).toBeCloseTo(roadKm(halfway, dropoff), 6);
    expect(remainingKm({ current: null, pickup, dropoff, leg: 'to-dropoff' })).toBeCloseTo(roadKm(pickup, dropoff), 6);
  });
});

describe('route progress', () => {
  it('is the real share of the pickup-to-dropoff leg covered', () => {
    expect(routeProgress({ current: halfway, pickup, dropoff, leg: 'to-pickup' })).toBe(0);
    expect(routeProgress({ current: pickup, pickup, dropoff, leg: 'to-dropoff' })).toBeCloseTo(0, 6);
    expect(routeProgress({ current: halfway, pickup, dropoff, leg: 'to-dropoff' })).toBeCloseTo(0.5, 2);
    expect(routeProgress({ current: dropoff, pickup, dropoff, leg: 'to-dropoff' })).toBe(1);
    // Off to the side, further than the pickup: nothing covered, never negative.
    expect(routeProgress({ current: { lat: 44.5, lng: -79.3806 }, pickup, dropoff, leg: 'to-dropoff' })).toBe(0);
  });
});

describe('placed points and the dispatch box', () => {
  it('only finite coordinates in range are placed', () => {
    expect(isPlaced(pickup)).toBe(true);
    expect(isPlaced(null)).toBe(false);
    expect(isPlaced({ lat: null, lng: null })).toBe(false);
    expect(isPlaced({ lat: Number.NaN, lng: 1 })).toBe(false);
    expect(isPlaced({ lat: 91, lng: 1 })).toBe(false);
    expect(isPlaced({ lat: 0, lng: 0 })).toBe(false);
    expect(isPlaced({ lat: 0, lng: 6.5 })).toBe(true);
    expect(isPlaced({ lat: '43.6', lng: '-79.3' })).toBe(false);
  });

  it('holds every point within the road radius, and not much more', () => {
    const box = boundingBox(pickup, 15);
    // 15 road km is 15 / 1.3 = 11.5 km on the great circle: about 0.104 degrees of latitude.
    expect(box.maxLat - pickup.lat).toBeCloseTo(15 / ROAD_FACTOR / 111.2, 6);
    expect(box.lng).not.toBeNull();
    for (const bearing of [0, 45, 90, 135, 180, 225, 270, 315]) {
      const rad = (bearing * Math.PI) / 180;
      const d = 11.4 / 111.2;
      const p = { lat: pickup.lat + d * Math.cos(rad), lng: pickup.lng + (d * Math.sin(rad)) / Math.cos((pickup.lat * Math.PI) / 180) };
      expect(roadKm(pickup, p)).toBeLessThan(15);
      expect(p.lat).toBeGreaterThanOrEqual(box.minLat);
      expect(p.lat).toBeLessThanOrEqual(box.maxLat);
      expect(p.lng).toBeGreaterThanOrEqual(box.lng!.min);
      expect(p.lng).toBeLessThanOrEqual(box.lng!.max);
    }
  });

  it('leaves the longitude open across the antimeridian and near the poles', () => {
    expect(boundingBox({ lat: 0, lng: 179.99 }, 15).lng).toBeNull();
    expect(boundingBox({ lat: 89.99, lng: 0 }, 15).lng).toBeNull();
  });
});
