/**
 * The admin area's API contract: collections, review inputs, per-collection edit schemas and response shapes.
 * Money fields are dollars here, as everywhere in the API; the server converts to cents.
 */
import { z } from 'zod';
import { assertExact } from '../exact';
import { LISTING_COLLECTIONS } from '../catalogue/kinds';
import { REGISTRATION_KINDS, type RegistrationKind } from '../onboarding/forms';
import { CUISINES, GENERAL_CATEGORIES, GENERAL_SERVICE_TYPES } from '../onboarding/options';
import { deliveryRadiusKm } from '../provider/schemas';

/** Every collection the admin can list and export (GET /api/admin/:collection, /api/admin/export/:collection.csv). */
export const ADMIN_COLLECTIONS = [
  ...LISTING_COLLECTIONS,
  'registrations',
  'contact-messages',
  'service-providers',
  'users',
] as const;
export type AdminCollection = (typeof ADMIN_COLLECTIONS)[number];

/** True when `value` names a collection of the admin API. */
export function isAdminCollection(value: string): value is AdminCollection {
  return (ADMIN_COLLECTIONS as readonly string[]).includes(value);
}

export const REGISTRATION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type RegistrationStatus = (typeof REGISTRATION_STATUSES)[number];

/** Query of GET /api/admin/registrations; without `status` every registration is listed. */
export const RegistrationsQuerySchema = z.object({
  status: z.enum([...REGISTRATION_STATUSES, 'all'], { error: 'Status must be pending, approved, rejected or all' }).default('all'),
  kind: z.enum(REGISTRATION_KINDS, { error: 'Unknown registration kind' }).optional(),
});
export type RegistrationsQuery = z.output<typeof RegistrationsQuerySchema>;

export const RejectRegistrationSchema = z.object({
  reason: z
    .string({ error: 'Please give a reason for the rejection' })
    .trim()
    .min(3, 'Please give a reason for the rejection')
    .max(1000, 'Reason must be at most 1000 characters'),
});
export type RejectRegistration = z.output<typeof RejectRegistrationSchema>;

/** An optional note recorded with an approval. */
export const ApproveRegistrationSchema = z.object({
  notes: z.string().trim().max(1000, 'Notes must be at most 1000 characters').optional(),
});

// ---------------------------------------------------------------- response shapes

/** A row of the review queue (GET /api/admin/registrations). Dates are ISO strings. */
export type AdminRegistration = {
  id: number;
  kind: RegistrationKind;
  name: string;
  status: RegistrationStatus;
  submittedAt: string;
  reviewedAt: string | null;
  reviewNotes: string | null;
  submitterId: number | null;
  publishedCollection: string | null;
  publishedId: number | null;
  data: Record<string, unknown>;
  /** Why a pending registration cannot be approved (e.g. it has no price), or null. */
  blockedReason?: string | null;
};

/**
 * A listing row of GET /api/admin/<listing collection>: the public API shape (domain/catalogue/types, dollars)
 * plus these fields. Taxi rides also carry `company`; general services `businessLicense` and `insurance`.
 */
export type AdminListing<T> = T & { isActive: boolean; createdAt: string; ownerId: number | null };

/** A row of GET /api/admin/users (never a password hash). */
export type AdminUser = { id: number; username: string; email: string; phone: string | null; role: string; createdAt: string; disabledAt: string | null };

/** A row of GET /api/admin/service-providers. */
export type AdminServiceProvider = {
  id: number;
  userId: number | null;
  serviceType: string;
  serviceId: number | null;
  businessName: string;
  registrationId: number | null;
  isOnline: boolean;
  lastActive: string | null;
  createdAt: string;
};

export type ApproveResult = {
  id: number;
  status: 'approved';
  published: { collection: AdminCollection; id: number };
  /**
   * The account the approval gave a role to: for a driver, the one with the application's e-mail; for a listing
   * submitted while signed out, the one with the registration's e-mail (its owner). When it had to be created,
   * `setPasswordPath` is the one-time link (72 hours) for the admin to pass on.
   */
  account?: { email: string; created: boolean; role: string; setPasswordPath?: string };
};
export type RejectResult = { id: number; status: 'rejected' };

export type AdminStats = {
  total: number;
  restaurants: number;
  hotels: number;
  flights: number;
  cars: number;
  properties: number;
  taxiRides: number;
  shipping: number;
  generalServices: number;
  pendingRegistrations: number;
  unreadMessages: number;
  /** Bookings that were paid (a captured payment), refunded ones included. */
  orders: number;
  /** Accounts of every role, disabled ones included. */
  users: number;
  /** Captured minus refunded, in dollars, from the payments table. */
  revenue: number;
  /** What went back to customers, in dollars. */
  refunded: number;
};

export type AdminContactMessage = {
  id: number;
  name: string;
  email: string;
  subject: string;
  message: string;
  userId: number | null;
  readAt: string | null;
  createdAt: string;
};

/** Response schemas of the admin routes, checked against the types above. */
export const AdminRegistrationSchema = z.object({
  id: z.number(),
  kind: z.enum(REGISTRATION_KINDS),
  name: z.string(),
  status: z.enum(REGISTRATION_STATUSES),
  submittedAt: z.string(),
  reviewedAt: z.string().nullable(),
  reviewNotes: z.string().nullable(),
  submitterId: z.number().nullable(),
  publishedCollection: z.string().nullable(),
  publishedId: z.number().nullable(),
  data: z.record(z.string(), z.unknown()),
  blockedReason: z.string().nullable().optional(),
});
assertExact<z.output<typeof AdminRegistrationSchema>, AdminRegistration>(true);

export const ApproveResultSchema = z.object({
  id: z.number(),
  status: z.literal('approved'),
  published: z.object({ collection: z.enum(ADMIN_COLLECTIONS), id: z.number() }),
  account: z.object({ email: z.string(), created: z.boolean(), role: z.string(), setPasswordPath: z.string().optional() }).optional(),
});
assertExact<z.output<typeof ApproveResultSchema>, ApproveResult>(true);

export const RejectResultSchema = z.object({ id: z.number(), status: z.literal('rejected') });
assertExact<z.output<typeof RejectResultSchema>, RejectResult>(true);

const stat = z.number();
export const AdminStatsSchema = z.object({
  total: stat,
  restaurants: stat,
  hotels: stat,
  flights: stat,
  cars: stat,
  properties: stat,
  taxiRides: stat,
  shipping: stat,
  generalServices: stat,
  pendingRegistrations: stat,
  unreadMessages: stat,
  orders: stat,
  users: stat,
  revenue: stat,
  refunded: stat,
});
assertExact<z.output<typeof AdminStatsSchema>, AdminStats>(true);

export const AdminContactMessageSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  userId: z.number().nullable(),
  readAt: z.string().nullable(),
  createdAt: z.string(),
});
assertExact<z.output<typeof AdminContactMessageSchema>, AdminContactMessage>(true);

/**
 * A row of GET /api/admin/:collection and PATCH /api/admin/:collection/:id. Genuinely open: its fields depend on the
 * collection (AdminListing<T>, AdminUser, AdminServiceProvider...), so the document says "an object" only.
 */
export const AdminRowSchema = z.record(z.string(), z.unknown()).meta({ id: 'AdminRow', description: 'One row of the collection; fields depend on the collection.' });

// ---------------------------------------------------------------- edits (PATCH /api/admin/:collection/:id)

const name = (label: string) =>
  z
    .string()
    .trim()
    .min(1, `${label} is required`)
    .max(200, `${label} must be at most 200 characters`);
const longText = (label: string) => z.string().trim().max(5000, `${label} must be at most 5000 characters`);
const dollars = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .min(0, `${label} must not be negative`)
    .max(1_000_000, `${label} is too large`)
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, `${label} must have at most 2 decimals`);
const count = (label: string, max: number) =>
  z
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(0, `${label} must not be negative`)
    .max(max, `${label} must be at most ${max}`);
const list = z.array(z.string().trim().min(1).max(100)).max(50);
const image = z.string().trim().max(500, 'Image must be at most 500 characters');
const time = (label: string) => z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, `${label} must be a time like 09:30`);
const isActive = z.boolean({ error: 'isActive must be true or false' });

/** An edit must change at least one field, and only known ones. */
function edit<S extends z.ZodRawShape>(shape: S) {
  return z
    .strictObject(shape)
    .partial()
    .refine((v) => Object.keys(v).length > 0, 'Nothing to update');
}

export const AdminEditSchemas = {
  restaurants: edit({
    name: name('Name'),
    description: longText('Description'),
    // Choices stay within the registration form's lists, so customer filters keep finding the listing.
    cuisine: z.enum(CUISINES, { error: 'Please select a cuisine type' }),
    deliveryTime: name('Delivery time'),
    deliveryFee: dollars('Delivery fee'),
    image,
    phone: z.string().trim().max(40),
    address: z.string().trim().max(300),
    deliveryRadiusKm,
    isActive,
  }),
  hotels: edit({
    name: name('Name'),
    location: name('Location'),
    description: longText('Description'),
    image,
    pricePerNight: dollars('Price per night'),
    starRating: count('Star rating', 5).min(1, 'Star rating must be between 1 and 5'),
    amenities: list,
    maxGuests: count('Max guests', 100),
    rooms: count('Rooms', 10000),
    isActive,
  }),
  flights: edit({
    airline: name('Airline'),
    flightNumber: name('Flight number'),
    departureCity: name('Departure city'),
    arrivalCity: name('Arrival city'),
    departureTime: time('Departure time'),
    arrivalTime: time('Arrival time'),
    duration: name('Duration'),
    price: dollars('Price'),
    image,
    isActive,
  }),
  cars: edit({
    model: name('Model'),
    category: name('Category'),
    seats: count('Seats', 60),
    luggage: count('Luggage', 60),
    pricePerDay: dollars('Price per day'),
    image,
    company: z.string().trim().max(200),
    location: z.string().trim().max(300),
    isActive,
  }),
  properties: edit({
    title: name('Title'),
    location: name('Location'),
    type: name('Type'),
    bedrooms: count('Bedrooms', 100),
    bathrooms: count('Bathrooms', 100),
    sqft: count('Square feet', 1_000_000),
    pricePerMonth: dollars('Price per month'),
    image,
    description: longText('Description'),
    amenities: list,
    isActive,
  }),
  'taxi-rides': edit({
    type: name('Type'),
    description: longText('Description'),
    icon: name('Icon'),
    passengers: count('Passengers', 60),
    baseFare: dollars('Base fare'),
    perKm: dollars('Per-km fare'),
    priceEstimate: z.string().trim().max(100),
    estimatedTime: z.string().trim().max(100),
    waitTime: z.string().trim().max(100),
    image,
    isActive,
  }),
  'shipping-rates': edit({
    name: name('Name'),
    description: longText('Description'),
    deliveryTime: name('Delivery time'),
    speed: z.enum(['standard', 'express', 'overnight'], { error: 'Speed must be standard, express or overnight' }),
    basePrice: dollars('Base price'),
    pricePerLb: dollars('Price per lb'),
    image,
    isActive,
  }),
  'additional-services': edit({
    name: name('Name'),
    description: longText('Description'),
    category: name('Category'),
    icon: name('Icon'),
    price: dollars('Price'),
    isActive,
  }),
  'general-services': edit({
    name: name('Name'),
    description: longText('Description'),
    category: z.enum(GENERAL_CATEGORIES, { error: 'Please select a category' }),
    serviceType: z.enum(GENERAL_SERVICE_TYPES, { error: 'Please select a service type' }),
    price: z.string().trim().max(50),
    priceFrom: dollars('Starting price'),
    duration: z.string().trim().max(100),
    availability: z.string().trim().max(200),
    contactEmail: z.string().trim().max(254, 'Please enter a valid email').pipe(z.email('Please enter a valid email')),
    contactPhone: z.string().trim().max(40),
    serviceArea: z.string().trim().max(500),
    features: list,
    requirements: list,
    country: z.string().trim().max(100),
    experience: z.string().trim().max(500),
    specializations: list,
    languages: list,
    isActive,
  }),
} as const;
export type EditableCollection = keyof typeof AdminEditSchemas;

/** True when `value` names a collection the admin can PATCH (the listing collections). */
export function isEditableCollection(value: string): value is EditableCollection {
  return Object.prototype.hasOwnProperty.call(AdminEditSchemas, value);
}
