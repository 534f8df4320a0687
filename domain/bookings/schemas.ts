import { z } from 'zod';
import { CABIN_CLASSES, LEASE_MONTHS, SHIPPING_SPEEDS } from '../catalogue/pricing';
import { idField } from '../ids';
import { assertExact } from '../exact';
import { MAX_ADDRESS_LENGTH, MAX_BOOKING_ITEMS, MAX_DETAILS_BYTES, MAX_PASSENGERS_PER_KIND } from '../limits';
import { MAX_TIP, PriceBreakdownSchema, TIP_WHOLE_CENTS, type PriceBreakdown } from './breakdown';
import { JOURNEY_STEP_KEYS, type JourneyStepKey } from '../orders/journey';
import { BookingOrderSchema, type BookingOrder } from '../money/schemas';

/** What a booking line can be. Cart items use the same serviceType values. */
export const SERVICE_TYPES = [
  'hotels',
  'cars',
  'flights',
  'food-delivery',
  'taxi',
  'properties',
  'shipping',
  'services',
  'general-services',
] as const;
export type ServiceType = (typeof SERVICE_TYPES)[number];

/** A "YYYY-MM-DD" day; `label` names it in the messages ('Check-in date is required'). */
const day = (label: string) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? `${label} is required` : `${label}: use a date like 2026-12-31`) })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label}: use a date like 2026-12-31`);
const placeShape = {
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
  address: z.string().trim().min(1, 'Address is required').max(MAX_ADDRESS_LENGTH),
};
/** A point with its address; `label` names it when it is missing ('Pickup location is required'). */
const place = (label: string) =>
  z.object(placeShape, { error: (issue) => (issue.input === undefined ? `${label} is required` : `${label} is invalid`) });
export type Place = z.infer<ReturnType<typeof place>>;

/** Per-service booking details; the server prices each line from the catalogue and these details only. */
export const BookingDetails = {
  hotels: z.object({
    checkIn: day('Check-in date'),
    checkOut: day('Check-out date'),
    rooms: z.number().int().min(1).max(10).default(1),
    guests: z.number().int().min(1).max(20).default(2),
  }),
  cars: z.object({ pickupDate: day('Pickup date'), returnDate: day('Return date') }),
  flights: z.object({
    /** The day of the daily departure: its seats are held for the booking. */
    date: day('Departure date'),
    passengers: z.object({
      adults: z.number().int().min(1, 'At least one adult is required').max(MAX_PASSENGERS_PER_KIND, `At most ${MAX_PASSENGERS_PER_KIND} adults`),
      children: z.number().int().min(0).max(MAX_PASSENGERS_PER_KIND, `At most ${MAX_PASSENGERS_PER_KIND} children`),
      infants: z.number().int().min(0).max(MAX_PASSENGERS_PER_KIND, `At most ${MAX_PASSENGERS_PER_KIND} infants`),
    }),
    cabinClass: z.enum(CABIN_CLASSES).default('Economy'),
  }),
  /**
   * A food line needs where to deliver: `destination` (a picked suggestion with coordinates) or `address` typed text
   * that the server resolves through the location directory; neither, or text it cannot place, is a field error on
   * `destination` and nothing is charged.
   */
  'food-delivery': z.object({ restaurantId: idField('Invalid restaurant id'), address: z.string().trim().max(MAX_ADDRESS_LENGTH).optional(), destination: place('Delivery address').optional() }),
  taxi: z.object({ pickup: place('Pickup location'), dropoff: place('Dropoff location') }),
  properties: z.object({
    moveIn: day('Move-in date'),
    months: z.union(LEASE_MONTHS.map((m) => z.literal(m)) as [z.ZodLiteral<1>, z.ZodLiteral<3>, z.ZodLiteral<6>, z.ZodLiteral<12>], {
      error: 'Lease must be 1, 3, 6 or 12 months',
    }),
  }),
  shipping: z.object({
    /** Where the driver collects the parcel and where it goes. */
    from: place('Sender address'),
    to: place('Recipient address'),
    weight: z.number().positive().max(150),
    length: z.number().positive().max(108),
    width: z.number().positive().max(108),
    height: z.number().positive().max(108),
    speed: z.enum(SHIPPING_SPEEDS).optional(),
  }),
  // Only the fields a line of these kinds has are kept (unknown keys are dropped), so nothing free-form grows.
  services: z.object({ date: day('Service date').optional(), notes: z.string().trim().max(1000, 'Notes must be at most 1000 characters').optional() }),
  // A service booked by appointment needs `startAt` (one of the free slots of GET /api/availability/general-services/:id).
  'general-services': z.object({
    date: day('Service date').optional(),
    startAt: z.iso.datetime({ offset: true, error: 'Appointment time: use a date and time like 2026-12-31T09:30:00Z' }).optional(),
    notes: z.string().trim().max(1000, 'Notes must be at most 1000 characters').optional(),
  }),
} satisfies Record<ServiceType, z.ZodType>;

const DETAILS_TOO_LARGE = `Details must be at most ${MAX_DETAILS_BYTES / 1024} KB`;
/** A line's details for one service type: at most MAX_DETAILS_BYTES of JSON, then that type's schema. */
const detailsOf = <S extends z.ZodType>(schema: S) =>
  z.preprocess(
    (v) => v ?? {},
    z
      .unknown()
      .refine((v) => JSON.stringify(v).length <= MAX_DETAILS_BYTES, DETAILS_TOO_LARGE)
      .pipe(schema),
  );

const lineBase = {
  serviceId: idField('Invalid service id'),
  quantity: z.number().int().min(1, 'Quantity must be between 1 and 99').max(99, 'Quantity must be between 1 and 99'),
  /** The price the screen showed, per unit, in dollars: informational only; the server prices every line. */
  price: z.number().nonnegative().max(100_000_000).optional(),
};
const lineOf = <T extends ServiceType>(type: T) => z.object({ serviceType: z.literal(type), ...lineBase, details: detailsOf(BookingDetails[type]) });

/** One booking line: a discriminated union on serviceType, each with its own details schema and the size cap. */
export const BookingItemSchema = z.discriminatedUnion(
  'serviceType',
  [
    lineOf('hotels'),
    lineOf('cars'),
    lineOf('flights'),
    lineOf('food-delivery'),
    lineOf('taxi'),
    lineOf('properties'),
    lineOf('shipping'),
    lineOf('services'),
    lineOf('general-services'),
  ],
  { error: 'Unknown service type' },
);
export type BookingItemInput = z.input<typeof BookingItemSchema>;

const bookingItems = z.array(BookingItemSchema).min(1, 'No items to book').max(MAX_BOOKING_ITEMS, `At most ${MAX_BOOKING_ITEMS} items per booking`);
/** A tip for the driver, in dollars (whole cents): food deliveries and rides only (400 on `tip` otherwise). */
const tip = z
  .number()
  .nonnegative('Tip cannot be negative')
  .max(MAX_TIP, `Tip must be at most $${MAX_TIP}`)
  .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, TIP_WHOLE_CENTS);

/** POST /api/bookings/quote: the lines (and tip) to price; nothing is booked. */
export const QuoteBookingSchema = z.object({ items: bookingItems, tip: tip.optional() });
export type QuoteBookingInput = z.input<typeof QuoteBookingSchema>;

export const CreateBookingSchema = z.object({
  items: bookingItems,
  tip: tip.optional(),
  /** The total the customer saw (the quote's `total`), in dollars; must match the server's total to the cent or the server answers 409. */
  totalAmount: z.number().nonnegative().max(100_000_000),
  bookingDate: z.string().max(40).optional(),
  status: z.literal('pending').optional(),
});
export type CreateBookingInput = z.input<typeof CreateBookingSchema>;

/** A priced booking line as the API returns it (money in dollars). */
export type BookingLine = {
  id: number;
  serviceType: ServiceType;
  serviceId: number;
  name: string;
  quantity: number;
  unitPrice: number;
  lineTotal: number;
  details: Record<string, unknown>;
};

export type PaymentEntry = {
  id: number;
  status: 'succeeded' | 'failed' | 'refunded';
  amount: number;
  brand: string | null;
  last4: string | null;
  createdAt: string;
};

export const BOOKING_STATUSES = ['pending', 'confirmed', 'completed', 'cancelled'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

export type Booking = {
  id: number;
  status: BookingStatus;
  totalAmount: number;
  currency: 'usd';
  bookingDate: string;
  createdAt: string;
  items: BookingLine[];
  payments: PaymentEntry[];
  /** The first delivery's tracking record id (kept for older screens; `deliveries` lists them all). */
  trackingId?: string;
  /** Every deliverable part of a paid booking: one per restaurant of food lines, per taxi ride, per shipment. */
  deliveries: Delivery[];
  /** While pending: until when its rooms, cars, seats, dates or appointment are held for it (ISO); null otherwise. */
  holdExpiresAt: string | null;
  /** The price breakdown as booked (items, delivery, service fee, tax, tip); `total` equals totalAmount. */
  breakdown: PriceBreakdown;
  /**
   * Once paid: one order per provider's listing (issue 28), each with its status, lines, what the customer paid for
   * it and what was refunded of it (a provider may decline its own order; the others stand).
   */
  orders: BookingOrder[];
};

/** One delivery order of a booking, as the customer sees it. */
export type Delivery = {
  trackingId: string;
  trackingNumber: string;
  kind: 'food' | 'taxi' | 'shipping';
  /** What is delivered: the restaurant's name, the ride type, the shipping service. */
  name: string;
  /** The tracking status: pending, active, completed or cancelled. */
  status: 'pending' | 'active' | 'completed' | 'cancelled';
  /** Where it is in its journey (domain/orders/journey.ts) and what that step reads, as the tracking page shows it. */
  step: JourneyStepKey;
  stepLabel: string;
};

/** Messages of the delivery address check, shared by the checkout form and the server. */
export const DELIVERY_ADDRESS_REQUIRED = 'Delivery address is required';
export const DELIVERY_ADDRESS_UNKNOWN = 'We could not find that address. Pick one of the suggestions.';

/** Response schemas of the bookings routes, checked against the types above. */
export const BookingLineSchema = z.object({
  id: z.number(),
  serviceType: z.enum(SERVICE_TYPES),
  serviceId: z.number(),
  name: z.string(),
  quantity: z.number(),
  unitPrice: z.number(),
  lineTotal: z.number(),
  details: z.record(z.string(), z.unknown()),
});
assertExact<z.output<typeof BookingLineSchema>, BookingLine>(true);

export const PaymentEntrySchema = z.object({
  id: z.number(),
  status: z.enum(['succeeded', 'failed', 'refunded']),
  amount: z.number(),
  brand: z.string().nullable(),
  last4: z.string().nullable(),
  createdAt: z.string(),
});
assertExact<z.output<typeof PaymentEntrySchema>, PaymentEntry>(true);

export const DeliverySchema = z.object({
  trackingId: z.string(),
  trackingNumber: z.string(),
  kind: z.enum(['food', 'taxi', 'shipping']),
  name: z.string(),
  status: z.enum(['pending', 'active', 'completed', 'cancelled']),
  step: z.enum(JOURNEY_STEP_KEYS),
  stepLabel: z.string(),
});
assertExact<z.output<typeof DeliverySchema>, Delivery>(true);

export const BookingSchema = z
  .object({
    id: z.number(),
    status: z.enum(BOOKING_STATUSES),
    totalAmount: z.number(),
    currency: z.literal('usd'),
    bookingDate: z.string(),
    createdAt: z.string(),
    items: z.array(BookingLineSchema),
    payments: z.array(PaymentEntrySchema),
    trackingId: z.string().optional(),
    deliveries: z.array(DeliverySchema),
    holdExpiresAt: z.string().nullable(),
    breakdown: PriceBreakdownSchema,
    orders: z.array(BookingOrderSchema),
  })
  .meta({ id: 'Booking' });
assertExact<z.output<typeof BookingSchema>, Booking>(true);

/** POST /api/bookings/:id/cancel. */
export const CancelledBookingSchema = z.object({
  id: z.number(),
  status: z.literal('cancelled'),
  refund: z.object({ amount: z.number() }).optional(),
  /** Kept by a late cancellation's policy (issue 28), when any. */
  fee: z.object({ amount: z.number() }).optional(),
});
export type CancelledBooking = z.output<typeof CancelledBookingSchema>;
