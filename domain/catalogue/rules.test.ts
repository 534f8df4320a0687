import { describe, expect, it } from 'vitest';
import { flightCityMatches } from './filters';
import {
  addDays,
  clockMinutes,
  earliestTravelDay,
  flightArrivalDayOffset,
  parseDurationMinutes,
  pickupArrivalMinutes,
  solarLocalHour,
  taxiTrafficMinutes,
  zoneOffsetMinutes,
} from './pricing';

describe('taxi time rules', () => {
  it('gives rush hours the full 10 minutes, nights none, and stays within 0-10', () => {
    expect(taxiTrafficMinutes(8)).toBe(10);
    expect(taxiTrafficMinutes(17)).toBe(10);
    expect(taxiTrafficMinutes(3)).toBe(0);
    expect(taxiTrafficMinutes(13)).toBe(3);
    expect(taxiTrafficMinutes(10)).toBe(5);
    for (let h = 0; h < 24; h += 0.5) {
      expect(taxiTrafficMinutes(h)).toBeGreaterThanOrEqual(0);
      expect(taxiTrafficMinutes(h)).toBeLessThanOrEqual(10);
    }
  });

  it('reads the local solar hour from the longitude', () => {
    const noonUtc = new Date(Date.UTC(2026, 6, 1, 12, 0));
    expect(solarLocalHour(noonUtc, 0)).toBe(12);
    expect(solarLocalHour(noonUtc, -105)).toBe(5); // Regina is about 7 hours behind
    expect(solarLocalHour(noonUtc, 180)).toBe(0);
  });

  it('puts the driver 2-9 minutes away, from the middle of the advertised wait', () => {
    expect(pickupArrivalMinutes('2-4 min')).toBe(3);
    expect(pickupArrivalMinutes('3-6 min')).toBe(5);
    expect(pickupArrivalMinutes('1 min')).toBe(2);
    expect(pickupArrivalMinutes('15-20 min')).toBe(9);
    expect(pickupArrivalMinutes('soon')).toBe(5);
  });
});

describe('flight date rules', () => {
  it('reads durations and clock times', () => {
    expect(parseDurationMinutes('4h 55m')).toBe(295);
    expect(parseDurationMinutes('12h')).toBe(720);
    expect(parseDurationMinutes('45m')).toBe(45);
    expect(parseDurationMinutes('soon')).toBeNaN();
    expect(clockMinutes('07:05')).toBe(425);
    expect(clockMinutes('24:00')).toBeNaN();
  });

  it('adds days across month and year ends', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
  });

  it('accepts as today the calendar day of the earliest time zone', () => {
    expect(earliestTravelDay(new Date('2026-07-01T11:00:00Z'))).toBe('2026-06-30');
    expect(earliestTravelDay(new Date('2026-07-01T13:00:00Z'))).toBe('2026-07-01');
  });

  it('knows zone offsets', () => {
    expect(zoneOffsetMinutes('America/Regina', new Date('2026-07-01T12:00:00Z'))).toBe(-360);
    expect(zoneOffsetMinutes('Asia/Tokyo', new Date('2026-01-01T12:00:00Z'))).toBe(540);
    expect(zoneOffsetMinutes('Not/AZone', new Date())).toBeNaN();
  });

  it('finds the local arrival day from the duration and both time zones', () => {
    const zones = (departure: string, arrival: string) => ({ departure, arrival });
    const tokyo = { departureTime: '12:45', arrivalTime: '14:55', duration: '10h 10m' };
    expect(flightArrivalDayOffset(tokyo, '2026-07-01', zones('America/Vancouver', 'Asia/Tokyo'))).toBe(1);
    const sydney = { departureTime: '23:40', arrivalTime: '08:15', duration: '15h 35m' };
    expect(flightArrivalDayOffset(sydney, '2026-07-01', zones('America/Vancouver', 'Australia/Sydney'))).toBe(2);
    // In January the offsets differ by an hour from the schedule's; the day stays the same.
    expect(flightArrivalDayOffset(sydney, '2027-01-15', zones('America/Vancouver', 'Australia/Sydney'))).toBe(2);
    const west = { departureTime: '07:00', arrivalTime: '08:55', duration: '4h 55m' };
    expect(flightArrivalDayOffset(west, '2026-07-01', zones('America/Toronto', 'America/Vancouver'))).toBe(0);
  });

  it('falls back to "earlier clock time means next day" without time zones', () => {
    expect(flightArrivalDayOffset({ departureTime: '23:05', arrivalTime: '06:25', duration: '4h 20m' }, '2026-07-01')).toBe(1);
    expect(flightArrivalDayOffset({ departureTime: '08:00', arrivalTime: '15:25', duration: '4h 25m' }, '2026-07-01')).toBe(0);
  });

  it('matches flight cities against typed and picked places', () => {
    const iata = (code: string) => ({ YYZ: 'Toronto' })[code];
    expect(flightCityMatches('toronto', 'Toronto')).toBe(true);
    expect(flightCityMatches('Toronto, Ontario, Canada', 'Toronto')).toBe(true);
    expect(flightCityMatches('New York City', 'New York')).toBe(true);
    expect(flightCityMatches('Toronto Pearson International Airport (YYZ)', 'Toronto')).toBe(true);
    expect(flightCityMatches('Lester B Pearson International Airport (YYZ)', 'Toronto', iata)).toBe(true);
    expect(flightCityMatches('Montréal', 'Montreal')).toBe(true);
    expect(flightCityMatches('Tor', 'Toronto')).toBe(false);
    expect(flightCityMatches('Torontonian', 'Toronto')).toBe(false);
    expect(flightCityMatches('Regina', 'Toronto')).toBe(false);
  });
});
