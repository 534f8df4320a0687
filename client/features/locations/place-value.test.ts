import { describe, expect, it } from 'vitest';
import { MAX_ADDRESS_LENGTH } from '@domain/limits';
import { approximateChoice, placeFromPin, placeFromResult } from './place-value';

const queenStreet = { label: 'Queen Street West, Toronto, Ontario, Canada', lat: 43.6487, lng: -79.397, source: 'directory' as const };
const geocoded = { label: '578 Queen Street West, Toronto, Ontario, M5V 2B5, Canada', lat: 43.64741, lng: -79.40213, source: 'geocoder' as const };

describe('placeFromResult', () => {
  it("keeps a typed house number with the directory's street point, to be refined with the pin", () => {
    expect(placeFromResult('578 Queen St W', queenStreet)).toEqual({ text: '578 Queen St W', place: { address: '578 Queen St W', lat: 43.6487, lng: -79.397 } });
    expect(approximateChoice('578 Queen St W', queenStreet)).toBe(true);
    expect(approximateChoice('M5V 2B5', { ...queenStreet, label: 'Toronto, Ontario, Canada' })).toBe(true);
  });

  it("takes the geocoder's address and point, or the directory's place when nothing precise was typed", () => {
    expect(placeFromResult('578 queen st w', geocoded)).toEqual({ text: geocoded.label, place: { address: geocoded.label, lat: 43.64741, lng: -79.40213 } });
    expect(approximateChoice('578 queen st w', geocoded)).toBe(false);
    expect(placeFromResult('queen st', queenStreet).place?.address).toBe(queenStreet.label);
    expect(approximateChoice('queen st', queenStreet)).toBe(false);
  });

  it('never makes an address longer than the server takes', () => {
    const long = placeFromResult('1 ' + 'x'.repeat(600), queenStreet);
    expect(long.place?.address.length).toBe(MAX_ADDRESS_LENGTH);
  });
});

describe('placeFromPin', () => {
  it('moves the point and keeps the address the box shows', () => {
    const chosen = placeFromResult('578 Queen St W', queenStreet);
    expect(placeFromPin(chosen, { lat: 43.64745, lng: -79.40201 })).toEqual({ text: '578 Queen St W', place: { address: '578 Queen St W', lat: 43.64745, lng: -79.40201 } });
    // Typed but not chosen: the pin gives the typed address its point.
    expect(placeFromPin({ text: 'Back door, 12 Elm St', place: null }, { lat: 1, lng: 2 })).toEqual({ text: 'Back door, 12 Elm St', place: { address: 'Back door, 12 Elm St', lat: 1, lng: 2 } });
  });

  it('names a pin placed with nothing typed by its point', () => {
    expect(placeFromPin({ text: '', place: null }, { lat: 43.6, lng: -79.4 })).toEqual({
      text: 'Pinned location (43.60000, -79.40000)',
      place: { address: 'Pinned location (43.60000, -79.40000)', lat: 43.6, lng: -79.4 },
    });
  });
});
