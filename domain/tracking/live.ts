import type { GeoPointView, TrackingView } from '../catalogue/types';
import type { Journey } from '../orders/journey';

/**
 * Messages on /ws/tracking/{trackingId}. The tracking id is the capability (like the share link): anyone holding it
 * may listen. The first message is a snapshot; later ones are deltas. Every message that carries state carries the
 * order's journey: a snapshot and a status message in `tracking.journey`, a position in `journey` (it turns to
 * 'Arriving' from the positions). A status message follows every step: the driver's, the restaurant's Accept and
 * Ready, the first position within the arriving threshold, and the dispatcher's 'Looking for a driver'.
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
      /** The journey at this position (null for a position the server could not place on an order). */
      journey: Journey | null;
    }
  | { type: 'status'; status: TrackingView['status']; orderStatus: TrackingView['orderStatus']; update: TrackingView['updates'][number]; tracking: TrackingView }
  | { type: 'error'; message: string };
