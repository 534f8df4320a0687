import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, mailOutbox, sessions, users } from '../../db/schema';
import { hashToken } from '../../platform/auth/sessions';
import { createTestApp, sessionCookie, signUp, type TestApp } from '../../testing/test-app';
import { ensureAdmin } from './service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(async () => {
  await t?.close();
});

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers });

describe('POST /api/auth/register', () => {
  it('creates a user and answers 201 without any credential in the body', async () => {
    const res = await post('/api/auth/register', { username: 'alice', email: 'Alice@Example.com', password: 'password-123' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: 'Account created. We have sent a message to your e-mail address.' });
    expect(res.body).not.toMatch(/argon2|password/i);
    const login = await post('/api/auth/login', { email: 'alice@example.com', password: 'password-123' });
    expect(login.json()).toEqual({ id: expect.any(Number), username: 'alice', email: 'alice@example.com', role: 'user' });
  });

  it('stores an argon2id hash with at least the OWASP parameters', async () => {
    const [row] = await t.database.db.select().from(users).where(eq(users.username, 'alice'));
    expect(row.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('says a taken username (409) but answers an e-mail clash like a new account and mails the owner instead', async () => {
    const dupName = await post('/api/auth/register', { username: 'ALICE', email: 'other@example.com', password: 'password-123' });
    expect(dupName.statusCode).toBe(409);
    expect(dupName.json().message).toBe('This username is already taken');
    const fresh = await post('/api/auth/register', { username: 'fresh-one', email: 'fresh@example.com', password: 'password-123' });
    const dupEmail = await post('/api/auth/register', { username: 'alice2', email: 'alice@example.com', password: 'another-password-1' });
    expect(dupEmail.statusCode).toBe(fresh.statusCode);
    expect(dupEmail.body).toBe(fresh.body);
    // Nothing was created, and the existing account's password is unchanged.
    expect(await t.database.db.$count(users, eq(users.username, 'alice2'))).toBe(0);
    expect((await post('/api/auth/login', { email: 'alice@example.com', password: 'another-password-1' })).statusCode).toBe(401);
    // The owner gets one mail about it (a second try the same day adds none).
    await post('/api/auth/register', { username: 'alice3', email: 'alice@example.com', password: 'another-password-1' });
    const mails = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.template, 'signup-existing-email'));
    expect(mails).toHaveLength(1);
    expect(mails[0].toAddress).toBe('alice@example.com');
    expect(mails[0].text).toMatch(/already have one/);
  });

  it('refuses common passwords with a clear message, in any case, and a repeated character', async () => {
    for (const password of ['12345678', 'password', 'PassWord1', '        ', 'sunshine1', 'iloveyou']) {
      const res = await post('/api/auth/register', { username: 'commonpw', email: 'commonpw@example.com', password });
      expect(res.statusCode, password).toBe(400);
      expect(res.json().errors.password).toBe('This password is too common. Choose one that is harder to guess.');
    }
  });

  it('limits sign-ups per address (10 an hour) with 429 and Retry-After; other addresses go on', async () => {
    const from = (i: number, remoteAddress: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/register', payload: { username: `many${i}`, email: `many${i}@example.com`, password: 'password-123' }, remoteAddress });
    for (let i = 0; i < 10; i++) expect((await from(i, '198.51.100.200')).statusCode).toBe(201);
    const limited = await from(10, '198.51.100.200');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json().message).toMatch(/too many sign-ups/i);
    expect((await from(11, '198.51.100.201')).statusCode).toBe(201);
  });

  it('answers 400 with a message per invalid field', async () => {
    const res = await post('/api/auth/register', { username: 'a', email: 'nope', password: 'short' });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.errors).toEqual({
      username: 'Username must be at least 3 characters',
      email: 'Please enter a valid email address',
      password: 'Password must be at least 8 characters',
    });
    expect(typeof body.message).toBe('string');
  });

  it('limits passwords to 128 characters', async () => {
    const res = await post('/api/auth/register', { username: 'longpw', email: 'longpw@example.com', password: 'x'.repeat(129) });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.password).toBe('Password must be at most 128 characters');
    const ok = await post('/api/auth/register', { username: 'longpw', email: 'longpw@example.com', password: 'xy'.repeat(64) });
    expect(ok.statusCode).toBe(201);
  });
});

describe('sign-in, session and sign-out', () => {
  it('signs in with a HttpOnly SameSite=Lax cookie and /me returns the user', async () => {
    const res = await post('/api/auth/login', { email: 'alice@example.com', password: 'password-123' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: expect.any(Number), username: 'alice', email: 'alice@example.com', role: 'user' });
    const cookie = res.cookies.find((c) => c.name === 'sid');
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Lax');
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{22}$/); // 128 bits, base64url
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: sessionCookie(res) } });
    expect(me.statusCode).toBe(200);
    expect(me.json().username).toBe('alice');
  });

  it('stores only the hash of the session token', async () => {
    const res = await post('/api/auth/login', { email: 'alice@example.com', password: 'password-123' });
    const token = res.cookies.find((c) => c.name === 'sid')!.value;
    const clear = await t.database.db.select().from(sessions).where(eq(sessions.id, token));
    expect(clear).toHaveLength(0);
    const hashed = await t.database.db.select().from(sessions).where(eq(sessions.id, hashToken(token)));
    expect(hashed).toHaveLength(1);
  });

  it('issues a new token at each sign-in', async () => {
    const a = sessionCookie(await post('/api/auth/login', { email: 'alice@example.com', password: 'password-123' }));
    const b = sessionCookie(await post('/api/auth/login', { email: 'alice@example.com', password: 'password-123' }));
    expect(a).not.toBe(b);
  });

  it('answers 401 "Invalid credentials" for a wrong password and for an unknown email alike', async () => {
    const wrong = await post('/api/auth/login', { email: 'alice@example.com', password: 'wrong-password' });
    const unknown = await post('/api/auth/login', { email: 'nobody@example.com', password: 'password-123' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: 'Invalid credentials' });
    expect(unknown.json()).toEqual({ message: 'Invalid credentials' });
  });

  it('GET /api/auth/me is 401 without a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/me' });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBeTruthy();
  });

  it('GET /api/auth/session answers 200 with {user: null} signed out and the user signed in, never cached', async () => {
    const out = await t.app.inject({ method: 'GET', url: '/api/auth/session' });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ user: null });
    expect(out.headers['cache-control']).toBe('no-store');
    const cookie = sessionCookie(await post('/api/auth/login', { email: 'alice@example.com', password: 'password-123' }));
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
    const session = await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } });
    expect(session.statusCode).toBe(200);
    expect(session.json()).toEqual({ user: me.json() });
    expect(session.body).not.toContain('passwordHash');
    await post('/api/auth/logout', {}, { cookie });
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } })).json()).toEqual({ user: null });
  });

  it('logout ends the session on the server: the old token stops working', async () => {
    const cookie = sessionCookie(await post('/api/auth/login', { email: 'alice@example.com', password: 'password-123' }));
    const out = await post('/api/auth/logout', {}, { cookie });
    expect(out.statusCode).toBe(200);
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
    expect(me.statusCode).toBe(401);
  });

  it('ends a session left idle past the idle timeout', async () => {
    const cookie = sessionCookie(await post('/api/auth/login', { email: 'alice@example.com', password: 'password-123' }));
    const id = hashToken(cookie.slice('sid='.length));
    const longAgo = new Date(Date.now() - t.config.session.idleMs - 60_000);
    await t.database.db.update(sessions).set({ lastSeenAt: longAgo }).where(eq(sessions.id, id));
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
    expect(me.statusCode).toBe(401);
  });

  it('ends a session past its absolute lifetime even when active', async () => {
    const cookie = sessionCookie(await post('/api/auth/login', { email: 'alice@example.com', password: 'password-123' }));
    const id = hashToken(cookie.slice('sid='.length));
    await t.database.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.id, id));
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
    expect(me.statusCode).toBe(401);
  });
});

describe('CSRF and error shape', () => {
  it('refuses a state-changing request that is not application/json', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: 'email=alice@example.com&password=password-123',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toMatch(/application\/json/);
  });

  it('refuses a request whose Origin is another site with 403', async () => {
    const res = await post(
      '/api/auth/login',
      { email: 'alice@example.com', password: 'password-123' },
      { origin: 'https://evil.example' },
    );
    expect(res.statusCode).toBe(403);
    const same = await post(
      '/api/auth/login',
      { email: 'alice@example.com', password: 'password-123' },
      { origin: 'http://localhost:80', host: 'localhost:80' },
    );
    expect(same.statusCode).toBe(200);
  });

  it('answers malformed JSON with 400 and a JSON message, no stack', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: '{"username": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Malformed JSON body' });
  });

  it('answers an unknown /api path with 404 JSON', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toMatch(/not found/i);
  });

  it('has no public user list', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/debug/users' });
    expect(res.statusCode).toBe(404);
  });

  it('sends security headers with a CSP', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('roles and the first admin', () => {
  it('GET /api/admin/stats is 401 without a session, 403 for a user, integer counts for an admin', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/stats' })).statusCode).toBe(401);
    const user = await signUp(t);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/stats', headers: { cookie: user.cookie } })).statusCode).toBe(403);
    for (const role of ['provider', 'driver'] as const) {
      const other = await signUp(t, { role });
      const res = await t.app.inject({ method: 'GET', url: '/api/admin/stats', headers: { cookie: other.cookie } });
      expect(res.statusCode).toBe(403);
    }
    const admin = await signUp(t, { role: 'admin' });
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/stats', headers: { cookie: admin.cookie } });
    expect(res.statusCode).toBe(200);
    const stats = res.json();
    for (const key of ['total', 'restaurants', 'hotels', 'flights', 'cars', 'properties', 'taxiRides', 'shipping', 'generalServices']) {
      expect(Number.isInteger(stats[key])).toBe(true);
    }
  });

  it('creates the first admin from ADMIN_EMAIL/ADMIN_PASSWORD, or with a generated password once', async () => {
    const given = await ensureAdmin(t.database.db, { email: 'boss@example.com', password: 'boss-password-1' });
    expect(given).toEqual({ created: true, email: 'boss@example.com' });
    const again = await ensureAdmin(t.database.db, { email: 'boss@example.com', password: 'boss-password-1' });
    expect(again.created).toBe(false);
    const login = await post('/api/auth/login', { email: 'boss@example.com', password: 'boss-password-1' });
    expect(login.json().role).toBe('admin');
    // An admin exists now, so nothing is generated.
    const none = await ensureAdmin(t.database.db, {});
    expect(none.generatedPassword).toBeUndefined();
  });

  it('does not promote an existing account from ADMIN_EMAIL without ADMIN_PROMOTE_EXISTING; with it, its sessions end', async () => {
    const person = await signUp(t);
    const refused = await ensureAdmin(t.database.db, { email: person.email, password: 'new-admin-secret-1' });
    expect(refused.refused).toMatch(/ADMIN_PROMOTE_EXISTING=true/);
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: person.cookie } });
    expect(me.json().role).toBe('user');
    expect((await post('/api/auth/login', { email: person.email, password: 'new-admin-secret-1' })).statusCode).toBe(401);

    const promoted = await ensureAdmin(t.database.db, { email: person.email, password: 'new-admin-secret-1', promoteExisting: true });
    expect(promoted.sessionsEnded).toBe(true);
    // The live session was not promoted: it ended.
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: person.cookie } })).statusCode).toBe(401);
    const login = await post('/api/auth/login', { email: person.email, password: 'new-admin-secret-1' });
    expect(login.json().role).toBe('admin');
  });

  it('a changed ADMIN_PASSWORD ends the old admin sessions; the same password keeps them', async () => {
    await ensureAdmin(t.database.db, { email: 'chief@example.com', password: 'chief-password-1' });
    const first = sessionCookie(await post('/api/auth/login', { email: 'chief@example.com', password: 'chief-password-1' }));
    await ensureAdmin(t.database.db, { email: 'chief@example.com', password: 'chief-password-1' });
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/stats', headers: { cookie: first } })).statusCode).toBe(200);
    await ensureAdmin(t.database.db, { email: 'chief@example.com', password: 'chief-password-2' });
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/stats', headers: { cookie: first } })).statusCode).toBe(401);
    expect((await post('/api/auth/login', { email: 'chief@example.com', password: 'chief-password-1' })).statusCode).toBe(401);
    expect((await post('/api/auth/login', { email: 'chief@example.com', password: 'chief-password-2' })).statusCode).toBe(200);
    const entries = await t.database.db.select().from(auditLog);
    expect(entries.map((e) => e.action)).toEqual(expect.arrayContaining(['role.changed', 'admin.password_changed']));
  });
});
