import { drivers } from '../../db/schema';
import type { AppContext } from '../../platform/context';

/** The drivers module's reactions: an approved driver application becomes the driver's profile. */
export function registerDrivers(ctx: AppContext) {
  ctx.events.on('registration.approved', async (p) => {
    if (!p.driver || p.userId === null) return;
    const profile = { ...p.driver, registrationId: p.registrationId, updatedAt: new Date() };
    await ctx.db
      .insert(drivers)
      .values({ userId: p.userId, ...profile })
      .onConflictDoUpdate({ target: drivers.userId, set: profile });
  });
}
