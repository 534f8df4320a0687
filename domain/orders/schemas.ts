import { z } from 'zod';
import { assertExact } from '../exact';
import { DRIVER_STEPS, ORDER_KINDS, ORDER_STATUSES, type OrderKind, type OrderStatus } from './states';
import { JOURNEY_STEP_KEYS, type Journey, type JourneyStepKey } from './journey';

/** The journey of an order (domain/orders/journey.ts) as every answer and push carries it. */
export const JourneyStepKeySchema = z.enum(JOURNEY_STEP_KEYS);
export const JourneySchema = z
  .object({
    current: JourneyStepKeySchema,
    label: z.string(),
    steps: z.array(z.object({ key: JourneyStepKeySchema, label: z.string(), state: z.enum(['done', 'current', 'upcoming']) })),
  })
  .meta({ id: 'Journey' });
assertExact<z.output<typeof JourneySchema>, Journey>(true);

export const DriverStatusSchema = z.object({
  online: z.boolean({ error: 'online must be true or false' }),
  lat: z.number().min(-90, 'Latitude must be between -90 and 90').max(90, 'Latitude must be between -90 and 90').optional(),
  lng: z.number().min(-180, 'Longitude must be between -180 and 180').max(180, 'Longitude must be between -180 and 180').optional(),
});
export type DriverStatusInput = z.infer<typeof DriverStatusSchema>;

/** One fix; range checks happen in the position filter so implausible fixes are counted, not rejected as a batch. */
export const PositionFixSchema = z.object({
  lat: z.number(),
  lng: z.number(),
  accuracy: z.number().nonnegative().optional(),
  speed: z.number().nonnegative().optional().nullable().transform((v) => v ?? undefined),
  heading: z.number().optional().nullable().transform((v) => v ?? undefined),
  recordedAt: z.string().min(1, 'recordedAt is required'),
});
export const PositionsSchema = z.object({
  positions: z.array(PositionFixSchema).min(1, 'At least one position is required').max(500, 'At most 500 positions per request'),
});
export type PositionsInput = z.input<typeof PositionsSchema>;

export const OrderStepSchema = z.object({
  status: z.enum(DRIVER_STEPS, { error: 'status must be one of pickup, transit, delivered, completed' }),
});

/** An order as the driver screen shows it (spec 002 section 3, "Driver order"); money in dollars. */
export type DriverOrder = {
  id: number;
  trackingId: string;
  kind: OrderKind;
  status: OrderStatus;
  customerName: string;
  customerPhone: string;
  pickupAddress: string;
  dropoffAddress: string;
  pickup: { lat: number; lng: number };
  dropoff: { lat: number; lng: number };
  /** What the driver earns for this order, dollars (domain/orders/payout.ts). */
  price: number;
  distanceKm: number;
  /** Minutes to drive the remaining route at the kind's speed. */
  estimatedTime: number;
  createdAt: string;
  /** Where the order is in its journey (the step the customer sees), and that step's label. */
  step: JourneyStepKey;
  stepLabel: string;
  /** The driver's next button ('Arrived at the restaurant', 'Picked up' ...), null when there is none. */
  nextStepLabel: string | null;
  /** For an offer: when it lapses (ISO). */
  offerExpiresAt?: string;
  /** For a completed order. */
  completedAt?: string;
};

export type DriverOrdersResponse = { active: DriverOrder | null; available: DriverOrder[]; recent: DriverOrder[] };

export type DriverEarnings = {
  today: number;
  week: number;
  recent: Array<{ orderId: number; trackingId: string; kind: OrderKind; amount: number; createdAt: string }>;
};

export type DriverProfileView = {
  online: boolean;
  name: string;
  phone: string;
  vehicle: string;
  plate: string;
};

/** Messages the server pushes on /ws/driver. */
export type DriverSocketMessage =
  | { type: 'connected' }
  | { type: 'offer'; order: DriverOrder }
  | { type: 'offer_withdrawn'; orderId: number }
  | { type: 'order_cancelled'; orderId: number; trackingId: string }
  | { type: 'error'; message: string };

/** GET /api/admin/deliveries: unfinished orders, those nobody took in time first. */
export type AdminDelivery = {
  id: number;
  trackingId: string;
  trackingNumber: string;
  kind: OrderKind;
  status: OrderStatus;
  serviceName: string;
  pickupAddress: string;
  dropoffAddress: string;
  driverName: string | null;
  /** True when no driver took it within the dispatch window ('Looking for a driver'). */
  unassigned: boolean;
  /** Its journey's current step and that step's label (domain/orders/journey.ts), as the customer's tracking shows it. */
  step: JourneyStepKey;
  stepLabel: string;
  createdAt: string;
};

/** Response schemas of the driver and delivery routes, checked against the types above. */
const OrderKindSchema = z.enum(ORDER_KINDS);
const OrderStatusSchema = z.enum(ORDER_STATUSES);
const pointSchema = z.object({ lat: z.number(), lng: z.number() });

export const DriverOrderSchema = z
  .object({
    id: z.number(),
    trackingId: z.string(),
    kind: OrderKindSchema,
    status: OrderStatusSchema,
    customerName: z.string(),
    customerPhone: z.string(),
    pickupAddress: z.string(),
    dropoffAddress: z.string(),
    pickup: pointSchema,
    dropoff: pointSchema,
    price: z.number(),
    distanceKm: z.number(),
    estimatedTime: z.number(),
    createdAt: z.string(),
    step: JourneyStepKeySchema,
    stepLabel: z.string(),
    nextStepLabel: z.string().nullable(),
    offerExpiresAt: z.string().optional(),
    completedAt: z.string().optional(),
  })
  .meta({ id: 'DriverOrder' });
assertExact<z.output<typeof DriverOrderSchema>, DriverOrder>(true);

export const DriverOrdersResponseSchema = z.object({ active: DriverOrderSchema.nullable(), available: z.array(DriverOrderSchema), recent: z.array(DriverOrderSchema) });
assertExact<z.output<typeof DriverOrdersResponseSchema>, DriverOrdersResponse>(true);

export const DriverEarningsSchema = z.object({
  today: z.number(),
  week: z.number(),
  recent: z.array(z.object({ orderId: z.number(), trackingId: z.string(), kind: OrderKindSchema, amount: z.number(), createdAt: z.string() })),
});
assertExact<z.output<typeof DriverEarningsSchema>, DriverEarnings>(true);

export const DriverProfileViewSchema = z.object({ online: z.boolean(), name: z.string(), phone: z.string(), vehicle: z.string(), plate: z.string() });
assertExact<z.output<typeof DriverProfileViewSchema>, DriverProfileView>(true);

/** POST /api/driver/status. */
export const DriverOnlineSchema = z.object({ online: z.boolean() });
/** POST /api/driver/orders/:id/decline. */
export const DeclinedSchema = z.object({ ok: z.literal(true) });
/** POST /api/driver/positions: fixes kept, and those dropped counted by reason. */
export const PositionsResultSchema = z.object({ accepted: z.number(), dropped: z.record(z.string(), z.number()) });
export type PositionsResult = z.output<typeof PositionsResultSchema>;

export const AdminDeliverySchema = z.object({
  id: z.number(),
  trackingId: z.string(),
  trackingNumber: z.string(),
  kind: OrderKindSchema,
  status: OrderStatusSchema,
  serviceName: z.string(),
  pickupAddress: z.string(),
  dropoffAddress: z.string(),
  driverName: z.string().nullable(),
  unassigned: z.boolean(),
  step: JourneyStepKeySchema,
  stepLabel: z.string(),
  createdAt: z.string(),
});
assertExact<z.output<typeof AdminDeliverySchema>, AdminDelivery>(true);
