import { desc, eq, inArray, sql } from 'drizzle-orm';
import type { AdminDelivery } from '../../../domain/orders/schemas';
import type { Db } from '../../db/connect';
import { deliveryOrders, drivers, trackingRecords } from '../../db/schema';

/** Unfinished delivery orders for the admin: flagged ones (nobody took them in time) first, then newest. */
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
  return rows.map(({ order, trackingNumber, serviceName, driverName }) => ({
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
    createdAt: order.createdAt.toISOString(),
  }));
}
