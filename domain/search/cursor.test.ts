import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor, queryFingerprint } from './cursor';
import { SearchQuerySchema } from './schemas';

const parse = (raw: Record<string, string>) => SearchQuerySchema.parse(raw);

describe('search cursors', () => {
  it('round-trip the last item and belong to their query', () => {
    const print = queryFingerprint(parse({ q: 'pizza', kind: 'restaurant' }));
    const cursor = encodeCursor({ values: [10304, '4.5'], kind: 'restaurant', id: 7, broad: false }, print);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(cursor, print)).toEqual({ values: [10304, '4.5'], kind: 'restaurant', id: 7, broad: false });
    expect(decodeCursor(encodeCursor({ values: [0, '4.5'], kind: 'hotel', id: 9, broad: true }, print), print)).toMatchObject({ broad: true });
    expect(decodeCursor(cursor, queryFingerprint(parse({ q: 'pizzas', kind: 'restaurant' })))).toBeNull();
  });

  it('fingerprint the parameters but not the page size, nor their order', () => {
    const a = queryFingerprint(parse({ q: 'pizza', cuisine: 'Italian', limit: '5' }));
    expect(queryFingerprint(parse({ cuisine: 'Italian', q: 'pizza', limit: '50' }))).toBe(a);
    expect(queryFingerprint(parse({ q: 'pizza', cuisine: 'Italian', sort: 'price' }))).not.toBe(a);
    expect(queryFingerprint(parse({ q: 'pizza', cuisine: 'Italian', near: '43.6,-79.4' }))).not.toBe(a);
  });

  it('refuse damaged cursors', () => {
    const print = queryFingerprint(parse({}));
    const good = encodeCursor({ values: ['4.5'], kind: 'hotel', id: 3, broad: false }, print);
    const forged = (parts: unknown[]) => btoa(JSON.stringify(parts));
    for (const bad of [
      '',
      'garbage!',
      good.slice(0, -3),
      btoa('[1,2]'),
      forged([print, ['4.5'], 'boat', 3, 0]),
      forged([print, [null], 'hotel', 3, 0]),
      forged([print, ['4.5'], 'hotel', 1.5, 0]),
      forged([print, ['4.5'], 'hotel', 3, 2]),
      forged([print, ['4.5'], 'hotel', 3]),
    ]) {
      expect(decodeCursor(bad, print), bad).toBeNull();
    }
  });
});
