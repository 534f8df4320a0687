import { describe, expect, it } from 'vitest';
import { APPROXIMATE_MESSAGE, NOTHING_FOUND_MESSAGE, directoryGeocode, expandStreetWords, parseAddressQuery, placeOfPostcode, withoutStreetWords } from './geocode';
import { buildLocationIndex, type LocationSource } from './search';

const entry = (id: string, name: string, type: LocationSource['type'], city: string, province: string, lat: number, lng: number, population = 0): LocationSource => ({
  id,
  name,
  address: type === 'city' ? `${name}, ${province === 'ON' ? 'Ontario' : 'Saskatchewan'}, Canada` : `${name}, ${city}, ${province === 'ON' ? 'Ontario' : 'Saskatchewan'}, Canada`,
  city,
  country: 'Canada',
  type,
  lat,
  lng,
  provinceAbbr: province,
  population,
});

const index = buildLocationIndex([
  entry('toronto', 'Toronto', 'city', 'Toronto', 'ON', 43.7, -79.42, 2_600_000),
  entry('queenstown', 'Queenstown', 'city', 'Queenstown', 'ON', 43.1, -79.1, 900),
  entry('queen-w', 'Queen Street West', 'street', 'Toronto', 'ON', 43.6487, -79.397),
  entry('king-w', 'King Street West', 'street', 'Toronto', 'ON', 43.6455, -79.391),
  entry('regina', 'Regina', 'city', 'Regina', 'SK', 50.45, -104.62, 190_000),
  entry('saskatoon', 'Saskatoon', 'city', 'Saskatoon', 'SK', 52.13, -106.67, 220_000),
  entry('albert', 'Albert Street', 'street', 'Regina', 'SK', 50.4475, -104.6186),
  entry('yorkville', 'Yorkville', 'neighborhood', 'Toronto', 'ON', 43.6709, -79.3933),
  entry('kensington', 'Kensington Market', 'neighborhood', 'Toronto', 'ON', 43.6547, -79.4005),
  // A town whose name holds a street type's letters ('Ave' inside 'Cascavel' in the real directory).
  { id: 'cascavel', name: 'Cascavel', address: 'Cascavel, Brazil', city: 'Cascavel', country: 'Brazil', type: 'city', lat: -24.96, lng: -53.46, population: 300_000 },
]);

describe('address queries', () => {
  it('takes house numbers, units and postcodes out, and remembers that the address was precise', () => {
    expect(parseAddressQuery('578 Queen St W')).toEqual({ parts: ['Queen St W'], precise: true });
    expect(parseAddressQuery('100 King St W, Toronto')).toEqual({ parts: ['King St W', 'Toronto'], precise: true });
    expect(parseAddressQuery('M5V 2B5')).toEqual({ parts: [], postcode: 'M5V', precise: true });
    expect(parseAddressQuery('Unit 4, 2130 Albert St, Regina, SK S4P 2V1')).toEqual({ parts: ['Albert St', 'Regina', 'SK'], postcode: 'S4P', precise: true });
    expect(parseAddressQuery('Yorkville, Toronto')).toEqual({ parts: ['Yorkville', 'Toronto'], precise: false });
    // Ordinal street names keep their number.
    expect(parseAddressQuery('13th Avenue, Regina').parts).toEqual(['13th Avenue', 'Regina']);
  });

  it('writes street abbreviations out', () => {
    expect(expandStreetWords('Queen St W')).toBe('Queen street west');
    expect(expandStreetWords('Yorkville')).toBeNull();
  });

  it('places Canadian postcodes: the province by the first letter, the city only where the area lies within one', () => {
    expect(placeOfPostcode('M5V')).toEqual({ province: 'ON', city: 'Toronto' });
    expect(placeOfPostcode('s4p')).toEqual({ province: 'SK', city: 'Regina' });
    expect(placeOfPostcode('S0K')).toEqual({ province: 'SK' });
    expect(placeOfPostcode('V6X')).toEqual({ province: 'BC' }); // Richmond, not Vancouver
    expect(placeOfPostcode('V6B')).toEqual({ province: 'BC', city: 'Vancouver' });
    expect(placeOfPostcode('D1A')).toBeNull();
  });
});

describe('the directory as a geocoder', () => {
  it('answers a street address with its street, not a town whose name contains the letters', () => {
    const answer = directoryGeocode(index, '578 Queen St W');
    expect(answer.results[0]).toEqual({ label: 'Queen Street West, Toronto, Ontario, Canada', lat: 43.6487, lng: -79.397, source: 'directory' });
    expect(answer.results.map((r) => r.label)).not.toContain('Queenstown, Ontario, Canada');
    expect(answer).toMatchObject({ offline: true, message: APPROXIMATE_MESSAGE });
  });

  it('answers the street then its city for "100 King St W, Toronto"', () => {
    const answer = directoryGeocode(index, '100 King St W, Toronto');
    expect(answer.results.slice(0, 2).map((r) => r.label)).toEqual(['King Street West, Toronto, Ontario, Canada', 'Toronto, Ontario, Canada']);
    expect(answer.message).toBe(APPROXIMATE_MESSAGE);
  });

  it('answers a postcode with its city, or its province\'s largest cities', () => {
    expect(directoryGeocode(index, 'M5V 2B5').results.map((r) => r.label)).toEqual(['Toronto, Ontario, Canada']);
    expect(directoryGeocode(index, 'S0K 1A0').results.map((r) => r.label)).toEqual(['Saskatoon, Saskatchewan, Canada', 'Regina, Saskatchewan, Canada']);
    expect(directoryGeocode(index, '2130 Albert St, Regina, SK S4P 2V1').results[0].label).toBe('Albert Street, Regina, Saskatchewan, Canada');
  });

  it('lets a trailing country narrow the other parts, and finds the city at the end of an unknown place', () => {
    expect(directoryGeocode(index, '578 Queen St W, Canada').results[0].label).toBe('Queen Street West, Toronto, Ontario, Canada');
    expect(directoryGeocode(index, 'Regina, Canada').results[0].label).toBe('Regina, Saskatchewan, Canada');
    expect(directoryGeocode(index, 'Downtown Toronto, ON').results[0].label).toBe('Toronto, Ontario, Canada');
    // A street the directory does not know is not answered with some other street of that type.
    expect(directoryGeocode(index, '12 Unknown Avenue').results).toEqual([]);
  });

  it('answers a street it does not know by the area it is named after, never by a town holding "ave"', () => {
    expect(directoryGeocode(index, '120 Yorkville Ave').results.map((r) => r.label)).toEqual(['Yorkville, Toronto, Ontario, Canada']);
    expect(withoutStreetWords('Yorkville Ave')).toBe('Yorkville');
    expect(withoutStreetWords('Avenue Road')).toBeNull();
    expect(withoutStreetWords('Yorkville')).toBeNull();
  });

  it('puts the neighbourhood of an address before the city that fills the list', () => {
    const labels = directoryGeocode(index, 'Unit 3, 12 Augusta Ave, Kensington Market, Toronto').results.map((r) => r.label);
    expect(labels[0]).toBe('Kensington Market, Toronto, Ontario, Canada');
    expect(labels).toContain('Toronto, Ontario, Canada');
  });

  it('has no message for a place it knows exactly, and says to place the pin when it knows nothing', () => {
    const toronto = directoryGeocode(index, 'Toronto');
    expect(toronto.results[0].label).toBe('Toronto, Ontario, Canada');
    expect(toronto).toEqual({ results: toronto.results, offline: true });
    expect(directoryGeocode(index, '12 Nowhere Lane')).toEqual({ results: [], offline: true, message: NOTHING_FOUND_MESSAGE });
  });
});
