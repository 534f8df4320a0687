import { describe, expect, it } from 'vitest';
import { safeNextPath } from './safe-next';

const origin = 'https://golive.example';

describe('safeNextPath', () => {
  it('keeps same-site paths', () => {
    expect(safeNextPath('/admin', origin)).toBe('/admin');
    expect(safeNextPath('/track/42?x=1#map', origin)).toBe('/track/42?x=1#map');
  });

  it('refuses other sites, protocol tricks and the login page itself', () => {
    for (const bad of ['//evil.example', '/\\evil.example', 'https://evil.example/admin', 'javascript:alert(1)', '', null, '/login']) {
      expect(safeNextPath(bad, origin)).toBeNull();
    }
  });
});
