import { useEffect, useState } from 'react';
import { formatRelativeTime } from '@domain/format';

/**
 * The last answers of signed-in reads (the session, My bookings, the tracking records opened), kept in localStorage
 * so a reload while offline can show what the visitor saw last (issues 12 and 26). The service worker never caches
 * authenticated API answers (ADR 014); these copies belong to the page, name their user, are read-only, are shown
 * marked offline with their age ({@link savedAgo}), and are deleted on sign-out ({@link clearSnapshots}).
 */
const PREFIX = 'go-live-snapshot:';

/** The names of the kept copies. */
export const SNAPSHOTS = { session: 'session', bookings: 'bookings', tracking: 'tracking' } as const;

export type Snapshot<T> = { userId: number; username: string; savedAt: string; data: T };

export function saveSnapshot<T>(name: string, snapshot: Omit<Snapshot<T>, 'savedAt'>): void {
  try {
    window.localStorage.setItem(PREFIX + name, JSON.stringify({ ...snapshot, savedAt: new Date().toISOString() }));
  } catch {
    // Storage full or disabled: offline, the page then says it has nothing to show.
  }
}

export function readSnapshot<T>(name: string): Snapshot<T> | null {
  try {
    const text = window.localStorage.getItem(PREFIX + name);
    if (!text) return null;
    const value = JSON.parse(text) as Snapshot<T>;
    return typeof value?.userId === 'number' && typeof value.savedAt === 'string' ? value : null;
  } catch {
    return null;
  }
}

/** Deletes every snapshot (on sign-out, and when another user signs in). */
export function clearSnapshots(): void {
  try {
    for (let i = window.localStorage.length - 1; i >= 0; i--) {
      const key = window.localStorage.key(i);
      if (key?.startsWith(PREFIX)) window.localStorage.removeItem(key);
    }
  } catch {
    // Nothing stored.
  }
}

const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
];

/**
 * 'Saved just now', 'Saved 5 minutes ago', 'Saved 1 hour ago', 'Saved 3 days ago' (en-US): the age of a kept copy in
 * its largest whole unit. A time in the future (a clock set back) reads 'just now'.
 */
export function savedAgo(savedAt: string | number | Date, now: number = Date.now()): string {
  const seconds = Math.floor((now - new Date(savedAt).getTime()) / 1000);
  if (!Number.isFinite(seconds)) return 'Saved earlier';
  for (const [unit, size] of UNITS) {
    const n = Math.floor(seconds / size);
    if (n >= 1) return `Saved ${formatRelativeTime(-n, unit)}`;
  }
  return 'Saved just now';
}

/** The current time, renewed every `everyMs` while mounted, so an age on screen ('Saved 5 minutes ago') keeps up. */
export function useNow(everyMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
