/**
 * The audit module's front door (ADR 017): `audit(tx, ...)` writes an entry in the action's own transaction, `diff`
 * names what an edit changed, and `listAudit` reads the log for the admin.
 */
export { audit, diff, listAudit, type AuditActor } from './service';
