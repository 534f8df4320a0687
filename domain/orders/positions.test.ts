import { describe, expect, it } from 'vitest';
import { filterFixes } from './positions';

const now = Date.parse('2026-11-22T12:00:00Z');
const at = (ms: number) => new Date(now + ms).toISOString();

describe('the position filter', () => {
  it('keeps plausible fixes oldest first and counts what it drops, by reason', () => {
    const r = filterFixes(
      [
        { lat: 43.001, lng: -79, recordedAt: at(-10_000) },
        { lat: 43, lng: -79, recordedAt: at(-20_000) },
        { lat: 91, lng: 0, recordedAt: at(0) },
        { lat: 43, lng: 181, recordedAt: at(0) },
        { lat: 43, lng: -79, recordedAt: 'not a date' },
        { lat: 43, lng: -79, recordedAt: at(60_000) },
        { lat: 43, lng: -79, recordedAt: at(-61 * 60_000) },
        { lat: 44, lng: -79, recordedAt: at(-5_000) },
      ],
      now,
    );
    expect(r.accepted.map((f) => f.recordedAt)).toEqual([at(-20_000), at(-10_000)]);
    expect(r.dropped).toEqual({ 'out-of-range': 3, future: 1, stale: 1, 'too-fast': 1 });
  });

  it('measures the first jump from the last stored fix, with 250 km/h as the limit', () => {
    const last = { lat: 43, lng: -79, at: now - 60_000 };
    // ~4.2 km in a minute is ~250 km/h + a little: dropped; ~3.3 km is ~200 km/h: kept.
    expect(filterFixes([{ lat: 43.038, lng: -79, recordedAt: at(0) }], now, last).dropped['too-fast']).toBe(1);
    expect(filterFixes([{ lat: 43.03, lng: -79, recordedAt: at(0) }], now, last).accepted).toHaveLength(1);
  });

  it('accepts a device clock slightly ahead, but not an hour ahead', () => {
    expect(filterFixes([{ lat: 1, lng: 1, recordedAt: at(20_000) }], now).accepted).toHaveLength(1);
    expect(filterFixes([{ lat: 1, lng: 1, recordedAt: at(3_600_000) }], now).dropped.future).toBe(1);
  });
});
