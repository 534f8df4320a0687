import { and, eq, inArray } from 'drizzle-orm';
import { factsOfOrder, journeyOf, type Journey, type JourneyFacts } from '../../../domain/orders/journey';
import type { Db, Tx } from '../../db/connect';
import { deliveryOrders } from '../../db/schema';
import { lineHaulFacts } from './linehaul';

type Exec = Db | Tx;

/** The columns of a delivery order the journey reads. */
export type JourneyOrder = Pick<
  typeof deliveryOrders.$inferSelect,
  'id' | 'kind' | 'status' | 'trackingId' | 'awaitsReady' | 'kitchenAcceptedAt' | 'readyAt' | 'arrivingAt'
>;

/** The journey of one order, given its parcel's line-haul facts when it has any (domain/orders/journey.ts). */
export function orderJourney(order: JourneyOrder, lineHaul: JourneyFacts['lineHaul'] = null): Journey {
  return journeyOf(factsOfOrder(order, order.kind === 'shipping' ? lineHaul : null));
}

/**
 * The journeys of some orders, by order id. Food and rides need nothing more than their row; parcels between cities
 * add their line-haul facts (the destination hub and the carrier's scans, orders/linehaul.ts) and, since both local
 * miles share one tracking record, are read from the newest of their orders (the last mile once it exists): one
 * parcel, one journey, whichever mile's row asked. At most two more statements, and only when parcels are listed.
 */
export async function journeysOf(db: Exec, orders: JourneyOrder[]): Promise<Map<number, Journey>> {
  const parcels = [...new Set(orders.filter((o) => o.kind === 'shipping').map((o) => o.trackingId))];
  const hauls = await lineHaulFacts(db, parcels);
  const newest = new Map<string, JourneyOrder>();
  if (hauls.size > 0) {
    const miles = await db
      .select()
      .from(deliveryOrders)
      .where(and(inArray(deliveryOrders.trackingId, [...hauls.keys()]), eq(deliveryOrders.kind, 'shipping')));
    for (const m of miles) {
      const seen = newest.get(m.trackingId);
      if (!seen || m.id > seen.id) newest.set(m.trackingId, m);
    }
  }
  return new Map(
    orders.map((o) => {
      const haul = hauls.get(o.trackingId) ?? null;
      return [o.id, orderJourney(haul ? (newest.get(o.trackingId) ?? o) : o, haul)];
    }),
  );
}
