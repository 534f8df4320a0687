import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { knownDevices, rateCounters, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createTwoInstances } from '../../testing/two-instances';

// ADR 016: reserve-then-verify, per account + address; the account as a whole is slowed, never locked for its owner.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(async () => {
  await t?.close();
});

const login = (email: string, password: string, remoteAddress: string, cookie?: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress, headers: cookie ? { cookie } : {} });

async function register(username: string, password = 'password-123', remoteAddress = '198.51.100.1') {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { username, email: `${username}@example.com`, password },
    remoteAddress,
  });
  expect(res.statusCode).toBe(201);
  return `${username}@example.com`;
}

/** Moves a counter's window back in time, as if `seconds` had passed. */
const passSeconds = (key: string, seconds: number) =>
  t.database.db
    .update(rateCounters)
    .set({ windowStart: sql`${rateCounters.windowStart} - make_interval(secs => ${seconds})` })
    .where(eq(rateCounters.key, key));

const deviceCookie = (res: Awaited<ReturnType<typeof login>>) => {
  const c = res.cookies.find((x) => x.name === 'did');
  return c ? `did=${c.value}` : undefined;
};

describe('the sign-in throttle cannot be raced', () => {
  it('checks at most 10 passwords of 200 parallel guesses from one address, the right one included', async () => {
    const email = await register('raced');
    const guesses = Array.from({ length: 200 }, (_, i) => (i === 60 ? 'password-123' : `wrong-guess-${i}`));
    const results = await Promise.all(guesses.map((p) => login(email, p, '203.0.113.9')));
    const codes = results.map((r) => r.statusCode);
    const checked = codes.filter((c) => c !== 429).length;
    expect(checked).toBeLessThanOrEqual(10);
    expect(codes.filter((c) => c === 429).length).toBeGreaterThanOrEqual(190);
    const limited = results.find((r) => r.statusCode === 429)!;
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json().message).toBe('Too many failed sign-in attempts. Please try again later.');
    // The 61st guess, the right password, was not checked.
    expect(results[60].statusCode).toBe(429);
  });

  it('holds across a sequence too: the 11th guess from an address is refused even when right', async () => {
    const email = await register('sequential');
    for (let i = 0; i < 10; i++) expect((await login(email, `nope-${i}-nope`, '203.0.113.10')).statusCode).toBe(401);
    const right = await login(email, 'password-123', '203.0.113.10');
    expect(right.statusCode).toBe(429);
  });

  it('limits failures from one address across accounts (spraying) to 30 per window', async () => {
    for (let i = 0; i < 30; i++) expect((await login(`ghost${i}@example.com`, 'nope-nope', '192.0.2.77')).statusCode).toBe(401);
    const email = await register('sprayed');
    expect((await login(email, 'password-123', '192.0.2.77')).statusCode).toBe(429);
    expect((await login(email, 'password-123', '192.0.2.78')).statusCode).toBe(200);
  });

  it('does not count successful sign-ins against the address', async () => {
    const email = await register('frequent');
    for (let i = 0; i < 15; i++) expect((await login(email, 'password-123', '192.0.2.90')).statusCode).toBe(200);
  });
});

describe('nobody can lock the owner out', () => {
  it('an attacker from many addresses slows strangers down but the owner signs in from a known browser', async () => {
    const email = await register('victim');
    const first = await login(email, 'password-123', '198.51.100.20');
    expect(first.statusCode).toBe(200);
    const known = deviceCookie(first);
    expect(known).toBeDefined();
    // 10 wrong passwords from each of 3 addresses: each pair is then refused, the account is slowed.
    for (const ip of ['10.9.0.1', '10.9.0.2', '10.9.0.3']) {
      for (let i = 0; i < 10; i++) await login(email, `guess-${ip}-${i}`, ip);
      expect((await login(email, 'another-guess', ip)).statusCode).toBe(429);
    }
    // The owner, from the browser that signed in before (another address too), is not slowed.
    for (let i = 0; i < 3; i++) expect((await login(email, 'password-123', '198.51.100.21', known)).statusCode).toBe(200);
    // A new browser is slowed (one check per 30 s for the whole account), not locked: it waits, then gets in.
    const early = await login(email, 'password-123', '198.51.100.30');
    expect(early.statusCode).toBe(429);
    const wait = Number(early.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(30);
    await passSeconds(`slow:${email}`, 31);
    expect((await login(email, 'password-123', '198.51.100.30')).statusCode).toBe(200);
    // ... and the slot it used is then taken for the next 30 s.
    expect((await login(email, 'wrong-again', '10.9.0.4')).statusCode).toBe(429);
  });

  it('10 failures from one address do not refuse the owner elsewhere (no hard lock-out)', async () => {
    const email = await register('owner');
    for (let i = 0; i < 10; i++) expect((await login(email, `nope-${i}-nope`, '10.8.0.1')).statusCode).toBe(401);
    expect((await login(email, 'nope-x-nope', '10.8.0.1')).statusCode).toBe(429);
    expect((await login(email, 'password-123', '10.8.0.2')).statusCode).toBe(200);
  });
});

describe.runIf(process.env.DATABASE_URL && process.env.REDIS_URL)('two instances on one PostgreSQL database', () => {
  it('share the limit: 200 parallel guesses split over both check at most 10 passwords', async () => {
    const both = await createTwoInstances({ seed: false });
    try {
      const reg = await both.a.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { username: 'twice', email: 'twice@example.com', password: 'password-123' },
      });
      expect(reg.statusCode).toBe(201);
      const results = await Promise.all(
        Array.from({ length: 200 }, (_, i) =>
          (i % 2 ? both.a : both.b).app.inject({
            method: 'POST',
            url: '/api/auth/login',
            payload: { email: 'twice@example.com', password: i === 61 ? 'password-123' : `wrong-${i}-guess` },
            remoteAddress: '203.0.113.50',
          }),
        ),
      );
      expect(results.filter((r) => r.statusCode !== 429).length).toBeLessThanOrEqual(10);
      expect(results[61].statusCode).toBe(429);
    } finally {
      await both.close();
    }
  });
});

describe('known browsers', () => {
  it('an account remembers its 20 most recent browsers, the newest still exempt', async () => {
    const email = await register('manybrowsers');
    let last: string | undefined;
    for (let i = 0; i < 25; i++) last = deviceCookie(await login(email, 'password-123', `198.51.100.${100 + i}`));
    const [{ id }] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    expect(await t.database.db.$count(knownDevices, eq(knownDevices.userId, id))).toBe(20);
    // Slow the account down, then the newest browser still signs in.
    for (const ip of ['10.7.0.1', '10.7.0.2']) for (let i = 0; i < 6; i++) await login(email, `bad-${ip}-${i}`, ip);
    expect((await login(email, 'password-123', '10.7.0.9', last)).statusCode).toBe(200);
  });
});
