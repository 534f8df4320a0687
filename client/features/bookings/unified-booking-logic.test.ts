import { describe, expect, it } from 'vitest';
import { addUnifiedLine, parseStoredUnified, setUnifiedQuantity, unifiedTotal, type NewUnifiedLine } from './unified-booking-logic';

const hotel: NewUnifiedLine = { type: 'hotel', serviceType: 'hotels', serviceId: 2, name: 'Grand', description: '2 nights', price: 200, details: {} };

describe('unified booking lines', () => {
  it('adds, increments the same service, and totals', () => {
    let lines = addUnifiedLine([], hotel, 5);
    lines = addUnifiedLine(lines, hotel, 6);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ id: 'hotels-2-5', quantity: 2 });
    expect(unifiedTotal(lines)).toBe(400);
  });
  it('removes a line at quantity 0', () => {
    const lines = addUnifiedLine([], hotel, 5);
    expect(setUnifiedQuantity(lines, 'hotels-2-5', 0)).toEqual([]);
  });
  it('survives a round trip through storage', () => {
    const lines = addUnifiedLine([], hotel, 5);
    expect(parseStoredUnified(JSON.stringify({ lines }))).toEqual(lines);
    expect(parseStoredUnified('garbage')).toEqual([]);
  });
});
