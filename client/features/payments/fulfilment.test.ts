import { describe, expect, it } from 'vitest';
import { DELIVERY_ADDRESS_REQUIRED, DELIVERY_ADDRESS_UNKNOWN, type ServiceType } from '@domain/bookings/schemas';
import { ApiError } from '@client/lib/api';
import {
  applyFulfilment,
  firstErrorKey,
  fulfilmentErrorsFromApi,
  initialFulfilment,
  needsFulfilment,
  parcelSummary,
  parsePlace,
  quotableLines,
  RECIPIENT_ADDRESS_REQUIRED,
  SENDER_ADDRESS_REQUIRED,
  validateFulfilment,
  type FulfilmentForm,
} from './fulfilment';

type Line = { serviceType: ServiceType; details: Record<string, unknown>; name: string };

const unionStation = { lat: 43.6453, lng: -79.3806, address: 'Union Station, 65 Front St W, Toronto, Ontario, Canada' };
const cnTower = { lat: 43.6426, lng: -79.3871, address: 'CN Tower, 290 Bremner Blvd, Toronto, Ontario, Canada' };
const food = (details: Record<string, unknown> = { restaurantId: 1 }): Line => ({ serviceType: 'food-delivery', details, name: 'Ramen (Sakura)' });
const car: Line = { serviceType: 'cars', details: { pickupDate: '2030-01-01', returnDate: '2030-01-03' }, name: 'Corolla' };
const parcel = { weight: 5, length: 12, width: 10, height: 8, speed: 'express' };
const shipping = (details: Record<string, unknown> = parcel): Line => ({ serviceType: 'shipping', details, name: 'Express Parcel' });

function badRequest(errors: Record<string, string>): ApiError {
  return new ApiError(400, 'Bad Request', JSON.stringify({ message: 'Validation failed', errors }));
}

describe('which checkouts ask for addresses', () => {
  it('asks when there is food or a shipment, not for a car alone', () => {
    expect(needsFulfilment([car])).toBe(false);
    expect(needsFulfilment([car, food()])).toBe(true);
    expect(needsFulfilment([shipping()])).toBe(true);
  });
});

describe('initialFulfilment', () => {
  it('starts food from the picked place of a line, else from its typed text', () => {
    expect(initialFulfilment([food({ restaurantId: 1, address: 'somewhere' }), food({ restaurantId: 2, destination: unionStation })]).delivery).toEqual({
      text: unionStation.address,
      place: unionStation,
    });
    expect(initialFulfilment([food({ restaurantId: 1, address: '  Union Station ' })]).delivery).toEqual({ text: 'Union Station', place: null });
    expect(initialFulfilment([food()]).delivery).toEqual({ text: '', place: null });
  });
  it('has no delivery address without food, and one shipment entry per shipping line index', () => {
    const form = initialFulfilment([car, shipping({ ...parcel, from: cnTower })]);
    expect(form.delivery).toBeNull();
    expect(Object.keys(form.shipments)).toEqual(['1']);
    expect(form.shipments[1].from.place).toEqual(cnTower);
    expect(form.shipments[1].to).toEqual({ text: '', place: null });
  });
  it('ignores malformed stored places', () => {
    expect(parsePlace({ lat: 91, lng: 0, address: 'x' })).toBeNull();
    expect(parsePlace({ lat: 1, lng: 2, address: '  ' })).toBeNull();
    expect(parsePlace('Union Station')).toBeNull();
    expect(parsePlace({ lat: 1, lng: 2, address: ' A ' })).toEqual({ lat: 1, lng: 2, address: 'A' });
  });
});

describe('validateFulfilment', () => {
  it('requires a delivery address with the server message, and accepts typed text for the server to resolve', () => {
    expect(validateFulfilment({ delivery: { text: '   ', place: null }, shipments: {} })).toEqual({ delivery: DELIVERY_ADDRESS_REQUIRED });
    expect(validateFulfilment({ delivery: { text: 'Union Station', place: null }, shipments: {} })).toEqual({});
    expect(validateFulfilment({ delivery: { text: unionStation.address, place: unionStation }, shipments: {} })).toEqual({});
  });
  it('requires picked sender and recipient places', () => {
    const form: FulfilmentForm = { delivery: null, shipments: { 2: { from: { text: '', place: null }, to: { text: 'Somewhere', place: null } } } };
    const errors = validateFulfilment(form);
    expect(errors['shipments.2.from']).toBe(SENDER_ADDRESS_REQUIRED);
    expect(errors['shipments.2.to']).toMatch(/^Recipient address: pick one of the suggestions/);
    const empty = validateFulfilment({ delivery: null, shipments: { 0: { from: { text: cnTower.address, place: cnTower }, to: { text: '', place: null } } } });
    expect(empty).toEqual({ 'shipments.0.to': RECIPIENT_ADDRESS_REQUIRED });
  });
  it('names the first field to fix in screen order', () => {
    const form: FulfilmentForm = {
      delivery: { text: '', place: null },
      shipments: { 3: { from: { text: '', place: null }, to: { text: '', place: null } } },
    };
    expect(firstErrorKey(form, validateFulfilment(form))).toBe('delivery');
    expect(firstErrorKey(form, { 'shipments.3.to': 'x' })).toBe('shipments.3.to');
    expect(firstErrorKey(form, {})).toBeNull();
  });
});

describe('applyFulfilment', () => {
  it('sends destination for a picked place and address text otherwise, never both, on every food line', () => {
    const items = [food({ restaurantId: 1, address: 'old text', destination: cnTower }), car, food({ restaurantId: 2 })];
    const picked = applyFulfilment(items, { delivery: { text: unionStation.address, place: unionStation }, shipments: {} });
    expect(picked[0].details).toEqual({ restaurantId: 1, destination: unionStation });
    expect(picked[1]).toBe(car);
    expect(picked[2].details).toEqual({ restaurantId: 2, destination: unionStation });
    const typed = applyFulfilment(items, { delivery: { text: ' Union Station ', place: null }, shipments: {} });
    expect(typed[0].details).toEqual({ restaurantId: 1, address: 'Union Station' });
  });
  it('adds sender and recipient to the shipping line and keeps its parcel', () => {
    const items = [car, shipping()];
    const [, line] = applyFulfilment(items, {
      delivery: null,
      shipments: { 1: { from: { text: cnTower.address, place: cnTower }, to: { text: unionStation.address, place: unionStation } } },
    });
    expect(line.details).toEqual({ ...parcel, from: cnTower, to: unionStation });
    expect(line.name).toBe('Express Parcel');
  });
});

describe('fulfilmentErrorsFromApi', () => {
  it("moves the server's address errors onto the fields of the lines they name", () => {
    const items = [car, food(), shipping()];
    const error = badRequest({
      'items.1.details.destination': DELIVERY_ADDRESS_UNKNOWN,
      'items.2.details.from': SENDER_ADDRESS_REQUIRED,
      'items.2.details.to.lat': 'Recipient address is invalid',
      'items.0.details.pickupDate': 'Pickup date is required',
    });
    expect(fulfilmentErrorsFromApi(error, items)).toEqual({
      delivery: DELIVERY_ADDRESS_UNKNOWN,
      'shipments.2.from': SENDER_ADDRESS_REQUIRED,
      'shipments.2.to': 'Recipient address is invalid',
    });
  });
  it('returns nothing for other failures', () => {
    expect(fulfilmentErrorsFromApi(badRequest({ 'items.0.details.pickupDate': 'Pickup date is required' }), [car])).toEqual({});
    expect(fulfilmentErrorsFromApi(new ApiError(409, 'Conflict', '{"message":"Total changed","totalAmount":3}'), [food()])).toEqual({});
    expect(fulfilmentErrorsFromApi(new TypeError('Failed to fetch'), [food()])).toEqual({});
  });
});

describe('parcel text', () => {
  it('summarises a parcel', () => {
    expect(parcelSummary(parcel)).toBe('5 lbs, 12 × 10 × 8 in, Express (2-3 business days)');
    expect(parcelSummary({ weight: 2 })).toBe('2 lbs');
  });
});

describe('quotableLines', () => {
  const place = { lat: 43.65, lng: -79.38, address: 'Union Station' };
  const food = { serviceType: 'food-delivery' as ServiceType, details: { restaurantId: 1, address: 'typed text' } };
  const parcel = { serviceType: 'shipping' as ServiceType, details: { weight: 2 } };
  it('prices food with the picked place only, and waits for both ends of a parcel', () => {
    const form = initialFulfilment([food, parcel]);
    // Typed text is not sent (it is placed when booking); the parcel has no ends yet.
    expect(quotableLines([food, parcel], form)).toBeNull();
    expect(quotableLines([food], { ...form, shipments: {} })).toEqual([{ ...food, details: { restaurantId: 1 } }]);
    const picked = { delivery: { text: 'Union Station', place }, shipments: { 1: { from: { text: 'A', place }, to: { text: 'B', place } } } };
    expect(quotableLines([food, parcel], picked)).toEqual([
      { ...food, details: { restaurantId: 1, destination: place } },
      { ...parcel, details: { weight: 2, from: place, to: place } },
    ]);
  });
});
