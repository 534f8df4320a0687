/**
 * The platform's commission rules (issue 28, domain/money/commission.ts): one per listing kind (admin collection
 * name), edited by the admin, read when an order is paid. An order copies the rule in force then (orders.ts calls
 * ruleFor in the payment's transaction), so a later change never rewrites the past. A kind without a stored row
 * falls back to the domain default (migration 0010 seeds the same rows).
 */
import { inArray, sql } from 'drizzle-orm';
import { DEFAULT_COMMISSION_RULES, type CommissionRule } from '../../../domain/money/commission';
import { LISTING_COLLECTIONS, type ListingCollection } from '../../../domain/catalogue/kinds';
import type { Db, Tx } from '../../db/connect';
import { commissionRules as rulesTable } from '../../db/schema';
import { audit } from '../audit';

type Exec = Db | Tx;

const DEFAULTS = new Map(DEFAULT_COMMISSION_RULES.map((r) => [r.kind, r]));
const isKind = (kind: string): kind is ListingCollection => (LISTING_COLLECTIONS as readonly string[]).includes(kind);

function defaultRule(kind: ListingCollection): CommissionRule {
  return DEFAULTS.get(kind) ?? { kind, percent: 0, minCents: 0 };
}

/** Every kind's rule, in LISTING_COLLECTIONS order: the stored row, else the default. */
export async function commissionRules(exec: Exec): Promise<CommissionRule[]> {
  const rows = await exec.select({ kind: rulesTable.kind, percent: rulesTable.percent, minCents: rulesTable.minCents }).from(rulesTable);
  const stored = new Map(rows.map((r) => [r.kind, r]));
  return LISTING_COLLECTIONS.map((kind) => {
    const row = stored.get(kind);
    return row ? { kind, percent: Number(row.percent), minCents: row.minCents } : defaultRule(kind);
  });
}

/** The rule in force for one kind (null for a kind that is not a listing kind). */
export async function ruleFor(exec: Exec, kind: string): Promise<{ percent: number; minCents: number } | null> {
  if (!isKind(kind)) return null;
  const [row] = await exec
    .select({ percent: rulesTable.percent, minCents: rulesTable.minCents })
    .from(rulesTable)
    .where(sql`${rulesTable.kind} = ${kind}`);
  const rule = row ? { percent: Number(row.percent), minCents: row.minCents } : defaultRule(kind);
  return { percent: rule.percent, minCents: rule.minCents };
}

/**
 * Saves the named kinds' rules (the others stay as they are), with who changed them and when, and audits the change
 * ({ kind: [before, after] }) in the same transaction. A rule saved unchanged is neither written nor audited.
 * Returns every kind's rule.
 */
export async function setCommissionRules(db: Db, actor: { id: number }, rules: readonly CommissionRule[]): Promise<CommissionRule[]> {
  return db.transaction(async (tx) => {
    const kinds = rules.map((r) => r.kind);
    // Locks the stored rows being changed, so two concurrent edits audit what each really replaced.
    const current = await tx
      .select({ kind: rulesTable.kind, percent: rulesTable.percent, minCents: rulesTable.minCents })
      .from(rulesTable)
      .where(inArray(rulesTable.kind, kinds))
      .for('update');
    const before = new Map(current.map((r) => [r.kind, { percent: Number(r.percent), minCents: r.minCents }]));
    const changes: Record<string, [unknown, unknown]> = {};
    for (const rule of rules) {
      const stored = before.get(rule.kind);
      const was = stored ?? { percent: defaultRule(rule.kind).percent, minCents: defaultRule(rule.kind).minCents };
      const now = { percent: rule.percent, minCents: rule.minCents };
      if (stored && was.percent === now.percent && was.minCents === now.minCents) continue;
      await tx
        .insert(rulesTable)
        .values({ kind: rule.kind, percent: rule.percent, minCents: rule.minCents, updatedBy: actor.id })
        .onConflictDoUpdate({
          target: rulesTable.kind,
          set: { percent: rule.percent, minCents: rule.minCents, updatedBy: actor.id, updatedAt: sql`now()` },
        });
      changes[rule.kind] = [was, now];
    }
    if (Object.keys(changes).length > 0) {
      await audit(tx, { actor, action: 'commission.changed', targetType: 'commission_rules', targetId: Object.keys(changes).join(','), changes });
    }
    return commissionRules(tx);
  });
}
