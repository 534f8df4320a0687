import { z } from 'zod';
import { assertExact } from '../exact';
import { LINE_HAUL_SCANS, type LineHaulScan } from './journey';
import { CARRIER_SCANS, type CarrierScan, type Hub, type ParcelLeg } from './linehaul';

/**
 * POST /api/admin/shipments/:id/scans (admin, for the carrier): one scan of a parcel between cities. `at` is when it
 * happened (carriers upload scans late), now when left out; never in the future, never before the previous scan.
 */
export const ShipmentScanSchema = z.object({
  scan: z.enum(CARRIER_SCANS, { error: 'scan must be in_transit (departed the origin hub) or at_hub (arrived at the destination hub)' }),
  at: z.iso.datetime({ offset: true, error: 'at: use a date and time like 2026-12-31T09:30:00Z' }).optional(),
});
export type ShipmentScanInput = { scan: CarrierScan; at?: string };
assertExact<z.output<typeof ShipmentScanSchema>, ShipmentScanInput>(true);

/** A parcel between cities as the carrier's scan screen (and the API) shows it. */
export type LineHaulView = {
  trackingId: string;
  trackingNumber: string;
  /** Where the parcel is: with the first-mile driver, between the hubs, or with the last-mile driver. */
  leg: ParcelLeg;
  origin: Hub;
  destination: Hub;
  /** The door-to-door estimate given when it was booked ('6–8 days'). */
  estimate: string;
  /** The scans so far, oldest first. */
  scans: Array<{ scan: LineHaulScan; hub: string; message: string; at: string }>;
};

const HubSchema = z.object({ city: z.string(), lat: z.number(), lng: z.number(), address: z.string() });
export const LineHaulViewSchema = z
  .object({
    trackingId: z.string(),
    trackingNumber: z.string(),
    leg: z.enum(['first-mile', 'line-haul', 'last-mile']),
    origin: HubSchema,
    destination: HubSchema,
    estimate: z.string(),
    scans: z.array(z.object({ scan: z.enum(LINE_HAUL_SCANS), hub: z.string(), message: z.string(), at: z.string() })),
  })
  .meta({ id: 'LineHaul' });
assertExact<z.output<typeof LineHaulViewSchema>, LineHaulView>(true);
