import type { BookingStatus } from './schemas';

/** What can happen to a booking. */
export type BookingEvent = 'pay' | 'complete' | 'cancel';

export type Transition =
  | { ok: true; to: BookingStatus; /** True when money was captured and must be given back. */ refund: boolean }
  | { ok: false; message: string };

/**
 * The booking life cycle: pending -> confirmed (paid) -> completed; pending -> cancelled; confirmed -> cancelled
 * (with a refund). A failed payment is not an event: the booking simply stays pending and payable.
 */
export function transition(from: BookingStatus, event: BookingEvent): Transition {
  switch (event) {
    case 'pay':
      if (from === 'pending') return { ok: true, to: 'confirmed', refund: false };
      if (from === 'cancelled') return { ok: false, message: 'This booking was cancelled' };
      return { ok: false, message: 'This booking is already paid' };
    case 'complete':
      if (from === 'confirmed') return { ok: true, to: 'completed', refund: false };
      if (from === 'completed') return { ok: false, message: 'This booking is already completed' };
      if (from === 'cancelled') return { ok: false, message: 'A cancelled booking cannot be completed' };
      return { ok: false, message: 'Only a paid booking can be completed' };
    case 'cancel':
      if (from === 'pending') return { ok: true, to: 'cancelled', refund: false };
      if (from === 'confirmed') return { ok: true, to: 'cancelled', refund: true };
      if (from === 'cancelled') return { ok: false, message: 'This booking is already cancelled' };
      return { ok: false, message: 'A completed booking cannot be cancelled' };
  }
}

/** Whether a booking in this status can still be paid. */
export function isPayable(status: BookingStatus): boolean {
  return transition(status, 'pay').ok;
}

/**
 * A booking left unpaid this long is abandoned (issue 15: closing the payment dialog left a pending booking
 * behind): it expires (becomes cancelled, nothing was charged) and is never shown as open.
 */
export const PENDING_BOOKING_TTL_MS = 30 * 60_000;
export const BOOKING_EXPIRED_MESSAGE = 'This booking expired: it was not paid within 30 minutes. Please book again.';

/**
 * True when a pending booking created at `createdAt` has expired by `now`: 30 minutes have passed and it holds
 * nothing beyond (a hold set to last longer keeps it open until the hold lapses).
 */
export function isAbandoned(status: BookingStatus, createdAt: Date, now: Date = new Date(), holdExpiresAt: Date | null = null): boolean {
  if (holdExpiresAt && holdExpiresAt.getTime() > now.getTime()) return false;
  return status === 'pending' && now.getTime() - createdAt.getTime() >= PENDING_BOOKING_TTL_MS;
}

/**
 * A checkout that was abandoned: cancelled without ever being paid (it expired after 30 minutes unpaid, or was
 * cancelled before paying). Like a marketplace's abandoned cart it is not an order: My bookings leaves it out.
 */
export function isAbandonedCheckout(booking: { status: BookingStatus; payments: ReadonlyArray<{ status: string }> }): boolean {
  return booking.status === 'cancelled' && !booking.payments.some((p) => p.status === 'succeeded');
}
