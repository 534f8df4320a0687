/**
 * The provider portal's contract (/api/provider/*): which listing kinds a provider runs, what it may change on each
 * (description, the prices customers pay, active on or off; the photo goes through the upload route), the
 * restaurant menu, incoming orders and the earnings summary. Money is dollars here, as everywhere in the API.
 */
import { z } from 'zod';
import { assertExact } from '../exact';
import { PriceLineSchema, type PriceLine } from '../bookings/breakdown';
import { JOURNEY_STEP_KEYS, type JourneyStepKey } from '../orders/journey';
import { DELIVERY_RADIUS_MAX_KM, DELIVERY_RADIUS_MIN_KM } from '../orders/reach';
import { ORDER_STATUSES, OrderMoneyViewSchema, type OrderMoneyView, type OrderStatus } from '../money/schemas';

/** The listing kinds of the portal, named as the admin collections are (issue 15). */
export const PROVIDER_KINDS = ['restaurants', 'hotels', 'cars', 'properties', 'taxi-rides', 'shipping-rates', 'general-services', 'flights'] as const;
export type ProviderKind = (typeof PROVIDER_KINDS)[number];

export function isProviderKind(value: string): value is ProviderKind {
  return (PROVIDER_KINDS as readonly string[]).includes(value);
}

/** What customers call each kind (headings of the portal). */
export const PROVIDER_KIND_LABEL: Record<ProviderKind, string> = {
  restaurants: 'Restaurant',
  hotels: 'Hotel',
  cars: 'Car rental',
  properties: 'Property',
  'taxi-rides': 'Taxi',
  'shipping-rates': 'Shipping',
  'general-services': 'Service',
  flights: 'Flight',
};

/** A price a customer pays: dollars, more than zero, at most two decimals. */
export const price = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .positive(`${label} must be more than $0`)
    .max(1_000_000, `${label} is too large`)
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, `${label} must have at most 2 decimals`);
/** A fee that may be zero (delivery fee). */
const fee = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .min(0, `${label} must not be negative`)
    .max(10_000, `${label} is too large`)
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, `${label} must have at most 2 decimals`);
/** A restaurant's delivery radius in road kilometres (restaurants.delivery_radius_km): 1 to 50, one decimal at most. */
export const DELIVERY_RADIUS_MESSAGE = `Delivery radius must be between ${DELIVERY_RADIUS_MIN_KM} and ${DELIVERY_RADIUS_MAX_KM} km`;
export const deliveryRadiusKm = z
  .number({ error: 'Delivery radius must be a number' })
  .min(DELIVERY_RADIUS_MIN_KM, DELIVERY_RADIUS_MESSAGE)
  .max(DELIVERY_RADIUS_MAX_KM, DELIVERY_RADIUS_MESSAGE)
  .refine((v) => Math.abs(v * 10 - Math.round(v * 10)) < 1e-6, 'Delivery radius must have at most 1 decimal');

/** Where a place's map pin is (WGS 84): moved together, or not at all. */
export const PIN_PAIR_MESSAGE = 'Move the pin: the latitude and longitude change together';
const latitude = z.number({ error: 'Latitude must be a number' }).min(-90, 'Latitude must be between -90 and 90').max(90, 'Latitude must be between -90 and 90');
const longitude = z
  .number({ error: 'Longitude must be a number' })
  .min(-180, 'Longitude must be between -180 and 180')
  .max(180, 'Longitude must be between -180 and 180');
/** The listing kinds that are places on the map (their pin can be moved after approval). */
export const PROVIDER_PLACE_KINDS = ['restaurants', 'hotels', 'cars', 'properties'] as const satisfies readonly ProviderKind[];
export function isProviderPlaceKind(kind: ProviderKind): kind is (typeof PROVIDER_PLACE_KINDS)[number] {
  return (PROVIDER_PLACE_KINDS as readonly string[]).includes(kind);
}

const description = z.string({ error: 'Description must be text' }).trim().min(10, 'Description must be at least 10 characters').max(5000, 'Description must be at most 5000 characters');
const isActive = z.boolean({ error: 'Active must be on or off' });

/** An edit changes at least one known field. */
function edit<S extends z.ZodRawShape>(shape: S) {
  return z
    .strictObject(shape)
    .partial()
    .refine((v) => Object.keys(v).length > 0, 'Nothing to update');
}

/** A place's edit: its fields, and its map pin (lat and lng together). */
function placeEdit<S extends z.ZodRawShape>(shape: S) {
  return z
    .strictObject({ ...shape, lat: latitude, lng: longitude })
    .partial()
    .refine((v) => Object.keys(v).length > 0, 'Nothing to update')
    .refine((v: Record<string, unknown>) => (v.lat === undefined) === (v.lng === undefined), { message: PIN_PAIR_MESSAGE, path: ['lat'] });
}

/** PATCH /api/provider/listings/:kind/:id, per kind. The price field names are the public API's. */
export const ProviderEditSchemas = {
  restaurants: placeEdit({ description, deliveryFee: fee('Delivery fee'), deliveryRadiusKm, isActive }),
  hotels: placeEdit({ description, pricePerNight: price('Nightly rate'), isActive }),
  cars: placeEdit({ pricePerDay: price('Daily rate'), isActive }),
  properties: placeEdit({ description, pricePerMonth: price('Monthly rent'), isActive }),
  'taxi-rides': edit({ description, baseFare: price('Base fare'), perKm: price('Per-km rate'), isActive }),
  'shipping-rates': edit({ description, basePrice: price('Base price'), pricePerLb: price('Price per lb'), isActive }),
  'general-services': edit({ description, priceFrom: price('Starting price'), isActive }),
  flights: edit({ price: price('Economy fare'), isActive }),
} as const satisfies Record<ProviderKind, z.ZodType>;

/**
 * The editable fields of each kind, in form order, with their labels (the portal renders its forms from this):
 * text, money (dollars, two decimals) or km (a distance). A place kind's map pin is edited with the map, not here.
 */
export const PROVIDER_EDIT_FIELDS: Record<ProviderKind, readonly { name: string; label: string; type: 'money' | 'text' | 'km' }[]> = {
  restaurants: [
    { name: 'description', label: 'Description', type: 'text' },
    { name: 'deliveryFee', label: 'Delivery fee ($)', type: 'money' },
    { name: 'deliveryRadiusKm', label: 'Delivery radius (km)', type: 'km' },
  ],
  hotels: [
    { name: 'description', label: 'Description', type: 'text' },
    { name: 'pricePerNight', label: 'Nightly rate ($)', type: 'money' },
  ],
  cars: [{ name: 'pricePerDay', label: 'Daily rate ($)', type: 'money' }],
  properties: [
    { name: 'description', label: 'Description', type: 'text' },
    { name: 'pricePerMonth', label: 'Monthly rent ($)', type: 'money' },
  ],
  'taxi-rides': [
    { name: 'description', label: 'Description', type: 'text' },
    { name: 'baseFare', label: 'Base fare ($)', type: 'money' },
    { name: 'perKm', label: 'Per km ($)', type: 'money' },
  ],
  'shipping-rates': [
    { name: 'description', label: 'Description', type: 'text' },
    { name: 'basePrice', label: 'Base price ($)', type: 'money' },
    { name: 'pricePerLb', label: 'Price per lb ($)', type: 'money' },
  ],
  'general-services': [
    { name: 'description', label: 'Description', type: 'text' },
    { name: 'priceFrom', label: 'Starting price ($)', type: 'money' },
  ],
  flights: [{ name: 'price', label: 'Economy fare ($)', type: 'money' }],
};

export const MENU_CATEGORIES = ['Starters', 'Mains', 'Sides', 'Desserts', 'Drinks'] as const;

export const MenuItemSchema = z.strictObject({
  name: z.string({ error: 'Dish name is required' }).trim().min(2, 'Dish name must be at least 2 characters').max(100, 'Dish name must be at most 100 characters'),
  description: z.string().trim().max(500, 'Description must be at most 500 characters').default(''),
  price: price('Price'),
  category: z.enum(MENU_CATEGORIES, { error: 'Please select a category' }).default('Mains'),
  available: z.boolean({ error: 'Available must be on or off' }).default(true),
});
export type MenuItemInput = z.input<typeof MenuItemSchema>;
export const MenuItemPatchSchema = MenuItemSchema.partial().refine((v) => Object.keys(v).length > 0, 'Nothing to update');

/** A menu item as the portal (and the public menu) shows it. */
export type ProviderMenuItem = { id: number; name: string; description: string; price: number; category: string; available: boolean };

/** A listing of GET /api/provider/listings: its kind, the public fields, isActive and who changed it last. */
export type ProviderListing = {
  kind: ProviderKind;
  id: number;
  name: string;
  isActive: boolean;
  image: string;
  changedAt: string | null;
} & Record<string, unknown>;

export type ProviderOrderItem = { name: string; quantity: number; unitPrice: number; lineTotal: number };

/** A booking or order line group of GET /api/provider/orders: one per booking and listing of mine. */
export type ProviderOrder = {
  /** The booking id. */
  id: number;
  kind: ProviderKind;
  listingId: number;
  listingName: string;
  status: 'pending' | 'confirmed' | 'completed' | 'cancelled';
  customerName: string;
  createdAt: string;
  items: ProviderOrderItem[];
  total: number;
  /**
   * What the customer was charged for this part, with the same labels and amounts as their receipt
   * (domain/bookings/breakdown.ts): the items of this listing and, for a restaurant, its delivery fee. The booking's
   * service fee, taxes and tip are the platform's and the driver's, not the provider's.
   */
  charges: PriceLine[];
  /** The whole booking's total as charged to the customer (every listing, fees, taxes and tip). */
  bookingTotal: number;
  /** Reservations: the date range booked ("YYYY-MM-DD"), when the kind has one. */
  startDate: string | null;
  endDate: string | null;
  /**
   * Restaurant orders: the delivery order, whether it waits for 'Ready for pickup', when it was accepted and marked,
   * and its journey step with that step's label (domain/orders/journey.ts), as the customer's tracking shows it.
   */
  /**
   * The provider order (issue 28): its id (what accept, ready, decline and complete take), its status, its money
   * (gross, the commission fixed when paid, net, refunds) and what the provider may do with it now.
   */
  orderId: number;
  orderStatus: OrderStatus;
  money: OrderMoneyView;
  canAccept: boolean;
  canDecline: boolean;
  canComplete: boolean;
  declineReason: string | null;
  delivery: {
    /** The delivery order's id (information: actions take `orderId`). */
    orderId: number;
    status: string;
    awaitsReady: boolean;
    acceptedAt: string | null;
    readyAt: string | null;
    step: JourneyStepKey;
    stepLabel: string;
  } | null;
};

/** Response schemas of the provider portal routes, checked against the types above. */
export const ProviderMenuItemSchema = z.object({ id: z.number(), name: z.string(), description: z.string(), price: z.number(), category: z.string(), available: z.boolean() });
assertExact<z.output<typeof ProviderMenuItemSchema>, ProviderMenuItem>(true);

/** Open beyond these fields: the rest are the listing kind's public fields. */
export const ProviderListingSchema = z
  .looseObject({ kind: z.enum(PROVIDER_KINDS), id: z.number(), name: z.string(), isActive: z.boolean(), image: z.string(), changedAt: z.string().nullable() })
  .meta({ id: 'ProviderListing' });
assertExact<z.output<typeof ProviderListingSchema>, ProviderListing>(true);

export const ProviderOrderSchema = z.object({
  id: z.number(),
  kind: z.enum(PROVIDER_KINDS),
  listingId: z.number(),
  listingName: z.string(),
  status: z.enum(['pending', 'confirmed', 'completed', 'cancelled']),
  customerName: z.string(),
  createdAt: z.string(),
  items: z.array(z.object({ name: z.string(), quantity: z.number(), unitPrice: z.number(), lineTotal: z.number() })),
  total: z.number(),
  charges: z.array(PriceLineSchema),
  bookingTotal: z.number(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  orderId: z.number(),
  orderStatus: z.enum(ORDER_STATUSES),
  money: OrderMoneyViewSchema,
  canAccept: z.boolean(),
  canDecline: z.boolean(),
  canComplete: z.boolean(),
  declineReason: z.string().nullable(),
  delivery: z
    .object({
      orderId: z.number(),
      status: z.string(),
      awaitsReady: z.boolean(),
      acceptedAt: z.string().nullable(),
      readyAt: z.string().nullable(),
      step: z.enum(JOURNEY_STEP_KEYS),
      stepLabel: z.string(),
    })
    .nullable(),
});
assertExact<z.output<typeof ProviderOrderSchema>, ProviderOrder>(true);

/** POST /api/provider/orders/:id/ready. */
export const OrderReadySchema = z.object({ orderId: z.number(), ready: z.literal(true) });
/** 200 of POST /api/provider/orders/:id/accept. */
export const OrderAcceptedSchema = z.object({ orderId: z.number(), accepted: z.literal(true) });
/** 201 of POST /api/provider/listings/:kind/:id/photos: where the stored photo is served. */
export const StoredPhotoSchema = z.object({ url: z.string() });

export type ProviderEarnings = { gross: number; platformFee: number; net: number; feeRate: number; orders: number };

/** Photos: accepted types (checked from the content) and limits. */
export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;
/** The pixel budget of one upload (issue 27: a 40-megapixel PNG cost seconds of CPU and 150 MB to decode). */
export const PHOTO_MAX_PIXELS = 24_000_000;
export const PHOTO_MAX_SIDE = 10_000;
export const PHOTO_TYPES = ['jpeg', 'png', 'webp'] as const;

export const ProviderEarningsSchema = z.object({ gross: z.number(), platformFee: z.number(), net: z.number(), feeRate: z.number(), orders: z.number() });
assertExact<z.output<typeof ProviderEarningsSchema>, ProviderEarnings>(true);
