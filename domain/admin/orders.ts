/**
 * The admin's Orders tab and its exports (issue 26): find a booking by its id, its customer's e-mail or name, or a
 * tracking number of one of its deliveries; filter by status; open one; refund it. Money is dollars, as everywhere
 * in the API (the server sums integer cents).
 */
import { z } from 'zod';
import { assertExact } from '../exact';
import { BOOKING_STATUSES, BookingSchema, type Booking, type BookingStatus } from '../bookings/schemas';
import { idParam } from '../ids';

/** GET /api/admin/orders: newest first, `limit` per page, the next page with `before` (the last id shown). */
export const AdminOrdersQuerySchema = z.object({
  q: z.string().trim().max(200, 'Search must be at most 200 characters').optional(),
  status: z.enum([...BOOKING_STATUSES, 'all'], { error: 'Status must be pending, confirmed, completed, cancelled or all' }).default('all'),
  before: idParam('Invalid cursor').optional(),
  limit: z.coerce.number({ error: 'Limit must be a number' }).int('Limit must be a whole number').min(1, 'Limit must be at least 1').max(100, 'Limit must be at most 100').default(25),
});
export type AdminOrdersQuery = z.output<typeof AdminOrdersQuerySchema>;

export type AdminOrderCustomer = { id: number; username: string; email: string };

/** A row of the Orders tab. `paid` is what was captured, `refunded` what went back, `refundable` their difference. */
export type AdminOrderRow = {
  id: number;
  status: BookingStatus;
  createdAt: string;
  customer: AdminOrderCustomer;
  /** "2 × Pho Bo, 1 × Banh Mi" (the first lines; `lineCount` says how many there are). */
  summary: string;
  lineCount: number;
  total: number;
  paid: number;
  refunded: number;
  refundable: number;
  trackingNumbers: string[];
};

export type AdminOrdersPage = { orders: AdminOrderRow[]; nextBefore: number | null };

/** GET /api/admin/orders/:id: the booking as its customer sees it, who they are and the money. */
export type AdminOrderDetail = {
  booking: Booking;
  customer: AdminOrderCustomer;
  paid: number;
  refunded: number;
  refundable: number;
};

/**
 * POST /api/admin/orders/:id/refund. `amount` is the amount the admin confirmed (the dialog shows it): when the
 * booking's refundable amount is no longer that, nothing happens (409), so nobody refunds a sum they did not see.
 */
export const RefundOrderSchema = z.object({
  amount: z
    .number({ error: 'Amount must be a number' })
    .positive('Amount must be more than $0')
    .max(10_000_000, 'Amount is too large'),
});
export type RefundOrder = z.output<typeof RefundOrderSchema>;

/** Refusals of a refund, said as they are. */
export const REFUND_MESSAGES = {
  notPaid: 'This booking was never paid: there is nothing to refund',
  nothingLeft: 'Everything paid for this booking has already been refunded',
  completed: 'A completed booking cannot be refunded here',
  amountChanged: (amount: string) => `The amount to refund is now ${amount}; please check it and confirm again`,
} as const;

const Customer = z.object({ id: z.number(), username: z.string(), email: z.string() });

export const AdminOrderRowSchema = z.object({
  id: z.number(),
  status: z.enum(BOOKING_STATUSES),
  createdAt: z.string(),
  customer: Customer,
  summary: z.string(),
  lineCount: z.number(),
  total: z.number(),
  paid: z.number(),
  refunded: z.number(),
  refundable: z.number(),
  trackingNumbers: z.array(z.string()),
});
assertExact<z.output<typeof AdminOrderRowSchema>, AdminOrderRow>(true);

export const AdminOrdersPageSchema = z.object({ orders: z.array(AdminOrderRowSchema), nextBefore: z.number().nullable() });
assertExact<z.output<typeof AdminOrdersPageSchema>, AdminOrdersPage>(true);

export const AdminOrderDetailSchema = z.object({ booking: BookingSchema, customer: Customer, paid: z.number(), refunded: z.number(), refundable: z.number() });
assertExact<z.output<typeof AdminOrderDetailSchema>, AdminOrderDetail>(true);

/** The admin's CSV exports that are not collections: bookings (one row per booking, its money) and orders. */
export const ADMIN_REPORTS = {
  bookings: 'One row per booking: customer, status, subtotal, delivery, service fee, tax, tip, total, paid, refunded, tracking numbers',
  orders: 'One row per delivery order (food, ride, parcel): booking, tracking number, status, driver, addresses, distance',
} as const;
export type AdminReport = keyof typeof ADMIN_REPORTS;
export function isAdminReport(value: string): value is AdminReport {
  return Object.prototype.hasOwnProperty.call(ADMIN_REPORTS, value);
}
