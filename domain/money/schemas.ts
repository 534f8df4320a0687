import { z } from 'zod';
import { DECLINE_REASON_MAX } from './cancellation';

/**
 * The money API's shapes (issue 28). Amounts here are integer cents (`*Cents`), as the issue names them; the
 * older catalogue and booking fields stay in dollars for spec 000.
 */

export const ORDER_STATUSES = ['confirmed', 'accepted', 'completed', 'declined', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** One provider's part of a booking, as the customer sees it (GET /api/bookings/:id `orders`). */
export type BookingOrder = {
  id: number;
  /** Who provides it: the listing's name (the restaurant, hotel, car...). */
  provider: string;
  listingKind: string;
  listingId: number;
  status: OrderStatus;
  items: Array<{ name: string; quantity: number; lineTotalCents: number }>;
  totalCents: number;
  refundedCents: number;
  cancellationFeeCents: number;
  declineReason: string | null;
};
export const BookingOrderSchema = z.object({
  id: z.number(),
  provider: z.string(),
  listingKind: z.string(),
  listingId: z.number(),
  status: z.enum(ORDER_STATUSES),
  items: z.array(z.object({ name: z.string(), quantity: z.number(), lineTotalCents: z.number() })),
  totalCents: z.number(),
  refundedCents: z.number(),
  cancellationFeeCents: z.number(),
  declineReason: z.string().nullable(),
});

/** GET /api/bookings/:id/cancellation: what cancelling now would refund, order by order, before the customer confirms. */
export type CancellationQuote = {
  cancellable: boolean;
  /** Why it cannot be cancelled, when it cannot. */
  message: string | null;
  refundCents: number;
  feeCents: number;
  orders: Array<{
    orderId: number;
    provider: string;
    status: OrderStatus;
    cancellable: boolean;
    refundCents: number;
    feeCents: number;
    policy: string;
    freeUntil: string | null;
    message: string | null;
  }>;
};
export const CancellationQuoteSchema = z.object({
  cancellable: z.boolean(),
  message: z.string().nullable(),
  refundCents: z.number(),
  feeCents: z.number(),
  orders: z.array(
    z.object({
      orderId: z.number(),
      provider: z.string(),
      status: z.enum(ORDER_STATUSES),
      cancellable: z.boolean(),
      refundCents: z.number(),
      feeCents: z.number(),
      policy: z.string(),
      freeUntil: z.string().nullable(),
      message: z.string().nullable(),
    }),
  ),
});

/**
 * POST /api/bookings/:id/cancel may name the refund the customer was shown; when the terms changed meanwhile (a
 * restaurant accepted, a deadline passed) the cancellation is refused with 409 and the new quote.
 */
export const CancelBookingBodySchema = z.object({ expectedRefundCents: z.number().int().min(0).optional() }).optional();

export const DECLINE_REASON_REQUIRED = 'Please say why you decline this order';
export const DeclineOrderSchema = z.object({
  reason: z
    .string({ message: DECLINE_REASON_REQUIRED })
    .trim()
    .min(1, DECLINE_REASON_REQUIRED)
    .max(DECLINE_REASON_MAX, `At most ${DECLINE_REASON_MAX} characters`),
});
export type DeclinedOrder = { orderId: number; status: 'declined'; refundedCents: number };
export const DeclinedOrderSchema = z.object({ orderId: z.number(), status: z.literal('declined'), refundedCents: z.number() });
export type CompletedOrder = { orderId: number; status: 'completed' };
export const CompletedOrderSchema = z.object({ orderId: z.number(), status: z.literal('completed') });

/** The money of one order as its provider sees it: gross (the items), the commission fixed when paid, the net. */
export type OrderMoneyView = {
  grossCents: number;
  commissionPercent: number;
  commissionMinCents: number;
  feeCents: number;
  netCents: number;
  refundedCents: number;
  /** Of the refund, what came out of the provider's net. */
  netRefundedCents: number;
  /** Drivers' pay charged to the order (rides, parcels). */
  fulfilmentCents: number;
  /** What the provider is owed for it now: net - netRefunded - fulfilment. */
  earnedCents: number;
};
export const OrderMoneyViewSchema = z.object({
  grossCents: z.number(),
  commissionPercent: z.number(),
  commissionMinCents: z.number(),
  feeCents: z.number(),
  netCents: z.number(),
  refundedCents: z.number(),
  netRefundedCents: z.number(),
  fulfilmentCents: z.number(),
  earnedCents: z.number(),
});

/** GET /api/provider/balance and /api/driver/balance. */
export type Balance = { availableCents: number; pendingCents: number; paidOutCents: number; currency: string; holdDays: number };
export const BalanceSchema = z.object({ availableCents: z.number(), pendingCents: z.number(), paidOutCents: z.number(), currency: z.string(), holdDays: z.number() });

export const PAYOUT_STATUSES = ['pending', 'paid', 'failed'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];
export type Payout = {
  id: number;
  kind: 'provider' | 'driver';
  payee: number;
  payeeName: string;
  amountCents: number;
  currency: string;
  status: PayoutStatus;
  failureMessage: string | null;
  createdAt: string;
  settledAt: string | null;
};
export const PayoutSchema = z.object({
  id: z.number(),
  kind: z.enum(['provider', 'driver']),
  payee: z.number(),
  payeeName: z.string(),
  amountCents: z.number(),
  currency: z.string(),
  status: z.enum(PAYOUT_STATUSES),
  failureMessage: z.string().nullable(),
  createdAt: z.string(),
  settledAt: z.string().nullable(),
});
/** POST /api/admin/payouts/run. */
export type PayoutRun = { runId: number; payouts: Payout[] };
export const PayoutRunSchema = z.object({ runId: z.number(), payouts: z.array(PayoutSchema) });

/** GET /api/admin/finance?from=YYYY-MM-DD&to=YYYY-MM-DD (UTC days, at most 366). */
export const FinanceQuerySchema = z.object({
  from: z.iso.date({ message: 'Use a date like 2026-11-01' }).optional(),
  to: z.iso.date({ message: 'Use a date like 2026-11-30' }).optional(),
});
export type FinanceFigures = { gmvCents: number; revenueCents: number; refundsCents: number; payoutsCents: number };
/**
 * Deliveries' money over the report's range, from the 'earning' postings written in it (a delivery done): the fees
 * and tips they collected from 'deliveries' (an order's fee and tip are collected by its first finished delivery),
 * what the drivers were paid (pay rule's payout + tip), what rides' and parcels' providers were charged, and the
 * platform's share (platform:delivery; negative when the pay rule paid drivers more than was collected).
 * feesCents + tipsCents + fromProvidersCents = driverPayCents + platformShareCents always.
 * heldCents: fees and tips collected for deliveries not done yet (-(balance of 'deliveries') now).
 */
export type FinanceDeliveries = {
  feesCents: number;
  tipsCents: number;
  driverPayCents: number;
  fromProvidersCents: number;
  platformShareCents: number;
  heldCents: number;
};
export const FinanceDeliveriesSchema = z.object({
  feesCents: z.number(),
  tipsCents: z.number(),
  driverPayCents: z.number(),
  fromProvidersCents: z.number(),
  platformShareCents: z.number(),
  heldCents: z.number(),
});
export type FinanceReport = {
  from: string;
  to: string;
  currency: string;
  totals: FinanceFigures & { payoutsDueCents: number };
  days: Array<FinanceFigures & { day: string }>;
  kinds: Array<{ kind: string; gmvCents: number; revenueCents: number; refundsCents: number }>;
  deliveries: FinanceDeliveries;
  trialBalance: { accounts: Array<{ account: string; balanceCents: number }>; totalCents: number; currency: string };
  /** The ledger's gateway account against the gateway's own records (charges - refunds - transfers). */
  reconciliation: {
    ledgerCents: number;
    gatewayCents: number;
    differences: Array<{ ref: string; what: string; ledgerCents: number; gatewayCents: number }>;
  };
};
const figures = { gmvCents: z.number(), revenueCents: z.number(), refundsCents: z.number(), payoutsCents: z.number() };
export const FinanceReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  currency: z.string(),
  totals: z.object({ ...figures, payoutsDueCents: z.number() }),
  days: z.array(z.object({ ...figures, day: z.string() })),
  kinds: z.array(z.object({ kind: z.string(), gmvCents: z.number(), revenueCents: z.number(), refundsCents: z.number() })),
  deliveries: FinanceDeliveriesSchema,
  trialBalance: z.object({ accounts: z.array(z.object({ account: z.string(), balanceCents: z.number() })), totalCents: z.number(), currency: z.string() }),
  reconciliation: z.object({
    ledgerCents: z.number(),
    gatewayCents: z.number(),
    differences: z.array(z.object({ ref: z.string(), what: z.string(), ledgerCents: z.number(), gatewayCents: z.number() })),
  }),
});

/** GET /api/provider/statement.csv?month=YYYY-MM. */
export const StatementQuerySchema = z.object({ month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Use a month like 2026-11').optional() });
