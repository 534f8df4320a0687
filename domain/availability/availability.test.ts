import { describe, expect, it } from 'vitest';
import { closedMessage, daySlots, instantOf, openState, parseWeeklyHours, withinHours, type WeeklyHours } from './hours';
import { addMonths, bookedMessage, onlyLeftMessage, soldOutMessage } from './schemas';
import { lineSpan, nearestFreeSpan } from './spans';

const toronto = (text: string): WeeklyHours => ({ timeZone: 'America/Toronto', week: parseWeeklyHours(text)! });

describe('weekly hours', () => {
  it('reads hours as the registration forms write them', () => {
    expect(parseWeeklyHours('Mon-Sun 11:00-22:00')).toHaveLength(7);
    expect(parseWeeklyHours('Mon-Fri 3:30 PM - 9:00 PM, Sat 9:00 AM - 3:00 PM')).toEqual([
      ...[1, 2, 3, 4, 5].map((day) => ({ day, open: '15:30', close: '21:00' })),
      { day: 6, open: '09:00', close: '15:00' },
    ]);
    expect(parseWeeklyHours('Tue-Sun, 10:00 AM - 8:00 PM')?.map((i) => i.day)).toEqual([0, 2, 3, 4, 5, 6]);
    expect(parseWeeklyHours('24/7 emergency call-outs')?.every((i) => i.open === '00:00' && i.close === '24:00')).toBe(true);
    // Past midnight: split at midnight into the next day.
    expect(parseWeeklyHours('Fri 18:00-02:00')).toEqual([
      { day: 5, open: '18:00', close: '24:00' },
      { day: 6, open: '00:00', close: '02:00' },
    ]);
    expect(parseWeeklyHours('By appointment, 7 days a week')).toBeNull();
    expect(parseWeeklyHours('Whenever')).toBeNull();
  });

  it('says open now or when it opens, in the listing’s own time zone', () => {
    const h = toronto('Mon-Fri 11:00-22:00');
    // Wednesday 2026-11-25 15:30 UTC is 10:30 in Toronto (UTC-5).
    expect(openState(h, new Date('2026-11-25T15:30:00Z'))).toEqual({ open: false, opensAt: '11:00', closesAt: null });
    expect(closedMessage(openState(h, new Date('2026-11-25T15:30:00Z')))).toBe('Closed now, opens at 11:00');
    expect(openState(h, new Date('2026-11-25T17:00:00Z'))).toEqual({ open: true, opensAt: null, closesAt: '22:00' });
    // Friday 23:00 in Toronto: next opening is Monday.
    expect(closedMessage(openState(h, new Date('2026-11-28T04:00:00Z')))).toBe('Closed now, opens Mon 11:00');
    expect(openState(toronto('Open 24 hours'), new Date()).open).toBe(true);
  });

  it('cuts a working day into appointment slots, across a daylight-saving change', () => {
    const h = toronto('Mon-Sun 9:00 AM - 12:00 PM');
    const slots = daySlots(h, '2026-03-08', 60); // the day Toronto moves to UTC-4
    expect(slots.map((s) => s.start.toISOString())).toEqual(['2026-03-08T13:00:00.000Z', '2026-03-08T14:00:00.000Z', '2026-03-08T15:00:00.000Z']);
    expect(daySlots(h, '2026-03-07', 60)[0].start.toISOString()).toBe('2026-03-07T14:00:00.000Z');
    expect(withinHours(h, instantOf('2026-03-09', 11 * 60, h.timeZone), 60)).toBe(true);
    expect(withinHours(h, instantOf('2026-03-09', 11 * 60 + 30, h.timeZone), 60)).toBe(false);
  });
});

describe('day spans and refusals', () => {
  it('takes a stay’s nights, a rental’s days through the return day, a lease’s months and a flight’s day', () => {
    expect(lineSpan('hotels', { checkIn: '2027-02-10', checkOut: '2027-02-12', rooms: 3 })).toEqual({ start: '2027-02-10', end: '2027-02-12', unitsEach: 3 });
    expect(lineSpan('cars', { pickupDate: '2027-02-10', returnDate: '2027-02-12' })).toEqual({ start: '2027-02-10', end: '2027-02-13', unitsEach: 1 });
    expect(lineSpan('properties', { moveIn: '2027-03-01', months: 3 })).toEqual({ start: '2027-03-01', end: '2027-06-01', unitsEach: 1 });
    expect(lineSpan('flights', { date: '2027-02-10', passengers: { adults: 2, children: 1, infants: 1 } })).toMatchObject({ end: '2027-02-11', unitsEach: 3 });
    expect(addMonths('2027-01-31', 1)).toBe('2027-02-28');
  });

  it('words the refusals', () => {
    expect(onlyLeftMessage('hotels', 1)).toBe('Only 1 room left for these nights');
    expect(onlyLeftMessage('cars', 2)).toBe('Only 2 cars left for these dates');
    expect(soldOutMessage('2026-12-24')).toBe('Sold out on Dec 24');
    expect(bookedMessage('2027-03-01', '2027-06-01')).toBe('Booked from Mar 1 to Jun 1');
  });

  it('finds the nearest free span of the same length', () => {
    const days = ['2027-01-01', '2027-01-02', '2027-01-03', '2027-01-04', '2027-01-05', '2027-01-06'].map((date, i) => ({ date, free: [2, 0, 0, 1, 2, 2][i] }));
    expect(nearestFreeSpan(days, { start: '2027-01-02', end: '2027-01-04' }, 1)).toEqual({ start: '2027-01-04', end: '2027-01-06' });
    expect(nearestFreeSpan(days, { start: '2027-01-02', end: '2027-01-04' }, 2)).toEqual({ start: '2027-01-05', end: '2027-01-07' });
    expect(nearestFreeSpan(days, { start: '2027-01-01', end: '2027-01-07' }, 1)).toBeNull();
  });
});
