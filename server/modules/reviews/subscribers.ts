import { WITHDRAWN_REASONS } from '../../../domain/reviews/schemas';
import type { AppContext } from '../../platform/context';
import { calledOffListings, withdrawUnbackedReview } from './service';

/**
 * The reviews module's reactions (issue 27): a review does not outlive the booking behind it. When a booking is
 * cancelled (by its customer, or refunded by an admin: 'booking.cancelled') or a provider declines an order
 * ('order.declined'), the customer's review of each listing called off is withdrawn from the rating, the public list
 * and the histogram, unless a completed order of that listing still backs it. Idempotent (the bus may retry).
 */
export function registerReviews(ctx: AppContext) {
  ctx.events.on('booking.cancelled', async (p) => {
    const reason = p.refundCents !== null && p.refundCents > 0 ? WITHDRAWN_REASONS.refunded : WITHDRAWN_REASONS.cancelled;
    for (const listing of await calledOffListings(ctx.db, p.bookingId)) {
      await withdrawUnbackedReview(ctx.events, p.userId, listing, { bookingId: p.bookingId, reason });
    }
  });
  ctx.events.on('order.declined', async (p) => {
    await withdrawUnbackedReview(ctx.events, p.userId, { collection: p.listingKind, listingId: p.listingId }, { bookingId: p.bookingId, reason: WITHDRAWN_REASONS.declined });
  });
}
