/** The drivers module's front door: /api/driver and /ws/driver, its reactions, the demo driver, and going offline (admin). */
export { driversRoutes } from './routes';
export { registerDrivers } from './subscribers';
export { ensureDemoDriver } from './demo';
export { setOnline } from './service';
