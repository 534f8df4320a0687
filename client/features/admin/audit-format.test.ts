import { describe, expect, it } from 'vitest';
import { describeChanges } from './audit-format';

describe('describeChanges', () => {
  it('shows before → after pairs and plain facts', () => {
    expect(describeChanges({ price: [100, 120], isActive: [true, false] })).toBe('price: 100 → 120; isActive: true → false');
    expect(describeChanges({ reason: 'Incomplete', published: { collection: 'hotels', id: 3 } })).toBe('reason: Incomplete; published: {"collection":"hotels","id":3}');
    expect(describeChanges({ notes: [null, 'ok'] })).toBe('notes: — → ok');
  });
});
