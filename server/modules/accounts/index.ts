/**
 * The accounts module's front door: sign-up, sign-in, sessions and passwords behind /api/auth and /api/account;
 * for the start-up the first admin and the demo provider, for onboarding the role an approval grants.
 */
export { accountsRoutes } from './routes';
export { ensureAdmin, grantRoleByEmail } from './service';
export { ensureDemoProvider } from './demo';
