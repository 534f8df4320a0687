import { afterEach, describe, expect, it, vi } from 'vitest';
import { addressAfterChoice, DELIVERY_PLACE_KEY, destinationOf, getDeliveryPlace, parseDeliveryPlace, setDeliveryPlace } from './delivery-place';

/** A Map-backed localStorage for the store (the unit tests run in Node). */
function fakeStorage() {
  const data = new Map<string, string>();
  return {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
    data,
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the delivery place store', () => {
  it('keeps a chosen place in localStorage and reads it back; null forgets it', () => {
    const storage = fakeStorage();
    vi.stubGlobal('window', { localStorage: storage, addEventListener: () => undefined, removeEventListener: () => undefined });
    const place = { address: '578 Queen St W', lat: 43.6487, lng: -79.397, source: 'directory' as const };
    setDeliveryPlace(place);
    expect(JSON.parse(storage.data.get(DELIVERY_PLACE_KEY) ?? 'null')).toEqual(place);
    expect(getDeliveryPlace()).toEqual(place);
    expect(destinationOf(place)).toEqual({ address: '578 Queen St W', lat: 43.6487, lng: -79.397 });
    setDeliveryPlace(null);
    expect(storage.data.has(DELIVERY_PLACE_KEY)).toBe(false);
    expect(getDeliveryPlace()).toBeNull();
  });

  it('ignores stored values that are not a place', () => {
    for (const bad of [null, 'x', { address: '', lat: 1, lng: 1, source: 'pin' }, { address: 'a', lat: 91, lng: 1, source: 'pin' }, { address: 'a', lat: 1, lng: 1, source: 'guess' }]) {
      expect(parseDeliveryPlace(bad)).toBeNull();
    }
    const storage = fakeStorage();
    storage.data.set(DELIVERY_PLACE_KEY, '{not json');
    vi.stubGlobal('window', { localStorage: storage });
    expect(getDeliveryPlace()).toBeNull();
  });

  it('keeps the typed house number when the directory answered with the street', () => {
    expect(addressAfterChoice(' 578 Queen St W ', { label: 'Queen Street West, Toronto, Ontario, Canada', source: 'directory' })).toBe('578 Queen St W');
    expect(addressAfterChoice('yorkville', { label: 'Yorkville, Toronto, Ontario, Canada', source: 'directory' })).toBe('Yorkville, Toronto, Ontario, Canada');
    expect(addressAfterChoice('578 queen', { label: '578, Queen Street West, Toronto', source: 'geocoder' })).toBe('578, Queen Street West, Toronto');
  });
});
