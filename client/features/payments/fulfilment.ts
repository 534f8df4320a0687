import { DELIVERY_ADDRESS_REQUIRED, type Place, type ServiceType } from '@domain/bookings/schemas';
import { SHIPPING_DELIVERY_TIMES, SHIPPING_SPEEDS, type ShippingSpeed } from '@domain/catalogue/pricing';
import { parseApiError } from '@client/lib/api';
import { MAX_ADDRESS_LENGTH } from '@domain/limits';

/**
 * The addresses a checkout asks for before it creates the booking: where food is delivered, and where each
 * shipment is collected and delivered. Pure functions, so the rules are tested without a browser.
 */

/** What is in an address box: the typed text and, when a suggestion was picked, that place (null otherwise). */
export type AddressValue = { text: string; place: Place | null };

export const EMPTY_ADDRESS: AddressValue = { text: '', place: null };

/** Sender and recipient of one shipping line. */
export type ShipmentAddresses = { from: AddressValue; to: AddressValue };

export type FulfilmentForm = {
  /** One delivery address for every food line of the checkout; null when there is no food. */
  delivery: AddressValue | null;
  /** Keyed by the shipping line's index in the checkout's items (the server's `items.<i>` too). */
  shipments: Record<number, ShipmentAddresses>;
};

/** Field key ('delivery', 'shipments.<i>.from', 'shipments.<i>.to') -> message. */
export type FulfilmentErrors = Record<string, string>;

type Line = { serviceType: ServiceType; details: Record<string, unknown> };

export const SENDER_ADDRESS_REQUIRED = 'Sender address is required';
export const RECIPIENT_ADDRESS_REQUIRED = 'Recipient address is required';

export function shipmentKey(index: number, end: 'from' | 'to'): string {
  return `shipments.${index}.${end}`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A well-formed {lat, lng, address} from stored line details, or null. */
export function parsePlace(value: unknown): Place | null {
  if (!isRecord(value)) return null;
  const { lat, lng, address } = value;
  if (typeof lat !== 'number' || !Number.isFinite(lat) || lat < -90 || lat > 90) return null;
  if (typeof lng !== 'number' || !Number.isFinite(lng) || lng < -180 || lng > 180) return null;
  if (typeof address !== 'string' || !address.trim()) return null;
  return { lat, lng, address: address.trim() };
}

function addressFromPlace(place: Place | null): AddressValue {
  return place ? { text: place.address, place } : EMPTY_ADDRESS;
}

/** True when the checkout must ask for addresses before booking. */
export function needsFulfilment(items: readonly Line[]): boolean {
  return items.some((i) => i.serviceType === 'food-delivery' || i.serviceType === 'shipping');
}

/**
 * The form's starting values from what the lines already carry: the food section's address (picked place first,
 * else its typed text) and any sender or recipient a shipping line was added with.
 */
export function initialFulfilment(items: readonly Line[]): FulfilmentForm {
  const food = items.filter((i) => i.serviceType === 'food-delivery');
  let delivery: AddressValue | null = null;
  if (food.length > 0) {
    const picked = food.map((i) => parsePlace(i.details.destination)).find((p) => p !== null) ?? null;
    const typed = food.map((i) => i.details.address).find((a): a is string => typeof a === 'string' && a.trim() !== '');
    delivery = picked ? addressFromPlace(picked) : { text: typed?.trim() ?? '', place: null };
  }
  const shipments: Record<number, ShipmentAddresses> = {};
  items.forEach((item, index) => {
    if (item.serviceType !== 'shipping') return;
    shipments[index] = { from: addressFromPlace(parsePlace(item.details.from)), to: addressFromPlace(parsePlace(item.details.to)) };
  });
  return { delivery, shipments };
}

function shipmentEndError(value: AddressValue, end: 'from' | 'to'): string | null {
  if (value.place) return null;
  const required = end === 'from' ? SENDER_ADDRESS_REQUIRED : RECIPIENT_ADDRESS_REQUIRED;
  // Typed text alone has no coordinates to send a driver to; the server needs a picked place here.
  if (!value.text.trim()) return required;
  return `${end === 'from' ? 'Sender' : 'Recipient'} address: pick one of the suggestions or place the pin on the map`;
}

/**
 * The same checks the server makes, so a missing address never reaches the card step. A typed food address
 * without a picked place is allowed: the server resolves it through the location directory (or answers 400).
 */
export function validateFulfilment(form: FulfilmentForm): FulfilmentErrors {
  const errors: FulfilmentErrors = {};
  if (form.delivery && !form.delivery.place) {
    const text = form.delivery.text.trim();
    if (!text) errors.delivery = DELIVERY_ADDRESS_REQUIRED;
    else if (text.length > MAX_ADDRESS_LENGTH) errors.delivery = `Delivery address must be at most ${MAX_ADDRESS_LENGTH} characters`;
  }
  for (const [index, shipment] of Object.entries(form.shipments)) {
    for (const end of ['from', 'to'] as const) {
      const message = shipmentEndError(shipment[end], end);
      if (message) errors[shipmentKey(Number(index), end)] = message;
    }
  }
  return errors;
}

/**
 * The lines as booked: every food line gets the one delivery address (`destination` when a suggestion was picked,
 * else `address` text for the server to resolve; never both, so a stale pick cannot win over new text), and every
 * shipping line its sender and recipient.
 */
export function applyFulfilment<T extends Line>(items: readonly T[], form: FulfilmentForm): T[] {
  return items.map((item, index) => {
    if (item.serviceType === 'food-delivery' && form.delivery) {
      const { address: _address, destination: _destination, ...rest } = item.details;
      const where = form.delivery.place ? { destination: form.delivery.place } : { address: form.delivery.text.trim() };
      return { ...item, details: { ...rest, ...where } };
    }
    const shipment = form.shipments[index];
    if (item.serviceType === 'shipping' && shipment) {
      return { ...item, details: { ...item.details, from: shipment.from.place, to: shipment.to.place } };
    }
    return item;
  });
}

/**
 * The lines as the breakdown beside the address step prices them, before anything is submitted: food with the picked
 * delivery place (or none yet: the breakdown does not depend on it, only whether the restaurant reaches it does), each
 * parcel with its picked sender and recipient. Null while a parcel lacks one (it cannot be priced without them).
 * Typed text that is not a picked place is left out, so the quote is not asked again at every key.
 */
export function quotableLines<T extends Line>(items: readonly T[], form: FulfilmentForm): T[] | null {
  const out: T[] = [];
  for (const [index, item] of items.entries()) {
    if (item.serviceType === 'food-delivery') {
      const { address: _address, destination: _destination, ...rest } = item.details;
      const place = form.delivery?.place ?? null;
      out.push({ ...item, details: place ? { ...rest, destination: place } : rest });
      continue;
    }
    const shipment = form.shipments[index];
    if (item.serviceType === 'shipping' && shipment) {
      if (!shipment.from.place || !shipment.to.place) return null;
      out.push({ ...item, details: { ...item.details, from: shipment.from.place, to: shipment.to.place } });
      continue;
    }
    out.push(item);
  }
  return out;
}

const ADDRESS_FIELD = /^items\.(\d+)\.details\.(destination|address|from|to)(?:\.|$)/;

/**
 * The server's 400 field errors about addresses ('items.2.details.destination', 'items.0.details.from.lat'),
 * moved onto the form's fields; anything else is not returned (the caller shows it as before).
 */
export function fulfilmentErrorsFromApi(error: unknown, items: readonly Line[]): FulfilmentErrors {
  const parsed = parseApiError(error);
  if (parsed.status !== 400) return {};
  const out: FulfilmentErrors = {};
  for (const [field, message] of Object.entries(parsed.errors)) {
    const match = ADDRESS_FIELD.exec(field);
    if (!match) continue;
    const index = Number(match[1]);
    const part = match[2];
    const item = items[index];
    let key: string | null = null;
    if (item?.serviceType === 'food-delivery' && (part === 'destination' || part === 'address')) key = 'delivery';
    else if (item?.serviceType === 'shipping' && (part === 'from' || part === 'to')) key = shipmentKey(index, part);
    if (key && !(key in out)) out[key] = message;
  }
  return out;
}

/** The first field key with an error, in the order the form shows them. */
export function firstErrorKey(form: FulfilmentForm, errors: FulfilmentErrors): string | null {
  const order = [
    ...(form.delivery ? ['delivery'] : []),
    ...Object.keys(form.shipments)
      .map(Number)
      .sort((a, b) => a - b)
      .flatMap((i) => [shipmentKey(i, 'from'), shipmentKey(i, 'to')]),
  ];
  return order.find((key) => key in errors) ?? null;
}

function num(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/** '5 lbs, 12 × 10 × 8 in, Standard (5-7 business days)' from a shipping line's parcel. */
export function parcelSummary(details: Record<string, unknown>): string {
  const weight = num(details.weight);
  const dims = [num(details.length), num(details.width), num(details.height)];
  const speed = typeof details.speed === 'string' && (SHIPPING_SPEEDS as readonly string[]).includes(details.speed) ? (details.speed as ShippingSpeed) : null;
  return [
    weight !== null ? `${weight} lbs` : null,
    dims.every((d) => d !== null) ? `${dims.join(' × ')} in` : null,
    speed ? `${speed[0].toUpperCase()}${speed.slice(1)} (${SHIPPING_DELIVERY_TIMES[speed]})` : null,
  ]
    .filter(Boolean)
    .join(', ');
}
