/**
 * Pricing and date rules shared by the screens (to show a breakdown) and the server (which alone decides what a
 * customer pays). All money is integer cents. Dates are calendar days "YYYY-MM-DD" compared in UTC.
 */
import { dateTimeFormat } from '../format';

const DAY_MS = 86_400_000;

/** Parses "YYYY-MM-DD" (or an ISO date-time) to a UTC timestamp; NaN when invalid. */
export function parseDay(value: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!m) return Number.NaN;
  const t = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  const d = new Date(t);
  // Reject 2026-02-31 and the like.
  if (d.getUTCFullYear() !== Number(m[1]) || d.getUTCMonth() !== Number(m[2]) - 1 || d.getUTCDate() !== Number(m[3])) return Number.NaN;
  return t;
}

/** Today's calendar day in UTC as "YYYY-MM-DD". */
export function todayUtc(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** Whole days from `from` to `to`, rounded up (spec 000 section 9: nights = ceil of days between). */
function ceilDaysBetween(from: string, to: string): number {
  const a = parseDay(from);
  const b = parseDay(to);
  if (Number.isNaN(a) || Number.isNaN(b)) return Number.NaN;
  return Math.ceil((b - a) / DAY_MS);
}

/** Nights between check-in and check-out: ceil of the days between; 0 or less means the dates are invalid. */
export function nights(checkIn: string, checkOut: string): number {
  return ceilDaysBetween(checkIn, checkOut);
}

/** Hotel stay total: nightly price x nights x rooms. */
export function hotelTotalCents(pricePerNightCents: number, checkIn: string, checkOut: string, rooms = 1): number {
  const n = nights(checkIn, checkOut);
  if (!(n > 0)) throw new RangeError('Check-out must be after check-in');
  return pricePerNightCents * n * rooms;
}

/** Rental days: ceil of the days between pickup and return, at least 1 (a same-day return is one day). */
export function carDays(pickupDate: string, returnDate: string): number {
  const d = ceilDaysBetween(pickupDate, returnDate);
  if (Number.isNaN(d) || d < 0) return Number.NaN;
  return Math.max(1, d);
}

export function carTotalCents(pricePerDayCents: number, pickupDate: string, returnDate: string): number {
  const d = carDays(pickupDate, returnDate);
  if (Number.isNaN(d)) throw new RangeError('Return date must not be before pickup date');
  return pricePerDayCents * d;
}

/** Lease durations offered for properties, in months (spec 000 section 9). */
export const LEASE_MONTHS = [1, 3, 6, 12] as const;
export type LeaseMonths = (typeof LEASE_MONTHS)[number];

export function propertyTotalCents(pricePerMonthCents: number, months: number): number {
  if (!(LEASE_MONTHS as readonly number[]).includes(months)) throw new RangeError('Lease must be 1, 3, 6 or 12 months');
  return pricePerMonthCents * months;
}

/** Property price filter ranges (spec 000 section 9), in dollars; `max` undefined means no upper bound (labels: formatMoneyRange). */
export const PROPERTY_PRICE_RANGES = [
  { id: '500-1000', min: 500, max: 1000 },
  { id: '1000-2000', min: 1000, max: 2000 },
  { id: '2000-3000', min: 2000, max: 3000 },
  { id: '3000+', min: 3000, max: undefined },
] as const;

// ---------------------------------------------------------------- taxi

const EARTH_RADIUS_KM = 6371.0088;

export type LatLng = { lat: number; lng: number };

/** Great-circle (haversine) distance in kilometres. */
export function greatCircleKm(a: LatLng, b: LatLng): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Distance rounded to 0.01 km, the figure fares are computed from (so screens and server agree). */
export function roundKm(km: number): number {
  return Math.round(km * 100) / 100;
}

/** Fare = base + per-km rate x distance, rounded to the cent (spec 000 section 9). */
export function taxiFareCents(ride: { baseFareCents: number; perKmCents: number }, distanceKm: number): number {
  return Math.round(ride.baseFareCents + ride.perKmCents * roundKm(distanceKm));
}

/** Trip duration estimate: distance x 3 minutes plus a traffic allowance (spec 000 section 9). */
export function taxiEtaMinutes(distanceKm: number, trafficMinutes: number): number {
  return Math.max(1, Math.round(roundKm(distanceKm) * 3 + trafficMinutes));
}

/**
 * Traffic allowance added to a trip estimate, from the local hour of day (spec 000 section 9: 0-10 minutes).
 * Deterministic: weekday rush hours 7-9 and 16-18 get the full 10 minutes, the shoulders (6, 10, 15, 19) 5,
 * the night (22-5) nothing, the rest of the day 3.
 */
export function taxiTrafficMinutes(localHour: number): number {
  const h = ((Math.floor(localHour) % 24) + 24) % 24;
  if ((h >= 7 && h <= 9) || (h >= 16 && h <= 18)) return 10;
  if (h === 6 || h === 10 || h === 15 || h === 19) return 5;
  if (h >= 22 || h <= 5) return 0;
  return 3;
}

/**
 * Approximate local hour at a longitude (mean solar time: 15 degrees per hour), so a quote's traffic allowance
 * follows the pickup's time of day without a time-zone database.
 */
export function solarLocalHour(at: Date, lng: number): number {
  const utcHours = at.getUTCHours() + at.getUTCMinutes() / 60;
  return (((utcHours + lng / 15) % 24) + 24) % 24;
}

/**
 * Minutes until a driver of a ride type reaches the pickup (spec 000 section 9: 2-9 minutes): the middle of the
 * ride type's advertised wait ("2-4 min" gives 3), clamped to 2-9; 5 when the wait text has no numbers.
 */
export function pickupArrivalMinutes(waitTime: string): number {
  const nums = (waitTime.match(/\d+/g) ?? []).map(Number);
  if (nums.length === 0) return 5;
  const mid = nums.length === 1 ? nums[0] : (nums[0] + nums[1]) / 2;
  return Math.min(9, Math.max(2, Math.ceil(mid)));
}

// ---------------------------------------------------------------- shipping

export const SHIPPING_SPEEDS = ['standard', 'express', 'overnight'] as const;
export type ShippingSpeed = (typeof SHIPPING_SPEEDS)[number];

/** Delivery times per speed (spec 000 section 9). */
export const SHIPPING_DELIVERY_TIMES: Record<ShippingSpeed, string> = {
  standard: '5-7 business days',
  express: '2-3 business days',
  overnight: '1 business day',
};

export type Parcel = { weight: number; length: number; width: number; height: number };

/** Dimensional-weight divisor for inches and pounds, as the big carriers use. */
export const DIM_DIVISOR = 139;

/** Billable pounds: the greater of actual and dimensional weight, rounded up to a whole pound (at least 1). */
export function billableLbs(p: Parcel): number {
  const dim = (p.length * p.width * p.height) / DIM_DIVISOR;
  return Math.max(1, Math.ceil(Math.max(p.weight, dim) - 1e-9));
}

/** Generic quote tariff per speed: a base and a per-pound rate; faster is dearer at every weight. */
export const SHIPPING_TARIFF: Record<ShippingSpeed, { baseCents: number; perLbCents: number }> = {
  standard: { baseCents: 799, perLbCents: 65 },
  express: { baseCents: 1599, perLbCents: 110 },
  overnight: { baseCents: 2999, perLbCents: 185 },
};

/** Price of sending a parcel at a speed (the calculator's quote). Grows with weight, size and speed. */
export function shippingQuoteCents(parcel: Parcel, speed: ShippingSpeed): number {
  const t = SHIPPING_TARIFF[speed];
  return t.baseCents + t.perLbCents * billableLbs(parcel);
}

/** Price of sending a parcel with one carrier's rate (a booked shipping line). */
export function shippingRateCents(rate: { basePriceCents: number; pricePerLbCents: number }, parcel: Parcel): number {
  return rate.basePriceCents + rate.pricePerLbCents * billableLbs(parcel);
}

/** Parcel limits the quote accepts: the big carriers' ground maximums. */
export const SHIPPING_MAX_WEIGHT_LBS = 150;
export const SHIPPING_MAX_SIDE_INCHES = 108;

// ---------------------------------------------------------------- flights

/** "YYYY-MM-DD" plus a number of days. */
export function addDays(day: string, days: number): string {
  return new Date(parseDay(day) + days * DAY_MS).toISOString().slice(0, 10);
}

/**
 * The earliest travel date accepted as "not in the past": today in the earliest time zone on earth (UTC-12), so
 * a customer anywhere can still pick their own today.
 */
export function earliestTravelDay(now: Date = new Date()): string {
  return todayUtc(new Date(now.getTime() - 12 * 3_600_000));
}

/** "4h 55m" -> 295; NaN when unreadable. */
export function parseDurationMinutes(duration: string): number {
  const m = /^\s*(?:(\d+)\s*h)?\s*(?:(\d+)\s*m)?\s*$/i.exec(duration);
  if (!m || (m[1] === undefined && m[2] === undefined)) return Number.NaN;
  return Number(m[1] ?? 0) * 60 + Number(m[2] ?? 0);
}

/** "HH:MM" -> minutes after midnight; NaN when unreadable. */
export function clockMinutes(time: string): number {
  const m = /^(\d{1,2}):(\d{2})$/.exec(time.trim());
  if (!m || Number(m[1]) > 23 || Number(m[2]) > 59) return Number.NaN;
  return Number(m[1]) * 60 + Number(m[2]);
}

/** UTC offset in minutes of an IANA zone at an instant (e.g. -240 for Toronto in summer); NaN for an unknown zone. */
export function zoneOffsetMinutes(timeZone: string, at: Date): number {
  try {
    // One formatter per zone, built once (domain/format): each costs milliseconds to build, every restaurant card asks.
    const parts = dateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    }).formatToParts(at);
    const get = (t: string) => Number(parts.find((p) => p.type === t)?.value);
    const wall = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'));
    return Math.round((wall - Math.floor(at.getTime() / 60_000) * 60_000) / 60_000);
  } catch {
    return Number.NaN;
  }
}

/**
 * Days between a daily flight's departure date and its arrival date, both local. With both cities' time zones:
 * departure + duration, shifted by the zone difference on that date, rounded to whole days (so a DST hour never
 * moves the date). Without them: the next day when the arrival clock time is earlier than the departure's.
 */
export function flightArrivalDayOffset(
  flight: { departureTime: string; arrivalTime: string; duration: string },
  date: string,
  zones?: { departure?: string; arrival?: string },
): number {
  const dep = clockMinutes(flight.departureTime);
  const arr = clockMinutes(flight.arrivalTime);
  const dur = parseDurationMinutes(flight.duration);
  if (Number.isNaN(dep) || Number.isNaN(arr)) return 0;
  if (zones?.departure && zones.arrival && !Number.isNaN(dur)) {
    const noon = new Date(parseDay(date) + DAY_MS / 2);
    const diff = zoneOffsetMinutes(zones.arrival, noon) - zoneOffsetMinutes(zones.departure, noon);
    if (!Number.isNaN(diff)) return Math.max(0, Math.round((dep + dur + diff - arr) / 1440));
  }
  return arr < dep ? 1 : 0;
}

export const CABIN_CLASSES = ['Economy', 'Premium Economy', 'Business', 'First'] as const;
export type CabinClass = (typeof CABIN_CLASSES)[number];

/** Fare multiplier per cabin over the listed (Economy) fare. */
export const CABIN_MULTIPLIER: Record<CabinClass, number> = {
  Economy: 1,
  'Premium Economy': 1.5,
  Business: 2.75,
  First: 4,
};

export type Passengers = { adults: number; children: number; infants: number };

/** Children (2-11) pay 75% of the adult fare; infants (under 2, on a lap) 10%. */
export const CHILD_FARE_SHARE = 0.75;
export const INFANT_FARE_SHARE = 0.1;

/** One adult's fare in a cabin, from the listed Economy fare (what a flight card shows for the selected class). */
export function cabinFarePerAdultCents(economyFareCents: number, cabin: CabinClass): number {
  return Math.round(economyFareCents * CABIN_MULTIPLIER[cabin]);
}

/** Total fare for a party in a cabin, from the listed Economy fare per adult. */
export function flightFareCents(economyFareCents: number, passengers: Passengers, cabin: CabinClass): number {
  const perAdult = cabinFarePerAdultCents(economyFareCents, cabin);
  return (
    perAdult * passengers.adults +
    Math.round(perAdult * CHILD_FARE_SHARE) * passengers.children +
    Math.round(perAdult * INFANT_FARE_SHARE) * passengers.infants
  );
}
