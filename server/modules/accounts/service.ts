import { randomBytes } from 'node:crypto';
import { and, desc, eq, gt, notInArray, sql } from 'drizzle-orm';
import { SET_PASSWORD_INVALID, type PublicUser, type Register, type Role } from '../../../domain/accounts/schemas';
import type { Db, Tx } from '../../db/connect';
import { knownDevices, passwordTokens, sessions, users } from '../../db/schema';
import { RateCounters, tooMany } from '../../platform/rate-counters';
import { hashToken } from '../../platform/auth/sessions';
import type { EventBus } from '../../platform/events/bus';
import { conflict, HttpError } from '../../platform/errors';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../platform/auth/password';
import { assertUncommonPassword } from '../../platform/auth/common-passwords';
import { audit } from '../audit/service';

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
    if ((err as { code?: string }).code === '23505') {
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
  /** Failures of an account, from all sources, after which unknown browsers are slowed down. */
  slowAfter: number;
  /** While slowed: one password check per account per this interval from browsers it does not know. */
  slowIntervalMs: number;
};

/** The cookie naming a browser that signed in before (its hash is in known_devices). */
export const DEVICE_COOKIE = 'did';
/** Browsers remembered per account. */
export const KNOWN_DEVICES_PER_ACCOUNT = 20;

const TOO_MANY_SIGN_INS = 'Too many failed sign-in attempts. Please try again later.';

/**
 * The sign-in throttle (ADR 016). Each attempt first reserves a slot atomically in the database (RateCounters), then
 * the password is checked: at most `max` passwords per account and source address per window whatever the
 * concurrency or the number of instances. Failures are also counted per account from all sources; above
 * `slowAfter`, browsers the account has not signed in from are spaced to one check per `slowIntervalMs` for the
 * whole account, while the owner's known browsers (the `did` cookie) are never slowed: no hard lock-out.
 */
export class LoginThrottle {
  private readonly counters: RateCounters;
  constructor(
    private readonly db: Db,
    private readonly opts: LoginThrottleOptions,
  ) {
    this.counters = new RateCounters(db);
  }

  /**
   * Reserves the right to check one password, or throws 429 with Retry-After. The returned handle must be settled
   * with `succeeded` or `failed` after the check.
   */
  async reserve(ip: string, email: string, deviceToken?: string): Promise<{ succeeded(): Promise<void>; failed(): Promise<void> }> {
    const { max, windowMs } = this.opts;
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
    const failures = await this.counters.peek(accountKey, windowMs);
    if (failures >= this.opts.slowAfter && !(await this.knownDevice(email, deviceToken))) {
      const slot = await this.counters.space(`slow:${email}`, this.opts.slowIntervalMs);
      if (!slot.allowed) {
        await this.counters.release(pairKey);
        await this.counters.release(ipKey);
        throw tooMany(TOO_MANY_SIGN_INS, slot.retryAfter);
      }
    }
    return {
      succeeded: async () => {
        await this.counters.clear(pairKey);
        await this.counters.release(ipKey);
      },
      failed: async () => {
        await this.counters.reserve(accountKey, Number.MAX_SAFE_INTEGER, windowMs);
        // Housekeeping: rows whose window ended a day ago are of no use to any limit.
        await this.counters.prune(24 * 3600_000);
      },
    };
  }

  private async knownDevice(email: string, token?: string): Promise<boolean> {
    if (!token || token.length > 64) return false;
    const [row] = await this.db
      .select({ id: knownDevices.id })
      .from(knownDevices)
      .innerJoin(users, eq(users.id, knownDevices.userId))
      .where(and(eq(knownDevices.id, hashToken(token)), eq(users.email, email)))
      .limit(1);
    return Boolean(row);
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

type TokenPurpose = 'set-password' | 'reset-password';

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
 * Forgot password: for a known e-mail, a 30-minute single-use reset link is created and mailed (through
 * account.password_reset_requested, in the same transaction). Unknown e-mails do nothing, and the caller answers
 * the same either way, so the answer does not tell who has an account.
 */
export async function requestPasswordReset(events: EventBus, email: string, now = new Date()): Promise<void> {
  await events.transaction(async (tx, emit) => {
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
    if (!user) return;
    const recent = await tx.$count(
      passwordTokens,
      and(eq(passwordTokens.userId, user.id), eq(passwordTokens.purpose, 'reset-password'), gt(passwordTokens.createdAt, new Date(now.getTime() - RESET_PASSWORD_TTL_MS))),
    );
    if (recent >= RESET_REQUESTS_PER_WINDOW) return;
    const { token, expiresAt } = await createPasswordToken(tx, user.id, { purpose: 'reset-password', ttlMs: RESET_PASSWORD_TTL_MS, now });
    await emit('account.password_reset_requested', { userId: user.id, token, expiresAt: expiresAt.toISOString() });
  });
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
