import { randomBytes } from 'node:crypto';
import { and, desc, eq, gt, isNull, notInArray, sql } from 'drizzle-orm';
import { SET_PASSWORD_INVALID, SIGN_IN_LINK_INVALID, SIGN_IN_LINK_MINUTES, type PublicUser, type Register, type Role } from '../../../domain/accounts/schemas';
import type { Db, Tx } from '../../db/connect';
import { knownDevices, passwordTokens, sessions, users } from '../../db/schema';
import { RateCounters, tooMany } from '../../platform/rate-counters';
import { hashToken } from '../../platform/auth/sessions';
import type { EventBus } from '../../platform/events/bus';
import { conflict, HttpError, isUniqueViolation } from '../../platform/errors';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../platform/auth/password';
import { assertUncommonPassword } from '../../platform/auth/common-passwords';
import type { AppContext } from '../../platform/context';
import { audit } from '../audit';
import { queueLinkMail, renderLinkMail } from '../notifications';

const toPublic = (u: { id: number; username: string; email: string; role: Role }): PublicUser => ({
  id: u.id,
  username: u.username,
  email: u.email,
  role: u.role,
});

/**
 * Creates an account and announces it (account.registered: the welcome mail). A taken username is said (usernames
 * are public); an e-mail that already has an account is not: nothing is created, the owner is mailed
 * (account.signup_with_existing_email), and the caller answers as for a new account. The password is hashed
 * either way, so the time does not tell either.
 */
export async function registerUser(events: EventBus, input: Register, role: Role = 'user'): Promise<{ created: PublicUser | null }> {
  const db = events.db;
  assertUncommonPassword(input.password);
  const taken = await db
    .select({ id: users.id, email: users.email, username: users.username })
    .from(users)
    .where(sql`${users.email} = ${input.email} or lower(${users.username}) = lower(${input.username})`)
    .limit(2);
  if (taken.some((t) => t.username.toLowerCase() === input.username.toLowerCase())) throw conflict('This username is already taken');
  const passwordHash = await hashPassword(input.password);
  const owner = taken.find((t) => t.email === input.email);
  if (owner) {
    await events.transaction(async (_tx, emit) => emit('account.signup_with_existing_email', { userId: owner.id }));
    return { created: null };
  }
  try {
    return await events.transaction(async (tx, emit) => {
      const [row] = await tx
        .insert(users)
        .values({ username: input.username, email: input.email, passwordHash, phone: input.phone ?? null, role })
        .returning();
      await emit('account.registered', { userId: row.id });
      return { created: toPublic(row) };
    });
  } catch (err) {
    // A concurrent registration won the race for a unique index.
    if (isUniqueViolation(err)) {
      const [byName] = await db.select({ id: users.id }).from(users).where(sql`lower(${users.username}) = lower(${input.username})`).limit(1);
      if (byName) throw conflict('This username is already taken');
      return { created: null };
    }
    throw err;
  }
}

/**
 * Returns the user for a correct email and password, undefined otherwise (same cost either way). `disabled` says an
 * admin disabled the account (issue 26): the caller refuses the sign-in, saying so only to who knows the password.
 */
export async function authenticate(db: Db, email: string, password: string): Promise<(PublicUser & { disabled: boolean }) | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  if (!row) {
    await verifyPassword(await dummyPasswordHash(), password);
    return undefined;
  }
  return (await verifyPassword(row.passwordHash, password)) ? { ...toPublic(row), disabled: row.disabledAt !== null } : undefined;
}

export async function findUser(db: Db, id: number): Promise<PublicUser | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row ? toPublic(row) : undefined;
}

export type LoginThrottleOptions = {
  /** Passwords checked per account + source address per window (the hard limit, ADR 016). */
  max: number;
  windowMs: number;
  /** Failed sign-ins per source address across accounts per window (password spraying). */
  ipMax: number;
  /** Password checks of an account (failed or in flight), from all sources, after which unknown browsers are slowed down. */
  slowAfter: number;
  /** While slowed: one password check per account per this interval from browsers it does not know. */
  slowIntervalMs: number;
};

/** The cookie naming a browser that signed in before (its hash is in known_devices). */
export const DEVICE_COOKIE = 'did';
/** Browsers remembered per account. */
export const KNOWN_DEVICES_PER_ACCOUNT = 20;

const TOO_MANY_SIGN_INS = 'Too many failed sign-in attempts. Please try again later.';

/** A reserved password check: settle it with `succeeded` or `failed` once the password is checked. */
export type Attempt = { succeeded(): Promise<void>; failed(): Promise<void> };
/**
 * What the throttle allows: a password check, or — a browser the account does not know, while the account is slowed
 * down and its one check per interval is taken — no check, but a one-time sign-in link by e-mail (issue 27).
 */
export type Admission = { check: Attempt } | { link: { retryAfter: number } };

/**
 * The sign-in throttle (ADR 016, issue 27). Every counter is reserved before the password is looked at: each
 * reservation is one atomic increment-then-compare in the database (RateCounters), and the check happens only when
 * all of them allowed it. So N parallel attempts, on one instance or several, check at most the limits' number of
 * passwords:
 * - a browser the account knows (the `did` cookie of an earlier sign-in) has a budget of its own, `max` checks per
 *   window: no address, and no attack on the account, can refuse it;
 * - any other browser reserves a check of the account + address pair (`max`), of the address (`ipMax`, spraying),
 *   and of the account as a whole: the first `slowAfter` checks of the window (failed or in flight; a success gives
 *   its slot back), then one per `slowIntervalMs` for the whole account. When that one is taken the attempt checks
 *   nothing and gets `link`: the caller mails the account a one-time sign-in link, which only its owner can open.
 * Nobody is locked out: known browsers are never slowed, a new browser of the owner signs in with the link.
 */
export class LoginThrottle {
  private readonly counters: RateCounters;
  constructor(
    private readonly db: Db,
    private readonly opts: LoginThrottleOptions,
  ) {
    this.counters = new RateCounters(db);
  }

  /** Reserves one password check (see the class), or throws 429 with Retry-After. */
  async reserve(ip: string, email: string, deviceToken?: string): Promise<Admission> {
    const { max, windowMs } = this.opts;
    const device = await this.knownDevice(email, deviceToken);
    if (device) {
      const deviceKey = `device:${device}`;
      const own = await this.counters.reserve(deviceKey, max, windowMs);
      if (!own.allowed) throw tooMany(TOO_MANY_SIGN_INS, own.retryAfter);
      return { check: { succeeded: () => this.counters.clear(deviceKey), failed: () => this.housekeeping() } };
    }
    const pairKey = `pair:${email}|${ip}`;
    const ipKey = `ip:${ip}`;
    const accountKey = `account:${email}`;
    const pair = await this.counters.reserve(pairKey, max, windowMs);
    if (!pair.allowed) throw tooMany(TOO_MANY_SIGN_INS, pair.retryAfter);
    const byIp = await this.counters.reserve(ipKey, this.opts.ipMax, windowMs);
    if (!byIp.allowed) {
      await this.counters.release(pairKey);
      throw tooMany(TOO_MANY_SIGN_INS, byIp.retryAfter);
    }
    const account = await this.counters.reserve(accountKey, this.opts.slowAfter, windowMs);
    if (!account.allowed) {
      const slot = await this.counters.space(`slow:${email}`, this.opts.slowIntervalMs);
      if (!slot.allowed) {
        // Nothing is checked: the slots go back, and the owner is offered the link.
        await this.counters.release(pairKey);
        await this.counters.release(ipKey);
        await this.counters.release(accountKey);
        return { link: { retryAfter: slot.retryAfter } };
      }
    }
    return {
      check: {
        succeeded: async () => {
          await this.counters.clear(pairKey);
          await this.counters.release(ipKey);
          await this.counters.release(accountKey);
        },
        failed: () => this.housekeeping(),
      },
    };
  }

  /** Rows whose window ended a day ago are of no use to any limit. */
  private async housekeeping(): Promise<void> {
    await this.counters.prune(24 * 3600_000);
  }

  /** The stored id (hash) of `token` when it names a browser that signed in to the account of `email`. */
  private async knownDevice(email: string, token?: string): Promise<string | null> {
    if (!token || token.length > 64) return null;
    const [row] = await this.db
      .select({ id: knownDevices.id })
      .from(knownDevices)
      .innerJoin(users, eq(users.id, knownDevices.userId))
      .where(and(eq(knownDevices.id, hashToken(token)), eq(users.email, email)))
      .limit(1);
    return row?.id ?? null;
  }

  /** Remembers the browser that just signed in to `userId`; returns a new token to set when it was not known yet. */
  async rememberDevice(userId: number, token?: string): Promise<string | undefined> {
    if (token && token.length <= 64) {
      const [row] = await this.db
        .select({ id: knownDevices.id })
        .from(knownDevices)
        .where(and(eq(knownDevices.id, hashToken(token)), eq(knownDevices.userId, userId)))
        .limit(1);
      if (row) return undefined;
    }
    const fresh = randomBytes(24).toString('base64url');
    await this.db.insert(knownDevices).values({ id: hashToken(fresh), userId });
    // An account remembers its 20 most recent browsers (scripts signing in without cookies do not grow the table).
    const keep = this.db.select({ id: knownDevices.id }).from(knownDevices).where(eq(knownDevices.userId, userId)).orderBy(desc(knownDevices.createdAt)).limit(KNOWN_DEVICES_PER_ACCOUNT);
    await this.db.delete(knownDevices).where(and(eq(knownDevices.userId, userId), notInArray(knownDevices.id, keep)));
    return fresh;
  }
}

/** How long a sign-in link works. */
export const SIGN_IN_LINK_TTL_MS = SIGN_IN_LINK_MINUTES * 60_000;
/**
 * At most one new sign-in link per account per this interval, however many attempts ask (each earlier link still
 * works for at least 10 more minutes): an attacker can make the owner receive at most 12 such mails an hour.
 */
export const SIGN_IN_LINK_INTERVAL_MS = 5 * 60_000;

/**
 * Mails the account of `email` a one-time sign-in link (the throttle answered `link`). Only the token's hash is
 * stored; the mail is stored in the same transaction (the mail outbox), so the token is never in an event. An unknown
 * or disabled address, or a link already sent in the last interval, stores nothing; the caller answers the same.
 */
export async function sendSignInLink(ctx: AppContext, email: string, now = new Date()): Promise<void> {
  const slot = await new RateCounters(ctx.db).space(`signin-link:${email}`, SIGN_IN_LINK_INTERVAL_MS, now);
  if (!slot.allowed) return;
  const token = randomBytes(24).toString('base64url');
  await ctx.db.transaction(async (tx) => {
    const [user] = await tx
      .select({ id: users.id, username: users.username, email: users.email })
      .from(users)
      .where(and(eq(users.email, email), isNull(users.disabledAt)))
      .limit(1);
    if (!user) return;
    await tx.insert(passwordTokens).values({ id: hashToken(token), userId: user.id, purpose: 'sign-in-link', expiresAt: new Date(now.getTime() + SIGN_IN_LINK_TTL_MS), createdAt: now });
    const mail = renderLinkMail(ctx, { kind: 'sign-in-link', token, minutes: SIGN_IN_LINK_MINUTES, name: user.username });
    await queueLinkMail(ctx, tx, { dedupeKey: `sign-in-link:${user.id}:${now.getTime()}`, to: user.email, userId: user.id, mail });
  });
  ctx.mailer.kick();
}

/**
 * Spends a sign-in link (one atomic UPDATE: used once, within its time, whatever the concurrency) and returns its
 * account; an unknown, used, expired or other-purpose token is a 400.
 */
export async function signInWithLink(db: Db, token: string, now = new Date()): Promise<PublicUser & { disabled: boolean }> {
  const [spent] = await db
    .update(passwordTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordTokens.id, hashToken(token)), eq(passwordTokens.purpose, 'sign-in-link'), isNull(passwordTokens.usedAt), gt(passwordTokens.expiresAt, now)))
    .returning({ userId: passwordTokens.userId });
  const [row] = spent ? await db.select().from(users).where(eq(users.id, spent.userId)).limit(1) : [];
  if (!row) throw new HttpError(400, SIGN_IN_LINK_INVALID, { token: SIGN_IN_LINK_INVALID });
  return { ...toPublic(row), disabled: row.disabledAt !== null };
}

/**
 * Makes sure an admin account exists. With ADMIN_EMAIL/ADMIN_PASSWORD it is created, or, when it exists:
 * - an admin whose password differs gets the new one and every old session ends (a changed ADMIN_PASSWORD locks
 *   out whoever knew the old one);
 * - a non-admin account is promoted only with `promoteExisting` (ADMIN_PROMOTE_EXISTING=true), and its sessions end,
 *   so no live session silently becomes an admin's; without it nothing changes and `refused` says why.
 * Without them, and only when no admin exists yet, one is created with a random password that is returned so the
 * caller can print it once. Role and password changes are audited.
 */
export async function ensureAdmin(
  db: Db,
  opts: { email?: string; password?: string; promoteExisting?: boolean },
): Promise<{ created: boolean; email: string; generatedPassword?: string; refused?: string; sessionsEnded?: boolean }> {
  if (opts.email && opts.password) {
    const email = opts.email;
    const password = opts.password;
    const [existing] = await db.select().from(users).where(eq(users.email, email)).limit(1);
    if (existing) {
      const same = await verifyPassword(existing.passwordHash, password);
      if (existing.role !== 'admin' && !opts.promoteExisting) {
        return {
          created: false,
          email,
          refused: `ADMIN_EMAIL ${email} belongs to an existing ${existing.role} account; set ADMIN_PROMOTE_EXISTING=true to make it the admin (its sessions will end).`,
        };
      }
      if (same && existing.role === 'admin') return { created: false, email };
      await db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({ role: 'admin', passwordHash: same ? existing.passwordHash : await hashPassword(password) })
          .where(eq(users.id, existing.id));
        await tx.delete(sessions).where(eq(sessions.userId, existing.id));
        if (existing.role !== 'admin') {
          await audit(tx, { actor: 'system', action: 'role.changed', targetType: 'user', targetId: existing.id, changes: { role: [existing.role, 'admin'], reason: 'ADMIN_PROMOTE_EXISTING' } });
        }
        if (!same) await audit(tx, { actor: 'system', action: 'admin.password_changed', targetType: 'user', targetId: existing.id, changes: { sessionsEnded: true } });
      });
      return { created: false, email, sessionsEnded: true };
    }
    await insertAdmin(db, email, password);
    return { created: true, email };
  }
  const [anyAdmin] = await db.select({ email: users.email }).from(users).where(eq(users.role, 'admin')).limit(1);
  if (anyAdmin) return { created: false, email: anyAdmin.email };
  const email = opts.email ?? 'admin@golive.local';
  const generatedPassword = randomBytes(12).toString('base64url');
  await insertAdmin(db, email, generatedPassword);
  return { created: true, email, generatedPassword };
}

async function insertAdmin(db: Db, email: string, password: string) {
  const base = email.split('@')[0].replace(/[^A-Za-z0-9_.-]/g, '') || 'admin';
  let username = base.length >= 3 ? base : 'admin';
  const [clash] = await db.select({ id: users.id }).from(users).where(sql`lower(${users.username}) = lower(${username})`);
  if (clash) username = `${username}-${randomBytes(3).toString('hex')}`;
  await db.insert(users).values({ username, email, passwordHash: await hashPassword(password), role: 'admin' });
}

/** How long a set-password link works. */
export const SET_PASSWORD_TTL_MS = 72 * 3600_000;

/** How long a password-reset link works. */
export const RESET_PASSWORD_TTL_MS = 30 * 60_000;
/** Reset mails per account per TTL window, whatever the number of requests (the rest are silently dropped). */
export const RESET_REQUESTS_PER_WINDOW = 3;

type TokenPurpose = 'set-password' | 'reset-password' | 'sign-in-link';

/** A one-time password token for a user; only its SHA-256 is stored. */
export async function createPasswordToken(
  db: Db | Tx,
  userId: number,
  opts: { purpose?: TokenPurpose; ttlMs?: number; now?: Date } = {},
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(24).toString('base64url');
  const now = opts.now ?? new Date();
  const expiresAt = new Date(now.getTime() + (opts.ttlMs ?? SET_PASSWORD_TTL_MS));
  await db.insert(passwordTokens).values({ id: hashToken(token), userId, purpose: opts.purpose ?? 'set-password', expiresAt, createdAt: now });
  return { token, expiresAt };
}

/**
 * The least time a forgot-password answer takes (the route waits for it): the work below is the same for known and
 * unknown addresses but for storing the mail, which this covers.
 */
export const FORGOT_PASSWORD_MIN_MS = 200;

/**
 * Forgot password: for a known e-mail, a 30-minute single-use reset link is created and its mail stored in the same
 * transaction (the token is never in an event). The answer does not tell who has an account, in words or in time:
 * known or not, the same statements run — the address's request budget (3 per 30 minutes) is reserved, the account
 * is looked up, a token is made and hashed, one INSERT ... SELECT stores it (no row for an unknown address or a spent
 * budget), the mail is rendered — and only a stored token's mail is then enqueued.
 */
export async function requestPasswordReset(ctx: AppContext, email: string, now = new Date()): Promise<void> {
  const token = randomBytes(24).toString('base64url');
  const id = hashToken(token);
  const expiresAt = new Date(now.getTime() + RESET_PASSWORD_TTL_MS);
  await ctx.db.transaction(async (tx) => {
    const budget = await new RateCounters(tx).reserve(`reset:${email}`, RESET_REQUESTS_PER_WINDOW, RESET_PASSWORD_TTL_MS, now);
    const [user] = await tx.select({ id: users.id, username: users.username, email: users.email }).from(users).where(eq(users.email, email)).limit(1);
    const [stored] = await tx
      .insert(passwordTokens)
      .select(
        tx
          .select({
            id: sql<string>`${id}`.as('id'),
            userId: users.id,
            purpose: sql<string>`'reset-password'`.as('purpose'),
            expiresAt: sql<Date>`${expiresAt.toISOString()}::timestamptz`.as('expires_at'),
            usedAt: sql<Date | null>`null::timestamptz`.as('used_at'),
            createdAt: sql<Date>`${now.toISOString()}::timestamptz`.as('created_at'),
          })
          .from(users)
          .where(and(eq(users.email, email), sql`${budget.allowed}::boolean`)),
      )
      .returning({ userId: passwordTokens.userId });
    const mail = renderLinkMail(ctx, { kind: 'password-reset', token, minutes: RESET_PASSWORD_TTL_MS / 60_000, name: user?.username ?? email });
    if (stored && user) await queueLinkMail(ctx, tx, { dedupeKey: `password-reset:${id}`, to: user.email, userId: user.id, mail });
  });
  ctx.mailer.kick();
}

/**
 * The account with `email`, given `role` when it is a plain user (an admin or provider keeps theirs). When none exists
 * one is created with an unusable password and a set-password token is returned for its owner.
 */
export async function grantRoleByEmail(
  tx: Tx,
  input: { email: string; name: string; phone?: string; role: Role },
): Promise<{ userId: number; created: boolean; role: Role; setPasswordToken?: string }> {
  const email = input.email.trim().toLowerCase();
  const [existing] = await tx.select().from(users).where(eq(users.email, email)).limit(1);
  if (existing) {
    if (existing.role === 'user') await tx.update(users).set({ role: input.role }).where(eq(users.id, existing.id));
    return { userId: existing.id, created: false, role: existing.role === 'user' ? input.role : existing.role };
  }
  const base = (input.name || email.split('@')[0]).replace(/[^A-Za-z0-9_.-]+/g, '.').replace(/^\.+|\.+$/g, '').slice(0, 24) || 'driver';
  let username = base.length >= 3 ? base : `${base}.driver`;
  const [clash] = await tx.select({ id: users.id }).from(users).where(sql`lower(${users.username}) = lower(${username})`);
  if (clash) username = `${username.slice(0, 24)}-${randomBytes(3).toString('hex')}`;
  // Nobody knows this password: the owner sets one through the link.
  const passwordHash = await hashPassword(randomBytes(32).toString('base64url'));
  const [row] = await tx.insert(users).values({ username, email, passwordHash, phone: input.phone ?? null, role: input.role }).returning({ id: users.id });
  return { userId: row.id, created: true, role: input.role, setPasswordToken: (await createPasswordToken(tx, row.id)).token };
}

/**
 * Sets a password with a one-time token of the given purpose; the token is spent and every session of the user ends.
 * An unknown, used, expired or other-purpose token is a 400 with `invalidMessage`.
 */
export async function setPasswordWithToken(
  db: Db,
  token: string,
  password: string,
  opts: { purpose?: TokenPurpose; invalidMessage?: string; now?: Date } = {},
): Promise<void> {
  const now = opts.now ?? new Date();
  const invalid = opts.invalidMessage ?? SET_PASSWORD_INVALID;
  assertUncommonPassword(password);
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(passwordTokens).where(eq(passwordTokens.id, hashToken(token))).for('update');
    if (!row || row.usedAt || row.expiresAt <= now || row.purpose !== (opts.purpose ?? 'set-password')) throw new HttpError(400, invalid, { token: invalid });
    await tx.update(users).set({ passwordHash: await hashPassword(password) }).where(eq(users.id, row.userId));
    await tx.update(passwordTokens).set({ usedAt: now }).where(eq(passwordTokens.id, row.id));
    await tx.delete(sessions).where(eq(sessions.userId, row.userId));
  });
}
