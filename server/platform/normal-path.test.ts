import { describe, expect, it } from 'vitest';
import { normalPath, pathVerdict, NOT_NORMAL_MESSAGE, NO_NORMAL_FORM_MESSAGE } from './normal-path';

describe('normalPath', () => {
  it('leaves a normal path as it is', () => {
    for (const path of ['/', '/api/health', '/api/health/', '/track/trk_ABC-1.2~x', '/.well-known/x', '/a/..b/c.', '/caf%C3%A9', '/a%20b', '/%25']) {
      expect(normalPath(path), path).toBe(path);
    }
  });

  it('decodes percent-encoded unreserved characters only', () => {
    expect(normalPath('/%61pi/auth/login')).toBe('/api/auth/login');
    expect(normalPath('/%41%5a%30%2D%2e%5F%7E')).toBe('/AZ0-._~');
    // Reserved and non-ASCII bytes stay encoded, with their case: decoding them would change the meaning.
    expect(normalPath('/a%3Fb%23c%20d%c3%a9')).toBe('/a%3Fb%23c%20d%c3%a9');
    // %25 is '%': decoding it would make a new escape (%2561 -> %61), so it stays.
    expect(normalPath('/%2561pi')).toBe('/%2561pi');
  });

  it('collapses empty segments and resolves dot segments', () => {
    expect(normalPath('//api/health')).toBe('/api/health');
    expect(normalPath('/api//health')).toBe('/api/health');
    expect(normalPath('/api/./health')).toBe('/api/health');
    expect(normalPath('/api/../api/x')).toBe('/api/x');
    expect(normalPath('/api/%2e%2E/api/x')).toBe('/api/x');
    expect(normalPath('/../../api/x')).toBe('/api/x');
    expect(normalPath('/a/b/..')).toBe('/a/');
    expect(normalPath('/a/.')).toBe('/a/');
    expect(normalPath('/..')).toBe('/');
    expect(normalPath('///')).toBe('/');
  });

  it('has no normal form for an encoded slash or backslash, a backslash, a # or a broken escape', () => {
    for (const path of ['/api%2Fhealth', '/api/x%2fy', '/a%5Cb', '/a\\b', '/a#b', '/a%', '/a%zz', '/a%%34%31', 'http://evil/api/health', '*', '']) {
      expect(normalPath(path), path).toBeUndefined();
    }
  });

  it('is idempotent', () => {
    for (const path of ['/%61pi//x/./y/../z', '/%2e%2e/%2E/', '/a/%2525/..//b/', '/%7e%2D/.']) {
      const once = normalPath(path)!;
      expect(normalPath(once), path).toBe(once);
    }
  });
});

describe('pathVerdict', () => {
  it('lets a normal path through, whatever its query', () => {
    expect(pathVerdict('GET', '/api/health')).toBeUndefined();
    expect(pathVerdict('POST', '/api/auth/login?x=%61&y=//./..%2F')).toBeUndefined();
    expect(pathVerdict('GET', '/?next=//evil.test')).toBeUndefined();
  });

  it('refuses an /api or /ws path that is not normal, whatever the method', () => {
    for (const [method, url] of [
      ['POST', '/%61pi/auth/login'],
      ['GET', '//api/health'],
      ['GET', '/api/./health'],
      ['HEAD', '/api/../api/health'],
      ['GET', '/%77s/tracking/x'],
      ['GET', '/%61pi'],
    ]) {
      expect(pathVerdict(method, url), url).toEqual({ status: 400, message: NOT_NORMAL_MESSAGE });
    }
  });

  it('redirects a GET or HEAD of a page to its normal form with the query as sent, and refuses other methods', () => {
    expect(pathVerdict('GET', '//track/./abc?x=1&y=%2F')).toEqual({ status: 308, location: '/track/abc?x=1&y=%2F' });
    expect(pathVerdict('HEAD', '/%61bout')).toEqual({ status: 308, location: '/about' });
    // Never a protocol-relative location: empty segments are gone.
    expect(pathVerdict('GET', '//evil.test/x')).toEqual({ status: 308, location: '/evil.test/x' });
    expect(pathVerdict('POST', '//track/abc')).toEqual({ status: 400, message: NOT_NORMAL_MESSAGE });
  });

  it('refuses a path with no normal form', () => {
    for (const url of ['/api/tracking/a%2Fb', '/track/a%2Fb', '/\\evil.test', '/a%', 'http://evil/api/health', '*']) {
      expect(pathVerdict('GET', url), url).toEqual({ status: 400, message: NO_NORMAL_FORM_MESSAGE });
    }
  });
});
