/**
 * The one database schema (PostgreSQL dialect) for both drivers: PGlite by default, node-postgres when
 * DATABASE_URL is set. Migrations in ./migrations are generated from this file by `npm run db:generate`.
 *
 * Money is integer cents (`*Cents`); the API layer turns cents into the spec's dollar fields.
 * Ratings are numeric(2,1) and come back from the driver as strings; the API layer converts them.
 */
import { sql } from 'drizzle-orm';
import type { WeeklyHours } from '../../domain/availability/hours';
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  primaryKey,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
const rating = () => numeric('rating', { precision: 2, scale: 1 }).notNull().default('0.0');
/** How many visible reviews the rating averages (0: the listing shows 'New'). */
const reviewCount = () => integer('review_count').notNull().default(0);
const isActive = () => boolean('is_active').notNull().default(true);
const ownerId = () => integer('owner_id').references(() => users.id, { onDelete: 'set null' });
/** Who last changed a listing through the provider portal or the admin, and when (shown to the admin). */
const changedBy = () => integer('changed_by').references(() => users.id, { onDelete: 'set null' });
const changedAt = () => timestamp('changed_at', { withTimezone: true });
const textList = (name: string) =>
  text(name)
    .array()
    .notNull()
    .default(sql`'{}'::text[]`);

// ---------------------------------------------------------------- accounts

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    phone: text('phone'),
    role: text('role', { enum: ['user', 'provider', 'driver', 'admin'] })
      .notNull()
      .default('user'),
    /** True when the person turned off non-essential mail (receipts and security mail always go). */
    emailOptOut: boolean('email_opt_out').notNull().default(false),
    /** Set by an admin (issue 26): the account cannot sign in and its sessions were ended; null while active. */
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('users_username_lower_idx').on(sql`lower(${t.username})`), uniqueIndex('users_email_idx').on(t.email)],
);

/** Server-side sessions. `id` is the SHA-256 of the cookie token; the token itself is never stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** The browser's User-Agent at sign-in (trimmed), shown in the account's session list. */
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/**
 * Fixed-window counters of the sign-in throttle (ADR 016), one row per key (`pair:<email>|<ip>`, `ip:<ip>`,
 * `account:<email>`, `slow:<email>`, `signup:<ip>`, `booking:<userId>`). Reserved with one
 * INSERT ... ON CONFLICT DO UPDATE ... RETURNING, so concurrent requests on any instance never share a slot.
 */
export const rateCounters = pgTable('rate_counters', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  count: integer('count').notNull(),
});

/** Browsers that signed in to an account (hash of the `did` cookie): exempt from the account-wide slow-down. */
export const knownDevices = pgTable(
  'known_devices',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [index('known_devices_user_idx').on(t.userId)],
);

/**
 * Who did what to what: admin and money actions (approvals, rejections, edits, activation, refunds, role changes),
 * written in the action's own transaction (ADR 017). `changes` holds the changed fields as { field: [before, after] }
 * or the action's facts.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** The actor's username at the time (kept when the account goes), or 'system'. */
    actor: text('actor').notNull(),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    changes: jsonb('changes').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [index('audit_log_at_idx').on(t.at)],
);

// ---------------------------------------------------------------- catalogue

export const restaurants = pgTable('restaurants', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  cuisine: text('cuisine').notNull(),
  image: text('image').notNull().default(''),
  rating: rating(),
  reviewCount: reviewCount(),
  deliveryTime: text('delivery_time').notNull().default('25-35 min'),
  deliveryFeeCents: integer('delivery_fee_cents').notNull().default(0),
  phone: text('phone').notNull().default(''),
  address: text('address').notNull().default(''),
  lat: numeric('lat', { precision: 9, scale: 6 }),
  lng: numeric('lng', { precision: 9, scale: 6 }),
  /** Road kilometres it delivers within (domain/orders/reach.ts); checkout refuses an address beyond. */
  deliveryRadiusKm: numeric('delivery_radius_km', { precision: 5, scale: 1 }).notNull().default('10'),
  /** Structured weekly opening hours (domain/availability/hours.ts); null until set or parsed from the registration. */
  openingHours: jsonb('opening_hours').$type<WeeklyHours>(),
  isActive: isActive(),
  ownerId: ownerId(),
  changedBy: changedBy(),
  changedAt: changedAt(),
  createdAt: createdAt(),
});

export const menuItems = pgTable(
  'menu_items',
  {
    id: serial('id').primaryKey(),
    restaurantId: integer('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    priceCents: integer('price_cents').notNull(),
    position: integer('position').notNull().default(0),
    category: text('category').notNull().default('Mains'),
    /** Off when the restaurant has run out: shown greyed, not orderable. */
    available: boolean('available').notNull().default(true),
  },
  (t) => [index('menu_items_restaurant_idx').on(t.restaurantId)],
);

export const hotels = pgTable('hotels', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  location: text('location').notNull(),
  description: text('description').notNull().default(''),
  image: text('image').notNull().default(''),
  rating: rating(),
  reviewCount: reviewCount(),
  pricePerNightCents: integer('price_per_night_cents').notNull(),
  starRating: integer('star_rating').notNull().default(3),
  amenities: textList('amenities'),
  maxGuests: integer('max_guests').notNull().default(4),
  rooms: integer('rooms').notNull().default(10),
  /** Where the place is (WGS 84), set from the registration's map pin; places without one are never published. */
  lat: numeric('lat', { precision: 9, scale: 6 }),
  lng: numeric('lng', { precision: 9, scale: 6 }),
  isActive: isActive(),
  ownerId: ownerId(),
  changedBy: changedBy(),
  changedAt: changedAt(),
  createdAt: createdAt(),
});

/**
 * Flights are daily schedules: departureTime and arrivalTime are local "HH:MM" times of a flight that operates
 * every day, so a search for any future date finds it (the seed never goes stale).
 */
export const flights = pgTable('flights', {
  id: serial('id').primaryKey(),
  airline: text('airline').notNull(),
  flightNumber: text('flight_number').notNull(),
  departureCity: text('departure_city').notNull(),
  arrivalCity: text('arrival_city').notNull(),
  departureTime: text('departure_time').notNull(),
  arrivalTime: text('arrival_time').notNull(),
  duration: text('duration').notNull().default('2h 30m'),
  priceCents: integer('price_cents').notNull(),
  /** Seats of each daily departure (availability_days counts them per day). */
  seats: integer('seats').notNull().default(180),
  image: text('image').notNull().default(''),
  isActive: isActive(),
  ownerId: ownerId(),
  changedBy: changedBy(),
  changedAt: changedAt(),
  createdAt: createdAt(),
});

export const shippingRates = pgTable('shipping_rates', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  deliveryTime: text('delivery_time').notNull(),
  speed: text('speed', { enum: ['standard', 'express', 'overnight'] })
    .notNull()
    .default('standard'),
  basePriceCents: integer('base_price_cents').notNull(),
  pricePerLbCents: integer('price_per_lb_cents').notNull().default(0),
  image: text('image').notNull().default(''),
  isActive: isActive(),
  ownerId: ownerId(),
  changedBy: changedBy(),
  changedAt: changedAt(),
  createdAt: createdAt(),
});

export const cars = pgTable('cars', {
  id: serial('id').primaryKey(),
  model: text('model').notNull(),
  category: text('category').notNull(),
  seats: integer('seats').notNull(),
  luggage: integer('luggage').notNull(),
  pricePerDayCents: integer('price_per_day_cents').notNull(),
  rating: rating(),
  reviewCount: reviewCount(),
  image: text('image').notNull().default(''),
  company: text('company').notNull().default(''),
  location: text('location').notNull().default(''),
  /** Cars of this model in the fleet (availability_days counts them per day). */
  fleet: integer('fleet').notNull().default(3),
  /** The pickup point (WGS 84), set from the registration's map pin; places without one are never published. */
  lat: numeric('lat', { precision: 9, scale: 6 }),
  lng: numeric('lng', { precision: 9, scale: 6 }),
  isActive: isActive(),
  ownerId: ownerId(),
  changedBy: changedBy(),
  changedAt: changedAt(),
  createdAt: createdAt(),
});

/** Taxi ride types. The fare is baseFare + perKm x distance (spec 000 section 9). */
export const taxiRides = pgTable('taxi_rides', {
  id: serial('id').primaryKey(),
  type: text('type').notNull(),
  description: text('description').notNull().default(''),
  icon: text('icon').notNull().default('car'),
  passengers: integer('passengers').notNull().default(4),
  baseFareCents: integer('base_fare_cents').notNull(),
  perKmCents: integer('per_km_cents').notNull(),
  priceEstimate: text('price_estimate').notNull().default(''),
  estimatedTime: text('estimated_time').notNull().default(''),
  waitTime: text('wait_time').notNull().default(''),
  image: text('image').notNull().default(''),
  company: text('company').notNull().default(''),
  rating: rating(),
  reviewCount: reviewCount(),
  isActive: isActive(),
  ownerId: ownerId(),
  changedBy: changedBy(),
  changedAt: changedAt(),
  createdAt: createdAt(),
});

export const properties = pgTable('properties', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  location: text('location').notNull(),
  type: text('type').notNull(),
  bedrooms: integer('bedrooms').notNull().default(0),
  bathrooms: integer('bathrooms').notNull().default(1),
  sqft: integer('sqft').notNull().default(0),
  pricePerMonthCents: integer('price_per_month_cents').notNull(),
  /** Where the place is (WGS 84), set from the registration's map pin; places without one are never published. */
  lat: numeric('lat', { precision: 9, scale: 6 }),
  lng: numeric('lng', { precision: 9, scale: 6 }),
  rating: rating(),
  reviewCount: reviewCount(),
  image: text('image').notNull().default(''),
  description: text('description').notNull().default(''),
  amenities: textList('amenities'),
  isActive: isActive(),
  ownerId: ownerId(),
  changedBy: changedBy(),
  changedAt: changedAt(),
  createdAt: createdAt(),
});

export const additionalServices = pgTable('additional_services', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  category: text('category').notNull(),
  icon: text('icon').notNull().default('sparkles'),
  priceCents: integer('price_cents').notNull().default(0),
  isActive: isActive(),
  createdAt: createdAt(),
});

export const generalServices = pgTable('general_services', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  category: text('category').notNull(),
  serviceType: text('service_type').notNull().default('On-demand'),
  /** The price range as the provider wrote it, e.g. "$50 - $120". */
  price: text('price').notNull().default(''),
  /** The bookable "from" price: the lower bound of `price`. */
  priceCents: integer('price_cents').notNull().default(0),
  duration: text('duration').notNull().default(''),
  availability: text('availability').notNull().default(''),
  contactEmail: text('contact_email').notNull().default(''),
  contactPhone: text('contact_phone').notNull().default(''),
  serviceArea: text('service_area').notNull().default(''),
  features: textList('features'),
  requirements: textList('requirements'),
  country: text('country').notNull().default(''),
  businessLicense: text('business_license').notNull().default(''),
  insurance: text('insurance').notNull().default(''),
  experience: text('experience').notNull().default(''),
  specializations: textList('specializations'),
  languages: textList('languages'),
  /** One appointment's length; null when the service is not booked by appointment. */
  appointmentMinutes: integer('appointment_minutes'),
  /** Weekly working hours of an appointment service (domain/availability/hours.ts). */
  workingHours: jsonb('working_hours').$type<WeeklyHours>(),
  rating: rating(),
  reviewCount: reviewCount(),
  isActive: isActive(),
  ownerId: ownerId(),
  changedBy: changedBy(),
  changedAt: changedAt(),
  createdAt: createdAt(),
});

/**
 * Reviews (spec 002 section 3) plus moderation: a hidden review (by an admin, or held because the profanity
 * filter flagged it) leaves its listing's rating. `serviceType` is the booking vocabulary and `serviceId` the
 * listing's id (for food: the restaurant). One review per customer per listing.
 */
export const reviews = pgTable(
  'reviews',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    serviceType: text('service_type').notNull(),
    serviceId: integer('service_id').notNull(),
    rating: integer('rating').notNull(),
    comment: text('comment'),
    helpful: integer('helpful').notNull().default(0),
    verified: boolean('verified').notNull().default(false),
    hidden: boolean('hidden').notNull().default(false),
    hiddenReason: text('hidden_reason'),
    /** The profanity filter held it for the admin (hidden until restored). */
    flagged: boolean('flagged').notNull().default(false),
    /** Set when its author edited it. */
    editedAt: timestamp('edited_at', { withTimezone: true }),
    /** The completed provider order that made its author eligible (0011_trust_reviews; null for seeded and older reviews). */
    orderId: integer('order_id').references(() => providerOrders.id, { onDelete: 'set null' }),
    /**
     * Withdrawn from the rating, the public list and the histogram because the booking or order behind it was
     * cancelled, declined or refunded (0011_trust_reviews); its author still sees it, marked withdrawn, with the reason.
     */
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
    withdrawnReason: text('withdrawn_reason'),
    /** The booking whose cancellation (or declined order) withdrew it: where My bookings shows it. */
    withdrawnBookingId: integer('withdrawn_booking_id').references(() => bookings.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('reviews_author_listing_idx').on(t.userId, t.serviceType, t.serviceId),
    index('reviews_listing_idx').on(t.serviceType, t.serviceId),
    check('reviews_withdrawn_has_reason', sql`(${t.withdrawnAt} is null) = (${t.withdrawnReason} is null)`),
  ],
);

/** One "Helpful" vote of a user on a review; reviews.helpful counts them. */
export const reviewVotes = pgTable(
  'review_votes',
  {
    reviewId: integer('review_id')
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('review_votes_pk_idx').on(t.reviewId, t.userId)],
);

// ---------------------------------------------------------------- chat

/**
 * A conversation between a customer (`userId`) and the other party (`providerId`: the listing's owner, or the
 * delivery's driver for kind 'driver'). `topicKey` makes starting it again return the existing one.
 */
export const chatConversations = pgTable(
  'chat_conversations',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    providerId: integer('provider_id').notNull(),
    kind: text('kind', { enum: ['provider', 'driver'] })
      .notNull()
      .default('provider'),
    serviceType: text('service_type').notNull(),
    serviceId: integer('service_id').notNull(),
    bookingId: integer('booking_id').references(() => bookings.id, { onDelete: 'set null' }),
    orderId: integer('order_id'),
    topicKey: text('topic_key').notNull(),
    status: text('status').notNull().default('active'),
    /** The last message id each side has read (read receipts and unread counts). */
    customerReadUpTo: integer('customer_read_up_to').notNull().default(0),
    providerReadUpTo: integer('provider_read_up_to').notNull().default(0),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('chat_conversations_topic_idx').on(t.topicKey), index('chat_conversations_user_idx').on(t.userId), index('chat_conversations_provider_idx').on(t.providerId)],
);

export const chatMessages = pgTable(
  'chat_messages',
  {
    id: serial('id').primaryKey(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => chatConversations.id, { onDelete: 'cascade' }),
    senderId: integer('sender_id').notNull(),
    senderType: text('sender_type').notNull().default('user'),
    message: text('message').notNull(),
    messageType: text('message_type').notNull().default('text'),
    isRead: boolean('is_read').notNull().default(false),
    /** The sender's id for an optimistic send: a retry with the same id stores nothing new. */
    clientMessageId: text('client_message_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('chat_messages_conversation_idx').on(t.conversationId, t.id),
    uniqueIndex('chat_messages_client_idx').on(t.senderId, t.clientMessageId),
    index('chat_messages_sender_time_idx').on(t.senderId, t.createdAt),
  ],
);

// ---------------------------------------------------------------- providers and onboarding

export const serviceProviders = pgTable('service_providers', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  serviceType: text('service_type').notNull(),
  serviceId: integer('service_id'),
  businessName: text('business_name').notNull(),
  registrationId: integer('registration_id'),
  isOnline: boolean('is_online').notNull().default(false),
  lastActive: timestamp('last_active', { withTimezone: true }),
  createdAt: createdAt(),
});

/** Every provider registration, stored as submitted, waiting for an admin's review. */
export const registrations = pgTable(
  'registrations',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    /** 'unconfirmed' until the applicant opens the e-mailed confirmation link (0013_trust_mail); the admin reviews 'pending'. */
    status: text('status', { enum: ['unconfirmed', 'pending', 'approved', 'rejected'] })
      .notNull()
      .default('pending'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    /** sha256 of the one-time confirmation token (never the token), cleared once used. */
    confirmTokenHash: text('confirm_token_hash'),
    confirmExpiresAt: timestamp('confirm_expires_at', { withTimezone: true }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    submitterId: integer('submitter_id').references(() => users.id, { onDelete: 'set null' }),
    submitterIp: text('submitter_ip'),
    reviewNotes: text('review_notes'),
    reviewedBy: integer('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    publishedCollection: text('published_collection'),
    publishedId: integer('published_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('registrations_status_idx').on(t.status, t.kind),
    uniqueIndex('registrations_confirm_token_idx').on(t.confirmTokenHash).where(sql`${t.confirmTokenHash} is not null`),
  ],
);

export const contactMessages = pgTable('contact_messages', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  subject: text('subject').notNull().default(''),
  message: text('message').notNull(),
  userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  readAt: timestamp('read_at', { withTimezone: true }),
  createdAt: createdAt(),
});

// ---------------------------------------------------------------- bookings and payments

export const bookings = pgTable(
  'bookings',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['pending', 'confirmed', 'completed', 'cancelled'] })
      .notNull()
      .default('pending'),
    totalCents: integer('total_cents').notNull(),
    /**
     * The price breakdown as booked (domain/bookings/breakdown.ts), so a later rule change never rewrites the past:
     * total_cents is the sum of these five; price_lines are the lines shown (labels with the tax rate and place).
     */
    subtotalCents: integer('subtotal_cents').notNull().default(0),
    deliveryFeeCents: integer('delivery_fee_cents').notNull().default(0),
    serviceFeeCents: integer('service_fee_cents').notNull().default(0),
    taxCents: integer('tax_cents').notNull().default(0),
    tipCents: integer('tip_cents').notNull().default(0),
    priceLines: jsonb('price_lines').$type<Array<{ key: 'items' | 'delivery' | 'service' | 'tax' | 'tip'; label: string; amountCents: number; restaurantId?: number }>>().notNull().default([]),
    /** While pending: until when its availability holds keep their units (null when it holds nothing). */
    holdExpiresAt: timestamp('hold_expires_at', { withTimezone: true }),
    currency: text('currency').notNull().default('usd'),
    bookingDate: timestamp('booking_date', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('bookings_user_idx').on(t.userId),
    check('bookings_total_is_breakdown', sql`${t.totalCents} = ${t.subtotalCents} + ${t.deliveryFeeCents} + ${t.serviceFeeCents} + ${t.taxCents} + ${t.tipCents}`),
  ],
);

export const bookingItems = pgTable(
  'booking_items',
  {
    id: serial('id').primaryKey(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    serviceType: text('service_type').notNull(),
    serviceId: integer('service_id').notNull(),
    name: text('name').notNull(),
    quantity: integer('quantity').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    lineTotalCents: integer('line_total_cents').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    /** The provider order this line belongs to (set when the booking is paid: one order per provider and listing). */
    orderId: integer('order_id'),
  },
  (t) => [index('booking_items_booking_idx').on(t.bookingId), index('booking_items_order_idx').on(t.orderId)],
);

/** Sandbox card tokens. The card number is never stored: only brand, last4, expiry and the test outcome. */
export const paymentMethods = pgTable('payment_methods', {
  id: text('id').primaryKey(),
  userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
  brand: text('brand').notNull(),
  last4: text('last4').notNull(),
  expMonth: integer('exp_month').notNull(),
  expYear: integer('exp_year').notNull(),
  outcome: text('outcome').notNull().default('succeed'),
  createdAt: createdAt(),
});

export const paymentIntents = pgTable('payment_intents', {
  id: text('id').primaryKey(),
  bookingId: integer('booking_id')
    .notNull()
    .references(() => bookings.id, { onDelete: 'cascade' }),
  gateway: text('gateway').notNull(),
  amountCents: integer('amount_cents').notNull(),
  currency: text('currency').notNull().default('usd'),
  status: text('status').notNull().default('requires_payment_method'),
  clientSecret: text('client_secret').notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    /** 'processing': a charge claimed and sent to the gateway, its result not yet recorded (ADR 035). */
    status: text('status', { enum: ['processing', 'succeeded', 'failed', 'refunded'] }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('usd'),
    brand: text('brand'),
    last4: text('last4'),
    gateway: text('gateway').notNull().default('sandbox'),
    gatewayRef: text('gateway_ref'),
    failureMessage: text('failure_message'),
    /** What repeating the charge needs: the key the gateway knows it by, the payment method, the intent confirmed. */
    idempotencyKey: text('idempotency_key'),
    methodId: text('method_id'),
    intentId: text('intent_id'),
    /** When the charge was last sent: a claim still processing a while after is finished by the workers. */
    attemptedAt: timestamp('attempted_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('payments_booking_idx').on(t.bookingId),
    // One charge in flight per booking, whichever instance claimed it.
    uniqueIndex('payments_one_processing_idx').on(t.bookingId).where(sql`${t.status} = 'processing'`),
  ],
);

/** Stored first results of requests carrying an Idempotency-Key header, replayed for the same key. */
export const idempotencyKeys = pgTable('idempotency_keys', {
  key: text('key').primaryKey(),
  userId: integer('user_id'),
  route: text('route').notNull(),
  statusCode: integer('status_code').notNull(),
  body: jsonb('body').notNull(),
  createdAt: createdAt(),
});

/** Stripe webhook events already handled, so duplicates are ignored. */
export const webhookEvents = pgTable('webhook_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  createdAt: createdAt(),
});

// ---------------------------------------------------------------- availability (ADR 027)

/**
 * One row per listing and day that anything has taken: units taken by holds and bookings, and how many provider
 * blocks cover the day. The CHECK constraints are the guarantee: no statement, however concurrent, can take more
 * units than the day's capacity, book a blocked day or block a booked one. Rows are created on first use with the
 * listing's capacity; a capacity change rewrites `capacity` of the coming days under the same CHECK.
 */
export const availabilityDays = pgTable(
  'availability_days',
  {
    kind: text('kind').notNull(),
    listingId: integer('listing_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    capacity: integer('capacity').notNull(),
    taken: integer('taken').notNull().default(0),
    blocked: integer('blocked').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.listingId, t.day] }),
    check('availability_days_within_capacity', sql`${t.taken} >= 0 and ${t.taken} <= ${t.capacity}`),
    check('availability_days_blocked_is_empty', sql`${t.blocked} >= 0 and (${t.blocked} = 0 or ${t.taken} = 0)`),
  ],
);

/**
 * What a booking line holds: units of a listing over days [startDay, endDay), or an appointment [startsAt, endsAt).
 * 'held' until paid or expiresAt, then 'confirmed' (paid) or 'released' (expired, cancelled). Appointments of one
 * listing never overlap: an exclusion constraint (btree_gist) in migration 0008 refuses it.
 */
export const availabilityHolds = pgTable(
  'availability_holds',
  {
    id: serial('id').primaryKey(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    listingId: integer('listing_id').notNull(),
    units: integer('units').notNull(),
    startDay: date('start_day', { mode: 'string' }).notNull(),
    endDay: date('end_day', { mode: 'string' }).notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    status: text('status', { enum: ['held', 'confirmed', 'released'] })
      .notNull()
      .default('held'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: createdAt(),
    releasedAt: timestamp('released_at', { withTimezone: true }),
  },
  (t) => [
    index('availability_holds_booking_idx').on(t.bookingId),
    index('availability_holds_listing_idx').on(t.kind, t.listingId, t.startDay),
    index('availability_holds_expiry_idx').on(t.expiresAt).where(sql`status = 'held'`),
    check('availability_holds_span', sql`${t.endDay} > ${t.startDay} and ${t.units} > 0`),
  ],
);

/** Days [startDay, endDay) a provider closed a listing (maintenance, own use); each adds to availability_days.blocked. */
export const availabilityBlocks = pgTable(
  'availability_blocks',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    listingId: integer('listing_id').notNull(),
    startDay: date('start_day', { mode: 'string' }).notNull(),
    endDay: date('end_day', { mode: 'string' }).notNull(),
    reason: text('reason').notNull().default(''),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('availability_blocks_listing_idx').on(t.kind, t.listingId, t.startDay)],
);

/** A listing's booking rules; a listing without a row has the defaults (domain DEFAULT_RULES). */
export const availabilityRules = pgTable(
  'availability_rules',
  {
    kind: text('kind').notNull(),
    listingId: integer('listing_id').notNull(),
    minNights: integer('min_nights').notNull().default(1),
    maxNights: integer('max_nights').notNull().default(365),
    leadDays: integer('lead_days').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.kind, t.listingId] })],
);

// ---------------------------------------------------------------- tracking

export type GeoPoint = { lat: number; lng: number; address: string };

export const trackingRecords = pgTable(
  'tracking_records',
  {
    id: text('id').primaryKey(),
    bookingId: integer('booking_id').references(() => bookings.id, { onDelete: 'set null' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    type: text('type', { enum: ['delivery', 'ride', 'shipping', 'flight', 'service'] }).notNull(),
    status: text('status', { enum: ['pending', 'active', 'completed', 'cancelled'] })
      .notNull()
      .default('pending'),
    serviceName: text('service_name').notNull(),
    trackingNumber: text('tracking_number').notNull(),
    providerName: text('provider_name').notNull().default(''),
    providerPhone: text('provider_phone').notNull().default(''),
    currentLocation: jsonb('current_location').$type<GeoPoint>(),
    destination: jsonb('destination').$type<GeoPoint>().notNull(),
    estimatedTime: text('estimated_time').notNull().default(''),
    /** When the ETA points at, recomputed with each position. */
    etaAt: timestamp('eta_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('tracking_records_number_idx').on(t.trackingNumber)],
);

export const trackingUpdates = pgTable(
  'tracking_updates',
  {
    id: serial('id').primaryKey(),
    trackingId: text('tracking_id')
      .notNull()
      .references(() => trackingRecords.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    message: text('message').notNull(),
    location: jsonb('location').$type<GeoPoint>(),
    timestamp: timestamp('timestamp', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('tracking_updates_tracking_idx').on(t.trackingId)],
);

// ---------------------------------------------------------------- fulfilment

/** A driver's profile (from the approved application) and live state. One row per user with role driver. */
export const drivers = pgTable(
  'drivers',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    phone: text('phone').notNull().default(''),
    vehicle: text('vehicle').notNull().default(''),
    plate: text('plate').notNull().default(''),
    online: boolean('online').notNull().default(false),
    lat: numeric('lat', { precision: 9, scale: 6, mode: 'number' }),
    lng: numeric('lng', { precision: 9, scale: 6, mode: 'number' }),
    positionAt: timestamp('position_at', { withTimezone: true }),
    droppedFixes: integer('dropped_fixes').notNull().default(0),
    registrationId: integer('registration_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('drivers_online_idx').on(t.online),
    // Dispatch asks for online drivers inside a latitude/longitude box around the pickup (domain/orders/geo.ts).
    index('drivers_online_position_idx')
      .on(t.lat, t.lng)
      .where(sql`online`),
  ],
);

/**
 * A deliverable part of a paid booking: one per restaurant of food lines, one per taxi ride, one per shipment.
 * `partKey` makes creation idempotent (the booking.confirmed subscriber may run again after a crash).
 */
export const deliveryOrders = pgTable(
  'delivery_orders',
  {
    id: serial('id').primaryKey(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    partKey: text('part_key').notNull(),
    trackingId: text('tracking_id')
      .notNull()
      .references(() => trackingRecords.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['food', 'taxi', 'shipping'] }).notNull(),
    status: text('status', { enum: ['pending', 'accepted', 'pickup', 'transit', 'delivered', 'completed', 'cancelled'] })
      .notNull()
      .default('pending'),
    customerId: integer('customer_id').references(() => users.id, { onDelete: 'set null' }),
    driverId: integer('driver_id').references(() => users.id, { onDelete: 'set null' }),
    pickup: jsonb('pickup').$type<GeoPoint>().notNull(),
    dropoff: jsonb('dropoff').$type<GeoPoint>().notNull(),
    distanceKm: numeric('distance_km', { precision: 8, scale: 2, mode: 'number' }).notNull(),
    /** The driver's payout for this order (domain/orders/payout.ts), fixed when the order is created. */
    payoutCents: integer('payout_cents').notNull(),
    /** Set when nobody took the order within the dispatch window; the customer sees 'Looking for a driver'. */
    unassignedFlaggedAt: timestamp('unassigned_flagged_at', { withTimezone: true }),
    /** A food order of a restaurant run by a provider waits for 'Ready for pickup' before drivers are asked. */
    awaitsReady: boolean('awaits_ready').notNull().default(false),
    /** When the restaurant accepted the order in the provider portal, and when it marked it ready for pickup. */
    kitchenAcceptedAt: timestamp('kitchen_accepted_at', { withTimezone: true }),
    readyAt: timestamp('ready_at', { withTimezone: true }),
    /** When the driver first came within the arriving threshold of the drop-off after pickup (journey 'Arriving'). */
    arrivingAt: timestamp('arriving_at', { withTimezone: true }),
    /**
     * The part of the journey this order covers (domain/orders/linehaul.ts): 'direct' door to door (every food order
     * and ride, and local shipments), or one local mile of a parcel between cities ('first-mile': sender -> origin
     * hub; 'last-mile': destination hub -> recipient). Both miles share the parcel's tracking record.
     */
    leg: text('leg', { enum: ['direct', 'first-mile', 'last-mile'] })
      .notNull()
      .default('direct'),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('delivery_orders_part_idx').on(t.bookingId, t.partKey),
    index('delivery_orders_status_idx').on(t.status),
    // A driver has at most one active order: the database refuses a second one even under concurrent accepts.
    uniqueIndex('delivery_orders_one_active_idx')
      .on(t.driverId)
      .where(sql`status in ('accepted', 'pickup', 'transit', 'delivered')`),
  ],
);

/** A carrier hub (domain/orders/linehaul.ts Hub): a directory city's centre stands in for the carrier's depot. */
export type HubPoint = { city: string; lat: number; lng: number; address: string };

/**
 * A parcel between cities (issue 26): its tracking record, the hubs it goes through, the recipient the last mile
 * drives to, the charge the miles' payouts are computed from, and the door-to-door estimate in days. Created with the
 * first-mile order; the last-mile order is created when the 'at_hub' scan is recorded.
 */
export const lineHauls = pgTable('line_hauls', {
  trackingId: text('tracking_id')
    .primaryKey()
    .references(() => trackingRecords.id, { onDelete: 'cascade' }),
  bookingId: integer('booking_id')
    .notNull()
    .references(() => bookings.id, { onDelete: 'cascade' }),
  /** The booking line of the shipment (the miles' part keys are line:<id>:first-mile and line:<id>:last-mile). */
  lineId: integer('line_id').notNull(),
  originHub: jsonb('origin_hub').$type<HubPoint>().notNull(),
  destinationHub: jsonb('destination_hub').$type<HubPoint>().notNull(),
  recipient: jsonb('recipient').$type<GeoPoint>().notNull(),
  chargeCents: integer('charge_cents').notNull(),
  minDays: integer('min_days').notNull(),
  maxDays: integer('max_days').notNull(),
  createdAt: createdAt(),
});

/**
 * The carrier's scans of a parcel between cities, once each: 'in_transit' (left the origin hub), 'at_hub' (reached
 * the destination hub), both recorded through POST /api/admin/shipments/:id/scans, and 'out_for_delivery' (the
 * last-mile driver collected it at the hub). Each is also a tracking update whose status is the scan.
 */
export const shipmentScans = pgTable(
  'shipment_scans',
  {
    id: serial('id').primaryKey(),
    trackingId: text('tracking_id')
      .notNull()
      .references(() => lineHauls.trackingId, { onDelete: 'cascade' }),
    scan: text('scan', { enum: ['in_transit', 'at_hub', 'out_for_delivery'] }).notNull(),
    /** The hub's city, as the scan names it. */
    hub: text('hub').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    recordedBy: integer('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('shipment_scans_once_idx').on(t.trackingId, t.scan)],
);

/** An order offered to a driver for a short window; dispatch moves on when it expires or is declined. */
export const orderOffers = pgTable(
  'order_offers',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => deliveryOrders.id, { onDelete: 'cascade' }),
    driverId: integer('driver_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['offered', 'declined', 'expired', 'accepted', 'withdrawn'] })
      .notNull()
      .default('offered'),
    wave: integer('wave').notNull().default(1),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('order_offers_order_driver_idx').on(t.orderId, t.driverId), index('order_offers_driver_idx').on(t.driverId, t.status)],
);

/** The drivers' earnings ledger: one row per completed order. */
export const driverEarnings = pgTable(
  'driver_earnings',
  {
    id: serial('id').primaryKey(),
    driverId: integer('driver_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => deliveryOrders.id, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('driver_earnings_order_idx').on(t.orderId), index('driver_earnings_driver_idx').on(t.driverId, t.createdAt)],
);

/** Accepted position fixes of drivers with an active order: the driven path. Bounded per order. */
export const driverPositions = pgTable(
  'driver_positions',
  {
    id: serial('id').primaryKey(),
    driverId: integer('driver_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    orderId: integer('order_id').references(() => deliveryOrders.id, { onDelete: 'cascade' }),
    lat: numeric('lat', { precision: 9, scale: 6, mode: 'number' }).notNull(),
    lng: numeric('lng', { precision: 9, scale: 6, mode: 'number' }).notNull(),
    accuracy: numeric('accuracy', { mode: 'number' }),
    speed: numeric('speed', { mode: 'number' }),
    heading: numeric('heading', { mode: 'number' }),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('driver_positions_order_idx').on(t.orderId, t.id)],
);

/** One-time links that let a person set a password (accounts created for them, e.g. an approved driver). */
export const passwordTokens = pgTable(
  'password_tokens',
  {
    /** SHA-256 of the token; the token itself is only in the link. */
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 0012_trust_accounts: 'sign-in-link' admits a new browser of an account under attack (ADR 016). */
    purpose: text('purpose').notNull().default('set-password'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [check('password_tokens_purpose_check', sql`${t.purpose} in ('set-password', 'reset-password', 'sign-in-link')`)],
);

/**
 * The outbox of domain events: written in the transaction of the change that causes them, dispatched after commit
 * (platform/events). `dispatchedAt` null means not yet handled; a sweeper retries those.
 */
export const domainEvents = pgTable(
  'domain_events',
  {
    id: serial('id').primaryKey(),
    type: text('type').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: createdAt(),
    dispatchedAt: timestamp('dispatched_at', { withTimezone: true }),
    /** 0014_trust_live: its handlers have run (or it has none): what is left is publishing it (pub/sub was down). */
    publishOnly: boolean('publish_only').notNull().default(false),
    /** 0013_request_ids: the id of the HTTP request whose transaction emitted it; its handlers' log lines carry it. */
    requestId: text('request_id'),
  },
  (t) => [
    index('domain_events_pending_idx').on(t.id).where(sql`dispatched_at is null`),
    // 0014_trust_live: the few events published late, which a chat rejoin also replays (EventBus.latePublished).
    index('domain_events_late_idx').on(t.type, t.createdAt).where(sql`publish_only`),
  ],
);

/**
 * The mail outbox (platform/mailer): each mail is stored once (dedupeKey), claimed by one worker (SKIP LOCKED) and
 * sent over SMTP, or into the built-in mailbox when SMTP_URL is unset. Retries back off exponentially.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    dedupeKey: text('dedupe_key').notNull(),
    toAddress: text('to_address').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    template: text('template').notNull(),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    status: text('status', { enum: ['queued', 'sending', 'sent', 'failed'] })
      .notNull()
      .default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    lastError: text('last_error'),
    transport: text('transport'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('mail_outbox_dedupe_idx').on(t.dedupeKey),
    index('mail_outbox_due_idx').on(t.status, t.nextAttemptAt),
    index('mail_outbox_to_idx').on(t.toAddress),
  ],
);

/** Marks that the demo catalogue has been seeded, so a restart never duplicates it. */
export const seedRuns = pgTable('seed_runs', {
  name: text('name').primaryKey(),
  ranAt: timestamp('ran_at', { withTimezone: true }).notNull().defaultNow(),
});

// ---------------------------------------------------------------- money (ADR 029)

/**
 * The commission the platform takes per listing kind (admin collection name): a percent of an order's items, at
 * least minCents per order (never more than the items). Read when an order is paid and copied onto it.
 */
export const commissionRules = pgTable(
  'commission_rules',
  {
    kind: text('kind').primaryKey(),
    percent: numeric('percent', { precision: 5, scale: 2, mode: 'number' }).notNull(),
    minCents: integer('min_cents').notNull().default(0),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: updatedAt(),
  },
  (t) => [check('commission_rules_bounds', sql`${t.percent} >= 0 and ${t.percent} <= 100 and ${t.minCents} >= 0`)],
);

/**
 * One provider's part of a paid booking: the lines of one listing (booking_items.order_id), what the customer paid
 * for them (items, the restaurant's delivery fee and the order's shares of the service fee, tax and tip), the
 * commission fixed when it was paid, and what was refunded of each. provider_id null: a listing nobody owns (the
 * platform sells it). Created once per booking and listing (unique), in the payment's transaction.
 */
export const providerOrders = pgTable(
  'provider_orders',
  {
    id: serial('id').primaryKey(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    providerId: integer('provider_id').references(() => users.id, { onDelete: 'set null' }),
    listingKind: text('listing_kind').notNull(),
    listingId: integer('listing_id').notNull(),
    listingName: text('listing_name').notNull(),
    status: text('status', { enum: ['confirmed', 'accepted', 'completed', 'declined', 'cancelled'] })
      .notNull()
      .default('confirmed'),
    currency: text('currency').notNull().default('usd'),
    itemsCents: integer('items_cents').notNull(),
    deliveryFeeCents: integer('delivery_fee_cents').notNull().default(0),
    serviceFeeCents: integer('service_fee_cents').notNull().default(0),
    taxCents: integer('tax_cents').notNull().default(0),
    tipCents: integer('tip_cents').notNull().default(0),
    /** What the customer paid for this order: the five parts above. */
    totalCents: integer('total_cents').notNull(),
    commissionPercent: numeric('commission_percent', { precision: 5, scale: 2, mode: 'number' }).notNull().default(0),
    commissionMinCents: integer('commission_min_cents').notNull().default(0),
    /** The platform's commission on the items (the provider's net is items - commission). */
    commissionCents: integer('commission_cents').notNull().default(0),
    /** Refunded to the customer, in all, and the parts of it taken back from the provider's net and the commission. */
    refundedCents: integer('refunded_cents').notNull().default(0),
    netRefundedCents: integer('net_refunded_cents').notNull().default(0),
    commissionRefundedCents: integer('commission_refunded_cents').notNull().default(0),
    /** Kept from the customer by a cancellation after the free period (part of total - refunded). */
    cancellationFeeCents: integer('cancellation_fee_cents').notNull().default(0),
    /** Drivers' pay charged to this order (rides and parcels: the platform's drivers fulfil them). */
    fulfilmentCents: integer('fulfilment_cents').notNull().default(0),
    /** Reservations: the day the stay, rental, lease, flight or appointment ends; it completes then. */
    endsOn: date('ends_on'),
    startsOn: date('starts_on'),
    declineReason: text('decline_reason'),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    declinedAt: timestamp('declined_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('provider_orders_part_idx').on(t.bookingId, t.listingKind, t.listingId),
    index('provider_orders_provider_idx').on(t.providerId, t.createdAt),
    index('provider_orders_completed_idx').on(t.providerId, t.completedAt),
    // The admin's finance figures by day.
    index('provider_orders_created_idx').on(t.createdAt),
    check(
      'provider_orders_amounts',
      sql`${t.totalCents} = ${t.itemsCents} + ${t.deliveryFeeCents} + ${t.serviceFeeCents} + ${t.taxCents} + ${t.tipCents}
        and ${t.commissionCents} between 0 and ${t.itemsCents}
        and ${t.refundedCents} between 0 and ${t.totalCents}
        and ${t.netRefundedCents} between 0 and ${t.itemsCents} - ${t.commissionCents}
        and ${t.commissionRefundedCents} between 0 and ${t.commissionCents}
        and ${t.fulfilmentCents} >= 0
        and ${t.fulfilmentCents} + ${t.netRefundedCents} <= ${t.itemsCents} - ${t.commissionCents}`,
    ),
  ],
);

/**
 * The ledger's accounts: 'provider:<user id>' and 'driver:<user id>' (what the platform owes them), and the
 * platform's own ('platform:revenue', 'platform:delivery', 'customer:clearing', 'gateway', 'refunds', 'tax',
 * 'deliveries', 'payouts:in-transit'). balance_cents is the sum of the account's entries (debits positive, credits
 * negative), kept by a trigger; what the platform owes a payee is a credit balance, never a debit (CHECK).
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    kind: text('kind', { enum: ['provider', 'driver', 'platform'] }).notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    currency: text('currency').notNull().default('usd'),
    balanceCents: bigint('balance_cents', { mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('ledger_accounts_code_idx').on(t.code, t.currency),
    check('ledger_accounts_payee_never_owes', sql`${t.kind} = 'platform' or ${t.balanceCents} <= 0`),
  ],
);

/**
 * One money event, posted once: `source` names what caused it ('capture:booking:12', 'refund:order:7',
 * 'earning:delivery:3', 'payout:5', ...) and is unique, so a retry or a second instance posts nothing twice. Its
 * entries sum to zero (a deferred constraint trigger refuses the transaction otherwise).
 */
export const ledgerPostings = pgTable(
  'ledger_postings',
  {
    id: serial('id').primaryKey(),
    source: text('source').notNull(),
    kind: text('kind', { enum: ['charge', 'allocation', 'refund', 'refund_paid', 'earning', 'payout', 'payout_failure', 'reversal'] }).notNull(),
    memo: text('memo').notNull().default(''),
    bookingId: integer('booking_id'),
    orderId: integer('order_id'),
    payoutId: integer('payout_id'),
    currency: text('currency').notNull().default('usd'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('ledger_postings_source_idx').on(t.source), index('ledger_postings_created_idx').on(t.createdAt)],
);

export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: serial('id').primaryKey(),
    postingId: integer('posting_id')
      .notNull()
      .references(() => ledgerPostings.id, { onDelete: 'restrict' }),
    accountId: integer('account_id')
      .notNull()
      .references(() => ledgerAccounts.id, { onDelete: 'restrict' }),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('ledger_entries_account_idx').on(t.accountId, t.id), index('ledger_entries_posting_idx').on(t.postingId)],
);

/** Where a payee's money is transferred: a Stripe Connect account id (the sandbox makes one up on first payout). */
export const payeeAccounts = pgTable('payee_accounts', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  destination: text('destination').notNull(),
  createdAt: createdAt(),
});

/** A payout run: manual (admin) or scheduled; a scheduled one is unique per period, so it runs once. */
export const payoutRuns = pgTable('payout_runs', {
  id: serial('id').primaryKey(),
  /** 'scheduled:<period start ISO>' or 'manual:<uuid>'. */
  period: text('period').notNull().unique(),
  startedBy: integer('started_by').references(() => users.id, { onDelete: 'set null' }),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
});

/** One transfer of a payee's available balance. */
export const payouts = pgTable(
  'payouts',
  {
    id: serial('id').primaryKey(),
    runId: integer('run_id').references(() => payoutRuns.id, { onDelete: 'set null' }),
    payeeKind: text('payee_kind', { enum: ['provider', 'driver'] }).notNull(),
    payeeId: integer('payee_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('usd'),
    status: text('status', { enum: ['pending', 'paid', 'failed'] })
      .notNull()
      .default('pending'),
    destination: text('destination').notNull(),
    gatewayRef: text('gateway_ref'),
    failureMessage: text('failure_message'),
    createdAt: createdAt(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    index('payouts_payee_idx').on(t.payeeKind, t.payeeId, t.createdAt),
    // Transfers not yet settled, which every payout run retries.
    index('payouts_pending_idx')
      .on(t.createdAt)
      .where(sql`status = 'pending'`),
    index('payouts_settled_idx').on(t.settledAt),
    check('payouts_positive', sql`${t.amountCents} > 0`),
  ],
);

// ---- issue 27 (migration 0011_trust) ----

/**
 * Mail budgets of public (unauthenticated) triggers: one counter per bucket ('to:<address>' or '*' for the whole site)
 * per clock hour, reserved in the enqueueing transaction (INSERT ... ON CONFLICT DO UPDATE ... WHERE count < max).
 */
export const mailBudget = pgTable(
  'mail_budget',
  {
    bucket: text('bucket').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.bucket, t.windowStart] }), check('mail_budget_count_positive', sql`${t.count} >= 0`)],
);

// ---------------------------------------------------------------- search (issue 29: search helper)

// Written by migration 0012_search's triggers (and only by them): every write to a listing table or a menu keeps the
// search tables exact in the same transaction (ADR 031). The functions, triggers and extensions live in that migration.

/** A text search vector (PostgreSQL `tsvector`), read back as its text form. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
/** A point on the earth (earthdistance's `earth`: a cube of 3 coordinates in metres), read back as its text form. */
const earth = customType<{ data: string }>({ dataType: () => 'earth' });

/**
 * One row per listing of the searched kinds (domain/search SEARCH_KINDS): what search filters, ranks and sorts by.
 * `document` weighs the name A, the kind's category words B, place words C and descriptions, amenities and menu item
 * names D, all folded (unaccent, lower case). `facets` holds the categorical values as stored ('cuisine:Italian',
 * 'stars:4'); `price_cents` is the kind's own price (PRICE_UNIT), 2147483647 when there is none (a restaurant with
 * nothing available), and `price_band` its index in PRICE_BANDS (-1: none). `capacity` is what a dated search counts
 * units of (hotel rooms, car fleet, 1 property).
 */
export const searchDocuments = pgTable(
  'search_documents',
  {
    kind: text('kind').notNull(),
    listingId: integer('listing_id').notNull(),
    name: text('name').notNull(),
    /** The name folded to its words ('Casa Gótica' -> 'casa gotica'): exact and prefix name matches. */
    nameKey: text('name_key').notNull(),
    document: tsvector('document').notNull(),
    facets: textList('facets'),
    priceCents: integer('price_cents').notNull(),
    priceBand: smallint('price_band').notNull(),
    rating: numeric('rating', { precision: 2, scale: 1 }).notNull(),
    reviewCount: integer('review_count').notNull(),
    city: text('city'),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    position: earth('position'),
    capacity: integer('capacity'),
    maxGuests: integer('max_guests'),
    isActive: boolean('is_active').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.listingId] }),
    // A GIN index keeps new entries in a pending list that every search reads through until it is merged: a short one
    // (256 kB, merged by the inserting statement) keeps searches fast right after a bulk load, before any vacuum.
    index('search_documents_document_idx').using('gin', t.document).with({ gin_pending_list_limit: 256 }).where(sql`is_active`),
    index('search_documents_facets_idx').using('gin', t.facets).with({ gin_pending_list_limit: 256 }).where(sql`is_active`),
    index('search_documents_position_idx').using('gist', t.position).where(sql`is_active`),
    // A kind's listings near a place (btree_gist for the kind): hotels near Tokyo without passing every other kind there.
    index('search_documents_kind_position_idx').using('gist', t.kind, t.position).where(sql`is_active`),
    index('search_documents_kind_rating_idx').on(t.kind, t.rating.desc(), t.listingId).where(sql`is_active`),
    index('search_documents_rating_idx').on(t.rating.desc(), t.listingId, t.kind).where(sql`is_active`),
    index('search_documents_kind_price_idx').on(t.kind, t.priceCents, t.listingId).where(sql`is_active`),
    index('search_documents_price_idx').on(t.priceCents, t.listingId, t.kind).where(sql`is_active`),
    // Names beginning with a broad search's words (name_key like 'via roma%').
    index('search_documents_name_key_idx').using('btree', t.nameKey.op('text_pattern_ops')).where(sql`is_active`),
  ],
);

/** Every word the documents have held (append-only): the lexicon typo-tolerant search finds candidate words in. */
export const searchWords = pgTable(
  'search_words',
  {
    word: text('word').primaryKey(),
  },
  (t) => [
    // Words are added rarely once a catalogue is loaded: no pending list at all.
    index('search_words_trigram_idx').using('gin', t.word.op('gin_trgm_ops')).with({ fastupdate: false }),
    index('search_words_prefix_idx').using('btree', t.word.op('text_pattern_ops')),
  ],
);

/**
 * How many active documents share each kind, facet values, price band and rating band (0, 3: rated 3+, 4: rated 4+):
 * the totals and facet counts of a search without words, place or dates, whatever the catalogue's size.
 */
export const searchCounts = pgTable(
  'search_counts',
  {
    kind: text('kind').notNull(),
    facets: textList('facets'),
    priceBand: smallint('price_band').notNull(),
    ratingBand: smallint('rating_band').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.facets, t.priceBand, t.ratingBand] })],
);
