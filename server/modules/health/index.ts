/** The health module's front door: /api/health. */
export { healthRoutes } from './routes';
