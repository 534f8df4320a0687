import { z } from 'zod';
import type { TrackingView } from '../catalogue/types';
import { assertExact } from '../exact';
import { JourneySchema } from '../orders/schemas';

const GeoPointViewSchema = z.object({ lat: z.number(), lng: z.number(), address: z.string() });
const TrackingTypeSchema = z.enum(['delivery', 'ride', 'shipping', 'flight', 'service']);

/** GET /api/tracking/:id; checked against TrackingView (domain/catalogue/types.ts). */
export const TrackingViewSchema = z.object({
  id: z.string(),
  trackingNumber: z.string(),
  serviceName: z.string(),
  serviceType: TrackingTypeSchema,
  type: TrackingTypeSchema,
  status: z.enum(['pending', 'active', 'completed', 'cancelled']),
  providerName: z.string(),
  providerPhone: z.string(),
  estimatedTime: z.string(),
  etaAt: z.string().nullable(),
  currentLocation: GeoPointViewSchema.nullable(),
  destination: GeoPointViewSchema,
  updates: z.array(z.object({ timestamp: z.string(), status: z.string(), message: z.string(), location: GeoPointViewSchema.nullable() })),
  orderStatus: z.enum(['pending', 'accepted', 'pickup', 'transit', 'delivered', 'completed', 'cancelled']).nullable(),
  driver: z.object({ name: z.string(), phone: z.string(), vehicle: z.string(), plate: z.string() }).nullable(),
  route: z
    .object({ pickup: GeoPointViewSchema, destination: GeoPointViewSchema, path: z.array(z.object({ lat: z.number(), lng: z.number() })) })
    .nullable(),
  progress: z.number(),
  lookingForDriver: z.boolean(),
  journey: JourneySchema,
});
assertExact<z.output<typeof TrackingViewSchema>, TrackingView>(true);
