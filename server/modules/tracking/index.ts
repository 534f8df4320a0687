/** The tracking module's front door (ADR 025): /api/tracking, /ws/tracking and the /track/:id page. */
export { trackingRoutes } from './routes';
