import type { ServiceType } from '@domain/bookings/schemas';
import { carDays, nights } from '@domain/catalogue/pricing';
import { formatMoney, pluralize } from '@domain/format';

/** One cart line (spec 000 section 4). Prices are per unit, in dollars. */
export type CartItem = {
  id: string;
  serviceType: ServiceType;
  serviceId: number;
  name: string;
  price: number;
  quantity: number;
  description?: string;
  image?: string;
  details?: Record<string, unknown>;
};

export type NewCartItem = Omit<CartItem, 'id' | 'quantity'>;

/** Line id as the spec gives it: `[serviceType, serviceId, Date.now()].join('-')`. */
export function cartItemId(serviceType: ServiceType, serviceId: number, now: number): string {
  return [serviceType, serviceId, now].join('-');
}

/** Adds an item; the same serviceType+serviceId pair increments that line's quantity instead of adding a line. */
export function addCartItem(items: readonly CartItem[], item: NewCartItem, now: number): CartItem[] {
  const existing = items.find((line) => line.serviceType === item.serviceType && line.serviceId === item.serviceId);
  if (existing) {
    return items.map((line) => (line === existing ? { ...line, quantity: line.quantity + 1 } : line));
  }
  return [...items, { ...item, id: cartItemId(item.serviceType, item.serviceId, now), quantity: 1 }];
}

/** Sets a line's quantity; zero or less removes the line. */
export function updateCartQuantity(items: readonly CartItem[], id: string, quantity: number): CartItem[] {
  if (!Number.isFinite(quantity) || quantity <= 0) return removeCartItem(items, id);
  const whole = Math.floor(quantity);
  return items.map((line) => (line.id === id ? { ...line, quantity: whole } : line));
}

export function removeCartItem(items: readonly CartItem[], id: string): CartItem[] {
  return items.filter((line) => line.id !== id);
}

/** Sum of price x quantity, rounded to the cent. */
export function cartTotal(items: readonly CartItem[]): number {
  const cents = items.reduce((sum, line) => sum + Math.round(line.price * 100) * line.quantity, 0);
  return cents / 100;
}

export function cartItemCount(items: readonly CartItem[]): number {
  return items.reduce((sum, line) => sum + line.quantity, 0);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Keeps only well-formed lines from whatever was stored (old versions, hand edits). */
export function parseStoredCart(raw: string | null): CartItem[] {
  if (!raw) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch (error) {
    console.error('Stored cart is not valid JSON', error);
    return [];
  }
  if (!isRecord(parsed) || !Array.isArray(parsed.items)) return [];
  const items: CartItem[] = [];
  for (const entry of parsed.items) {
    if (!isRecord(entry)) continue;
    const { id, serviceType, serviceId, name, price, quantity } = entry;
    if (typeof id !== 'string' || typeof serviceType !== 'string' || typeof name !== 'string') continue;
    if (typeof serviceId !== 'number' || typeof price !== 'number' || typeof quantity !== 'number' || quantity <= 0) continue;
    items.push({
      id,
      serviceType: serviceType as ServiceType,
      serviceId,
      name,
      price,
      quantity: Math.floor(quantity),
      description: typeof entry.description === 'string' ? entry.description : undefined,
      image: typeof entry.image === 'string' ? entry.image : undefined,
      details: isRecord(entry.details) ? entry.details : undefined,
    });
  }
  return items;
}

/** "A", "A and B", "A, B and C". */
function listText(parts: readonly string[]): string {
  if (parts.length <= 1) return parts[0] ?? '';
  return `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
}

/**
 * What a cart checkout booked, for its success toast (issue 15: a mixed cart's toast named only the restaurant):
 * every line by name, with its quantity when more than one. `except` leaves out lines another toast names already.
 */
export function bookedSummary(items: readonly Pick<CartItem, 'name' | 'quantity' | 'serviceType'>[], except?: CartItem['serviceType']): string {
  return listText(items.filter((i) => i.serviceType !== except).map((i) => (i.quantity > 1 ? `${i.quantity} × ${i.name}` : i.name)));
}

function num(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}
function day(value: unknown): string | null {
  return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : null;
}

/**
 * What one unit of a line is, beside its price: '$478.00 · 2 nights' for a stay (its price is the whole stay, not a
 * night), '$240.00 · 3 days' for a car, '$2,400.00 · 3 months' for a lease, '$13.25 each' for a dish.
 */
export function cartLineUnit(line: { serviceType?: string; price: number; details?: Record<string, unknown> }): string {
  const price = formatMoney(line.price);
  const d = line.details ?? {};
  switch (line.serviceType) {
    case 'hotels': {
      const checkIn = day(d.checkIn);
      const checkOut = day(d.checkOut);
      const n = checkIn && checkOut ? nights(checkIn, checkOut) : NaN;
      if (!Number.isFinite(n) || n <= 0) break;
      const rooms = num(d.rooms) ?? 1;
      return `${price} · ${pluralize(n, 'night')}${rooms > 1 ? ` · ${pluralize(rooms, 'room')}` : ''}`;
    }
    case 'cars': {
      const pickup = day(d.pickupDate);
      const ret = day(d.returnDate);
      const n = pickup && ret ? carDays(pickup, ret) : NaN;
      if (!Number.isFinite(n) || n <= 0) break;
      return `${price} · ${pluralize(n, 'day')}`;
    }
    case 'properties': {
      const months = num(d.months);
      if (!months) break;
      return `${price} · ${pluralize(months, 'month')}`;
    }
    case 'flights': {
      const p = typeof d.passengers === 'object' && d.passengers !== null ? (d.passengers as Record<string, unknown>) : {};
      const people = (num(p.adults) ?? 0) + (num(p.children) ?? 0) + (num(p.infants) ?? 0);
      if (people <= 0) break;
      return `${price} · ${pluralize(people, 'passenger')}`;
    }
  }
  return `${price} each`;
}
