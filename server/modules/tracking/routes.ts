import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { TrackingViewSchema } from '../../../domain/tracking/schemas';
import type { TrackingSocketMessage } from '../../../domain/tracking/live';
import type { AppContext } from '../../platform/context';
import type { PageRenderer } from '../../platform/page-renderer';
import { CLOSE } from '../../platform/live/gateway';
import { HttpError } from '../../platform/errors';
import { RateCounters, limit } from '../../platform/rate-counters';
import { findTracking } from './service';

const TrackingParams = z.object({
  id: z
    .string()
    .trim()
    .min(1, 'Tracking Number Required - Please enter a tracking number.')
    .max(64, 'Tracking number must be at most 64 characters'),
});

/** Lookups by tracking number per client address per window. */
const TRACKING_NUMBER_LOOKUPS = 60;
const TRACKING_NUMBER_WINDOW_MS = 10 * 60_000;

export const trackingTopic = (trackingId: string) => `tracking:${trackingId}`;

export async function trackingRoutes(app: FastifyInstance, ctx: AppContext, pages?: PageRenderer) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  if (pages) {
    /**
     * The /track/{id} document, rendered with its record (ADR 025): the page, its map's first picture included, paints
     * from the HTML before any script has run, and the browser hydrates it. Anything else (an unknown id, a lookup or
     * render that fails) gets the client's shell as before, and the page says what went wrong itself.
     */
    app.get<{ Params: { id: string } }>('/track/:id', { schema: { hide: true } }, async (request, reply) => {
      const parsed = TrackingParams.safeParse(request.params);
      if (!parsed.success) return reply.callNotFound();
      let html: string;
      try {
        const tracking = await findTracking(ctx.db, parsed.data.id);
        html = await pages.tracking(request.url.split('?')[0], request.params.id, tracking, { mapTileUrl: ctx.config.mapTileUrl });
      } catch (err) {
        if (!(err instanceof HttpError)) request.log.warn({ err: err instanceof Error ? err.message : String(err) }, 'tracking page not rendered');
        return reply.callNotFound();
      }
      // The record as it is now: never kept by the browser or a shared cache.
      return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
    });
  }

  /** A tracking record by id or tracking number (case-insensitive), updates newest first; 404 when unknown. */
  const counters = new RateCounters(ctx.db);
  r.get('/api/tracking/:id', { schema: { params: TrackingParams, response: { 200: TrackingViewSchema } } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    // A tracking number is short enough to guess at scale (an id is not): lookups by number have a budget per address.
    if (!request.params.id.startsWith('trk_')) {
      await limit(counters, `tracking-number:${request.ip}`, TRACKING_NUMBER_LOOKUPS, TRACKING_NUMBER_WINDOW_MS, 'Too many tracking number lookups. Please try again later.');
    }
    return findTracking(ctx.db, request.params.id);
  });

  /**
   * Live tracking: anyone holding the tracking id may listen (the id is the capability, like the share link).
   * A snapshot first, then position and status messages as they are published by any instance.
   */
  app.get<{ Params: { id: string } }>('/ws/tracking/:id', { websocket: true, onRequest: ctx.live.checkOrigin }, async (socket, request) => {
    const id = request.params.id.slice(0, 64);
    // Attach first, so nothing published while the snapshot is read is lost (a duplicate is harmless).
    ctx.live.attach(socket, [trackingTopic(id)]);
    try {
      const tracking = await findTracking(ctx.db, id);
      if (tracking.id !== id) throw new HttpError(404, 'Tracking Not Found');
      ctx.live.send(socket, { type: 'snapshot', tracking } satisfies TrackingSocketMessage);
    } catch (err) {
      const message = err instanceof HttpError ? err.message : 'Failed to load tracking data';
      ctx.live.send(socket, { type: 'error', message } satisfies TrackingSocketMessage);
      socket.close(err instanceof HttpError && err.statusCode === 404 ? CLOSE.notFound : 1011, message);
    }
  });

  ctx.live.relay(async (event) => {
    if (event.type === 'driver.position') {
      const p = event.payload;
      if (!p.trackingId) return [];
      const message: TrackingSocketMessage = {
        type: 'position',
        currentLocation: { lat: p.lat, lng: p.lng, address: p.address ?? '' },
        estimatedTime: p.estimatedTime ?? '',
        etaAt: p.etaAt,
        progress: p.progress,
        point: { lat: p.lat, lng: p.lng },
        journey: p.journey ?? null,
      };
      return [{ topic: trackingTopic(p.trackingId), message }];
    }
    // Every step reaches open pages: the driver's (status_changed), the restaurant's Accept and Ready and the first
    // position near the drop-off (journey_changed), and 'Looking for a driver' (unassigned).
    if (event.type === 'order.status_changed' || event.type === 'order.journey_changed' || event.type === 'order.unassigned') {
      const trackingId = event.payload.trackingId;
      const topic = trackingTopic(trackingId);
      // Only instances with a listener for this record read it.
      if (ctx.live.count(topic) === 0) return [];
      const tracking = await findTracking(ctx.db, trackingId);
      const message: TrackingSocketMessage = { type: 'status', status: tracking.status, orderStatus: tracking.orderStatus, update: tracking.updates[0], tracking };
      return [{ topic, message }];
    }
    return [];
  });
}
