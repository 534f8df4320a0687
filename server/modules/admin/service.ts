import type { AdminStats } from '../../../domain/admin/schemas';
import type { Db } from '../../db/connect';
import { cars, flights, generalServices, hotels, properties, restaurants, shippingRates, taxiRides } from '../../db/schema';
import { countRegistrations } from '../onboarding/service';
import { countUnreadMessages } from '../support/service';

export type { AdminStats };

/**
 * Counts of published listings per kind (active and inactive) and their total, plus the registrations waiting
 * for review and the unread contact messages.
 */
export async function adminStats(db: Db): Promise<AdminStats> {
  const [r, h, f, c, p, t, s, g] = await Promise.all(
    [restaurants, hotels, flights, cars, properties, taxiRides, shippingRates, generalServices].map((table) => db.$count(table)),
  );
  const counts = {
    restaurants: r,
    hotels: h,
    flights: f,
    cars: c,
    properties: p,
    taxiRides: t,
    shipping: s,
    generalServices: g,
  };
  const [pendingRegistrations, unreadMessages] = await Promise.all([countRegistrations(db, 'pending'), countUnreadMessages(db)]);
  return { total: Object.values(counts).reduce((a, b) => a + b, 0), ...counts, pendingRegistrations, unreadMessages };
}
