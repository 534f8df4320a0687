/**
 * The last answer of a signed-in read (My bookings), kept in localStorage so a reload while offline can show what
 * the visitor saw last (issue 12). The service worker never caches authenticated API answers; this copy belongs to
 * the page, names its user, is read-only, and is deleted on sign-out ({@link clearSnapshots}).
 */
const PREFIX = 'go-live-snapshot:';

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
