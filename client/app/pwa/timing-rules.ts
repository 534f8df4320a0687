/**
 * Timing rules of the PWA overlays (spec 002 sections 4 and 9), pure so they are unit-tested without a browser.
 */

/** The connectivity badge's online message hides this long after it is shown; the offline message stays. */
export const ONLINE_BADGE_HIDE_MS = 5000;
/** The iOS install banner appears this long after load... */
export const IOS_BANNER_DELAY_MS = 3000;
/** ...is not shown again within this long of a dismissal... */
export const IOS_BANNER_REPEAT_MS = 24 * 60 * 60 * 1000;
/** ...and hides itself this long after it appeared. */
export const IOS_BANNER_AUTO_HIDE_MS = 15_000;

/**
 * Whether the iOS install banner may be scheduled: only in iOS Safari, not when running installed, and not when
 * it was dismissed less than 24 h ago (`dismissedAt` in ms since the epoch, null when never dismissed).
 */
export function iosBannerAllowed(input: { iosSafari: boolean; standalone: boolean; dismissedAt: number | null; now: number }): boolean {
  if (!input.iosSafari || input.standalone) return false;
  const { dismissedAt, now } = input;
  if (dismissedAt === null || !Number.isFinite(dismissedAt) || dismissedAt <= 0) return true;
  // A dismissal "in the future" (clock changed) counts as recent until the clock passes it by 24 h.
  return now - dismissedAt >= IOS_BANNER_REPEAT_MS;
}

/** Reads the stored dismissal time ("<ms>" or missing) as a number or null. */
export function parseDismissedAt(stored: string | null): number | null {
  if (stored === null || stored.trim() === '') return null;
  const at = Number(stored);
  return Number.isFinite(at) && at > 0 ? at : null;
}

export type ConnectivityMessage = 'online' | 'back-online' | 'offline';

/**
 * What the badge says `elapsedMs` after the connectivity last changed (or the page mounted): offline always shows;
 * online (first load or after a reconnect) shows for 5 s, then nothing (null).
 */
export function connectivityMessage(input: { online: boolean; wasOffline: boolean; elapsedMs: number }): ConnectivityMessage | null {
  if (!input.online) return 'offline';
  if (input.elapsedMs >= ONLINE_BADGE_HIDE_MS) return null;
  return input.wasOffline ? 'back-online' : 'online';
}
