/**
 * The locations module's front door (ADR 006): /api/countries, /api/locations and /api/geocode, and the in-memory
 * directory of places (with the countries) that bookings, catalogue, onboarding, orders, the seed and the bench read.
 */
export { createLocationsCache, locationsRoutes } from './routes';
export { locationDirectory, placeText } from './directory';
export { COUNTRIES, isCountryName } from './countries';
