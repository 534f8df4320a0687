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

  it('never yields a protocol-relative path, whatever dot segments or slashes the link holds', () => {
    for (const tricky of ['/..//evil.test', '/../..//evil.test/x', '/.//evil.test', '/a/..//evil.test', '/%2e%2e//evil.test', '/..\\/evil.test']) {
      const out = safeNextPath(tricky, origin);
      if (out === null) continue;
      expect(out.startsWith('//') || out.startsWith('/\\'), `${tricky} -> ${out}`).toBe(false);
      expect(new URL(out, origin).origin).toBe(origin);
    }
    expect(safeNextPath('/..//evil.test', origin)).toBe('/evil.test');
  });
});
