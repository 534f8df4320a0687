import { z } from 'zod';
import { idParam } from '../ids';

/** What the audit log records (ADR 017): admin and money actions. */
export const AUDIT_ACTIONS = [
  'registration.approved',
  'registration.rejected',
  'listing.edited',
  'listing.activated',
  'listing.deactivated',
  'booking.refunded',
  'booking.completed',
  'payment.succeeded',
  'role.changed',
  'admin.password_changed',
  // Issue 26: the admin's Users tab.
  'account.disabled',
  'account.enabled',
  // Issue 26, dispatch: a carrier scan of a parcel between cities; a paid part no driver could be sent for (an end
  // without a map position).
  'shipment.scanned',
  'order.unplaced',
  // Issue 28: the admin changed commission rules ({ kind: [before, after] }).
  'commission.changed',
  // Issue 28: the admin ran payouts ({ runId, paid, failed, paidCents }).
  'payouts.run',
  // Issue 28: the admin recorded a paid payout's transfer as reversed ({ status, amountCents, payeeKind, payeeId }).
  'payout.reversed',
  // Issue 28: a provider declined its order (refunded) or marked a reservation completed.
  'order.declined',
  'order.completed',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** One audit entry as GET /api/admin/audit returns it; `changes` is { field: [before, after] } or the action's facts. */
export type AuditEntry = {
  id: number;
  at: string;
  actorId: number | null;
  actor: string;
  action: string;
  targetType: string;
  targetId: string | null;
  changes: Record<string, unknown>;
};

export const AuditQuerySchema = z.object({
  action: z.enum(AUDIT_ACTIONS).optional(),
  /** Entries older than this id (the next page). */
  before: idParam().optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type AuditQuery = z.infer<typeof AuditQuerySchema>;

export const AuditEntrySchema = z
  .object({
    id: z.number().int(),
    at: z.string(),
    actorId: z.number().int().nullable(),
    actor: z.string(),
    action: z.string(),
    targetType: z.string(),
    targetId: z.string().nullable(),
    changes: z.record(z.string(), z.unknown()),
  })
  .meta({ id: 'AuditEntry' });
