import type { TrackingView } from '@domain/catalogue/types';
import { factsOfTrackingRecord, journeyOf, type Journey } from '@domain/orders/journey';
import type { TrackingSocketMessage } from '@domain/tracking/live';
import { formatTimeOfDay, formatTimeOfDayUtc } from '@domain/format';

/**
 * The most path points kept in the browser. The server bounds the path it sends in a snapshot; this only stops a
 * tab left open on a long trip from growing the array without end between snapshots.
 */
export const MAX_PATH_POINTS = 2000;

/** Spec 002 section 9: the refresh interval of a record that is still moving, used only while the socket is down. */
export const FALLBACK_REFRESH_MS = 5000;

/** The WebSocket close code the server uses for an unknown tracking id: reconnecting cannot help. */
export const TRACKING_NOT_FOUND_CLOSE = 4404;

type LatLng = { lat: number; lng: number };

function samePoint(a: LatLng | undefined, b: LatLng): boolean {
  return a !== undefined && a.lat === b.lat && a.lng === b.lng;
}

/**
 * The tracking record after one socket message: a snapshot or a status change replaces it (the server sends the
 * whole record), a position updates the moving fields and extends the driven path. Without a record yet a
 * position is dropped: the snapshot that opens every connection brings the full state.
 */
export function applyTrackingMessage(current: TrackingView | null | undefined, message: TrackingSocketMessage): TrackingView | null | undefined {
  switch (message.type) {
    case 'snapshot':
    case 'status':
      return message.tracking;
    case 'position': {
      if (!current) return current;
      let route = current.route;
      if (route) {
        const path = route.path ?? [];
        // A resent point (reconnect, duplicate fan-out) must not draw a zero-length segment.
        const extended = samePoint(path[path.length - 1], message.point) ? path : [...path, { lat: message.point.lat, lng: message.point.lng }];
        route = { ...route, path: extended.length > MAX_PATH_POINTS ? extended.slice(extended.length - MAX_PATH_POINTS) : extended };
      }
      return {
        ...current,
        currentLocation: message.currentLocation,
        estimatedTime: message.estimatedTime,
        etaAt: message.etaAt,
        progress: message.progress,
        route,
        // The server's journey at this position ('Arriving' comes from positions); the last one stands without it.
        journey: message.journey ?? current.journey,
      };
    }
    case 'error':
      // The REST query reports a missing record; the socket's error only ends the connection.
      return current;
  }
}

/**
 * Poll only as a fallback: while the socket is not delivering and the record can still change.
 * Completed and cancelled records never change again.
 */
export function shouldPoll(status: TrackingView['status'] | undefined, socketOpen: boolean): boolean {
  if (socketOpen) return false;
  return status === 'pending' || status === 'active';
}

/** Progress as a whole percentage 0..100; anything missing or out of range is clamped, never invented. */
export function progressPercent(progress: number | null | undefined): number {
  if (typeof progress !== 'number' || !Number.isFinite(progress)) return 0;
  return Math.round(Math.min(1, Math.max(0, progress)) * 100);
}

/**
 * The clock time of an ISO date-time, e.g. `2:45 PM` (with `utc`, `7:45 PM UTC`: what a server-rendered page shows
 * until the browser takes over); null when there is none or it does not parse.
 */
export function formatClock(iso: string | null | undefined, { utc = false } = {}): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return utc ? formatTimeOfDayUtc(date) : formatTimeOfDay(date);
}

/** `ETA 12 min · 2:45 PM`: the minutes the server computed and, when a driver is moving it, the clock time. */
export function etaText(tracking: Pick<TrackingView, 'estimatedTime' | 'etaAt'>, { utc = false } = {}): string {
  const clock = formatClock(tracking.etaAt, { utc });
  const minutes = tracking.estimatedTime?.trim();
  if (minutes && clock) return `ETA ${minutes} · ${clock}`;
  if (minutes) return `ETA ${minutes}`;
  return clock ? `ETA ${clock}` : 'ETA not available yet';
}

/** A `tel:` link for a phone number as people write it ("+1 (416) 555-0100" -> "tel:+14165550100"). */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

/** Every point the map should show, for "Fit to route": pickup, destination, the driven path and the driver. */
export function routePoints(tracking: Pick<TrackingView, 'route' | 'currentLocation' | 'destination'>): LatLng[] {
  const points: LatLng[] = [];
  const add = (p: LatLng | null | undefined) => {
    if (p && Number.isFinite(p.lat) && Number.isFinite(p.lng)) points.push({ lat: p.lat, lng: p.lng });
  };
  if (tracking.route) {
    add(tracking.route.pickup);
    add(tracking.route.destination);
    for (const p of tracking.route.path ?? []) add(p);
  } else {
    add(tracking.destination);
  }
  add(tracking.currentLocation);
  return points;
}

/** Where the map opens: the driver when known, else the pickup, else the destination. */
export function initialCentre(tracking: Pick<TrackingView, 'route' | 'currentLocation' | 'destination'>): LatLng {
  const c = tracking.currentLocation ?? tracking.route?.pickup ?? tracking.route?.destination ?? tracking.destination;
  return { lat: c.lat, lng: c.lng };
}

/**
 * Badge colours of a tracking status (spec 002 section 4): pending yellow, active green, completed blue,
 * cancelled red, anything else grey.
 */
const STATUS_CLASS: Record<string, string> = {
  pending: 'bg-amber-100 text-amber-900',
  active: 'bg-emerald-100 text-emerald-800',
  completed: 'bg-blue-100 text-blue-800',
  cancelled: 'bg-red-100 text-red-800',
};

export function trackingStatusClass(status: string): string {
  return STATUS_CLASS[status] ?? 'bg-gray-100 text-gray-800';
}

/**
 * The journey a record shows: the server's. A copy kept on this device by an older version (offline) may have none;
 * it is then worked out from that copy's own status and updates, the rule the server uses for records without an order.
 */
export function journeyOfRecord(tracking: Pick<TrackingView, 'type' | 'status' | 'updates'> & { journey?: Journey | null }): Journey {
  return tracking.journey ?? journeyOf(factsOfTrackingRecord({ type: tracking.type, status: tracking.status, updateStatuses: tracking.updates.map((u) => u.status) }));
}
