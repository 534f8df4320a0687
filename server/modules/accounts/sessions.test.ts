import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMON_PASSWORD_MESSAGE, describeDevice } from '../../../domain/accounts/schemas';
import { createPasswordToken } from './service';
import { createTestApp, sessionCookie, signUp, type TestApp } from '../../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(async () => t?.close());

const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const SAFARI_IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

describe('describeDevice', () => {
  it('names the browser and the system', () => {
    expect(describeDevice(FIREFOX_WINDOWS)).toBe('Firefox on Windows');
    expect(describeDevice(SAFARI_IPHONE)).toBe('Safari on iOS');
    expect(describeDevice('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36')).toBe('Chrome on Linux');
    expect(describeDevice(undefined)).toBe('Unknown device');
  });
});

describe('the account sessions', () => {
  it('lists each signed-in browser with device and last seen, marks this one, and signs out everywhere', async () => {
    const me = await signUp(t);
    const login = (ua: string) => t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: me.email, password: me.password }, headers: { 'user-agent': ua } });
    const laptop = sessionCookie(await login(FIREFOX_WINDOWS));
    const phone = sessionCookie(await login(SAFARI_IPHONE));
    const list = await t.app.inject({ method: 'GET', url: '/api/account/sessions', headers: { cookie: phone } });
    expect(list.statusCode).toBe(200);
    expect(list.headers['cache-control']).toBe('no-store');
    const sessions = list.json() as Array<{ id: string; device: string; lastSeenAt: string; current: boolean }>;
    expect(sessions.length).toBe(3);
    expect(sessions.filter((s) => s.current).map((s) => s.device)).toEqual(['Safari on iOS']);
    expect(sessions.map((s) => s.device)).toContain('Firefox on Windows');
    for (const s of sessions) {
      expect(Date.parse(s.lastSeenAt)).toBeGreaterThan(Date.now() - 120_000);
      expect(s.id).toHaveLength(16);
    }
    // Someone else sees only their own.
    const other = await signUp(t);
    expect((await t.app.inject({ method: 'GET', url: '/api/account/sessions', headers: { cookie: other.cookie } })).json()).toHaveLength(1);

    const out = await t.app.inject({ method: 'POST', url: '/api/account/sessions/sign-out-everywhere', headers: { cookie: phone }, payload: {} });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ ended: 3 });
    for (const cookie of [laptop, phone, me.cookie]) {
      expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } })).statusCode).toBe(401);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: other.cookie } })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/account/sessions' })).statusCode).toBe(401);
  });
});

describe('a new password through a reset link', () => {
  it('is refused when common, with the same message as at sign-up', async () => {
    const me = await signUp(t);
    const { token } = await createPasswordToken(t.database.db, me.id, { purpose: 'reset-password', ttlMs: 60_000 });
    const common = await t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, password: 'sunshine1' } });
    expect(common.statusCode).toBe(400);
    expect(common.json().errors.password).toBe(COMMON_PASSWORD_MESSAGE);
    const fine = await t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, password: 'a-brand-new-secret' } });
    expect(fine.json()).toEqual({ ok: true });
  });
});

