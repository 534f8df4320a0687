/** The admin module's front door: the /api/admin routes (dashboard, review queue, collections, orders, users, reports). */
export { adminRoutes } from './routes';
