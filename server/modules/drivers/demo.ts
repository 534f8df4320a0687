import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { drivers, users } from '../../db/schema';
import { hashPassword } from '../../platform/auth/password';

export const DEMO_DRIVER_EMAIL = 'driver@golive.local';
/** Downtown Toronto, a few minutes from the seeded Toronto restaurants. */
export const DEMO_DRIVER_HOME = { lat: 43.6487, lng: -79.3962 };

/**
 * The first start's demo driver, so a newcomer can try both sides on one laptop. Created once with a random password
 * that only the server log (and DATA_DIR/demo-accounts.json, for `npm run drive`) ever shows.
 */
export async function ensureDemoDriver(db: Db): Promise<{ created: boolean; email: string; generatedPassword?: string }> {
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_DRIVER_EMAIL));
  if (existing) return { created: false, email: DEMO_DRIVER_EMAIL };
  const generatedPassword = randomBytes(12).toString('base64url');
  const [user] = await db
    .insert(users)
    .values({ username: 'demo.driver', email: DEMO_DRIVER_EMAIL, passwordHash: await hashPassword(generatedPassword), phone: '+1 416 555 0142', role: 'driver' })
    .returning({ id: users.id });
  await db.insert(drivers).values({
    userId: user.id,
    name: 'Dana Driver',
    phone: '+1 416 555 0142',
    vehicle: '2021 Toyota Corolla',
    plate: 'GOLV 042',
    lat: DEMO_DRIVER_HOME.lat,
    lng: DEMO_DRIVER_HOME.lng,
  });
  return { created: true, email: DEMO_DRIVER_EMAIL, generatedPassword };
}
