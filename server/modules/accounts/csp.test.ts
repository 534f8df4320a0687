import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';

// The CSP must let Stripe.js load and frame its card fields when card payments are configured, and nothing more.
let withStripe: TestApp;
let withoutStripe: TestApp;
beforeAll(async () => {
  withStripe = await createTestApp({
    seed: false,
    env: { STRIPE_SECRET_KEY: 'sk_test_csp', STRIPE_PUBLISHABLE_KEY: 'pk_test_csp' },
  });
  withoutStripe = await createTestApp({ seed: false });
});
afterAll(async () => {
  await withStripe?.close();
  await withoutStripe?.close();
});

function directives(header: unknown): Record<string, string[]> {
  return Object.fromEntries(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name, values]),
  );
}

describe('Content-Security-Policy', () => {
  it('allows Stripe.js scripts, frames and API calls when Stripe is configured', async () => {
    const res = await withStripe.app.inject({ method: 'GET', url: '/api/health' });
    const csp = directives(res.headers['content-security-policy']);
    expect(csp['script-src']).toEqual(expect.arrayContaining(["'self'", 'https://js.stripe.com', 'https://*.js.stripe.com']));
    expect(csp['frame-src']).toEqual(expect.arrayContaining(['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com']));
    expect(csp['connect-src']).toEqual(expect.arrayContaining(["'self'", 'https://api.stripe.com']));
    expect(csp['script-src']).not.toContain("'unsafe-inline'");
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
  });

  it('allows only the own origin for scripts and frames without Stripe', async () => {
    const res = await withoutStripe.app.inject({ method: 'GET', url: '/api/health' });
    const csp = directives(res.headers['content-security-policy']);
    expect(csp['script-src']).toEqual(["'self'"]);
    expect(csp['frame-src']).toEqual(["'self'"]);
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    // Map tiles from tile.openstreetmap.org need a Referer; only the origin is sent cross-site.
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('lets the service worker fetch map tiles to cache them (ADR 014): the tile origin is in connect-src', async () => {
    const res = await withoutStripe.app.inject({ method: 'GET', url: '/api/health' });
    const csp = directives(res.headers['content-security-policy']);
    expect(csp['img-src']).toContain('https://tile.openstreetmap.org');
    expect(csp['connect-src']).toEqual(expect.arrayContaining(["'self'", 'https://tile.openstreetmap.org']));
    expect(csp['connect-src']).not.toContain('*');
  });
});

describe('headers of issue 14', () => {
  it("limits connect-src to the own origin, its ws/wss twin and the map tile origin (the worker caches tiles), never any ws: host", async () => {
    const res = await withoutStripe.app.inject({ method: 'GET', url: '/api/health', headers: { host: 'golive.example:8443' } });
    const csp = directives(res.headers['content-security-policy']);
    expect(csp['connect-src']).toEqual(["'self'", 'ws://golive.example:8443', 'https://tile.openstreetmap.org']);
    const odd = await withoutStripe.app.inject({ method: 'GET', url: '/api/health', headers: { host: 'evil.test; script-src *' } });
    expect(directives(odd.headers['content-security-policy'])['connect-src']).toEqual(["'self'", "'self'", 'https://tile.openstreetmap.org']);
  });

  it('sends a Permissions-Policy that turns off unused features', async () => {
    const res = await withoutStripe.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['permissions-policy']).toMatch(/camera=\(\)/);
    expect(res.headers['permissions-policy']).toMatch(/microphone=\(\)/);
  });

  it('answers signed-in JSON and the sign-in itself with Cache-Control: no-store', async () => {
    await withoutStripe.app.inject({ method: 'POST', url: '/api/auth/register', payload: { username: 'cachey', email: 'cachey@example.com', password: 'password-123' } });
    const login = await withoutStripe.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'cachey@example.com', password: 'password-123' } });
    expect(login.headers['cache-control']).toBe('no-store');
    const cookie = `sid=${login.cookies.find((c) => c.name === 'sid')!.value}`;
    const me = await withoutStripe.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
    expect(me.headers['cache-control']).toBe('no-store');
    const bookings = await withoutStripe.app.inject({ method: 'GET', url: '/api/bookings', headers: { cookie } });
    expect(bookings.headers['cache-control']).toBe('no-store');
  });
});
