import { DeliverySchema, type Delivery } from '../bookings/schemas';
import { assertExact } from '../exact';
import { z } from 'zod';
import type { CardBrand } from './cards';
import { MAX_ID } from '../limits';

const wholeNumber = (message: string) => z.coerce.number({ error: message }).int(message).min(0, message).max(9999, message);

/** POST /api/payments/methods: a card to turn into a sandbox token. The number is never stored or echoed. */
export const CardSchema = z.object({
  number: z.string({ error: 'Your card number is invalid.' }).max(40, 'Your card number is invalid.'),
  expMonth: wholeNumber('Your card’s expiration month is invalid.'),
  expYear: wholeNumber('Your card’s expiration year is invalid.'),
  cvc: z.string({ error: 'Your card’s security code is invalid.' }).max(8, 'Your card’s security code is invalid.'),
});
export type CardBody = z.input<typeof CardSchema>;

/** 201 answer of POST /api/payments/methods. */
export type PaymentMethodToken = { id: string; brand: CardBrand; last4: string };

const bookingId = z.number({ error: 'bookingId is required' }).int('Invalid booking id').min(1, 'Invalid booking id').max(MAX_ID, 'Invalid booking id');
const paymentMethodId = z.string({ error: 'paymentMethodId is required' }).trim().min(1, 'paymentMethodId is required').max(255);

/** POST /api/process-payment. `amount` is the booking total in cents (spec 000 section 3: total times 100). */
export const ProcessPaymentSchema = z.object({
  bookingId,
  amount: z.number({ error: 'amount is required' }).int('amount must be whole cents').nonnegative().max(10_000_000_000, 'amount is out of range'),
  currency: z.literal('usd', { error: 'Only usd is supported' }).default('usd'),
  paymentMethodId,
});
export type ProcessPaymentBody = z.input<typeof ProcessPaymentSchema>;

/** POST /api/create-payment-intent. The amount always comes from the booking; a client amount is ignored. */
export const CreatePaymentIntentSchema = z.object({
  bookingId,
  amount: z.number().max(10_000_000_000).optional(),
  serviceName: z.string().max(300).optional(),
  serviceType: z.string().max(50).optional(),
  serviceId: z.union([z.number().max(MAX_ID), z.string().max(20)]).optional(),
});
export type CreatePaymentIntentBody = z.input<typeof CreatePaymentIntentSchema>;

/** POST /api/payments/confirm: pay a sandbox intent with a card token. */
export const ConfirmPaymentSchema = z.object({
  paymentIntentId: z.string().trim().min(1, 'paymentIntentId is required').max(255),
  paymentMethodId,
});
export type ConfirmPaymentBody = z.input<typeof ConfirmPaymentSchema>;

/** A successful payment: every delivery the booking started (`trackingId` repeats the first one's id). */
export type PaymentSuccess = { success: true; paymentId: number; bookingId: number; status: 'confirmed'; trackingId?: string; deliveries: Delivery[] };
export type PaymentFailure = { success: false; message: string };

export type PaymentIntentResponse = {
  clientSecret: string;
  paymentIntentId: string;
  /** Cents. */
  amount: number;
  publishableKey: string | null;
  gateway: 'sandbox' | 'stripe';
};

export type PaymentsConfig = { gateway: 'sandbox' | 'stripe'; publishableKey: string | null };

/** Response schemas of the payments routes, checked against the types above. */
export const PaymentMethodTokenSchema = z.object({
  id: z.string(),
  brand: z.enum(['visa', 'mastercard', 'amex', 'discover', 'diners', 'jcb', 'unionpay', 'unknown']),
  last4: z.string(),
});
assertExact<z.output<typeof PaymentMethodTokenSchema>, PaymentMethodToken>(true);

/** 200 of POST /api/process-payment and /api/payments/confirm (a declined card is a 402 { success: false, message }). */
export const PaymentSuccessSchema = z.object({
  success: z.literal(true),
  paymentId: z.number(),
  bookingId: z.number(),
  status: z.literal('confirmed'),
  trackingId: z.string().optional(),
  deliveries: z.array(DeliverySchema),
});
assertExact<z.output<typeof PaymentSuccessSchema>, PaymentSuccess>(true);

const GatewayNameSchema = z.enum(['sandbox', 'stripe']);
export const PaymentIntentResponseSchema = z.object({
  clientSecret: z.string(),
  paymentIntentId: z.string(),
  amount: z.number(),
  publishableKey: z.string().nullable(),
  gateway: GatewayNameSchema,
});
assertExact<z.output<typeof PaymentIntentResponseSchema>, PaymentIntentResponse>(true);

export const PaymentsConfigSchema = z.object({ gateway: GatewayNameSchema, publishableKey: z.string().nullable() });
assertExact<z.output<typeof PaymentsConfigSchema>, PaymentsConfig>(true);

/** 200 of POST /api/payments/webhook (Stripe only). */
export const WebhookReceiptSchema = z.object({ received: z.literal(true), duplicate: z.boolean(), applied: z.boolean() });
