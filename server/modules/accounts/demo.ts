import { randomBytes } from 'node:crypto';
import { eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { cars, flights, generalServices, hotels, properties, restaurants, shippingRates, taxiRides, users } from '../../db/schema';
import { hashPassword } from '../../platform/auth/password';

export const DEMO_PROVIDER_EMAIL = 'provider@golive.local';

/**
 * The first start's demo provider: the owner of every seeded listing, so customers can chat with someone and a
 * newcomer can answer as the provider. Its random password is shown once in the server log (and kept in
 * DATA_DIR/demo-accounts.json for the developer tools), never on a page.
 */
export async function ensureDemoProvider(db: Db): Promise<{ created: boolean; email: string; generatedPassword?: string }> {
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_PROVIDER_EMAIL));
  if (existing) return { created: false, email: DEMO_PROVIDER_EMAIL };
  const generatedPassword = randomBytes(12).toString('base64url');
  const [user] = await db
    .insert(users)
    .values({ username: 'demo.provider', email: DEMO_PROVIDER_EMAIL, passwordHash: await hashPassword(generatedPassword), phone: '+1 416 555 0199', role: 'provider' })
    .returning({ id: users.id });
  // Only listings nobody owns: the seeded catalogue (approved listings belong to whoever registered them).
  for (const table of [restaurants, hotels, flights, cars, taxiRides, properties, shippingRates, generalServices]) {
    await db.update(table).set({ ownerId: user.id }).where(isNull(table.ownerId));
  }
  return { created: true, email: DEMO_PROVIDER_EMAIL, generatedPassword };
}
