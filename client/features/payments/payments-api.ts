import type { Booking, CreateBookingInput, Delivery, QuoteBookingInput } from '@domain/bookings/schemas';
import type { PriceBreakdown } from '@domain/bookings/breakdown';
import type { PaymentIntentResponse, PaymentMethodToken, PaymentsConfig, PaymentSuccess } from '@domain/payments/schemas';
import { ApiError, apiGet, apiPost } from '@client/lib/api';

export type { PaymentIntentResponse, PaymentMethodToken, PaymentsConfig, PaymentSuccess };

/**
 * What a card form reports once paid: the first tracking record and every delivery of the booking (contract: the
 * success answer lists `deliveries`). Stripe confirms in the browser, so there both may be missing.
 */
export type PaidResult = { trackingId?: string; deliveries?: Delivery[] };

/** POST /api/bookings. Throws ApiError (409 carries the server's total: see {@link serverTotalFrom409}). */
export function createBooking(input: CreateBookingInput): Promise<Booking> {
  return apiPost('/api/bookings', { body: input });
}

/**
 * POST /api/bookings/quote: the server's price breakdown of these lines (and tip), nothing booked. Refusals are the
 * booking's (400 with field errors, 409 for a closed restaurant or one with no place on the map).
 */
export function quoteBooking(input: QuoteBookingInput): Promise<PriceBreakdown> {
  return apiPost('/api/bookings/quote', { body: input });
}

/** The server's total from a 409 'total changed' answer, or null when the error is anything else. */
export function serverTotalFrom409(error: unknown): { message: string; totalAmount: number } | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  try {
    const body: unknown = JSON.parse(error.body);
    if (typeof body !== 'object' || body === null) return null;
    const { message, totalAmount } = body as Record<string, unknown>;
    if (typeof totalAmount !== 'number' || !Number.isFinite(totalAmount)) return null;
    return { message: typeof message === 'string' ? message : 'The total has changed', totalAmount };
  } catch {
    return null;
  }
}

export function createPaymentIntent(bookingId: number): Promise<PaymentIntentResponse> {
  return apiPost('/api/create-payment-intent', { body: { bookingId } });
}

/** Turns card fields into a sandbox payment method token (400 {errors:{number|expMonth|expYear|cvc}} when invalid). */
export function createPaymentMethod(card: { number: string; expMonth: number; expYear: number; cvc: string }): Promise<PaymentMethodToken> {
  return apiPost('/api/payments/methods', { body: card });
}

/**
 * Pays a sandbox intent. The Idempotency-Key makes a repeated submit (double click, retried request) charge once;
 * 402 {message} is a decline.
 */
export function confirmPayment(paymentIntentId: string, paymentMethodId: string, idempotencyKey: string): Promise<PaymentSuccess> {
  return apiPost('/api/payments/confirm', { body: { paymentIntentId, paymentMethodId }, headers: { 'Idempotency-Key': idempotencyKey } });
}

/** GET /api/bookings/:id, the server's current word on one booking (a booking just paid, its deliveries listed). */
export function fetchBooking(id: number): Promise<Booking> {
  return apiGet('/api/bookings/{id}', { params: { path: { id } } });
}

/** A fresh key per payment attempt. */
export function newIdempotencyKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}
