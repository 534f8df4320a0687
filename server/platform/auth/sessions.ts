import { createHash, randomBytes } from 'node:crypto';
import { desc, eq, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { preparedOn } from '../../db/statements';
import { sessions, users } from '../../db/schema';

export const SESSION_COOKIE = 'sid';

/** The lookup every signed-in request makes, prepared once per database (server/db/statements.ts). */
const sessionLookup = preparedOn('session_lookup', (db) =>
  db
    .select({
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      // Read in the same statement: a session created by a sign-in racing the account's disabling is refused too.
      disabledAt: users.disabledAt,
      user: { id: users.id, username: users.username, email: users.email, role: users.role },
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, sql.placeholder('id')))
    .limit(1),
);

export type SessionUser = { id: number; username: string; email: string; role: 'user' | 'provider' | 'driver' | 'admin' };

/** SHA-256 of the token: what the table stores, so a leaked table cannot be replayed as cookies. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Server-side sessions: 128-bit random tokens, stored hashed, with an idle timeout and an absolute lifetime. */
export class SessionStore {
  constructor(
    private readonly db: Db,
    private readonly lifetimes: { idleMs: number; absoluteMs: number },
  ) {}

  /** Creates a session and returns the token for the cookie (the only place it exists in clear). */
  async create(userId: number, opts: { userAgent?: string } = {}): Promise<{ token: string; expiresAt: Date }> {
    const token = randomBytes(16).toString('base64url');
    const expiresAt = new Date(Date.now() + this.lifetimes.absoluteMs);
    const userAgent = opts.userAgent ? opts.userAgent.slice(0, 300) : null;
    await this.db.insert(sessions).values({ id: hashToken(token), userId, expiresAt, userAgent });
    return { token, expiresAt };
  }

  /** Lookups in progress by token: requests of one browser that arrive together share one (see resolve). */
  private readonly resolving = new Map<string, Promise<SessionUser | undefined>>();

  /**
   * Returns the session's user, or undefined when the token is unknown, idle too long, past its lifetime or its
   * account is disabled (an admin's Users tab; the session is then removed). A lookup
   * of a token that is already being looked up shares that lookup's answer (a double click, a page's parallel
   * requests): it is as fresh as a lookup of its own, started a moment earlier. Nothing is kept once it is answered.
   */
  resolve(token: string): Promise<SessionUser | undefined> {
    let pending = this.resolving.get(token);
    if (!pending) {
      pending = this.lookup(token).finally(() => this.resolving.delete(token));
      this.resolving.set(token, pending);
    }
    return pending;
  }

  private async lookup(token: string): Promise<SessionUser | undefined> {
    const id = hashToken(token);
    const [row] = await sessionLookup(this.db).execute({ id });
    if (!row) return undefined;
    const now = Date.now();
    if (row.disabledAt !== null || row.expiresAt.getTime() <= now || now - row.lastSeenAt.getTime() > this.lifetimes.idleMs) {
      await this.db.delete(sessions).where(eq(sessions.id, id));
      return undefined;
    }
    // Touch at most once a minute to keep reads cheap.
    if (now - row.lastSeenAt.getTime() > 60_000) {
      await this.db.update(sessions).set({ lastSeenAt: new Date(now) }).where(eq(sessions.id, id));
    }
    return row.user;
  }

  async destroy(token: string): Promise<void> {
    await this.db.delete(sessions).where(eq(sessions.id, hashToken(token)));
  }

  /** The user's live sessions, most recently seen first; `current` marks the one holding `token`. */
  async list(userId: number, token?: string): Promise<Array<{ id: string; userAgent: string | null; createdAt: Date; lastSeenAt: Date; current: boolean }>> {
    const currentId = token ? hashToken(token) : undefined;
    const now = Date.now();
    const rows = await this.db.select().from(sessions).where(eq(sessions.userId, userId)).orderBy(desc(sessions.lastSeenAt));
    return rows
      .filter((r) => r.expiresAt.getTime() > now && now - r.lastSeenAt.getTime() <= this.lifetimes.idleMs)
      .map((r) => ({ id: r.id.slice(0, 16), userAgent: r.userAgent, createdAt: r.createdAt, lastSeenAt: r.lastSeenAt, current: r.id === currentId }));
  }

  /** Ends every session of the user ('Sign out everywhere'); returns how many ended. */
  async destroyAll(userId: number): Promise<number> {
    const gone = await this.db.delete(sessions).where(eq(sessions.userId, userId)).returning({ id: sessions.id });
    return gone.length;
  }

  /** Removes expired and idle sessions. */
  async prune(): Promise<void> {
    const now = new Date();
    await this.db
      .delete(sessions)
      .where(or(lt(sessions.expiresAt, now), lt(sessions.lastSeenAt, new Date(now.getTime() - this.lifetimes.idleMs))));
  }
}
