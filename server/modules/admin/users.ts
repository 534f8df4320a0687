/**
 * The admin's Users tab (issue 26): accounts listed and searched, a role changed, an account disabled or enabled.
 * Disabling ends every session of the account in the same transaction (the login route refuses it from then on, and
 * a session a racing sign-in stored is refused when read) and announces 'account.disabled', on which every instance
 * closes the account's open /ws/driver and /ws/chat sockets. Promoting to admin ends the sessions too, so no live
 * session silently becomes an admin's (as ensureAdmin does). Every change is audited in its own transaction (ADR 017).
 */
import { and, asc, eq, gt, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { Role } from '../../../domain/accounts/schemas';
import { ADMIN_USER_MESSAGES, AdminUserPatchSchema, type AdminAccount, type AdminUserChange, type AdminUsersQuery } from '../../../domain/admin/users';
import type { Db } from '../../db/connect';
import { sessions, users } from '../../db/schema';
import { conflict, HttpError, notFound } from '../../platform/errors';
import type { EventBus } from '../../platform/events/bus';
import { audit } from '../audit';
import { setOnline } from '../drivers';

type UserRow = typeof users.$inferSelect;

export const toAccount = (r: UserRow): AdminAccount => ({
  id: r.id,
  username: r.username,
  email: r.email,
  phone: r.phone,
  role: r.role,
  createdAt: r.createdAt.toISOString(),
  disabledAt: r.disabledAt ? r.disabledAt.toISOString() : null,
});

/** `text` as a LIKE pattern matching it anywhere, its own % and _ taken literally. */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Accounts in id order, filtered by a search (name, e-mail, phone or #id), role and status; paged by id. */
export async function listAccounts(db: Db, q: AdminUsersQuery): Promise<AdminAccount[]> {
  const where: SQL[] = [];
  const text = q.q?.replace(/^#/, '').trim();
  if (text) {
    const like = containsPattern(text);
    const byId = /^\d{1,10}$/.test(text) && Number(text) <= 2_147_483_647 ? sql` or ${users.id} = ${Number(text)}` : sql``;
    where.push(sql`(lower(${users.username}) like ${like} or lower(${users.email}) like ${like} or coalesce(${users.phone}, '') like ${like}${byId})`);
  }
  if (q.role !== 'all') where.push(eq(users.role, q.role));
  if (q.status === 'disabled') where.push(isNotNull(users.disabledAt));
  if (q.status === 'active') where.push(isNull(users.disabledAt));
  if (q.after) where.push(gt(users.id, q.after));
  const rows = await db
    .select()
    .from(users)
    .where(where.length ? and(...where) : undefined)
    .orderBy(asc(users.id))
    .limit(q.limit);
  return rows.map(toAccount);
}

/**
 * Changes an account's role and/or disables or enables it. An admin cannot change their own role or disable
 * themselves (409): the last way back in must not be closed by a slip. Answers the account as it is now and how
 * many sessions the change ended.
 */
export async function changeAccount(events: EventBus, actorId: number, userId: number, body: unknown): Promise<AdminUserChange> {
  const patch = AdminUserPatchSchema.parse(body);
  if (userId === actorId && patch.role !== undefined) throw conflict(ADMIN_USER_MESSAGES.ownRole);
  if (userId === actorId && patch.disabled === true) throw conflict(ADMIN_USER_MESSAGES.ownAccount);
  const result = await events.transaction(async (tx, emit) => {
    const [before] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!before) throw notFound(ADMIN_USER_MESSAGES.notFound);
    const set: Partial<Pick<UserRow, 'role' | 'disabledAt'>> = {};
    const roleChanged = patch.role !== undefined && patch.role !== before.role;
    const disabling = patch.disabled === true && before.disabledAt === null;
    const enabling = patch.disabled === false && before.disabledAt !== null;
    if (roleChanged) set.role = patch.role as Role;
    if (disabling) set.disabledAt = new Date();
    if (enabling) set.disabledAt = null;
    if (Object.keys(set).length === 0) return { user: toAccount(before), sessionsEnded: 0, wasDriver: false };
    const [after] = await tx.update(users).set(set).where(eq(users.id, userId)).returning();
    // A disabled account is signed out everywhere; so is one that has just become an admin.
    const endSessions = disabling || (roleChanged && patch.role === 'admin');
    const ended = endSessions ? await tx.delete(sessions).where(eq(sessions.userId, userId)).returning({ id: sessions.id }) : [];
    const actor = { id: actorId };
    if (roleChanged) {
      await audit(tx, { actor, action: 'role.changed', targetType: 'user', targetId: userId, changes: { role: [before.role, after.role], ...(endSessions && !disabling ? { sessionsEnded: ended.length } : {}) } });
    }
    if (disabling) {
      await audit(tx, { actor, action: 'account.disabled', targetType: 'user', targetId: userId, changes: { email: before.email, sessionsEnded: ended.length } });
      // Its open sockets were opened with the sessions just ended: every instance closes them (driver and chat routes).
      await emit('account.disabled', { userId });
    }
    if (enabling) await audit(tx, { actor, action: 'account.enabled', targetType: 'user', targetId: userId, changes: { email: before.email } });
    return { user: toAccount(after), sessionsEnded: ended.length, wasDriver: disabling && before.role === 'driver' };
  });
  // A disabled driver is taken offline, so dispatch stops offering it orders (it keeps an active one: 409, left as is).
  if (result.wasDriver) {
    try {
      await setOnline(events, userId, { online: false });
    } catch (err) {
      if (!(err instanceof HttpError && err.statusCode === 409)) throw err;
    }
  }
  return { user: result.user, sessionsEnded: result.sessionsEnded };
}
