import { describe, expect, it } from 'vitest';
import {
  billableLbs,
  carDays,
  carTotalCents,
  flightFareCents,
  greatCircleKm,
  hotelTotalCents,
  nights,
  parseDay,
  propertyTotalCents,
  shippingQuoteCents,
  taxiEtaMinutes,
  taxiFareCents,
} from './pricing';

describe('dates', () => {
  it('parses calendar days and rejects impossible ones', () => {
    expect(parseDay('2026-12-01')).toBe(Date.UTC(2026, 11, 1));
    expect(parseDay('2026-02-31')).toBeNaN();
    expect(parseDay('tomorrow')).toBeNaN();
  });

  it('counts nights as the ceiling of days between', () => {
    expect(nights('2026-12-01', '2026-12-04')).toBe(3);
    expect(nights('2026-12-01', '2026-12-01')).toBe(0);
    expect(nights('2026-12-31', '2027-01-02')).toBe(2);
    expect(nights('2026-12-01T23:00:00Z', '2026-12-02T01:00:00Z')).toBe(1);
  });

  it('prices a hotel stay as nightly rate x nights x rooms', () => {
    expect(hotelTotalCents(12_999, '2026-12-01', '2026-12-04')).toBe(38_997);
    expect(hotelTotalCents(10_000, '2026-12-01', '2026-12-03', 2)).toBe(40_000);
    expect(() => hotelTotalCents(10_000, '2026-12-03', '2026-12-03')).toThrow(RangeError);
  });

  it('counts car days with a same-day return as one day', () => {
    expect(carDays('2026-12-01', '2026-12-01')).toBe(1);
    expect(carDays('2026-12-01', '2026-12-05')).toBe(4);
    expect(carDays('2026-12-05', '2026-12-01')).toBeNaN();
    expect(carTotalCents(4_999, '2026-12-01', '2026-12-05')).toBe(19_996);
  });

  it('prices a lease by whole offered months only', () => {
    expect(propertyTotalCents(150_000, 6)).toBe(900_000);
    expect(() => propertyTotalCents(150_000, 2)).toThrow(RangeError);
  });
});

describe('taxi', () => {
  it('measures great-circle distance', () => {
    // Toronto Pearson to downtown Toronto is about 19 km as the crow flies.
    const km = greatCircleKm({ lat: 43.6777, lng: -79.6248 }, { lat: 43.6532, lng: -79.3832 });
    expect(km).toBeGreaterThan(19);
    expect(km).toBeLessThan(20);
    expect(greatCircleKm({ lat: 10, lng: 10 }, { lat: 10, lng: 10 })).toBe(0);
  });

  it('charges base plus per-km rate exactly per the spec', () => {
    expect(taxiFareCents({ baseFareCents: 350, perKmCents: 125 }, 10)).toBe(1600); // Economy 3.5 + 1.25 x 10
    expect(taxiFareCents({ baseFareCents: 500, perKmCents: 175 }, 10)).toBe(2250); // Premium 5 + 1.75 x 10
    expect(taxiFareCents({ baseFareCents: 650, perKmCents: 225 }, 10)).toBe(2900); // SUV/Van 6.5 + 2.25 x 10
  });

  it('estimates trip time as 3 minutes per km plus traffic', () => {
    expect(taxiEtaMinutes(10, 0)).toBe(30);
    expect(taxiEtaMinutes(10, 7)).toBe(37);
  });
});

describe('shipping', () => {
  it('bills the greater of actual and dimensional weight', () => {
    expect(billableLbs({ weight: 2, length: 10, width: 10, height: 10 })).toBe(8); // 1000/139 = 7.2
    expect(billableLbs({ weight: 12.2, length: 1, width: 1, height: 1 })).toBe(13);
  });

  it('grows with weight, size and speed', () => {
    const p = { weight: 5, length: 10, width: 8, height: 4 };
    expect(shippingQuoteCents({ ...p, weight: 20 }, 'standard')).toBeGreaterThan(shippingQuoteCents(p, 'standard'));
    expect(shippingQuoteCents({ ...p, length: 30, width: 30, height: 30 }, 'standard')).toBeGreaterThan(
      shippingQuoteCents(p, 'standard'),
    );
    expect(shippingQuoteCents(p, 'overnight')).toBeGreaterThan(shippingQuoteCents(p, 'express'));
    expect(shippingQuoteCents(p, 'express')).toBeGreaterThan(shippingQuoteCents(p, 'standard'));
  });
});

describe('flights', () => {
  it('prices a party by cabin, with child and infant shares', () => {
    expect(flightFareCents(20_000, { adults: 1, children: 0, infants: 0 }, 'Economy')).toBe(20_000);
    expect(flightFareCents(20_000, { adults: 2, children: 1, infants: 1 }, 'Economy')).toBe(40_000 + 15_000 + 2_000);
    expect(flightFareCents(20_000, { adults: 1, children: 0, infants: 0 }, 'Business')).toBe(55_000);
  });
});

describe('cabin fares (issue 15: a Business search shows the Business fare)', () => {
  it('prices one adult in the selected class from the listed Economy fare', async () => {
    const { cabinFarePerAdultCents, flightFareCents } = await import('./pricing');
    expect(cabinFarePerAdultCents(38900, 'Economy')).toBe(38900);
    expect(cabinFarePerAdultCents(38900, 'Business')).toBe(106975);
    expect(flightFareCents(38900, { adults: 2, children: 0, infants: 0 }, 'Business')).toBe(2 * cabinFarePerAdultCents(38900, 'Business'));
  });
});
