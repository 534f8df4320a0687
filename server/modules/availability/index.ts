/**
 * The availability module's front door (issue 25, ADR 027): what other modules may use. Bookings hold and release
 * capacity inside their own transactions through these; catalogue searches ask for units left over a span.
 */
import type { AppContext } from '../../platform/context';
import { releaseExpiredHolds } from './holds';

export { holdRequestOf, holdForBooking, renewHolds, confirmHolds, releaseBookingHolds, releaseListingHolds, releaseExpiredHolds, type HoldRequest } from './holds';
export { closedReason, unitsLeftSql } from './service';
export { availabilityRoutes } from './routes';

/** Releases expired holds every HOLD_SWEEP_MS (bookings and dated searches also release the ones they meet). */
export function registerAvailability(ctx: AppContext) {
  if (ctx.config.holdSweepMs <= 0) return;
  const timer = setInterval(() => {
    releaseExpiredHolds(ctx.db).catch((err: unknown) => ctx.log.warn({ err }, 'releasing expired holds failed'));
  }, ctx.config.holdSweepMs);
  timer.unref();
  ctx.timers.add(timer);
}
