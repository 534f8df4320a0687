/**
 * The documented bounds of the API (issue 14; docs/ARCHITECTURE.md "Limits"). Every number and length a client
 * sends is bounded; these are the ones a person may meet.
 */

/** Ids are PostgreSQL `integer` (serial): 1 .. 2^31 - 1. Anything else is a 400, never a query. */
export const MAX_ID = 2_147_483_647;
/** An address (a delivery destination, a shipment's ends): at most 300 characters. */
export const MAX_ADDRESS_LENGTH = 300;
/** A hotel stay: at most 90 nights. */
export const MAX_STAY_NIGHTS = 90;
/** A car rental: at most 90 days. */
export const MAX_RENTAL_DAYS = 90;
/** A lease: at most 12 months (1, 3, 6 or 12). */
export const MAX_LEASE_MONTHS = 12;
/** Passengers on a flight booking: at most 9 per kind (adults, children, infants). */
export const MAX_PASSENGERS_PER_KIND = 9;
/** Dates of a booking: at most two years ahead. */
export const MAX_DAYS_AHEAD = 730;
/** Lines in one booking. */
export const MAX_BOOKING_ITEMS = 50;
/** A booking line's details, as JSON: at most 4 KB. */
export const MAX_DETAILS_BYTES = 4096;
/** Nesting of any JSON body or query: at most 16 levels. */
export const MAX_JSON_DEPTH = 16;
/** Bookings created per customer: 20 per 10 minutes (server/config.ts bookingLimit). */
export const BOOKINGS_PER_WINDOW = 20;
