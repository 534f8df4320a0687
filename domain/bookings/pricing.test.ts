import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { flightFareCents, greatCircleKm, roundKm, taxiFareCents } from '../catalogue/pricing';
import { bookingTotalCents, lineTotalCents, priceUnit, totalMatches, type CatalogueEntry } from './pricing';

const today = '2026-11-21';
const hotel: CatalogueEntry = { serviceType: 'hotels', name: 'H', pricePerNightCents: 12_000, maxGuests: 2 };

describe('priceUnit', () => {
  it('prices a hotel stay as nightly price x nights x rooms', () => {
    expect(priceUnit(hotel, { checkIn: '2026-12-01', checkOut: '2026-12-04', rooms: 2, guests: 3 }, today)).toEqual({ ok: true, unitCents: 72_000 });
  });

  it('refuses hotel dates in the past, check-out not after check-in, and too many guests', () => {
    expect(priceUnit(hotel, { checkIn: '2026-11-20', checkOut: '2026-12-04' }, today)).toMatchObject({ ok: false, field: 'checkIn' });
    expect(priceUnit(hotel, { checkIn: '2026-12-04', checkOut: '2026-12-04' }, today)).toEqual({
      ok: false,
      field: 'checkOut',
      message: 'Check-out must be after check-in',
    });
    expect(priceUnit(hotel, { checkIn: '2026-12-01', checkOut: '2026-12-02', rooms: 1, guests: 3 }, today)).toMatchObject({ ok: false, field: 'guests' });
    // Today itself is bookable.
    expect(priceUnit(hotel, { checkIn: today, checkOut: '2026-11-22' }, today)).toEqual({ ok: true, unitCents: 12_000 });
  });

  it('prices cars per day and refuses a return before pickup', () => {
    const car: CatalogueEntry = { serviceType: 'cars', name: 'C', pricePerDayCents: 4_999 };
    expect(priceUnit(car, { pickupDate: '2026-12-01', returnDate: '2026-12-04' }, today)).toEqual({ ok: true, unitCents: 14_997 });
    expect(priceUnit(car, { pickupDate: '2026-12-01', returnDate: '2026-12-01' }, today)).toEqual({ ok: true, unitCents: 4_999 });
    expect(priceUnit(car, { pickupDate: '2026-12-04', returnDate: '2026-12-01' }, today)).toMatchObject({ ok: false, field: 'returnDate' });
  });

  it('prices flights, taxis, properties, shipping and food from the shared rules', () => {
    const passengers = { adults: 2, children: 1, infants: 1 };
    expect(priceUnit({ serviceType: 'flights', name: 'F', priceCents: 29_999 }, { date: '2026-12-20', passengers, cabinClass: 'Business' }, today)).toEqual({
      ok: true,
      unitCents: flightFareCents(29_999, passengers, 'Business'),
    });
    const a = { lat: 43.65, lng: -79.38, address: 'A' };
    const b = { lat: 43.7, lng: -79.4, address: 'B' };
    const ride = { baseFareCents: 350, perKmCents: 125 };
    expect(priceUnit({ serviceType: 'taxi', name: 'T', ...ride }, { pickup: a, dropoff: b }, today)).toEqual({
      ok: true,
      unitCents: taxiFareCents(ride, roundKm(greatCircleKm(a, b))),
    });
    expect(priceUnit({ serviceType: 'properties', name: 'P', pricePerMonthCents: 150_000 }, { moveIn: '2027-01-01', months: 6 }, today)).toEqual({
      ok: true,
      unitCents: 900_000,
    });
    expect(
      priceUnit({ serviceType: 'shipping', name: 'S', basePriceCents: 999, pricePerLbCents: 100 }, { weight: 4.2, length: 10, width: 5, height: 5, from: { lat: 43.6, lng: -79.4, address: 'A' }, to: { lat: 43.7, lng: -79.4, address: 'B' } }, today),
    ).toEqual({ ok: true, unitCents: 999 + 5 * 100 });
    const food: CatalogueEntry = { serviceType: 'food-delivery', name: 'Ramen', priceCents: 1_499, restaurantId: 3 };
    expect(priceUnit(food, { restaurantId: 3 }, today)).toEqual({ ok: true, unitCents: 1_499 });
    expect(priceUnit(food, { restaurantId: 4 }, today)).toMatchObject({ ok: false, field: 'restaurantId' });
  });
});

describe('totals', () => {
  it('the booking total is the sum of unit x quantity over its lines', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ unit: fc.integer({ min: 0, max: 10_000_000 }), qty: fc.integer({ min: 1, max: 99 }) }), { maxLength: 50 }), (lines) => {
        const priced = lines.map((l) => ({ lineTotalCents: lineTotalCents(l.unit, l.qty) }));
        let expected = 0;
        for (const l of lines) expected += l.unit * l.qty;
        expect(bookingTotalCents(priced)).toBe(expected);
        expect(Number.isInteger(bookingTotalCents(priced))).toBe(true);
      }),
    );
  });

  it('accepts a client total within one cent and nothing further', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000 }), fc.integer({ min: -500, max: 500 }), (cents, delta) => {
        const shown = (cents + delta) / 100;
        return totalMatches(shown, cents) === Math.abs(delta) <= 1;
      }),
    );
  });

  it('a hotel stay grows with nights and rooms', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 30 }), fc.integer({ min: 1, max: 5 }), (n, rooms) => {
        const checkOut = new Date(Date.UTC(2026, 11, 1 + n)).toISOString().slice(0, 10);
        const p = priceUnit({ ...hotel, maxGuests: 10 }, { checkIn: '2026-12-01', checkOut, rooms, guests: 1 }, today);
        return p.ok && p.unitCents === 12_000 * n * rooms;
      }),
    );
  });
});
