import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';

// Behind a TLS-terminating proxy the session cookie must be Secure; over plain http it cannot be.
let t: TestApp;
beforeAll(async () => {
  // app.inject comes from 127.0.0.1: that proxy is trusted (TRUST_PROXY=true, any proxy, is refused since issue 27).
  t = await createTestApp({ seed: false, env: { TRUST_PROXY: '127.0.0.1' } });
  const reg = await t.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { username: 'cookieflags', email: 'cookie-flags@example.com', password: 'password-123' },
  });
  expect(reg.statusCode).toBe(201);
});
afterAll(async () => {
  await t?.close();
});

const login = (headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: 'cookie-flags@example.com', password: 'password-123' },
    headers,
  });

describe('session cookie flags', () => {
  it('is HttpOnly and SameSite=Lax with a 128-bit token, not Secure over http', async () => {
    const res = await login();
    expect(res.statusCode).toBe(200);
    const header = String(res.headers['set-cookie']);
    expect(header).toMatch(/HttpOnly/i);
    expect(header).toMatch(/SameSite=Lax/i);
    expect(header).not.toMatch(/;\s*Secure/i);
    const sid = res.cookies.find((c) => c.name === 'sid');
    // 16 random bytes in base64url.
    expect(sid?.value).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });

  it('is Secure when the request came over https through a trusted proxy', async () => {
    const res = await login({ 'x-forwarded-proto': 'https' });
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['set-cookie'])).toMatch(/;\s*Secure/i);
  });

  it('issues a new token at each sign-in', async () => {
    const a = (await login()).cookies.find((c) => c.name === 'sid')?.value;
    const b = (await login()).cookies.find((c) => c.name === 'sid')?.value;
    expect(a).toBeTruthy();
    expect(a).not.toBe(b);
  });
});
