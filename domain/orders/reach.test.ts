import { describe, expect, it } from 'vitest';
import { DELIVERY_RADIUS_MAX_KM, DELIVERY_RADIUS_MIN_KM, deliversWithinText, deliveryRadiusOfText, deliveryReach, noLocationMessage } from './reach';
import { roadKm } from './geo';

const KINTARO = { lat: 43.64741, lng: -79.40213 };

describe('deliveryReach', () => {
  it('accepts an address within the radius, with its road distance', () => {
    const near = { lat: 43.65, lng: -79.38 };
    const r = deliveryReach(KINTARO, 10, near, 'Kintaro Ramen Bar');
    expect(r).toEqual({ ok: true, km: roadKm(KINTARO, near) });
  });

  it('refuses an address beyond the radius, naming the restaurant, its radius and the distance', () => {
    // About 9.5 km north as the crow flies: 12.4 km by road.
    const far = { lat: 43.64741 + 0.0858, lng: -79.40213 };
    const r = deliveryReach(KINTARO, 10, far, 'Kintaro Ramen Bar');
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.reason).toBe('too-far');
    expect(r.message).toBe(`Kintaro Ramen Bar delivers within 10 km; this address is ${roadKm(KINTARO, far).toFixed(1)} km away`);
    expect(r.message).toMatch(/this address is 12\.4 km away$/);
    expect(deliveryReach(KINTARO, 7.5, far, 'Kintaro Ramen Bar')).toMatchObject({ ok: false, message: expect.stringContaining('delivers within 7.5 km') });
  });

  it('compares as shown: exactly at the radius (to one decimal) is within', () => {
    const km = 10;
    // A point whose road distance rounds to 10.0.
    const edge = { lat: KINTARO.lat + km / 1.3 / 111.195, lng: KINTARO.lng };
    expect(roadKm(KINTARO, edge).toFixed(1)).toBe('10.0');
    expect(deliveryReach(KINTARO, 10, edge).ok).toBe(true);
  });

  it('never reaches anywhere from a missing point', () => {
    const r = deliveryReach(null, 10, { lat: 43.65, lng: -79.38 }, 'Pop-up Kitchen');
    expect(r).toEqual({ ok: false, reason: 'no-location', message: noLocationMessage('Pop-up Kitchen'), km: null });
    expect(r.ok === false && r.message).toBe('Pop-up Kitchen has no location on the map yet, so it cannot take delivery orders. Please choose another restaurant.');
  });
});

describe('deliversWithinText', () => {
  it("says a restaurant's radius as its card does", () => {
    expect(deliversWithinText(10)).toBe('Delivers within 10 km');
    expect(deliversWithinText(7.5)).toBe('Delivers within 7.5 km');
  });
});

describe('the delivery radius a registration names', () => {
  it('reads kilometres and miles, keeps them within the bounds, and gives null for no distance', () => {
    expect(deliveryRadiusOfText('5 km')).toBe(5);
    expect(deliveryRadiusOfText('within 7,5 kilometres')).toBe(7.5);
    expect(deliveryRadiusOfText('3 miles')).toBe(4.8);
    expect(deliveryRadiusOfText('12')).toBe(12);
    expect(deliveryRadiusOfText('200 km')).toBe(DELIVERY_RADIUS_MAX_KM);
    expect(deliveryRadiusOfText('0.2 km')).toBe(DELIVERY_RADIUS_MIN_KM);
    expect(deliveryRadiusOfText('the whole city')).toBeNull();
  });
});
