import { describe, expect, it } from 'vitest';
import type { PositionFix } from '@domain/orders/positions';
import { nextStep, offerSecondsLeft, telHref } from './driver-format';
import { fixFromReading, outcomeForStatus, PositionQueue } from './position-queue';

const fix = (n: number): PositionFix => ({ lat: 43 + n / 1000, lng: -79, recordedAt: new Date(1_700_000_000_000 + n * 1000).toISOString() });
const ids = (fixes: PositionFix[] | null) => (fixes ?? []).map((f) => Math.round((f.lat - 43) * 1000));

describe('PositionQueue', () => {
  it('asks for a flush once a full batch is waiting, and hands everything over as one batch', () => {
    const q = new PositionQueue(300, 3);
    expect(q.push(fix(1))).toBe(false);
    expect(q.push(fix(2))).toBe(false);
    expect(q.push(fix(3))).toBe(true);
    expect(ids(q.take())).toEqual([1, 2, 3]);
    expect(q.size).toBe(3);
    q.settle('sent');
    expect(q.size).toBe(0);
    expect(q.take()).toBeNull();
  });

  it('sends one batch at a time: fixes arriving meanwhile wait for the next take', () => {
    const q = new PositionQueue(300, 2);
    q.push(fix(1));
    expect(ids(q.take())).toEqual([1]);
    expect(q.busy).toBe(true);
    // Full batch behind an in-flight request: not "flush now", the request is still running.
    expect(q.push(fix(2))).toBe(false);
    expect(q.push(fix(3))).toBe(false);
    expect(q.take()).toBeNull();
    q.settle('sent');
    expect(ids(q.take())).toEqual([2, 3]);
  });

  it('puts a failed batch back in front of newer fixes, in order', () => {
    const q = new PositionQueue();
    q.push(fix(1));
    q.push(fix(2));
    q.take();
    q.push(fix(3));
    q.settle('retry');
    expect(ids(q.take())).toEqual([1, 2, 3]);
  });

  it('throws away a batch the server will never accept and counts it', () => {
    const q = new PositionQueue();
    q.push(fix(1));
    q.take();
    q.settle('discard');
    expect(q.size).toBe(0);
    expect(q.lost).toBe(1);
  });

  it('keeps at most maxSize fixes waiting through an outage, dropping the oldest', () => {
    const q = new PositionQueue(3, 10);
    for (let n = 1; n <= 5; n += 1) q.push(fix(n));
    expect(ids(q.take())).toEqual([3, 4, 5]);
    expect(q.lost).toBe(2);
  });

  it('bounds a retried batch together with the fixes that arrived meanwhile', () => {
    const q = new PositionQueue(5, 10);
    for (let n = 1; n <= 4; n += 1) q.push(fix(n));
    q.take();
    for (let n = 5; n <= 8; n += 1) q.push(fix(n));
    expect(q.size).toBe(8);
    // The failed batch is the oldest, so a retry that overflows drops from it first.
    q.settle('retry');
    expect(ids(q.take())).toEqual([4, 5, 6, 7, 8]);
    expect(q.lost).toBe(3);
  });

  it('ignores a repeat of the previous fix', () => {
    const q = new PositionQueue();
    q.push(fix(1));
    q.take();
    q.settle('sent');
    expect(q.push(fix(1))).toBe(false);
    expect(q.size).toBe(0);
    q.push({ ...fix(1), lat: 44 });
    expect(q.size).toBe(1);
  });

  it('clear forgets waiting and in-flight fixes; a late settle does nothing', () => {
    const q = new PositionQueue();
    q.push(fix(1));
    q.take();
    q.push(fix(2));
    q.clear();
    q.settle('retry');
    expect(q.size).toBe(0);
  });
});

describe('outcomeForStatus', () => {
  it('retries what may pass and discards what will fail again', () => {
    expect(outcomeForStatus(200)).toBe('sent');
    expect(outcomeForStatus(null)).toBe('retry');
    expect(outcomeForStatus(503)).toBe('retry');
    expect(outcomeForStatus(429)).toBe('retry');
    expect(outcomeForStatus(409)).toBe('discard');
    expect(outcomeForStatus(400)).toBe('discard');
    expect(outcomeForStatus(401)).toBe('discard');
  });
});

describe('fixFromReading', () => {
  it('converts a browser reading, leaving out unknown speed and heading', () => {
    const reading = { coords: { latitude: 43.65, longitude: -79.38, accuracy: 12, speed: null, heading: Number.NaN }, timestamp: 1_700_000_000_000 };
    expect(fixFromReading(reading)).toEqual({ lat: 43.65, lng: -79.38, accuracy: 12, recordedAt: '2023-11-14T22:13:20.000Z' });
    const moving = { coords: { ...reading.coords, speed: 8.3, heading: 90 }, timestamp: reading.timestamp };
    expect(fixFromReading(moving)).toMatchObject({ speed: 8.3, heading: 90 });
  });
});

describe('driver screen helpers', () => {
  it('labels the next step with what the driver has just done (issue 26; spec 002 section 4 said Start Pickup, En Route)', () => {
    expect(nextStep({ status: 'accepted', kind: 'food' })).toEqual({ label: 'Arrived at the restaurant', to: 'pickup' });
    expect(nextStep({ status: 'pickup', kind: 'food' })).toEqual({ label: 'Picked up', to: 'transit' });
    expect(nextStep({ status: 'transit', kind: 'food' })).toEqual({ label: 'Delivered', to: 'delivered' });
    expect(nextStep({ status: 'delivered', kind: 'food' })).toEqual({ label: 'Complete Order', to: 'completed' });
    expect(nextStep({ status: 'accepted', kind: 'taxi' })).toEqual({ label: 'Arrived at pickup', to: 'pickup' });
    expect(nextStep({ status: 'pickup', kind: 'taxi' })).toEqual({ label: 'Rider picked up', to: 'transit' });
    expect(nextStep({ status: 'transit', kind: 'taxi' })).toEqual({ label: 'Dropped off', to: 'delivered' });
    expect(nextStep({ status: 'pickup', kind: 'shipping' })).toEqual({ label: 'Parcel collected', to: 'transit' });
    expect(nextStep({ status: 'pending', kind: 'food' })).toBeNull();
    expect(nextStep({ status: 'completed', kind: 'food' })).toBeNull();
  });

  it('counts an offer down in whole seconds, never below zero', () => {
    const now = Date.parse('2025-01-01T12:00:00Z');
    expect(offerSecondsLeft('2025-01-01T12:00:29.200Z', now)).toBe(30);
    expect(offerSecondsLeft('2025-01-01T11:59:00Z', now)).toBe(0);
    expect(offerSecondsLeft(undefined, now)).toBeNull();
    expect(offerSecondsLeft('soon', now)).toBeNull();
  });

  it('makes a dialable tel: link', () => {
    expect(telHref('+1 (416) 555-0199')).toBe('tel:+14165550199');
  });
});
