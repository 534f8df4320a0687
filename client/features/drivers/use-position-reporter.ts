import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import type { PositionFix } from '@domain/orders/positions';
import { parseApiError } from '@client/lib/api';
import { sendPositions } from './driver-api';
import { fixFromReading, FLUSH_INTERVAL_MS, IDLE_FIX_INTERVAL_MS, outcomeForStatus, PositionQueue } from './position-queue';

export type GeoProblem = { code: 'denied' | 'unavailable' | 'timeout' | 'unsupported'; message: string };

const UNSUPPORTED: GeoProblem = {
  code: 'unsupported',
  message: 'This browser cannot share your location, so customers cannot follow your deliveries on the map.',
};

/** A GeolocationPositionError code -> what the driver should know and do. */
export function geoProblem(code: number): GeoProblem {
  switch (code) {
    case 1:
      return {
        code: 'denied',
        message:
          'Location access is blocked. Allow location for this site in your browser settings: customers follow your position and dispatch uses it to offer you nearby orders.',
      };
    case 3:
      return { code: 'timeout', message: 'Finding your position is taking a while. It keeps trying; open sky helps the GPS.' };
    default:
      return { code: 'unavailable', message: 'Your position is unavailable right now (no GPS or network fix). It keeps trying.' };
  }
}

function geolocationSupported(): boolean {
  return typeof navigator !== 'undefined' && 'geolocation' in navigator;
}

/**
 * One position for going online: the last fix when it is under a minute old, else a fresh reading (5 s at most, so
 * the toggle never hangs on a slow GPS). Going online without a position is allowed; the problem says why.
 */
export function readCurrentFix(last: PositionFix | null): Promise<{ fix: PositionFix | null; problem: GeoProblem | null }> {
  if (last && Date.now() - Date.parse(last.recordedAt) < 60_000) return Promise.resolve({ fix: last, problem: null });
  if (!geolocationSupported()) return Promise.resolve({ fix: null, problem: UNSUPPORTED });
  return new Promise((resolve) => {
    navigator.geolocation.getCurrentPosition(
      (position) => resolve({ fix: fixFromReading(position), problem: null }),
      (error) => resolve({ fix: null, problem: geoProblem(error.code) }),
      { enableHighAccuracy: false, maximumAge: 60_000, timeout: 5000 },
    );
  });
}

/** off: offline, nothing is read or sent; idle: online without an order; active: online with an order. */
export type ReporterMode = 'off' | 'idle' | 'active';

export type PositionReporter = {
  /** The current geolocation problem, null while positions arrive. */
  problem: GeoProblem | null;
  reportProblem: (problem: GeoProblem | null) => void;
  /** The newest fix read while online. */
  lastFix: RefObject<PositionFix | null>;
  /** Fixes waiting to be sent (after a failed POST, e.g. in a tunnel). */
  backlog: number;
};

/**
 * Sends the driver's positions to POST /api/driver/positions. With an active order it follows watchPosition at high
 * accuracy and sends batches (every 3 s or at 10 fixes) so the customer's map moves smoothly; online without an order
 * it reads one coarse fix every 30 s, enough for dispatch to find the nearest driver. Failed batches stay queued
 * (bounded) and go out with the next flush or when the browser reports it is back online.
 */
export function usePositionReporter(mode: ReporterMode): PositionReporter {
  const [queue] = useState(() => new PositionQueue());
  const lastFix = useRef<PositionFix | null>(null);
  const [problem, setProblem] = useState<GeoProblem | null>(null);
  const [backlog, setBacklog] = useState(0);

  const flush = useCallback(async () => {
    const batch = queue.take();
    if (!batch) return;
    try {
      await sendPositions(batch);
      queue.settle('sent');
    } catch (error) {
      queue.settle(outcomeForStatus(parseApiError(error).status));
    }
    setBacklog(queue.size);
  }, [queue]);

  useEffect(() => {
    if (mode === 'off') {
      // The server refuses positions from an offline driver; old fixes would only be dropped later.
      queue.clear();
      return;
    }
    if (!geolocationSupported()) return;
    let stopped = false;
    const onFix = (position: GeolocationPosition) => {
      if (stopped) return;
      setProblem(null);
      const fix = fixFromReading(position);
      lastFix.current = fix;
      const full = queue.push(fix);
      // Idle fixes are rare, so each goes out at once; active ones wait for a full batch or the next tick.
      if (full || mode === 'idle') void flush();
    };
    const onError = (error: GeolocationPositionError) => {
      if (!stopped) setProblem(geoProblem(error.code));
    };

    let watchId: number | null = null;
    let timer: ReturnType<typeof setInterval>;
    if (mode === 'active') {
      watchId = navigator.geolocation.watchPosition(onFix, onError, { enableHighAccuracy: true, maximumAge: 0, timeout: 20_000 });
      timer = setInterval(() => void flush(), FLUSH_INTERVAL_MS);
    } else {
      // getCurrentPosition on a timer rather than watchPosition: a parked phone's watch may stay silent for minutes,
      // and a coarse reading every 30 s saves battery between orders.
      const read = () => navigator.geolocation.getCurrentPosition(onFix, onError, { enableHighAccuracy: false, maximumAge: 15_000, timeout: 20_000 });
      read();
      timer = setInterval(read, IDLE_FIX_INTERVAL_MS);
    }
    const onOnline = () => void flush();
    window.addEventListener('online', onOnline);
    return () => {
      stopped = true;
      if (watchId !== null) navigator.geolocation.clearWatch(watchId);
      clearInterval(timer);
      window.removeEventListener('online', onOnline);
    };
  }, [mode, queue, flush]);

  const unsupported = mode !== 'off' && !geolocationSupported();
  return { problem: unsupported ? UNSUPPORTED : problem, reportProblem: setProblem, lastFix, backlog: mode === 'off' ? 0 : backlog };
}
