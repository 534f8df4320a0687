import { asc, eq, inArray, sql } from 'drizzle-orm';
import { roadKm } from '../../../domain/orders/geo';
import type { LineHaulScan } from '../../../domain/orders/journey';
import {
  arrivalEstimate,
  firstMileUpdate,
  lastMileEstimate,
  parcelLeg,
  scanHub,
  scanMessage,
  scanRefusal,
  type Hub,
} from '../../../domain/orders/linehaul';
import { driverPayoutCents } from '../../../domain/orders/payout';
import type { OrderStatus } from '../../../domain/orders/states';
import type { LineHaulView, ShipmentScanInput } from '../../../domain/orders/scans';
import type { Db, Tx } from '../../db/connect';
import { deliveryOrders, lineHauls, shipmentScans, trackingRecords, trackingUpdates, type GeoPoint } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../platform/errors';
import type { EventBus } from '../../platform/events/bus';
import { audit } from '../audit';
import { locationDirectory } from '../locations';

/**
 * Parcels between cities (domain/orders/linehaul.ts): the carrier's hubs, the scans that move a parcel from the
 * origin hub to the destination hub, and the last-mile order the 'at_hub' scan makes offerable.
 */

type Exec = Db | Tx;

let hubs: Hub[] | undefined;

/**
 * The carrier's hubs: the centre of every city in the location directory (cities of 100,000 people or more, and
 * capitals). An honest stand-in for real depots, which no carrier lists to us yet; built once per process.
 */
export function carrierHubs(): readonly Hub[] {
  hubs ??= locationDirectory()
    .index.entries.filter((e) => e.entry.type === 'city')
    .map(({ entry }) => ({ city: entry.name, lat: entry.lat, lng: entry.lng, address: `${entry.name} hub (city centre), ${entry.address}` }));
  return hubs;
}

/** A hub as an order's pickup or drop-off. */
export function hubPoint(hub: Hub): GeoPoint {
  return { lat: hub.lat, lng: hub.lng, address: hub.address };
}

/** Scans may be reported a little ahead of the server's clock; beyond this they are refused as in the future. */
const CLOCK_SKEW_MS = 5 * 60_000;

const round2 = (n: number) => Math.round(n * 100) / 100;

/** A tracking record by id or tracking number (any case) and its line-haul, locked when asked; 404/409 otherwise. */
async function findLineHaul(exec: Exec, idOrNumber: string, lock: boolean) {
  const [record] = await exec
    .select()
    .from(trackingRecords)
    .where(sql`${trackingRecords.id} = ${idOrNumber} or upper(${trackingRecords.trackingNumber}) = upper(${idOrNumber})`)
    .orderBy(sql`${trackingRecords.id} = ${idOrNumber} desc`)
    .limit(1);
  if (!record) throw notFound('Tracking Not Found');
  const query = exec.select().from(lineHauls).where(eq(lineHauls.trackingId, record.id));
  const [haul] = lock ? await query.for('update') : await query;
  if (!haul) throw conflict('Only parcels between cities are scanned at hubs; this one is delivered door to door');
  return { record, haul };
}

async function scansOf(exec: Exec, trackingId: string) {
  return exec.select().from(shipmentScans).where(eq(shipmentScans.trackingId, trackingId)).orderBy(asc(shipmentScans.at), asc(shipmentScans.id));
}

async function firstMileOf(exec: Exec, trackingId: string) {
  const [order] = await exec.select().from(deliveryOrders).where(sql`${deliveryOrders.trackingId} = ${trackingId} and ${deliveryOrders.leg} = 'first-mile'`);
  return order;
}

function viewOf(
  record: typeof trackingRecords.$inferSelect,
  haul: typeof lineHauls.$inferSelect,
  scans: Array<typeof shipmentScans.$inferSelect>,
  firstMile: typeof deliveryOrders.$inferSelect | undefined,
): LineHaulView {
  const names = { origin: haul.originHub.city, destination: haul.destinationHub.city };
  return {
    trackingId: record.id,
    trackingNumber: record.trackingNumber,
    leg: parcelLeg(firstMile?.status ?? 'pending', scans.map((s) => s.scan)),
    origin: haul.originHub,
    destination: haul.destinationHub,
    estimate: arrivalEstimate({ min: haul.minDays, max: haul.maxDays }),
    scans: scans.map((s) => ({ scan: s.scan, hub: s.hub, message: scanMessage(s.scan, names), at: s.at.toISOString() })),
  };
}

/** GET /api/admin/shipments/:id/scans: where a parcel between cities is and its scans. */
export async function lineHaulView(db: Db, idOrNumber: string): Promise<LineHaulView> {
  const { record, haul } = await findLineHaul(db, idOrNumber, false);
  return viewOf(record, haul, await scansOf(db, record.id), await firstMileOf(db, record.id));
}

/**
 * The journey's facts of parcels between cities (domain/orders/journey.ts JourneyFacts.lineHaul), by tracking id:
 * the destination hub's city and the scans so far. A tracking id missing from the answer is not a line-haul parcel.
 */
export async function lineHaulFacts(exec: Exec, trackingIds: readonly string[]): Promise<Map<string, { hubCity: string; scans: LineHaulScan[] }>> {
  const out = new Map<string, { hubCity: string; scans: LineHaulScan[] }>();
  if (trackingIds.length === 0) return out;
  const hauls = await exec
    .select({ trackingId: lineHauls.trackingId, destination: lineHauls.destinationHub })
    .from(lineHauls)
    .where(inArray(lineHauls.trackingId, [...trackingIds]));
  if (hauls.length === 0) return out;
  for (const h of hauls) out.set(h.trackingId, { hubCity: h.destination.city, scans: [] });
  const scans = await exec
    .select({ trackingId: shipmentScans.trackingId, scan: shipmentScans.scan })
    .from(shipmentScans)
    .where(inArray(shipmentScans.trackingId, hauls.map((h) => h.trackingId)))
    .orderBy(asc(shipmentScans.at), asc(shipmentScans.id));
  for (const s of scans) out.get(s.trackingId)?.scans.push(s.scan);
  return out;
}

/**
 * Records a carrier scan (admin, for the carrier): in order and once each (domain/orders/linehaul.ts scanRefusal),
 * as a scan row, a tracking update the customer reads ('Departed Toronto hub') and order.journey_changed for open
 * tracking pages. 'at_hub' also creates the last-mile order (destination hub -> recipient), which dispatch offers to
 * drivers near that hub. Audited.
 */
export async function recordScan(events: EventBus, idOrNumber: string, input: ShipmentScanInput, actor: { id: number }, now = new Date()): Promise<LineHaulView> {
  await events.transaction(async (tx, emit) => {
    const { record, haul } = await findLineHaul(tx, idOrNumber, true);
    if (record.status === 'cancelled') throw conflict('This shipment was cancelled');
    const scans = await scansOf(tx, record.id);
    const firstMile = await firstMileOf(tx, record.id);
    const names = { origin: haul.originHub.city, destination: haul.destinationHub.city };
    const refusal = scanRefusal(input.scan, { firstMile: firstMile?.status ?? null, scans: scans.map((s) => s.scan), hubs: names });
    if (refusal) throw conflict(refusal);
    const at = input.at ? new Date(input.at) : now;
    if (at.getTime() > now.getTime() + CLOCK_SKEW_MS) throw badRequest('Validation failed: The scan time cannot be in the future', { at: 'The scan time cannot be in the future' });
    const floor = scans.at(-1)?.at ?? haul.createdAt;
    if (at < floor) throw badRequest('Validation failed: The scan time cannot be before the previous step', { at: 'The scan time cannot be before the previous step' });

    const hub = scanHub(input.scan, { origin: haul.originHub, destination: haul.destinationHub });
    await tx.insert(shipmentScans).values({ trackingId: record.id, scan: input.scan, hub: hub.city, at, recordedBy: actor.id });
    await tx.insert(trackingUpdates).values({ trackingId: record.id, status: input.scan, message: scanMessage(input.scan, names), location: hubPoint(hub), timestamp: at });

    let orderId = firstMile?.id ?? null;
    if (input.scan === 'at_hub') {
      const pickup = hubPoint(haul.destinationHub);
      const distanceKm = round2(roadKm(pickup, haul.recipient));
      const [lastMile] = await tx
        .insert(deliveryOrders)
        .values({
          bookingId: haul.bookingId,
          partKey: `line:${haul.lineId}:last-mile`,
          trackingId: record.id,
          kind: 'shipping',
          leg: 'last-mile',
          customerId: record.userId,
          pickup,
          dropoff: haul.recipient,
          distanceKm,
          payoutCents: driverPayoutCents({ kind: 'shipping', chargeCents: haul.chargeCents, mile: 'last-mile', distanceKm }),
        })
        .returning({ id: deliveryOrders.id });
      orderId = lastMile.id;
      await emit('order.created', { orderId: lastMile.id, trackingId: record.id, bookingId: haul.bookingId, kind: 'shipping' });
    }
    await tx
      .update(trackingRecords)
      .set({
        status: 'active',
        currentLocation: hubPoint(hub),
        updatedAt: now,
        // Between the hubs the estimate is the booked one, in days; at the destination hub, the last mile's minutes.
        estimatedTime: input.scan === 'at_hub' ? lastMileEstimate(haul.destinationHub, haul.recipient) : arrivalEstimate({ min: haul.minDays, max: haul.maxDays }),
        etaAt: null,
      })
      .where(eq(trackingRecords.id, record.id));
    if (orderId !== null) {
      await emit('order.journey_changed', {
        orderId,
        trackingId: record.id,
        bookingId: haul.bookingId,
        customerId: record.userId,
        step: input.scan === 'in_transit' ? 'line_haul' : 'at_hub',
      });
    }
    await audit(tx, { actor, action: 'shipment.scanned', targetType: 'shipment', targetId: record.trackingNumber, changes: { scan: input.scan, hub: hub.city, at: at.toISOString() } });
  });
  return lineHaulView(events.db, idOrNumber);
}

/**
 * What a first-mile order's new status means on its parcel's tracking record (domain/orders/linehaul.ts
 * firstMileUpdate): the record stays active and keeps its day-based estimate, and the update names the hub ('Handed
 * over at the Toronto hub'), because the first mile ends at the origin hub, not at the recipient. Null for any other
 * order (its status reads as usual). For applyOrderStatus, which writes the record.
 */
export async function firstMileTracking(
  tx: Tx,
  order: { leg: string; trackingId: string },
  to: OrderStatus,
): Promise<{ trackingStatus: 'active'; message: string } | null> {
  if (order.leg !== 'first-mile') return null;
  const [haul] = await tx.select({ origin: lineHauls.originHub, destination: lineHauls.destinationHub }).from(lineHauls).where(eq(lineHauls.trackingId, order.trackingId));
  return haul ? firstMileUpdate(to, { origin: haul.origin.city, destination: haul.destination.city }) : null;
}

/**
 * Reaction to order.status_changed: when the last-mile driver collects the parcel at the destination hub (transit),
 * the parcel is out for delivery: a scan and a tracking update, once. Runs before the change is relayed to open
 * tracking pages (the bus runs reactions before it publishes), so they show it with the status.
 */
export async function markOutForDelivery(events: EventBus, orderId: number, now = new Date()): Promise<void> {
  await events.transaction(async (tx) => {
    const [order] = await tx.select().from(deliveryOrders).where(eq(deliveryOrders.id, orderId));
    if (!order || order.leg !== 'last-mile' || order.status === 'cancelled') return;
    const [haul] = await tx.select().from(lineHauls).where(eq(lineHauls.trackingId, order.trackingId)).for('update');
    if (!haul) return;
    const [scan] = await tx
      .insert(shipmentScans)
      .values({ trackingId: haul.trackingId, scan: 'out_for_delivery', hub: haul.destinationHub.city, at: now })
      .onConflictDoNothing()
      .returning({ id: shipmentScans.id });
    if (!scan) return;
    const message = scanMessage('out_for_delivery', { origin: haul.originHub.city, destination: haul.destinationHub.city });
    await tx.insert(trackingUpdates).values({ trackingId: haul.trackingId, status: 'out_for_delivery', message, location: hubPoint(haul.destinationHub), timestamp: now });
  });
}
