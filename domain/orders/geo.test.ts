import { describe, expect, it } from 'vitest';
import { greatCircleKm } from '../catalogue/pricing';
import { ROAD_FACTOR, SPEED_KMH, etaMinutes, remainingKm, roadKm, routeProgress } from './geo';

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
