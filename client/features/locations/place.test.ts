import { describe, expect, it } from 'vitest';
import { MAX_ADDRESS_LENGTH } from '@domain/limits';
import { locationText, placeOf } from './place';

describe('a picked location as an address', () => {
  it('leads with the name unless the address already starts with it', () => {
    expect(locationText({ name: 'Union Station', address: '65 Front St W, Toronto, Ontario, Canada' })).toBe('Union Station, 65 Front St W, Toronto, Ontario, Canada');
    expect(locationText({ name: 'Yonge Street', address: 'Yonge Street, Toronto, Ontario, Canada' })).toBe('Yonge Street, Toronto, Ontario, Canada');
    expect(placeOf({ name: 'Toronto', address: 'Toronto, Ontario, Canada', lat: 43.7, lng: -79.4 })).toEqual({ lat: 43.7, lng: -79.4, address: 'Toronto, Ontario, Canada' });
  });
  it('keeps the address within the server limit', () => {
    const place = placeOf({ name: 'A', address: `A ${'x'.repeat(400)}`, lat: 0, lng: 0 });
    expect(place.address).toHaveLength(MAX_ADDRESS_LENGTH);
  });
});
