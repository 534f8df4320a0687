import type { PositionFix } from '@domain/orders/positions';

/** While an order is active, fixes are sent every 3 s, or at once when 10 are waiting. */
export const FLUSH_INTERVAL_MS = 3000;
export const FLUSH_AT_FIXES = 10;
/**
 * How many unsent fixes are kept through a network outage. At one fix a second that is five minutes of path, enough
 * to redraw the route after a tunnel; older fixes are dropped first because the newest say where the driver is.
 * Must stay under the API's 500 fixes per request, since a retried backlog goes out as one batch.
 */
export const MAX_QUEUED_FIXES = 300;
/** Online without an order, one fix this often is enough for dispatch to find the nearest driver. */
export const IDLE_FIX_INTERVAL_MS = 30_000;

/** The parts of a GeolocationPosition the API takes; structural so the conversion can be tested outside a browser. */
export type GeoReading = {
  coords: { latitude: number; longitude: number; accuracy: number; speed: number | null; heading: number | null };
  timestamp: number;
};

/** A browser reading -> the API's fix. Browsers report unknown speed and heading as null (heading NaN when still). */
export function fixFromReading(reading: GeoReading): PositionFix {
  const { latitude, longitude, accuracy, speed, heading } = reading.coords;
  const fix: PositionFix = { lat: latitude, lng: longitude, recordedAt: new Date(reading.timestamp).toISOString() };
  if (Number.isFinite(accuracy) && accuracy >= 0) fix.accuracy = accuracy;
  if (speed !== null && Number.isFinite(speed) && speed >= 0) fix.speed = speed;
  if (heading !== null && Number.isFinite(heading)) fix.heading = heading;
  return fix;
}

/** What to do with a batch after its POST: forget it, put it back for the next flush, or throw it away. */
export type FlushOutcome = 'sent' | 'retry' | 'discard';

/**
 * Maps the POST's HTTP status (null: the request never got an answer) to an outcome. Only failures that may pass
 * are retried (no network, timeouts, throttling, server errors); a 4xx will fail the same way again, e.g. 409 when
 * the server already has the driver offline, so that batch is dropped instead of blocking every later fix.
 */
export function outcomeForStatus(status: number | null): FlushOutcome {
  if (status === null) return 'retry';
  if (status >= 200 && status < 300) return 'sent';
  if (status === 408 || status === 429 || status >= 500) return 'retry';
  return 'discard';
}

/**
 * Unsent position fixes, oldest first. One batch is in flight at a time so the server receives fixes in order
 * (its filter measures speed between consecutive fixes). A failed batch goes back in front of newer fixes, and
 * the waiting fixes are bounded to `maxSize`, dropping the oldest (so at most two batches' worth exist while a
 * request runs).
 */
export class PositionQueue {
  private pending: PositionFix[] = [];
  private inFlight: PositionFix[] | null = null;
  private lastKey = '';
  /** Fixes thrown away: dropped to respect the bound or discarded after a final failure. */
  lost = 0;

  constructor(
    private readonly maxSize: number = MAX_QUEUED_FIXES,
    private readonly batchSize: number = FLUSH_AT_FIXES,
  ) {}

  /** Fixes waiting or in flight. */
  get size(): number {
    return this.pending.length + (this.inFlight?.length ?? 0);
  }

  get busy(): boolean {
    return this.inFlight !== null;
  }

  /**
   * Adds a fix; true when a full batch is waiting and the caller should flush now rather than at the next tick.
   * A repeat of the previous fix (same time and place, as a browser replays its cached reading when a new watch
   * starts) is ignored.
   */
  push(fix: PositionFix): boolean {
    const key = `${fix.recordedAt}|${fix.lat}|${fix.lng}`;
    if (key === this.lastKey) return false;
    this.lastKey = key;
    this.pending.push(fix);
    this.trim();
    return !this.busy && this.pending.length >= this.batchSize;
  }

  /** Everything waiting as one batch, or null when there is nothing or a batch is already in flight. */
  take(): PositionFix[] | null {
    if (this.inFlight || this.pending.length === 0) return null;
    this.inFlight = this.pending;
    this.pending = [];
    return this.inFlight;
  }

  /** Settles the batch returned by {@link take}. */
  settle(outcome: FlushOutcome): void {
    const batch = this.inFlight;
    this.inFlight = null;
    if (!batch) return;
    if (outcome === 'retry') {
      this.pending = [...batch, ...this.pending];
      this.trim();
    } else if (outcome === 'discard') {
      this.lost += batch.length;
    }
  }

  /** Forgets everything, e.g. when the driver goes offline and the server would refuse the fixes anyway. */
  clear(): void {
    this.pending = [];
    this.inFlight = null;
  }

  private trim(): void {
    // The in-flight batch is not counted: it cannot be shortened while its request runs, and if it comes back for a
    // retry it is older than everything waiting, so it is what gets dropped then.
    const excess = this.pending.length - this.maxSize;
    if (excess > 0) {
      this.pending = this.pending.slice(excess);
      this.lost += excess;
    }
  }
}
