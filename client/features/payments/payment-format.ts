import type { BookingLine } from '@domain/bookings/schemas';
import { carDays, nights } from '@domain/catalogue/pricing';
import { parseApiError } from '@client/lib/api';
import { formatMoney, pluralize } from '@domain/format';

function str(value: unknown): string | null {
  return typeof value === 'string' && value.trim() ? value : null;
}
function num(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/** The address of a stored {lat, lng, address} place, or null. */
function placeAddress(value: unknown): string | null {
  return typeof value === 'object' && value !== null ? str((value as Record<string, unknown>).address) : null;
}

/**
 * A short explanation of how a priced line's unit price came about, e.g. '3 nights x $129.00'. Empty when the
 * details say nothing worth repeating.
 */
export function lineDetailsSummary(line: Pick<BookingLine, 'serviceType' | 'unitPrice' | 'details'>): string {
  const d = line.details;
  switch (line.serviceType) {
    case 'hotels': {
      const checkIn = str(d.checkIn);
      const checkOut = str(d.checkOut);
      if (!checkIn || !checkOut) return '';
      const n = nights(checkIn, checkOut);
      if (!Number.isFinite(n) || n <= 0) return '';
      const rooms = num(d.rooms) ?? 1;
      const perNight = line.unitPrice / n / rooms;
      return `${pluralize(n, 'night')} x ${formatMoney(perNight)}${rooms > 1 ? ` x ${pluralize(rooms, 'room')}` : ''}`;
    }
    case 'cars': {
      const pickup = str(d.pickupDate);
      const ret = str(d.returnDate);
      if (!pickup || !ret) return '';
      const days = carDays(pickup, ret);
      if (!Number.isFinite(days) || days <= 0) return '';
      return `${pluralize(days, 'day')} x ${formatMoney(line.unitPrice / days)}`;
    }
    case 'properties': {
      const months = num(d.months);
      if (!months) return '';
      return `${pluralize(months, 'month')} x ${formatMoney(line.unitPrice / months)}`;
    }
    case 'flights': {
      const p = typeof d.passengers === 'object' && d.passengers !== null ? (d.passengers as Record<string, unknown>) : {};
      const people = (num(p.adults) ?? 0) + (num(p.children) ?? 0) + (num(p.infants) ?? 0);
      const cabin = str(d.cabinClass) ?? 'Economy';
      return people > 0 ? `${pluralize(people, 'passenger')}, ${cabin}` : cabin;
    }
    case 'taxi': {
      const from = placeAddress(d.pickup);
      const to = placeAddress(d.dropoff);
      return from && to ? `${from} → ${to}` : '';
    }
    case 'shipping': {
      const weight = num(d.weight);
      const speed = str(d.speed);
      const from = placeAddress(d.from);
      const to = placeAddress(d.to);
      return [weight ? `${weight} lbs` : null, speed, from && to ? `${from} → ${to}` : null].filter(Boolean).join(', ');
    }
    case 'food-delivery': {
      const where = placeAddress(d.destination) ?? str(d.address);
      return where ? `Deliver to ${where}` : '';
    }
    default:
      return '';
  }
}

/** '4242424242424242' (or partly typed) -> '4242 4242 4242 4242'; non-digits dropped, at most 19 digits. */
export function formatCardNumberInput(input: string): string {
  const digits = input.replace(/\D/g, '').slice(0, 19);
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** Typed expiry -> 'MM/YY' as the user types ('12' -> '12/', '1226' -> '12/26'). */
export function formatExpiryInput(input: string, previous = ''): string {
  const digits = input.replace(/\D/g, '').slice(0, 4);
  // Deleting the slash should delete it, not re-add it.
  if (previous.endsWith('/') && input.length < previous.length) return digits.slice(0, 1);
  if (digits.length >= 3) return `${digits.slice(0, 2)}/${digits.slice(2)}`;
  if (digits.length === 2) return `${digits}/`;
  return digits;
}

/** 'MM/YY' (or 'MM/YYYY') -> month and four-digit year; null when it is not that shape. */
export function parseExpiry(value: string): { expMonth: number; expYear: number } | null {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(value);
  if (!match) return null;
  const expMonth = Number(match[1]);
  const year = Number(match[2]);
  return { expMonth, expYear: year < 100 ? 2000 + year : year };
}

/**
 * A failed checkout call in the customer's words: field errors about a booking line ('items.0.details.pickupDate')
 * are named after that line's service (`items` in request order), and nothing is said twice.
 */
export function checkoutErrorText(error: unknown, fallback: string, items?: readonly { name: string }[]): string {
  const parsed = parseApiError(error);
  if (parsed.status === null) return 'Unable to reach the server. Check your connection and try again.';
  const fieldMessages = Object.entries(parsed.errors).map(([field, msg]) => {
    const line = /^items\.(\d+)(\.|$)/.exec(field);
    // A booking of one line needs no naming of which line is refused.
    const name = line && (items?.length ?? 0) > 1 ? items?.[Number(line[1])]?.name : undefined;
    return name ? `${name}: ${msg}` : msg;
  });
  const lines = fieldMessages.length > 0 ? fieldMessages : [parsed.message ?? fallback];
  return Array.from(new Set(lines)).join(' ');
}
