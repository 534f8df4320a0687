import type { AdminStats } from '../../../domain/admin/schemas';
import type { Db } from '../../db/connect';
import type { ListingKind } from '../../../domain/catalogue/kinds';
import { serverKind } from '../catalogue';
import { countRegistrations } from '../onboarding';
import { countUnreadMessages } from '../support';
import { operationsCounts } from './orders';

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
 * Counts of published listings per kind (active and inactive) and their total (taxi rides are ride types: Economy,
 * Comfort...), the registrations waiting for review, the unread contact messages, and (issue 26) the paid orders,
 * the accounts and the revenue (captured minus refunded), all counted by the database.
 */
export async function adminStats(db: Db): Promise<AdminStats> {
  const entries = await Promise.all(Object.entries(STAT_KINDS).map(async ([key, kind]) => [key, await db.$count(serverKind(kind).table)] as const));
  const counts = Object.fromEntries(entries) as Record<keyof typeof STAT_KINDS, number>;
  const [pendingRegistrations, unreadMessages, operations] = await Promise.all([countRegistrations(db, 'pending'), countUnreadMessages(db), operationsCounts(db)]);
  return { total: Object.values(counts).reduce((a, b) => a + b, 0), ...counts, pendingRegistrations, unreadMessages, ...operations };
}
