/**
 * The hold's countdown in the payment dialog: until when a pending booking's rooms, cars, seats or dates are held
 * (Booking.holdExpiresAt), as the customer's own clock reads it.
 */

/**
 * The moment the hold ends on this browser's clock, in ms. For a booking this browser has just created
 * (`receivedAt`: when its answer arrived), the hold's length on the server's clock (holdExpiresAt - createdAt) is
 * counted from that moment, so a phone whose clock is minutes off still shows the right time left; otherwise
 * holdExpiresAt is taken as it is. Null when nothing is held.
 */
export function holdDeadline(booking: { holdExpiresAt: string | null; createdAt: string; status: string }, receivedAt?: number): number | null {
  if (booking.status !== 'pending' || !booking.holdExpiresAt) return null;
  const expires = Date.parse(booking.holdExpiresAt);
  if (Number.isNaN(expires)) return null;
  const created = Date.parse(booking.createdAt);
  if (receivedAt !== undefined && !Number.isNaN(created) && expires > created) return receivedAt + (expires - created);
  return expires;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Time left as mm:ss ('14:32', '00:09'), or h:mm:ss from an hour up ('1:05:00'); never negative. */
export function formatCountdown(msLeft: number): string {
  const total = Math.max(0, Math.ceil(msLeft / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  return hours > 0 ? `${hours}:${pad(minutes)}:${pad(seconds)}` : `${pad(minutes)}:${pad(seconds)}`;
}

/**
 * What a screen reader hears, once a minute rather than every second: '14 minutes left to pay', then 'Less than a
 * minute left to pay'. Changes only when the whole minutes left change.
 */
export function countdownAnnouncement(msLeft: number): string {
  const minutes = Math.floor(Math.max(0, msLeft) / 60_000);
  if (minutes === 0) return 'Less than a minute left to pay';
  return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'} left to pay`;
}

export const HOLD_EXPIRED = 'Your hold has expired. Paying will succeed only if it is still available.';
