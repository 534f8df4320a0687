import { describe, expect, it } from 'vitest';
import { roadKm } from './geo';
import {
  LOCAL_PARCEL_LIMIT_KM,
  arrivalEstimate,
  firstMileUpdate,
  lastMileEstimate,
  lineHaulDays,
  nearestHub,
  parcelLeg,
  planShipment,
  scanMessage,
  scanRefusal,
  type Hub,
} from './linehaul';

const hub = (city: string, lat: number, lng: number): Hub => ({ city, lat, lng, address: `${city} hub (city centre)` });
const TORONTO = hub('Toronto', 43.70011, -79.4163);
const MISSISSAUGA = hub('Mississauga', 43.5789, -79.6583);
const MONTREAL = hub('Montreal', 45.50884, -73.58781);
const VANCOUVER = hub('Vancouver', 49.24966, -123.11934);
const HUBS = [MISSISSAUGA, VANCOUVER, TORONTO, MONTREAL];

const YORKVILLE = { lat: 43.6709, lng: -79.3933 };
const UNION_STATION = { lat: 43.6453, lng: -79.3806 };
const GASTOWN = { lat: 49.2838, lng: -123.109 };
const hubs = { origin: 'Toronto', destination: 'Vancouver' };

describe('how a shipment travels', () => {
  it('goes door to door within the local limit, even across city lines', () => {
    expect(planShipment(YORKVILLE, UNION_STATION, HUBS, 'standard')).toMatchObject({ route: 'direct' });
    // Yorkville to central Mississauga is about 30 road km: still one driver's run.
    const mississauga = { lat: 43.589, lng: -79.644 };
    expect(roadKm(YORKVILLE, mississauga)).toBeLessThan(LOCAL_PARCEL_LIMIT_KM);
    expect(planShipment(YORKVILLE, mississauga, HUBS, 'standard').route).toBe('direct');
  });

  it('goes by line-haul between the nearest hubs when the cities are far apart, with a day-based estimate', () => {
    const plan = planShipment(YORKVILLE, GASTOWN, HUBS, 'standard');
    expect(plan).toMatchObject({ route: 'line-haul', origin: TORONTO, destination: VANCOUVER });
    if (plan.route !== 'line-haul') throw new Error('expected a line-haul');
    // About 4,350 road km between the hubs: 5 days on the road plus one for the miles and sorting, up to 2 more.
    expect(plan.hubKm).toBeGreaterThan(4000);
    expect(plan.hubKm).toBeLessThan(5000);
    expect(plan.days).toEqual({ min: 6, max: 8 });
    expect(arrivalEstimate(plan.days)).toBe('6–8 days');
    expect(arrivalEstimate(lineHaulDays(plan.hubKm, 'express'))).toBe('2–3 days');
  });

  it('stays door to door when both ends are nearest to the same hub, and without hubs', () => {
    const north = { lat: 44.3, lng: -79.4 };
    expect(nearestHub(north, HUBS)).toBe(TORONTO);
    expect(nearestHub(YORKVILLE, HUBS)).toBe(TORONTO);
    expect(planShipment(YORKVILLE, north, HUBS, 'standard').route).toBe('direct');
    expect(planShipment(YORKVILLE, GASTOWN, [], 'standard').route).toBe('direct');
    expect(nearestHub(YORKVILLE, [])).toBeNull();
  });

  it('estimates ground days from the distance and air days from the speed', () => {
    expect(lineHaulDays(650, 'standard')).toEqual({ min: 2, max: 4 });
    expect(lineHaulDays(4355, 'standard')).toEqual({ min: 6, max: 8 });
    expect(lineHaulDays(4355, 'overnight')).toEqual({ min: 1, max: 2 });
    expect(arrivalEstimate({ min: 1, max: 1 })).toBe('1 day');
    expect(lastMileEstimate(VANCOUVER, GASTOWN)).toMatch(/^\d+ min after collection$/);
  });
});

describe('carrier scans', () => {
  it('read as the hub they happen at', () => {
    expect(scanMessage('in_transit', hubs)).toBe('Departed Toronto hub');
    expect(scanMessage('at_hub', hubs)).toBe('Arrived at Vancouver hub');
    expect(scanMessage('out_for_delivery', hubs)).toBe('Out for delivery from the Vancouver hub');
  });

  it('happen in order and once each, after the first mile handed the parcel over', () => {
    expect(scanRefusal('in_transit', { firstMile: 'transit', scans: [], hubs })).toBe('The parcel has not reached the Toronto hub yet');
    expect(scanRefusal('at_hub', { firstMile: 'completed', scans: [], hubs })).toBe('The parcel has not departed the Toronto hub yet');
    expect(scanRefusal('in_transit', { firstMile: 'delivered', scans: [], hubs })).toBeNull();
    expect(scanRefusal('in_transit', { firstMile: 'completed', scans: ['in_transit'], hubs })).toBe('Already scanned: Departed Toronto hub');
    expect(scanRefusal('at_hub', { firstMile: 'completed', scans: ['in_transit'], hubs })).toBeNull();
    expect(scanRefusal('at_hub', { firstMile: 'cancelled', scans: ['in_transit'], hubs })).toBe('This shipment was cancelled');
  });

  it('tell where the parcel is', () => {
    expect(parcelLeg('accepted', [])).toBe('first-mile');
    expect(parcelLeg('completed', [])).toBe('line-haul');
    expect(parcelLeg('completed', ['in_transit'])).toBe('line-haul');
    expect(parcelLeg('completed', ['in_transit', 'at_hub'])).toBe('last-mile');
  });
});

describe('a first-mile order on the parcel’s tracking record', () => {
  it('ends at the origin hub: never delivered or completed for the customer', () => {
    expect(firstMileUpdate('transit', hubs)).toEqual({ trackingStatus: 'active', message: 'Collected, on the way to the Toronto hub' });
    expect(firstMileUpdate('delivered', hubs)).toEqual({ trackingStatus: 'active', message: 'Handed over at the Toronto hub' });
    expect(firstMileUpdate('completed', hubs)?.trackingStatus).toBe('active');
    expect(firstMileUpdate('cancelled', hubs)).toBeNull();
  });
});

describe('the hub list', () => {
  it('is only asked for when the ends are far apart', () => {
    let asked = 0;
    const list = () => {
      asked += 1;
      return HUBS;
    };
    expect(planShipment(YORKVILLE, UNION_STATION, list, 'standard').route).toBe('direct');
    expect(asked).toBe(0);
    expect(planShipment(YORKVILLE, GASTOWN, list, 'standard').route).toBe('line-haul');
    expect(asked).toBe(1);
  });
});
