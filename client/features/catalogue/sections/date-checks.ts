import { cityPart } from '@domain/catalogue/filters';
import { isAfter } from '../components/dates';

/** The server's wording for the same refusal (domain/bookings/pricing.ts). */
export const CHECK_OUT_ORDER_MESSAGE = 'Check-out must be after check-in';

/** A stay whose check-out is not after its check-in says so; an incomplete one (a date still empty) does not. */
export function stayDatesError(checkIn: string, checkOut: string): string | null {
  if (!checkIn || !checkOut) return null;
  return isAfter(checkIn, checkOut) ? null : CHECK_OUT_ORDER_MESSAGE;
}

/** Said before searching flights whose origin and destination are one city (no flight goes nowhere). */
export const SAME_CITY_MESSAGE = 'Origin and destination are the same city. Choose a different destination.';

/** The same-city refusal when both are filled in and name the same city (case, spacing and country aside). */
export function sameCityError(from: string, to: string): string | null {
  const a = cityPart(from).toLowerCase();
  const b = cityPart(to).toLowerCase();
  return a && b && a === b ? SAME_CITY_MESSAGE : null;
}
