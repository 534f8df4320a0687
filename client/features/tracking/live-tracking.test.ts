import { describe, expect, it } from 'vitest';
import type { TrackingView } from '@domain/catalogue/types';
import type { TrackingSocketMessage } from '@domain/tracking/live';
import { journeyOf } from '@domain/orders/journey';
import {
  MAX_PATH_POINTS,
  applyTrackingMessage,
  etaText,
  formatClock,
  initialCentre,
  journeyOfRecord,
  progressPercent,
  routePoints,
  shouldPoll,
  telHref,
  trackingStatusClass,
} from './live-tracking';

const pickup = { lat: 43.65, lng: -79.38, address: 'Pickup St' };
const pickedUp = journeyOf({ kind: 'food', status: 'transit', restaurantAccepts: true, kitchenAccepted: true, ready: true });
const arriving = journeyOf({ kind: 'food', status: 'transit', restaurantAccepts: true, kitchenAccepted: true, ready: true, arriving: true });
const destination = { lat: 43.67, lng: -79.4, address: '1 Destination Ave' };

function tracking(overrides: Partial<TrackingView> = {}): TrackingView {
  return {
    id: 'trk_1',
    trackingNumber: 'GL0000000001CA',
    serviceName: 'Pizza Place',
    serviceType: 'delivery',
    type: 'delivery',
    status: 'active',
    providerName: 'Pizza Place',
    providerPhone: '+1 416 555 0100',
    estimatedTime: '12 min',
    etaAt: null,
    currentLocation: { lat: 43.655, lng: -79.385, address: '' },
    destination,
    updates: [],
    orderStatus: 'transit',
    driver: { name: 'Dana Driver', phone: '+1 (416) 555-0199', vehicle: 'Toyota Prius', plate: 'ABCD 123' },
    route: { pickup, destination, path: [{ lat: 43.65, lng: -79.38 }] },
    progress: 0.2,
    lookingForDriver: false,
    journey: pickedUp,
    ...overrides,
  };
}

const position = (lat: number, lng: number, progress = 0.5, journey: TrackingView['journey'] | null = null): TrackingSocketMessage => ({
  type: 'position',
  currentLocation: { lat, lng, address: '' },
  estimatedTime: '7 min',
  etaAt: '2030-01-01T15:07:00.000Z',
  progress,
  point: { lat, lng },
  journey,
});

describe('applyTrackingMessage', () => {
  it('replaces the record with a snapshot, even when nothing is cached yet', () => {
    const next = tracking({ status: 'pending', driver: null });
    expect(applyTrackingMessage(undefined, { type: 'snapshot', tracking: next })).toBe(next);
    expect(applyTrackingMessage(tracking(), { type: 'snapshot', tracking: next })).toBe(next);
  });

  it('moves the driver, updates ETA and progress and extends the path on a position', () => {
    const before = tracking();
    const after = applyTrackingMessage(before, position(43.66, -79.39, 0.55));
    expect(after?.currentLocation).toEqual({ lat: 43.66, lng: -79.39, address: '' });
    expect(after?.estimatedTime).toBe('7 min');
    expect(after?.etaAt).toBe('2030-01-01T15:07:00.000Z');
    expect(after?.progress).toBe(0.55);
    expect(after?.route?.path).toEqual([
      { lat: 43.65, lng: -79.38 },
      { lat: 43.66, lng: -79.39 },
    ]);
    // The cached object is not mutated (TanStack Query compares by reference).
    expect(before.route?.path).toHaveLength(1);
    expect(before.progress).toBe(0.2);
  });

  it("takes the position's journey: 'Arriving' comes from the driver's positions", () => {
    const near = applyTrackingMessage(tracking(), position(43.669, -79.399, 0.95, arriving));
    expect(near?.journey.label).toBe('Arriving');
    // A position the server sent without a journey keeps the one the record has.
    expect(applyTrackingMessage(near, position(43.6695, -79.3995, 0.97))?.journey.label).toBe('Arriving');
  });

  it('does not repeat a point it already has', () => {
    const once = applyTrackingMessage(tracking(), position(43.66, -79.39));
    const twice = applyTrackingMessage(once, position(43.66, -79.39));
    expect(twice?.route?.path).toHaveLength(2);
  });

  it('keeps the path bounded', () => {
    const path = Array.from({ length: MAX_PATH_POINTS }, (_, i) => ({ lat: 43 + i / 1e5, lng: -79 }));
    const start = tracking({ route: { pickup, destination, path } });
    const next = applyTrackingMessage(start, position(44, -79));
    expect(next?.route?.path).toHaveLength(MAX_PATH_POINTS);
    expect(next?.route?.path.at(-1)).toEqual({ lat: 44, lng: -79 });
    expect(next?.route?.path[0]).toEqual(path[1]);
  });

  it('moves the driver of a record without a route and leaves the route null', () => {
    const next = applyTrackingMessage(tracking({ route: null }), position(43.66, -79.39));
    expect(next?.route).toBeNull();
    expect(next?.currentLocation?.lat).toBe(43.66);
  });

  it('ignores a position before any record is cached', () => {
    expect(applyTrackingMessage(undefined, position(1, 2))).toBeUndefined();
    expect(applyTrackingMessage(null, position(1, 2))).toBeNull();
  });

  it('replaces the record on a status message', () => {
    const done = tracking({ status: 'completed', orderStatus: 'completed', progress: 1 });
    const message: TrackingSocketMessage = {
      type: 'status',
      status: 'completed',
      orderStatus: 'completed',
      update: { timestamp: '2030-01-01T15:10:00.000Z', status: 'completed', message: 'Order complete', location: null },
      tracking: done,
    };
    expect(applyTrackingMessage(tracking(), message)).toBe(done);
  });

  it('leaves the record alone on an error message', () => {
    const current = tracking();
    expect(applyTrackingMessage(current, { type: 'error', message: 'Tracking Not Found' })).toBe(current);
  });
});

describe('shouldPoll', () => {
  it('polls only while the socket is not open and the record can still change', () => {
    expect(shouldPoll('active', false)).toBe(true);
    expect(shouldPoll('pending', false)).toBe(true);
    expect(shouldPoll('active', true)).toBe(false);
    expect(shouldPoll('completed', false)).toBe(false);
    expect(shouldPoll('cancelled', false)).toBe(false);
    expect(shouldPoll(undefined, false)).toBe(false);
  });
});

describe('progressPercent', () => {
  it('turns 0..1 into a whole percentage and clamps what is out of range or missing', () => {
    expect(progressPercent(0.456)).toBe(46);
    expect(progressPercent(1)).toBe(100);
    expect(progressPercent(1.7)).toBe(100);
    expect(progressPercent(-0.2)).toBe(0);
    expect(progressPercent(Number.NaN)).toBe(0);
    expect(progressPercent(undefined)).toBe(0);
  });
});

describe('ETA text', () => {
  it('shows the minutes and the clock time', () => {
    const clock = formatClock('2030-01-01T15:07:00.000Z');
    expect(clock).toMatch(/^\d{1,2}:\d{2}\s?[AP]M$/);
    expect(etaText({ estimatedTime: '7 min', etaAt: '2030-01-01T15:07:00.000Z' })).toBe(`ETA 7 min · ${clock}`);
  });

  it('shows the minutes alone when there is no clock time', () => {
    expect(etaText({ estimatedTime: '2-3 days', etaAt: null })).toBe('ETA 2-3 days');
    expect(etaText({ estimatedTime: '12 min', etaAt: 'not a date' })).toBe('ETA 12 min');
    expect(formatClock(null)).toBeNull();
  });
});

describe('telHref', () => {
  it('keeps only digits and a plus', () => {
    expect(telHref('+1 (416) 555-0199')).toBe('tel:+14165550199');
  });
});

describe('map points', () => {
  it('lists pickup, destination, the path and the driver for fitting the route', () => {
    const points = routePoints(tracking());
    expect(points).toEqual([
      { lat: pickup.lat, lng: pickup.lng },
      { lat: destination.lat, lng: destination.lng },
      { lat: 43.65, lng: -79.38 },
      { lat: 43.655, lng: -79.385 },
    ]);
  });

  it('falls back to the destination (and the driver) without a route', () => {
    expect(routePoints(tracking({ route: null, currentLocation: null }))).toEqual([{ lat: destination.lat, lng: destination.lng }]);
  });

  it('opens on the driver, else the pickup, else the destination', () => {
    expect(initialCentre(tracking())).toEqual({ lat: 43.655, lng: -79.385 });
    expect(initialCentre(tracking({ currentLocation: null }))).toEqual({ lat: pickup.lat, lng: pickup.lng });
    expect(initialCentre(tracking({ currentLocation: null, route: null }))).toEqual({ lat: destination.lat, lng: destination.lng });
  });
});

describe('trackingStatusClass', () => {
  it('colours pending yellow, active green, completed blue, cancelled red and anything else grey', () => {
    expect(trackingStatusClass('pending')).toContain('amber');
    expect(trackingStatusClass('active')).toContain('emerald');
    expect(trackingStatusClass('completed')).toContain('blue');
    expect(trackingStatusClass('cancelled')).toContain('red');
    expect(trackingStatusClass('lost')).toContain('gray');
  });
});

describe('journeyOfRecord', () => {
  it("is the server's journey", () => {
    expect(journeyOfRecord(tracking())).toBe(pickedUp);
  });

  it('works one out from the status and updates of a copy kept without one (an older offline copy)', () => {
    const { journey: _dropped, ...old } = tracking({ type: 'shipping', serviceType: 'shipping', status: 'completed' });
    expect(journeyOfRecord(old).label).toBe('Delivered');
    const { journey: _none, ...moving } = tracking({ type: 'shipping', status: 'active', updates: [{ timestamp: '2030-01-01T00:00:00Z', status: 'in_transit', message: 'Departed', location: null }] });
    expect(journeyOfRecord(moving).label).toBe('In transit to the destination hub');
  });
});
