import { useCallback, useRef } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TrackingView } from '@domain/catalogue/types';
import type { TrackingSocketMessage } from '@domain/tracking/live';
import { apiKey, apiQuery, parseApiError } from '@client/lib/api';
import { useLiveSocket } from '@client/lib/live-socket';
import { FALLBACK_REFRESH_MS, TRACKING_NOT_FOUND_CLOSE, applyTrackingMessage, shouldPoll } from './live-tracking';

/** The query of a tracking record, as the customer typed it (an id or a tracking number), and its key. */
export function trackingQuery(idOrNumber: string) {
  return apiQuery('/api/tracking/{id}', { path: { id: idOrNumber } });
}
export function trackingQueryKey(idOrNumber: string) {
  return apiKey('/api/tracking/{id}', { path: { id: idOrNumber } });
}

const FINAL_CODES = [TRACKING_NOT_FOUND_CLOSE];

/**
 * A tracking record kept live: GET /api/tracking/:idOrNumber, then the /ws/tracking/{id} socket's snapshot,
 * position and status messages written into the query cache, so every screen reading the record updates without
 * a reload. While the socket is not open and the record can still change, the spec's 5 s refetch takes over.
 * Pass `null` to load nothing.
 */
export function useLiveTracking(idOrNumber: string | null) {
  const queryClient = useQueryClient();
  const enabled = idOrNumber !== null && idOrNumber !== '';
  // Read by refetchInterval, which TanStack Query re-evaluates whenever this component re-renders (the socket's
  // state changing is such a render), so polling starts and stops with the connection.
  const socketOpen = useRef(false);

  const queryKey = trackingQueryKey(idOrNumber ?? '');
  // The server has just said there is no such record (the route's prefetch asked): the page shows that answer instead
  // of asking the same question again as it mounts. Any other failure is asked again, as usual.
  const knownMissing = parseApiError(queryClient.getQueryState(queryKey)?.error).status === 404;
  const query = useQuery({
    ...trackingQuery(idOrNumber ?? ''),
    enabled,
    retryOnMount: !knownMissing,
    refetchInterval: (q) => (shouldPoll(q.state.data?.status, socketOpen.current) ? FALLBACK_REFRESH_MS : false),
  });

  const record = query.data ?? null;
  // The socket is keyed by the record's id (the page may have been opened with a tracking number). It opens only
  // once the record exists, so an unknown id never connects, and it closes once the record can no longer change.
  const live = record !== null && (record.status === 'pending' || record.status === 'active');
  const path = live ? `/ws/tracking/${encodeURIComponent(record.id)}` : null;

  const onMessage = useCallback(
    (message: TrackingSocketMessage) => {
      if (!enabled || !idOrNumber) return;
      queryClient.setQueryData<TrackingView | null>(trackingQueryKey(idOrNumber), (current) => applyTrackingMessage(current, message));
    },
    [queryClient, idOrNumber, enabled],
  );

  const socket = useLiveSocket<TrackingSocketMessage>(path, { onMessage, finalCodes: FINAL_CODES });
  socketOpen.current = socket === 'open';

  return { ...query, socket };
}
