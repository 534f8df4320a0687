import { createHash, randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { registrations } from '../../db/schema';
import type { TestApp } from '../../testing/test-app';

/**
 * Confirms a just-submitted registration's e-mail address the way its applicant would (POST /api/registrations/confirm),
 * with a token of the test's own: the mailed one may not exist (budgets) and only its hash is stored. The registration
 * then waits for review ('pending').
 */
export async function confirmRegistration(t: Pick<TestApp, 'app' | 'database'>, id: number): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  const hash = createHash('sha256').update(token).digest('hex');
  const updated = await t.database.db
    .update(registrations)
    .set({ confirmTokenHash: hash, confirmExpiresAt: new Date(Date.now() + 3_600_000) })
    .where(and(eq(registrations.id, id), eq(registrations.status, 'unconfirmed')))
    .returning({ id: registrations.id });
  if (updated.length !== 1) throw new Error(`registration ${id} is not unconfirmed`);
  const res = await t.app.inject({ method: 'POST', url: '/api/registrations/confirm', payload: { token } });
  if (res.statusCode !== 200) throw new Error(`confirm failed: ${res.statusCode} ${res.body}`);
}
