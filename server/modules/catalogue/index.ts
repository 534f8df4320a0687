/**
 * The catalogue module's front door: the public lists and quotes (routes and their response cache), and the server
 * registry of listing kinds (kinds.ts, ADR 013) that bookings, admin, chat, money, notifications, onboarding,
 * provider, reviews, search and the seed look up rows through.
 */
export { catalogueRoutes, createCatalogueCache } from './routes';
export { findRow, listingOfLine, listRows, lockRow, ownerOf, SERVER_KINDS, serverKind, serverKindOfCollection, serverKindOfServiceType, updateRow, type ServerKind } from './kinds';
export { toApi } from './mappers';
export { paged } from './service';
export { FLIGHT_CITY_TIME_ZONES } from './flight-zones';
