import { describe, expect, it } from 'vitest';
import type { TrackingView } from '@domain/catalogue/types';
import { KEPT_RECORDS, withKeptRecord } from './offline-record';

const record = (id: string) => ({ id, trackingNumber: `GL${id}` }) as unknown as TrackingView;
const at = (minute: number) => new Date(Date.UTC(2026, 10, 27, 12, minute)).toISOString();

describe('withKeptRecord', () => {
  it('keeps the newest records by when they were seen, at most KEPT_RECORDS, the same key replaced', () => {
    let kept = {};
    for (let i = 0; i < KEPT_RECORDS + 3; i++) kept = withKeptRecord(kept, `t${i}`, record(`t${i}`), at(i));
    expect(Object.keys(kept).sort()).toEqual(Array.from({ length: KEPT_RECORDS }, (_, i) => `t${i + 3}`).sort());
    // Seen again: it stays, with its new copy and time, and the oldest other one goes.
    kept = withKeptRecord(kept, 't3', record('t3-new'), at(30));
    kept = withKeptRecord(kept, 'x', record('x'), at(31));
    expect(Object.keys(kept)).toHaveLength(KEPT_RECORDS);
    expect(kept).toHaveProperty('t3', { record: record('t3-new'), savedAt: at(30) });
    expect(kept).not.toHaveProperty('t4');
  });
});
