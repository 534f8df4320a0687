import type { Booking, BookingLine } from '@domain/bookings/schemas';
import { formatDate, formatDateTime } from '@domain/format';

/**
 * What happens next after a paid booking, one sentence per kind of line (issue 26: the confirmation screen says
 * what happens next per kind). Pure: tested without a browser.
 */

function str(value: unknown): string | null {
  return typeof value === 'string' && value.trim() ? value : null;
}
/** 'YYYY-MM-DD' as 'Mar 4, 2027' (the day as written, whatever the time zone). */
function day(value: unknown): string | null {
  const d = str(value);
  return d && /^\d{4}-\d{2}-\d{2}$/.test(d) ? formatDate(`${d}T12:00:00`) : null;
}
/** 'Dish (Restaurant)' -> 'Restaurant'. */
function restaurantOf(line: Pick<BookingLine, 'name'>): string {
  return /\(([^()]+)\)\s*$/.exec(line.name)?.[1] ?? line.name;
}

/** The sentences, in the order the booking's lines first show each kind; restaurants named once. */
export function nextSteps(booking: Pick<Booking, 'status' | 'items'>): string[] {
  if (booking.status === 'cancelled') return ['This booking was cancelled. Any payment is refunded to your card.'];
  const out: string[] = [];
  const seen = new Set<string>();
  const once = (key: string, text: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    out.push(text);
  };
  for (const line of booking.items) {
    const d = line.details;
    switch (line.serviceType) {
      case 'food-delivery':
        once(
          `food:${restaurantOf(line)}`,
          `${restaurantOf(line)} has your order. Once it accepts and marks it ready for pickup, a nearby driver picks it up and brings it to you; the tracking page shows each step live.`,
        );
        break;
      case 'taxi':
        once(`taxi:${line.id}`, `We are asking drivers near your pickup${str((d.pickup as Record<string, unknown> | undefined)?.address) ? ` at ${str((d.pickup as Record<string, unknown>).address)}` : ''}. Your driver, their car and their way to you appear on the tracking page when one accepts.`);
        break;
      case 'shipping':
        once(`shipping:${line.id}`, 'A driver collects your parcel at the sender address. Between cities it travels by the carrier’s line-haul; the tracking page shows each scan until it is delivered.');
        break;
      case 'hotels':
        once(`hotels:${line.id}`, `${line.name} has your reservation${day(d.checkIn) ? `: check in on ${day(d.checkIn)}` : ''}${day(d.checkOut) ? `, check out on ${day(d.checkOut)}` : ''}. Show this booking number at the front desk.`);
        break;
      case 'cars':
        once(`cars:${line.id}`, `Pick up ${line.name}${day(d.pickupDate) ? ` on ${day(d.pickupDate)}` : ''} with your driving licence and this booking number${day(d.returnDate) ? `; return it by ${day(d.returnDate)}` : ''}.`);
        break;
      case 'flights':
        once(`flights:${line.id}`, `Your seats on ${line.name} are booked${day(d.date) ? ` for ${day(d.date)}` : ''}. Check in with the airline before you fly.`);
        break;
      case 'properties':
        once(`properties:${line.id}`, `The owner of ${line.name} will contact you about the lease${day(d.moveIn) ? ` and your move-in on ${day(d.moveIn)}` : ''}.`);
        break;
      case 'services':
      case 'general-services': {
        const at = str(d.startAt);
        once(`services:${line.id}`, `${line.name} has your booking${at ? ` for ${formatDateTime(at)}` : day(d.date) ? ` for ${day(d.date)}` : ''} and will be in touch through Messages in My bookings.`);
        break;
      }
    }
  }
  return out;
}
