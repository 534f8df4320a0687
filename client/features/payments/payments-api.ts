import type { Booking, CreateBookingInput, Delivery, QuoteBookingInput } from '@domain/bookings/schemas';
import type { PriceBreakdown } from '@domain/bookings/breakdown';
import type { PaymentIntentResponse, PaymentMethodToken, PaymentsConfig, PaymentSuccess } from '@domain/payments/schemas';
import { ApiError, apiJson } from '@client/lib/api';

export type { PaymentIntentResponse, PaymentMethodToken, PaymentsConfig, PaymentSuccess };

/**
 * What a card form reports once paid: the first tracking record and every delivery of the booking (contract: the
 * success answer lists `deliveries`). Stripe confirms in the browser, so there both may be missing.
 */
export type PaidResult = { trackingId?: string; deliveries?: Delivery[] };

/** POST /api/bookings. Throws ApiError (409 carries the server's total: see {@link serverTotalFrom409}). */
export function createBooking(input: CreateBookingInput): Promise<Booking> {
  return apiJson<Booking>('POST', '/api/bookings', input);
}

/**
 * POST /api/bookings/quote: the server's price breakdown of these lines (and tip), nothing booked. Refusals are the
 * booking's (400 with field errors, 409 for a closed restaurant or one with no place on the map).
 */
export function quoteBooking(input: QuoteBookingInput): Promise<PriceBreakdown> {
  return apiJson<PriceBreakdown>('POST', '/api/bookings/quote', input);
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

export function fetchPaymentsConfig(): Promise<PaymentsConfig> {
  return apiJson<PaymentsConfig>('GET', '/api/payments/config');
}

export function createPaymentIntent(bookingId: number): Promise<PaymentIntentResponse> {
  return apiJson<PaymentIntentResponse>('POST', '/api/create-payment-intent', { bookingId });
}

/** Turns card fields into a sandbox payment method token (400 {errors:{number|expMonth|expYear|cvc}} when invalid). */
export function createPaymentMethod(card: { number: string; expMonth: number; expYear: number; cvc: string }): Promise<PaymentMethodToken> {
  return apiJson<PaymentMethodToken>('POST', '/api/payments/methods', card);
}

/**
 * Pays a sandbox intent. The Idempotency-Key makes a repeated submit (double click, retried request) charge once;
 * 402 {message} is a decline.
 */
export async function confirmPayment(
  paymentIntentId: string,
  paymentMethodId: string,
  idempotencyKey: string,
): Promise<PaymentSuccess & { deliveries?: unknown }> {
  const res = await fetch('/api/payments/confirm', {
    method: 'POST',
    credentials: 'include',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'Idempotency-Key': idempotencyKey },
    body: JSON.stringify({ paymentIntentId, paymentMethodId }),
  });
  const text = await res.text();
  if (!res.ok) throw new ApiError(res.status, res.statusText, text);
  return JSON.parse(text) as PaymentSuccess & { deliveries?: unknown };
}

export function fetchBooking(id: number): Promise<Booking> {
  return apiJson<Booking>('GET', `/api/bookings/${id}`);
}

export function cancelBooking(id: number): Promise<{ id: number; status: 'cancelled'; refund?: { amount: number } }> {
  return apiJson('POST', `/api/bookings/${id}/cancel`, {});
}

/** A fresh key per payment attempt. */
export function newIdempotencyKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}
