import { and, desc, eq, getTableName, type Table } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SIGN_IN_LINK_INVALID, SIGN_IN_LINK_REQUIRED, SIGN_IN_LINK_SENT } from '../../../domain/accounts/schemas';
import { FORGOT_PASSWORD_ANSWER } from '../../../domain/notifications/schemas';
import type { Db } from '../../db/connect';
import { domainEvents, mailOutbox, passwordTokens, rateCounters, users } from '../../db/schema';
import { passwordChecks } from '../../platform/auth/password';
import { hashToken } from '../../platform/auth/sessions';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createTwoInstances } from '../../testing/two-instances';
import { FORGOT_PASSWORD_MIN_MS, requestPasswordReset } from './service';

// Issue 27, "trust under attack": throttles that cannot be raced and lock no one out; no token in events; a
// forgot-password answer that does not tell who has an account.
// Hundreds of parallel sign-ins per test: slow on a busy machine.
vi.setConfig({ testTimeout: 180_000 });

let t: TestApp;
/** Every message published on pub/sub during the file (to every instance). */
const published: string[] = [];
beforeAll(async () => {
  t = await createTestApp({ seed: false });
  t.ctx.events.listen((event) => void published.push(JSON.stringify(event)));
});
afterAll(async () => {
  await t?.close();
});

const PASSWORD = 'correct-horse-42';
const login = (email: string, password: string, remoteAddress: string, cookie?: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress, headers: cookie ? { cookie } : {} });

let n = 0;
async function register(name: string): Promise<{ email: string; id: number }> {
  n += 1;
  const username = `${name}${n}`;
  const email = `${username}@example.com`;
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: { username, email, password: PASSWORD }, remoteAddress: `198.18.${n}.1` });
  expect(res.statusCode).toBe(201);
  const [row] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return { email, id: row.id };
}

const cookieOf = (res: Awaited<ReturnType<typeof login>>, name: string) => {
  const c = res.cookies.find((x) => x.name === name);
  return c ? `${name}=${c.value}` : undefined;
};

/** `count` wrong passwords at once, 10 from each address (100.<64 + tag>.x.1 for attack `tag`). */
const attack = (email: string, tag: number, count = 60) =>
  Promise.all(Array.from({ length: count }, (_, i) => login(email, `wrong-${tag}-${i}`, `100.${64 + tag}.${i % (count / 10)}.1`)));

/** The mails of `template` to `to`, newest first. */
const mailsTo = (to: string, template: string) =>
  t.database.db.select().from(mailOutbox).where(and(eq(mailOutbox.toAddress, to), eq(mailOutbox.template, template))).orderBy(desc(mailOutbox.id));

const linkToken = (text: string, path: string) => new RegExp(`${path}\\?token=([\\w-]+)`).exec(text)?.[1];

describe('the account slow-down cannot be raced', () => {
  it('400 parallel wrong passwords from 40 addresses check at most slowAfter + 1 passwords', async () => {
    const { email } = await register('raced');
    const { slowAfter } = t.config.loginThrottle;
    const before = passwordChecks.count;
    const results = await attack(email, 1, 400);
    const checked = passwordChecks.count - before;
    expect(checked).toBeGreaterThanOrEqual(1);
    expect(checked).toBeLessThanOrEqual(slowAfter + 1);
    expect(results.filter((r) => r.statusCode === 401)).toHaveLength(checked);
    expect(results.filter((r) => r.statusCode === 429)).toHaveLength(400 - checked);
    // Every refused attempt is told about the link; the owner gets one mail however many attempts asked.
    const refused = results.find((r) => r.statusCode === 429)!;
    expect(refused.json()).toMatchObject({ message: SIGN_IN_LINK_SENT, code: SIGN_IN_LINK_REQUIRED });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await mailsTo(email, 'sign-in-link')).toHaveLength(1);
  });

  it('an unknown address under the same attack gets the same answer, and no mail is stored', async () => {
    const email = 'nobody-at-all@example.com';
    const before = passwordChecks.count;
    const results = await attack(email, 2, 400);
    expect(passwordChecks.count - before).toBeLessThanOrEqual(t.config.loginThrottle.slowAfter + 1);
    expect(results.find((r) => r.statusCode === 429)!.json()).toMatchObject({ message: SIGN_IN_LINK_SENT, code: SIGN_IN_LINK_REQUIRED });
    expect(await mailsTo(email, 'sign-in-link')).toHaveLength(0);
  });
});

describe('nobody is locked out', () => {
  it("the owner's known browser signs in at once during the attack, even from an address the attacker exhausted", async () => {
    const { email } = await register('known');
    const first = await login(email, PASSWORD, '198.51.100.7');
    expect(first.statusCode).toBe(200);
    const known = cookieOf(first, 'did')!;
    expect(known).toBeDefined();
    // The attacker exhausts the owner's own address (10 wrong passwords from it, then it is refused) ...
    for (let i = 0; i < 10; i++) expect((await login(email, `wrong-here-${i}`, '198.51.100.7')).statusCode).toBe(401);
    const refused = await login(email, PASSWORD, '198.51.100.7');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe('Too many failed sign-in attempts. Please try again later.');
    // ... and attacks from 6 more.
    await attack(email, 3);
    for (let i = 0; i < 3; i++) {
      const res = await login(email, PASSWORD, '198.51.100.7', known);
      expect(res.statusCode).toBe(200);
      expect(cookieOf(res, 'sid')).toBeDefined();
    }
  });

  it("a shared address exhausts only its own budget: another user's known browser behind it still signs in", async () => {
    const { email } = await register('neighbour');
    const shared = '203.0.113.200';
    const first = await login(email, PASSWORD, shared);
    const known = cookieOf(first, 'did')!;
    // 30 wrong logins from the shared address (spraying) spend its budget ...
    for (let i = 0; i < 30; i++) expect((await login(`ghost${i}@example.com`, 'nope-nope-nope', shared)).statusCode).toBe(401);
    expect((await login(email, PASSWORD, shared)).statusCode).toBe(429);
    // ... never the known browser's, behind the same address.
    expect((await login(email, PASSWORD, shared, known)).statusCode).toBe(200);
    // A known browser has a budget of its own: a stolen cookie guesses no more than `max` passwords per window.
    const { max } = t.config.loginThrottle;
    const before = passwordChecks.count;
    const guesses = await Promise.all(Array.from({ length: 50 }, (_, i) => login(email, `stolen-cookie-guess-${i}`, `100.99.0.${i}`, known)));
    expect(passwordChecks.count - before).toBeLessThanOrEqual(max);
    expect(guesses.filter((r) => r.statusCode === 429).length).toBeGreaterThanOrEqual(50 - max);
  });

  it('a new browser of the owner during the attack gets a one-time link by e-mail, and the link signs it in', async () => {
    const { email } = await register('newbrowser');
    await attack(email, 4);
    const asked = await login(email, PASSWORD, '198.51.100.99');
    expect(asked.statusCode).toBe(429);
    expect(asked.json()).toEqual({ message: SIGN_IN_LINK_SENT, code: SIGN_IN_LINK_REQUIRED, retryAfter: expect.any(Number) });
    const [mail] = await mailsTo(email, 'sign-in-link');
    expect(mail.subject).toBe('Your Go Live sign-in link');
    const token = linkToken(mail.text, '/login/link')!;
    expect(token).toBeDefined();
    // Stored hashed only, for 15 minutes.
    const [row] = await t.database.db.select().from(passwordTokens).where(eq(passwordTokens.id, hashToken(token)));
    expect(row.purpose).toBe('sign-in-link');
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBe(15 * 60_000);
    expect(await t.database.db.$count(passwordTokens, eq(passwordTokens.id, token))).toBe(0);
    // The mail goes out.
    await t.ctx.mailer.drain();
    expect((await mailsTo(email, 'sign-in-link'))[0].status).toBe('sent');

    const signedIn = await t.app.inject({ method: 'POST', url: '/api/auth/login/link', payload: { token }, remoteAddress: '198.51.100.99' });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toMatchObject({ email });
    const sid = cookieOf(signedIn, 'sid')!;
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: sid } });
    expect(me.json()).toMatchObject({ email });
    // Single use.
    const again = await t.app.inject({ method: 'POST', url: '/api/auth/login/link', payload: { token } });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ message: SIGN_IN_LINK_INVALID, errors: { token: SIGN_IN_LINK_INVALID } });
    // The browser is now known: its password sign-in is admitted while the attack goes on.
    const did = cookieOf(signedIn, 'did')!;
    await attack(email, 5);
    expect((await login(email, PASSWORD, '198.51.100.99', did)).statusCode).toBe(200);
    // No token of the link is in any event or published message.
    const events = await t.database.db.select().from(domainEvents);
    expect(JSON.stringify(events)).not.toContain(token);
    expect(published.join('\n')).not.toContain(token);
  });

  it('refuses an expired sign-in link, and a reset token used as one', async () => {
    const { email, id } = await register('expired');
    await attack(email, 6);
    await login(email, PASSWORD, '198.51.100.98');
    const token = linkToken((await mailsTo(email, 'sign-in-link'))[0].text, '/login/link')!;
    await t.database.db.update(passwordTokens).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(passwordTokens.userId, id));
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/login/link', payload: { token } })).statusCode).toBe(400);
    await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
    const reset = linkToken((await mailsTo(email, 'password-reset'))[0].text, '/reset-password')!;
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/login/link', payload: { token: reset } })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/login/link', payload: {} })).statusCode).toBe(400);
  });
});

describe('password reset tokens never enter events', () => {
  it('a reset request stores no event and publishes nothing with the token; the mailed link works', async () => {
    const { email } = await register('resetter');
    const eventsBefore = await t.database.db.$count(domainEvents);
    const publishedBefore = published.length;
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
    expect(res.statusCode).toBe(202);
    const [mail] = await mailsTo(email, 'password-reset');
    const token = linkToken(mail.text, '/reset-password')!;
    expect(token).toBeDefined();
    await t.ctx.mailer.drain();
    expect((await mailsTo(email, 'password-reset'))[0].status).toBe('sent');
    expect(await t.database.db.$count(domainEvents)).toBe(eventsBefore);
    expect(JSON.stringify(await t.database.db.select().from(domainEvents))).not.toContain(token);
    expect(published.slice(publishedBefore).join('\n')).not.toContain(token);
    const reset = await t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, password: 'a-whole-new-secret' } });
    expect(reset.json()).toEqual({ ok: true });
    expect((await login(email, 'a-whole-new-secret', '198.51.100.150')).statusCode).toBe(200);
  });
});

/** A database whose transactions record each statement they build: kind, and the table for writes. */
function recording(db: Db, log: string[]): Db {
  const WATCHED = new Set(['select', 'insert', 'update', 'delete', 'execute']);
  const wrap = <T extends object>(target: T): T =>
    new Proxy(target, {
      get(obj, prop) {
        const value = Reflect.get(obj, prop, obj) as unknown;
        if (typeof value !== 'function') return value;
        if (prop === 'transaction') return (fn: (tx: Db) => Promise<unknown>, ...rest: unknown[]) => (value as Db['transaction']).call(obj, (tx) => fn(wrap(tx) as unknown as Db), ...(rest as []));
        if (typeof prop === 'string' && WATCHED.has(prop)) {
          return (...args: unknown[]) => {
            log.push(prop === 'insert' || prop === 'update' || prop === 'delete' ? `${prop} ${getTableName(args[0] as Table)}` : prop);
            return (value as (...a: unknown[]) => unknown).apply(obj, args);
          };
        }
        return value;
      },
    });
  return wrap(db);
}

describe('forgot password does the same work for known and unknown addresses', () => {
  it('runs the same statements (budget, lookup, token insert) either way; only a real token gets a mail', async () => {
    const { email } = await register('samework');
    const known: string[] = [];
    const unknown: string[] = [];
    await requestPasswordReset({ ...t.ctx, db: recording(t.ctx.db, known) }, email);
    await requestPasswordReset({ ...t.ctx, db: recording(t.ctx.db, unknown) }, 'no-such-person@example.com');
    expect(known).toContain('insert password_tokens');
    expect(unknown).toContain('insert password_tokens');
    expect(known.filter((s) => s !== 'insert mail_outbox')).toEqual(unknown);
    expect(known.filter((s) => s === 'insert mail_outbox')).toHaveLength(1);
    // Both reserved a request of their address's budget.
    for (const address of [email, 'no-such-person@example.com']) {
      const [counter] = await t.database.db.select().from(rateCounters).where(eq(rateCounters.key, `reset:${address}`));
      expect(counter.count).toBe(1);
    }
    expect(await t.database.db.$count(mailOutbox, eq(mailOutbox.toAddress, 'no-such-person@example.com'))).toBe(0);
  });

  it('answers the same 202, never sooner than the floor, and stops mailing after 3 requests per 30 minutes', async () => {
    const { email } = await register('floor');
    for (const address of [email, 'not-registered@example.com']) {
      for (let i = 0; i < 4; i++) {
        const started = performance.now();
        const res = await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: address }, remoteAddress: `198.51.100.${200 + i}` });
        expect(performance.now() - started).toBeGreaterThanOrEqual(FORGOT_PASSWORD_MIN_MS - 5);
        expect(res.statusCode).toBe(202);
        expect(res.json()).toEqual({ message: FORGOT_PASSWORD_ANSWER });
      }
    }
    expect(await mailsTo(email, 'password-reset')).toHaveLength(3);
  });
});

describe.runIf(process.env.DATABASE_URL && process.env.REDIS_URL)('two instances on one PostgreSQL database', () => {
  it('share the slow-down: 400 parallel wrong passwords from 40 addresses, split over both, check at most slowAfter + 1', async () => {
    const both = await createTwoInstances({ seed: false });
    try {
      const email = 'twice-slowed@example.com';
      const reg = await both.a.app.inject({ method: 'POST', url: '/api/auth/register', payload: { username: 'twiceslowed', email, password: PASSWORD } });
      expect(reg.statusCode).toBe(201);
      const before = passwordChecks.count;
      const results = await Promise.all(
        Array.from({ length: 400 }, (_, i) =>
          (i % 2 ? both.a : both.b).app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: `wrong-${i}-guess` }, remoteAddress: `100.120.${i % 40}.1` }),
        ),
      );
      const checked = passwordChecks.count - before;
      expect(checked).toBeLessThanOrEqual(both.a.config.loginThrottle.slowAfter + 1);
      expect(results.filter((r) => r.statusCode === 401)).toHaveLength(checked);
    } finally {
      await both.close();
    }
  });
});
