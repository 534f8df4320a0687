import {
  carTotalCents,
  flightFareCents,
  greatCircleKm,
  hotelTotalCents,
  parseDay,
  propertyTotalCents,
  roundKm,
  shippingRateCents,
  taxiFareCents,
} from '../catalogue/pricing';
import { BookingDetails, type ServiceType } from './schemas';
import { MAX_DAYS_AHEAD, MAX_RENTAL_DAYS, MAX_STAY_NIGHTS } from '../limits';
import type { z } from 'zod';

/**
 * The catalogue facts a line is priced from (integer cents), as the server reads them from active rows. `place` is
 * the listing's address or location text, which its tax place is read from (domain/bookings/tax.ts); rides and
 * parcels are taxed where they are picked up, food where its restaurant is.
 */
export type CatalogueEntry = { place?: string | null } & (
  | { serviceType: 'hotels'; name: string; pricePerNightCents: number; maxGuests: number }
  | { serviceType: 'cars'; name: string; pricePerDayCents: number }
  | { serviceType: 'flights'; name: string; priceCents: number }
  | { serviceType: 'food-delivery'; name: string; priceCents: number; restaurantId: number }
  | { serviceType: 'taxi'; name: string; baseFareCents: number; perKmCents: number }
  | { serviceType: 'properties'; name: string; pricePerMonthCents: number }
  | { serviceType: 'shipping'; name: string; basePriceCents: number; pricePerLbCents: number }
  | { serviceType: 'services'; name: string; priceCents: number }
  | { serviceType: 'general-services'; name: string; priceCents: number }
);

export type ParsedDetails<S extends ServiceType> = z.output<(typeof BookingDetails)[S]>;

/** A priced line, or the detail field that makes it unpriceable and why. */
export type LinePrice = { ok: true; unitCents: number } | { ok: false; field: string; message: string };

const fail = (field: string, message: string): LinePrice => ({ ok: false, field, message });

/** A calendar day that exists and is not before `today` (both "YYYY-MM-DD", UTC). */
function checkDay(value: string, today: string, field: string, pastMessage: string): LinePrice | null {
  const t = parseDay(value);
  if (Number.isNaN(t)) return fail(field, 'Invalid date');
  if (t < parseDay(today)) return fail(field, pastMessage);
  if (t > parseDay(today) + MAX_DAYS_AHEAD * DAY_MS) return fail(field, `Dates can be at most ${MAX_DAYS_AHEAD / 365} years ahead`);
  return null;
}

const DAY_MS = 86_400_000;
export const STAY_TOO_LONG = `A stay can be at most ${MAX_STAY_NIGHTS} nights`;
export const RENTAL_TOO_LONG = `A rental can be at most ${MAX_RENTAL_DAYS} days`;

/**
 * Prices one unit of a booking line from the catalogue entry and the validated details. The line total is this
 * unit price times the line's quantity.
 *
 * Hotels: the unit is the whole stay — nightly price x nights x rooms — so that `quantity` keeps meaning "number of
 * identical bookings" for every service type (spec 000 section 9 prices a stay as nightly price x nights; rooms
 * multiply it). Guests are limited to the hotel's maxGuests per room.
 */
export function priceUnit(entry: CatalogueEntry, rawDetails: unknown, today: string): LinePrice {
  switch (entry.serviceType) {
    case 'hotels': {
      const d = BookingDetails.hotels.parse(rawDetails);
      const bad = checkDay(d.checkIn, today, 'checkIn', 'Check-in date cannot be in the past');
      if (bad) return bad;
      if (Number.isNaN(parseDay(d.checkOut))) return fail('checkOut', 'Invalid date');
      if (parseDay(d.checkOut) <= parseDay(d.checkIn)) return fail('checkOut', 'Check-out must be after check-in');
      if ((parseDay(d.checkOut) - parseDay(d.checkIn)) / DAY_MS > MAX_STAY_NIGHTS) return fail('checkOut', STAY_TOO_LONG);
      if (d.guests > entry.maxGuests * d.rooms) {
        return fail('guests', `At most ${entry.maxGuests * d.rooms} guests for ${d.rooms} room${d.rooms === 1 ? '' : 's'}`);
      }
      return { ok: true, unitCents: hotelTotalCents(entry.pricePerNightCents, d.checkIn, d.checkOut, d.rooms) };
    }
    case 'cars': {
      const d = BookingDetails.cars.parse(rawDetails);
      const bad = checkDay(d.pickupDate, today, 'pickupDate', 'Pickup date cannot be in the past');
      if (bad) return bad;
      if (Number.isNaN(parseDay(d.returnDate))) return fail('returnDate', 'Invalid date');
      if (parseDay(d.returnDate) < parseDay(d.pickupDate)) return fail('returnDate', 'Return date must not be before pickup date');
      if ((parseDay(d.returnDate) - parseDay(d.pickupDate)) / DAY_MS > MAX_RENTAL_DAYS) return fail('returnDate', RENTAL_TOO_LONG);
      return { ok: true, unitCents: carTotalCents(entry.pricePerDayCents, d.pickupDate, d.returnDate) };
    }
    case 'flights': {
      const d = BookingDetails.flights.parse(rawDetails);
      if (d.date) {
        const bad = checkDay(d.date, today, 'date', 'Departure date cannot be in the past');
        if (bad) return bad;
      }
      if (d.passengers.infants > d.passengers.adults) return fail('passengers.infants', 'Each infant must travel with an adult');
      return { ok: true, unitCents: flightFareCents(entry.priceCents, d.passengers, d.cabinClass) };
    }
    case 'food-delivery': {
      const d = BookingDetails['food-delivery'].parse(rawDetails);
      if (d.restaurantId !== entry.restaurantId) return fail('restaurantId', 'This item is not on that restaurant’s menu');
      return { ok: true, unitCents: entry.priceCents };
    }
    case 'taxi': {
      const d = BookingDetails.taxi.parse(rawDetails);
      return { ok: true, unitCents: taxiFareCents(entry, roundKm(greatCircleKm(d.pickup, d.dropoff))) };
    }
    case 'properties': {
      const d = BookingDetails.properties.parse(rawDetails);
      const bad = checkDay(d.moveIn, today, 'moveIn', 'Move-in date cannot be in the past');
      if (bad) return bad;
      return { ok: true, unitCents: propertyTotalCents(entry.pricePerMonthCents, d.months) };
    }
    case 'shipping': {
      const d = BookingDetails.shipping.parse(rawDetails);
      return { ok: true, unitCents: shippingRateCents(entry, d) };
    }
    case 'services':
      BookingDetails.services.parse(rawDetails);
      return { ok: true, unitCents: entry.priceCents };
    case 'general-services': {
      const d = BookingDetails['general-services'].parse(rawDetails);
      if (d.date) {
        const bad = checkDay(d.date, today, 'date', 'Service date cannot be in the past');
        if (bad) return bad;
      }
      // The bookable price of a general service is its "from" price (the lower bound of its range).
      return { ok: true, unitCents: entry.priceCents };
    }
  }
}

/** A line total: unit price x quantity. */
export function lineTotalCents(unitCents: number, quantity: number): number {
  return unitCents * quantity;
}

/** The booking total: the sum of its line totals. */
export function bookingTotalCents(lines: ReadonlyArray<{ lineTotalCents: number }>): number {
  return lines.reduce((sum, l) => sum + l.lineTotalCents, 0);
}

/** Whether the total the customer saw (dollars) matches the server's total (cents) to within one cent. */
export function totalMatches(clientDollars: number, serverCents: number): boolean {
  return Math.abs(Math.round(clientDollars * 100) - serverCents) <= 1;
}
