import type { AdminStats } from '../../../domain/admin/schemas';
import type { Db } from '../../db/connect';
import type { ListingKind } from '../../../domain/catalogue/kinds';
import { serverKind } from '../catalogue/kinds';
import { countRegistrations } from '../onboarding/service';
import { countUnreadMessages } from '../support/service';

export type { AdminStats };

/** The listing kinds the dashboard counts, by their stats key (additional services are not counted). */
const STAT_KINDS = {
  restaurants: 'restaurant',
  hotels: 'hotel',
  flights: 'flight',
  cars: 'car',
  properties: 'property',
  taxiRides: 'taxi-ride',
  shipping: 'shipping-rate',
  generalServices: 'general-service',
} as const satisfies Partial<Record<keyof AdminStats, ListingKind>>;

/**
 * Counts of published listings per kind (active and inactive) and their total, plus the registrations waiting
 * for review and the unread contact messages.
 */
export async function adminStats(db: Db): Promise<AdminStats> {
  const entries = await Promise.all(Object.entries(STAT_KINDS).map(async ([key, kind]) => [key, await db.$count(serverKind(kind).table)] as const));
  const counts = Object.fromEntries(entries) as Record<keyof typeof STAT_KINDS, number>;
  const [pendingRegistrations, unreadMessages] = await Promise.all([countRegistrations(db, 'pending'), countUnreadMessages(db)]);
  return { total: Object.values(counts).reduce((a, b) => a + b, 0), ...counts, pendingRegistrations, unreadMessages };
}
