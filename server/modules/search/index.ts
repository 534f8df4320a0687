/** The catalogue search (issue 29, ADR 031): GET /api/search, and the search itself for callers without HTTP (the bench). */
export { searchRoutes } from './routes';
export { searchListings } from './service';
