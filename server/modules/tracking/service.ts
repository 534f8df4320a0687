import { desc, eq, sql } from 'drizzle-orm';
import type { TrackingView } from '../../../domain/catalogue/types';
import type { Db } from '../../db/connect';
import { trackingRecords, trackingUpdates } from '../../db/schema';
import { notFound } from '../../platform/errors';

/**
 * A tracking record by its id or its tracking number (any case), with its updates newest first.
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
    currentLocation: record.currentLocation ?? null,
    destination: record.destination,
    updates: updates.map((u) => ({
      timestamp: u.timestamp.toISOString(),
      status: u.status,
      message: u.message,
      location: u.location ?? null,
    })),
  };
}
