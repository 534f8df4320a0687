import type { GeoPointView, TrackingView } from '../catalogue/types';

/**
 * Messages on /ws/tracking/{trackingId}. The tracking id is the capability (like the share link): anyone holding it
 * may listen. The first message is a snapshot; later ones are deltas.
 */
export type TrackingSocketMessage =
  | { type: 'snapshot'; tracking: TrackingView }
  | {
      type: 'position';
      currentLocation: GeoPointView;
      estimatedTime: string;
      etaAt: string | null;
      progress: number;
      /** The new point of the driven path. */
      point: { lat: number; lng: number };
    }
  | { type: 'status'; status: TrackingView['status']; orderStatus: TrackingView['orderStatus']; update: TrackingView['updates'][number]; tracking: TrackingView }
  | { type: 'error'; message: string };
