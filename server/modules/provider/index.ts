/** The provider portal's front door (ADR 018): /api/provider, and where uploaded photos are kept (the backup copies them). */
export { providerRoutes } from './routes';
export { uploadsDir } from './photos';
