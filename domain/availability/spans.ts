/**
 * Which days a booking line takes, and how many units: the one place that says a stay takes its nights, a rental
 * its days from pickup to return, a lease its months and a flight its departure day.
 */
import { addDays } from '../catalogue/pricing';
import { addMonths, daysBetween, type DayKind } from './schemas';

/** Days [start, end): `end` is the first day not taken. */
export type DaySpan = { start: string; end: string };

/** The kind's day span of a line's details, and the units one unit of the line takes (times the line's quantity). */
export function lineSpan(kind: DayKind, details: Record<string, unknown>): DaySpan & { unitsEach: number } {
  switch (kind) {
    case 'hotels':
      return { start: String(details.checkIn), end: String(details.checkOut), unitsEach: Number(details.rooms ?? 1) };
    case 'cars':
      return { start: String(details.pickupDate), end: addDays(String(details.returnDate), 1), unitsEach: 1 };
    case 'properties':
      return { start: String(details.moveIn), end: addMonths(String(details.moveIn), Number(details.months)), unitsEach: 1 };
    case 'flights': {
      const p = (details.passengers ?? {}) as { adults?: number; children?: number };
      // Infants travel on a lap: they take no seat.
      return { start: String(details.date), end: addDays(String(details.date), 1), unitsEach: Number(p.adults ?? 1) + Number(p.children ?? 0) };
    }
  }
}

/** The span of a search: hotels' checkIn..checkOut, cars' pickupDate..returnDate, properties' moveIn + months, a flight's date. */
export const searchSpan = lineSpan;

/** Every day of a span, in order. */
export function spanDays(span: DaySpan): string[] {
  const n = daysBetween(span.start, span.end);
  return Array.from({ length: Math.max(0, n) }, (_, i) => addDays(span.start, i));
}

/**
 * The free span of the same length nearest to the one asked for (earlier or later), from a listing's free units per
 * day, or null when none fits in the days given. `wanted` is how many units each day needs.
 */
export function nearestFreeSpan(days: ReadonlyArray<{ date: string; free: number }>, asked: DaySpan, wanted: number): DaySpan | null {
  const length = daysBetween(asked.start, asked.end);
  if (length <= 0 || days.length === 0) return null;
  const freeOn = new Map(days.map((d) => [d.date, d.free]));
  const first = days[0].date;
  const last = days[days.length - 1].date;
  const fits = (start: string) => spanDays({ start, end: addDays(start, length) }).every((d) => (freeOn.get(d) ?? 0) >= wanted);
  const limit = daysBetween(first, last) + 1;
  for (let shift = 1; shift <= limit; shift++) {
    for (const start of [addDays(asked.start, shift), addDays(asked.start, -shift)]) {
      if (start < first || addDays(start, length - 1) > last) continue;
      if (fits(start)) return { start, end: addDays(start, length) };
    }
  }
  return null;
}
