import { desc, eq, inArray, sql } from 'drizzle-orm';
import type { AdminDelivery } from '../../../domain/orders/schemas';
import type { Db } from '../../db/connect';
import { deliveryOrders, drivers, trackingRecords } from '../../db/schema';
import { journeysOf, orderJourney } from './journey';

/**
 * Unfinished delivery orders for the admin: flagged ones (nobody took them in time) first, then newest; each with its
 * journey step, worded as the customer's tracking words it.
 */
export async function openDeliveries(db: Db, limit = 200): Promise<AdminDelivery[]> {
  const rows = await db
    .select({
      order: deliveryOrders,
      trackingNumber: trackingRecords.trackingNumber,
      serviceName: trackingRecords.serviceName,
      driverName: drivers.name,
    })
    .from(deliveryOrders)
    .innerJoin(trackingRecords, eq(trackingRecords.id, deliveryOrders.trackingId))
    .leftJoin(drivers, eq(drivers.userId, deliveryOrders.driverId))
    .where(inArray(deliveryOrders.status, ['pending', 'accepted', 'pickup', 'transit', 'delivered']))
    .orderBy(sql`${deliveryOrders.unassignedFlaggedAt} is null`, desc(deliveryOrders.createdAt))
    .limit(limit);
  const journeys = await journeysOf(db, rows.map((r) => r.order));
  return rows.map(({ order, trackingNumber, serviceName, driverName }) => {
    const journey = journeys.get(order.id) ?? orderJourney(order);
    return {
      id: order.id,
      trackingId: order.trackingId,
      trackingNumber,
      kind: order.kind,
      status: order.status,
      serviceName,
      pickupAddress: order.pickup.address,
      dropoffAddress: order.dropoff.address,
      driverName,
      unassigned: order.status === 'pending' && order.unassignedFlaggedAt !== null,
      step: journey.current,
      stepLabel: journey.label,
      createdAt: order.createdAt.toISOString(),
    };
  });
}
