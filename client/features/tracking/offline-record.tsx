import { useEffect } from 'react';
import { WifiOff } from 'lucide-react';
import type { TrackingView } from '@domain/catalogue/types';
import { isNetworkError } from '@client/lib/api';
import { formatDateTime } from '@domain/format';
import { SNAPSHOTS, readSnapshot, savedAgo, saveSnapshot, useNow } from '@client/lib/offline-snapshot';
import { useAuth } from '@client/features/accounts/use-auth';

/**
 * The tracking records a signed-in customer opened, kept on the device (client/lib/offline-snapshot.ts, named with
 * the user, deleted on sign-out) so the tracking page reloaded offline shows the record as last seen instead of
 * 'Tracking Not Found'. The service worker never stores them (ADR 014). At most {@link KEPT_RECORDS} records, the
 * most recently seen.
 */
export const KEPT_RECORDS = 10;

type Kept = { record: TrackingView; savedAt: string };
type KeptRecords = Record<string, Kept>;

/** The kept records after `record` was seen as `key` at `savedAt`: the newest {@link KEPT_RECORDS}, by when seen. */
export function withKeptRecord(records: KeptRecords, key: string, record: TrackingView, savedAt: string): KeptRecords {
  const next = { ...records, [key]: { record, savedAt } };
  const newest = Object.entries(next)
    .sort(([, a], [, b]) => b.savedAt.localeCompare(a.savedAt))
    .slice(0, KEPT_RECORDS);
  return Object.fromEntries(newest);
}

/**
 * Keeps the record the page shows (for a signed-in customer) and, when it cannot be loaded because the network is
 * down, answers the copy kept for that id and user, with when it was saved; null otherwise.
 */
export function useKeptTrackingRecord(key: string, record: TrackingView | null | undefined, error: unknown): Kept | null {
  const { user, offlineUser } = useAuth();
  useEffect(() => {
    if (!user || !record) return;
    const current = readSnapshot<KeptRecords>(SNAPSHOTS.tracking);
    const records = current && current.userId === user.id && current.data && typeof current.data === 'object' ? current.data : {};
    saveSnapshot(SNAPSHOTS.tracking, { userId: user.id, username: user.username, data: withKeptRecord(records, key, record, new Date().toISOString()) });
  }, [user, record, key]);

  if (record || !error || !isNetworkError(error)) return null;
  const owner = user ?? offlineUser?.user;
  if (!owner) return null;
  const kept = readSnapshot<KeptRecords>(SNAPSHOTS.tracking);
  if (!kept || kept.userId !== owner.id) return null;
  const entry = kept.data?.[key];
  return entry?.record && typeof entry.savedAt === 'string' ? entry : null;
}

/** Above a kept record: offline, as last seen, how old, and that it updates on reconnect. */
export function OfflineRecordNotice({ savedAt }: { savedAt: string }) {
  const now = useNow();
  return (
    <p role="status" className="flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-amber-900">
      <WifiOff className="mt-0.5 size-4 shrink-0 text-amber-700" aria-hidden="true" />
      <span>
        You are offline. This is the tracking record as last seen on this device ({savedAgo(savedAt, now)}, {formatDateTime(savedAt)}); its
        status and the driver's position update when you reconnect.
      </span>
    </p>
  );
}
