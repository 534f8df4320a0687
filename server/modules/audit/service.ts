import { and, desc, eq, lt, type SQL } from 'drizzle-orm';
import type { AuditAction, AuditEntry, AuditQuery } from '../../../domain/audit/schemas';
import type { Db, Tx } from '../../db/connect';
import { auditLog, users } from '../../db/schema';

/** Who acted: a signed-in person (the username is looked up when not given), or the server itself (start-up). */
export type AuditActor = { id: number; username?: string } | 'system';

/**
 * Records an admin or money action. Call it with the transaction of the action itself (ADR 017), so the entry
 * exists exactly when the change does.
 */
export async function audit(
  tx: Db | Tx,
  entry: { actor: AuditActor; action: AuditAction; targetType: string; targetId?: string | number | null; changes?: Record<string, unknown> },
): Promise<void> {
  let actor: { id: number | null; name: string } = { id: null, name: 'system' };
  if (entry.actor !== 'system') {
    let name = entry.actor.username;
    if (!name) [{ name } = { name: `user #${entry.actor.id}` }] = await tx.select({ name: users.username }).from(users).where(eq(users.id, entry.actor.id)).limit(1);
    actor = { id: entry.actor.id, name };
  }
  await tx.insert(auditLog).values({
    actorId: actor.id,
    actor: actor.name,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId == null ? null : String(entry.targetId),
    changes: entry.changes ?? {},
  });
}

/** { field: [before, after] } for the fields of `after` whose value differs from `before`. */
export function diff(before: Record<string, unknown>, after: Record<string, unknown>): Record<string, [unknown, unknown]> {
  const out: Record<string, [unknown, unknown]> = {};
  for (const [k, v] of Object.entries(after)) {
    if (v === undefined) continue;
    const was = before[k];
    const same = JSON.stringify(was instanceof Date ? was.toISOString() : was) === JSON.stringify(v instanceof Date ? v.toISOString() : v);
    if (!same) out[k] = [was ?? null, v];
  }
  return out;
}

/** Newest first, paged by id. */
export async function listAudit(db: Db, q: AuditQuery): Promise<AuditEntry[]> {
  const where: SQL[] = [];
  if (q.action) where.push(eq(auditLog.action, q.action));
  if (q.before) where.push(lt(auditLog.id, q.before));
  const rows = await db
    .select()
    .from(auditLog)
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(auditLog.id))
    .limit(q.limit);
  return rows.map((r) => ({ ...r, at: r.at.toISOString() }));
}
