/**
 * The onboarding module's front door: the registration forms' routes, and for admin the review queue (count, list
 * rows, approve, reject); the catalogue words a registration's answers map to (the scale seed uses them too).
 */
export { onboardingRoutes } from './routes';
export { approveRegistration, countRegistrations, rejectRegistration, toAdminRegistration } from './service';
export { cataloguePropertyType, shippingSpeed } from './publish';
