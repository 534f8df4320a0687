import { desc, eq, sql } from 'drizzle-orm';
import type { TrackingView } from '../../../domain/catalogue/types';
import { routeProgress } from '../../../domain/orders/geo';
import { factsOfTrackingRecord, journeyOf } from '../../../domain/orders/journey';
import type { OrderStatus } from '../../../domain/orders/states';
import type { Db } from '../../db/connect';
import { deliveryOrders, driverPositions, drivers, trackingRecords, trackingUpdates } from '../../db/schema';
import { notFound } from '../../platform/errors';
import { journeysOf, orderJourney } from '../orders';

/** How many points of the driven path a view carries (the newest ones). */
const PATH_POINTS = 500;

/**
 * A tracking record by its id or its tracking number (any case), with its updates newest first, its journey (the
 * steps every screen shows), and — for a delivery order — its driver, route, driven path and real progress.
 * Tracking numbers are the customer's claim check (printed on labels, shared as links), so lookup is public.
 */
export async function findTracking(db: Db, idOrNumber: string): Promise<TrackingView> {
  const [record] = await db
    .select()
    .from(trackingRecords)
    .where(sql`${trackingRecords.id} = ${idOrNumber} or upper(${trackingRecords.trackingNumber}) = upper(${idOrNumber})`)
    .orderBy(sql`${trackingRecords.id} = ${idOrNumber} desc`)
    .limit(1);
  if (!record) throw notFound('Tracking Not Found');
  const updates = await db
    .select()
    .from(trackingUpdates)
    .where(eq(trackingUpdates.trackingId, record.id))
    .orderBy(desc(trackingUpdates.timestamp), desc(trackingUpdates.id));
  // A parcel between cities has two orders on its record (first and last mile): the newest is the one under way.
  const [order] = await db.select().from(deliveryOrders).where(eq(deliveryOrders.trackingId, record.id)).orderBy(desc(deliveryOrders.id)).limit(1);
  const [driver] = order?.driverId ? await db.select().from(drivers).where(eq(drivers.userId, order.driverId)) : [];
  const path = order
    ? (
        await db
          .select({ lat: driverPositions.lat, lng: driverPositions.lng })
          .from(driverPositions)
          .where(eq(driverPositions.orderId, order.id))
          .orderBy(desc(driverPositions.id))
          .limit(PATH_POINTS)
      ).reverse()
    : [];
  const status = order?.status as OrderStatus | undefined;
  const leg = status === 'transit' || status === 'delivered' ? 'to-dropoff' : 'to-pickup';
  const progress = !order
    ? record.status === 'completed'
      ? 1
      : 0
    : status === 'delivered' || status === 'completed'
      ? 1
      : routeProgress({ current: record.currentLocation ?? null, pickup: order.pickup, dropoff: order.dropoff, leg });
  return {
    id: record.id,
    trackingNumber: record.trackingNumber,
    serviceName: record.serviceName,
    serviceType: record.type,
    type: record.type,
    status: record.status,
    providerName: record.providerName,
    providerPhone: record.providerPhone,
    estimatedTime: record.estimatedTime,
    etaAt: record.etaAt ? record.etaAt.toISOString() : null,
    currentLocation: record.currentLocation ?? null,
    destination: record.destination,
    updates: updates.map((u) => ({
      timestamp: u.timestamp.toISOString(),
      status: u.status,
      message: u.message,
      location: u.location ?? null,
    })),
    orderStatus: status ?? null,
    driver: driver ? { name: driver.name, phone: driver.phone, vehicle: driver.vehicle, plate: driver.plate } : null,
    route: order ? { pickup: order.pickup, destination: order.dropoff, path } : null,
    progress: Math.round(progress * 1000) / 1000,
    lookingForDriver: order?.status === 'pending' && order.unassignedFlaggedAt !== null,
    journey: order
      ? ((await journeysOf(db, [order])).get(order.id) ?? orderJourney(order))
      : journeyOf(factsOfTrackingRecord({ type: record.type, status: record.status, updateStatuses: updates.map((u) => u.status) })),
  };
}

/** Whether a tracking id exists (the socket's check before it subscribes). */
export async function trackingExists(db: Db, id: string): Promise<boolean> {
  const [row] = await db.select({ id: trackingRecords.id }).from(trackingRecords).where(eq(trackingRecords.id, id));
  return Boolean(row);
}
