/**
 * The demo catalogue's availability facts: fleets and seats, restaurants' opening hours and the appointment services'
 * lengths and working hours (read from their registration text by the same parser the portal offers). Derived from
 * each row's place in the list, so every seed is the same.
 */
import { parseWeeklyHours, type WeeklyHours } from '../../../domain/availability/hours';
import type { cars, flights, generalServices, restaurants } from '../schema';

/** The demo's cities and their zones (restaurants and services name one of them in their address or area). */
const ZONES: Array<[RegExp, string]> = [
  [/toronto|north york/i, 'America/Toronto'],
  [/vancouver|burnaby/i, 'America/Vancouver'],
  [/regina|saskatchewan|moose jaw/i, 'America/Regina'],
];
const zoneOf = (place: string) => ZONES.find(([re]) => re.test(place))?.[1] ?? 'America/Regina';
const hoursOf = (text: string, place: string): WeeklyHours | null => {
  const week = parseWeeklyHours(text);
  return week ? { timeZone: zoneOf(place), week } : null;
};

/**
 * Half the demo restaurants deliver around the clock (so the demo and its tests can order at any hour); the others
 * keep ordinary hours and show Closed outside them.
 */
const RESTAURANT_HOURS = ['Open 24 hours', 'Mon-Sun 11:00-23:00', 'Open 24 hours', 'Tue-Sun 12:00-22:00', 'Open 24 hours', 'Mon-Sun 10:00-22:00'];
export function restaurantHours<R extends typeof restaurants.$inferInsert>(rows: R[]): R[] {
  return rows.map((r, i) => ({ ...r, openingHours: hoursOf(i < 8 ? 'Open 24 hours' : RESTAURANT_HOURS[i % RESTAURANT_HOURS.length], r.address ?? '') }));
}

/** Two to nine cars of each model. */
export function carFleets<R extends typeof cars.$inferInsert>(rows: R[]): R[] {
  return rows.map((r, i) => ({ ...r, fleet: 2 + ((i * 5) % 8) }));
}

/** Regional jets to wide-bodies: 76 to 296 seats. */
export function flightSeats<R extends typeof flights.$inferInsert>(rows: R[]): R[] {
  const sizes = [180, 150, 296, 76, 220, 189, 124, 250];
  return rows.map((r, i) => ({ ...r, seats: sizes[i % sizes.length] }));
}

/** The services booked by appointment, with one appointment's length. */
const APPOINTMENTS: Record<string, number> = {
  'FixIt Tech Repair': 60,
  'Crown & Curl Studio': 45,
  'Golden Hour Photography': 120,
  'BrightMinds Tutoring': 60,
  'Queen City Mobile Mechanics': 90,
  'Serenity Massage Therapy': 60,
};
export function appointmentServices<R extends typeof generalServices.$inferInsert>(rows: R[]): R[] {
  return rows.map((r) => {
    const minutes = APPOINTMENTS[r.name];
    const hours = minutes ? hoursOf(r.availability ?? '', r.serviceArea ?? '') : null;
    return hours ? { ...r, appointmentMinutes: minutes, workingHours: hours } : r;
  });
}
