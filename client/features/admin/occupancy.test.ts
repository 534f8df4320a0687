import { describe, expect, it } from 'vitest';
import { percent, sortOccupancy, usedText, type OccupancyRow } from './occupancy';

const row = (id: number, name: string, occupancy: number, kind: OccupancyRow['kind'] = 'hotels'): OccupancyRow => ({
  kind,
  id,
  name,
  capacity: 10,
  usedUnitDays: Math.round(occupancy * 300),
  capacityUnitDays: 300,
  occupancy,
});

describe('occupancy tab', () => {
  const rows = [row(1, 'B', 0.5), row(2, 'A', 0.5), row(3, 'C', 0.9, 'cars'), row(4, 'D', 0)];

  it('sorts by occupancy either way, ties by name, and filters by kind', () => {
    expect(sortOccupancy(rows, 'desc').map((r) => r.id)).toEqual([3, 2, 1, 4]);
    expect(sortOccupancy(rows, 'asc').map((r) => r.id)).toEqual([4, 2, 1, 3]);
    expect(sortOccupancy(rows, 'desc', 'cars').map((r) => r.id)).toEqual([3]);
    // The input is left as it was.
    expect(rows.map((r) => r.id)).toEqual([1, 2, 3, 4]);
  });

  it('reads percentages and unit-days', () => {
    expect(percent(0.4567)).toBe('46%');
    expect(percent(0)).toBe('0%');
    expect(percent(0.001)).toBe('<1%');
    expect(percent(1.2)).toBe('100%');
    expect(percent(Number.NaN)).toBe('0%');
    expect(usedText({ ...row(1, 'X', 0.5), usedUnitDays: 1200, capacityUnitDays: 3000 })).toBe('1,200 / 3,000 room-nights');
  });
});
