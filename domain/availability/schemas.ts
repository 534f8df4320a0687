/**
 * Availability (issue 25): what each listing kind sells per day or per slot, the public and provider API shapes, and
 * the plain reasons a request is refused. Capacity is enforced by the database (server/modules/availability); these
 * are the shapes and pure rules both sides share.
 */
import { z } from 'zod';
import type { WeeklyHours } from './hours';
import { WeeklyHoursSchema } from './hours-schema';
import { formatCalendarDay, SERVER_LOCALE } from '../format';

/** The listing kinds with availability, named as the admin collections name them. */
export const AVAILABILITY_KINDS = ['hotels', 'cars', 'properties', 'flights', 'general-services', 'restaurants'] as const;
export type AvailabilityKind = (typeof AVAILABILITY_KINDS)[number];
/** The kinds sold per day from a number of units. */
export const DAY_KINDS = ['hotels', 'cars', 'properties', 'flights'] as const;
export type DayKind = (typeof DAY_KINDS)[number];

/** What one unit of each kind is called. */
export const UNIT_NAMES: Record<AvailabilityKind, { one: string; many: string }> = {
  hotels: { one: 'room', many: 'rooms' },
  cars: { one: 'car', many: 'cars' },
  properties: { one: 'unit', many: 'units' },
  flights: { one: 'seat', many: 'seats' },
  'general-services': { one: 'appointment', many: 'appointments' },
  restaurants: { one: 'table', many: 'tables' },
};

/** The most days one availability or calendar request may span. */
export const MAX_AVAILABILITY_DAYS = 366;

const isoDay = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date (YYYY-MM-DD)`)
    .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d), `${label} must be a real calendar date`);

/** `?from=&to=` of the availability and calendar routes: both days included, at most 366 days. */
export const DayRangeQuery = z
  .object({ from: isoDay('From'), to: isoDay('To') })
  .refine((q) => q.to >= q.from, { message: 'To must not be before From', path: ['to'] })
  .refine((q) => daysBetween(q.from, q.to) + 1 <= MAX_AVAILABILITY_DAYS, { message: `At most ${MAX_AVAILABILITY_DAYS} days per request`, path: ['to'] });

/** Whole days from `a` to `b` ("YYYY-MM-DD"). */
export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
}

/** "YYYY-MM-DD" plus whole months, clamped to the month's last day (Jan 31 + 1 month = Feb 28). */
export function addMonths(day: string, months: number): string {
  const [y, m, d] = day.split('-').map(Number);
  const first = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(d, last));
  return first.toISOString().slice(0, 10);
}

/** "2026-12-24" -> "Dec 24": a day in the refusals below, which the API words in English (SERVER_LOCALE). */
export function shortDate(day: string): string {
  return formatCalendarDay(day, 'monthDay', { locale: SERVER_LOCALE });
}

// ---------------------------------------------------------------- refusals

/** 'Only 1 room left for these nights' (hotels), '... for these days' (cars), '... on this flight' (seats). */
export function onlyLeftMessage(kind: AvailabilityKind, left: number): string {
  const unit = left === 1 ? UNIT_NAMES[kind].one : UNIT_NAMES[kind].many;
  const span = kind === 'hotels' ? 'these nights' : kind === 'flights' ? 'this flight' : 'these dates';
  return `Only ${left} ${unit} left for ${span}`;
}
/** 'Sold out on Dec 24'. */
export const soldOutMessage = (day: string) => `Sold out on ${shortDate(day)}`;
/** 'Booked from Mar 1 to Jun 1' (a lease; `end` is the day it ends, not included). */
export const bookedMessage = (start: string, end: string) => `Booked from ${shortDate(start)} to ${shortDate(end)}`;
/** 'Not available on Dec 24' (blocked by the provider). */
export const blockedMessage = (day: string) => `Not available on ${shortDate(day)}`;
export const SLOT_TAKEN = 'That time is no longer free. Please pick another.';
export const SLOT_OUTSIDE_HOURS = 'That time is outside the working hours';

// ---------------------------------------------------------------- public API

export const AvailabilityDaySchema = z.object({ date: z.string(), free: z.number() });
export const SlotSchema = z.object({ start: z.string(), end: z.string() });

/** GET /api/availability/:kind/:id for the day kinds. */
export const DayAvailabilitySchema = z
  .object({
    kind: z.enum(DAY_KINDS),
    id: z.number(),
    unit: z.string(),
    capacity: z.number(),
    rules: z.object({ minNights: z.number(), maxNights: z.number(), leadDays: z.number() }),
    days: z.array(AvailabilityDaySchema),
  })
  .meta({ id: 'DayAvailability' });
/** GET /api/availability/general-services/:id: free appointment slots (none when the service takes no appointments). */
export const SlotAvailabilitySchema = z
  .object({
    kind: z.literal('general-services'),
    id: z.number(),
    unit: z.string(),
    capacity: z.number(),
    appointments: z.boolean(),
    durationMinutes: z.number().nullable(),
    hours: WeeklyHoursSchema.nullable(),
    days: z.array(AvailabilityDaySchema),
    slots: z.array(SlotSchema),
  })
  .meta({ id: 'SlotAvailability' });
/** GET /api/availability/restaurants/:id: open now, next opening, the weekly hours. */
export const OpeningSchema = z
  .object({
    kind: z.literal('restaurants'),
    id: z.number(),
    open: z.boolean(),
    opensAt: z.string().nullable(),
    closesAt: z.string().nullable(),
    hours: WeeklyHoursSchema.nullable(),
  })
  .meta({ id: 'Opening' });
export const AvailabilitySchema = z.union([DayAvailabilitySchema, SlotAvailabilitySchema, OpeningSchema]);
export type DayAvailability = z.infer<typeof DayAvailabilitySchema>;
export type SlotAvailability = z.infer<typeof SlotAvailabilitySchema>;
export type Opening = z.infer<typeof OpeningSchema>;
export type Availability = z.infer<typeof AvailabilitySchema>;

// ---------------------------------------------------------------- provider API

export const BookingRulesSchema = z
  .object({
    minNights: z.number().int().min(1, 'Minimum must be at least 1').max(365, 'Minimum must be at most 365'),
    maxNights: z.number().int().min(1, 'Maximum must be at least 1').max(365, 'Maximum must be at most 365'),
    leadDays: z.number().int().min(0, 'Notice must not be negative').max(365, 'Notice must be at most 365 days'),
  })
  .refine((r) => r.maxNights >= r.minNights, { message: 'Maximum must not be below minimum', path: ['maxNights'] })
  .meta({ id: 'BookingRules' });
export type BookingRules = z.infer<typeof BookingRulesSchema>;
export const DEFAULT_RULES: BookingRules = { minNights: 1, maxNights: 365, leadDays: 0 };

export const CapacityBodySchema = z.object({
  units: z.number({ error: 'Units must be a number' }).int('Units must be a whole number').min(1, 'Units must be at least 1').max(10_000, 'Units must be at most 10000'),
});
export const BlockBodySchema = z
  .object({
    from: isoDay('From'),
    to: isoDay('To'),
    reason: z.string().trim().max(200, 'Reason must be at most 200 characters').default(''),
  })
  .refine((b) => b.to >= b.from, { message: 'To must not be before From', path: ['to'] })
  .refine((b) => daysBetween(b.from, b.to) + 1 <= MAX_AVAILABILITY_DAYS, { message: `At most ${MAX_AVAILABILITY_DAYS} days per block`, path: ['to'] });
export type BlockBody = z.input<typeof BlockBodySchema>;
/** PUT .../hours: weekly hours and, for a general service, the appointment length (null: no appointments). */
export const HoursBodySchema = z.object({
  hours: WeeklyHoursSchema.nullable(),
  durationMinutes: z.number().int().min(10, 'Appointments are at least 10 minutes').max(720, 'Appointments are at most 12 hours').nullable().optional(),
});

export const BlockSchema = z.object({ id: z.number(), from: z.string(), to: z.string(), reason: z.string() }).meta({ id: 'AvailabilityBlock' });
export type Block = z.infer<typeof BlockSchema>;

/** One day of a provider's calendar: units booked (paid), held (awaiting payment), blocked, free. */
export const CalendarDaySchema = z.object({ date: z.string(), capacity: z.number(), booked: z.number(), held: z.number(), blocked: z.boolean(), free: z.number() });
export type CalendarDay = z.infer<typeof CalendarDaySchema>;
/** A booking or hold that takes units of the listing, as its provider sees it. */
export const CalendarEntrySchema = z.object({
  bookingId: z.number(),
  status: z.enum(['held', 'confirmed']),
  from: z.string(),
  to: z.string(),
  startsAt: z.string().nullable(),
  units: z.number(),
});
export const CalendarSchema = z
  .object({
    kind: z.enum(AVAILABILITY_KINDS),
    id: z.number(),
    name: z.string(),
    unit: z.string(),
    capacity: z.number(),
    /** Whether the provider may change the number of units (a property is always one). */
    capacityEditable: z.boolean(),
    rules: z.object({ minNights: z.number(), maxNights: z.number(), leadDays: z.number() }),
    hours: WeeklyHoursSchema.nullable(),
    durationMinutes: z.number().nullable(),
    days: z.array(CalendarDaySchema),
    blocks: z.array(BlockSchema),
    entries: z.array(CalendarEntrySchema),
  })
  .meta({ id: 'AvailabilityCalendar' });
export type Calendar = z.infer<typeof CalendarSchema>;

/** GET /api/admin/occupancy: each listing with capacity, the next 30 days. */
export const OccupancyRowSchema = z.object({
  kind: z.enum(DAY_KINDS),
  id: z.number(),
  name: z.string(),
  capacity: z.number(),
  /** Units sold or held over the window, in unit-days (room-nights, car-days, seats). */
  usedUnitDays: z.number(),
  /** Capacity over the window, in unit-days, blocked days excluded. */
  capacityUnitDays: z.number(),
  /** usedUnitDays / capacityUnitDays, 0..1. */
  occupancy: z.number(),
});
export const OccupancySchema = z.object({ from: z.string(), to: z.string(), listings: z.array(OccupancyRowSchema) }).meta({ id: 'Occupancy' });
export type Occupancy = z.infer<typeof OccupancySchema>;

export type { WeeklyHours };
