import { describe, expect, it } from 'vitest';
import type { CalendarDay } from '@domain/availability/schemas';
import {
  calendarKind,
  cellText,
  dayDescription,
  entrySpan,
  dayStatus,
  draftToHours,
  hoursToDraft,
  localIsoDay,
  monthRange,
  monthTitle,
  monthWeeks,
  moveFocus,
  parseDuration,
  shiftMonth,
  timeZoneOptions,
} from './calendar-logic';

const day = (over: Partial<CalendarDay>): CalendarDay => ({ date: '2027-03-05', capacity: 10, booked: 0, held: 0, blocked: false, free: 10, ...over });

describe('calendar months', () => {
  it('moves across years and gives the first and last day', () => {
    expect(shiftMonth('2027-01', -1)).toBe('2026-12');
    expect(shiftMonth('2026-12', 1)).toBe('2027-01');
    expect(shiftMonth('2027-03', 14)).toBe('2028-05');
    expect(monthRange('2028-02')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(monthRange('2027-02')).toEqual({ from: '2027-02-01', to: '2027-02-28' });
    expect(monthTitle('2027-03')).toBe('March 2027');
    expect(localIsoDay(new Date(2027, 2, 5, 23, 30))).toBe('2027-03-05');
  });

  it('lays a month out in Sunday-first weeks, every day once', () => {
    // March 2027 starts on a Monday and has 31 days.
    const weeks = monthWeeks('2027-03');
    expect(weeks.every((w) => w.length === 7)).toBe(true);
    expect(weeks[0]).toEqual([null, '2027-03-01', '2027-03-02', '2027-03-03', '2027-03-04', '2027-03-05', '2027-03-06']);
    const days = weeks.flat().filter(Boolean);
    expect(days).toHaveLength(31);
    expect(days.at(-1)).toBe('2027-03-31');
    // February 2026 starts on a Sunday and fills exactly four weeks.
    expect(monthWeeks('2026-02')).toHaveLength(4);
  });

  it('moves the keyboard focus by day and week, within the month', () => {
    expect(moveFocus('2027-03', '2027-03-05', 'ArrowRight')).toBe('2027-03-06');
    expect(moveFocus('2027-03', '2027-03-05', 'ArrowDown')).toBe('2027-03-12');
    expect(moveFocus('2027-03', '2027-03-05', 'ArrowUp')).toBe('2027-03-01');
    expect(moveFocus('2027-03', '2027-03-31', 'ArrowRight')).toBe('2027-03-31');
    // Mar 5, 2027 is a Friday: its week runs Sunday Feb 28 (clamped to Mar 1) to Saturday Mar 6.
    expect(moveFocus('2027-03', '2027-03-05', 'Home')).toBe('2027-03-01');
    expect(moveFocus('2027-03', '2027-03-05', 'End')).toBe('2027-03-06');
    expect(moveFocus('2027-03', '2027-03-05', 'a')).toBeNull();
  });
});

describe('day status', () => {
  it('names blocked before full, booked before held', () => {
    expect(dayStatus(day({ blocked: true, booked: 2, free: 0 }))).toBe('blocked');
    expect(dayStatus(day({ booked: 7, held: 3, free: 0 }))).toBe('full');
    expect(dayStatus(day({ booked: 2, held: 1, free: 7 }))).toBe('partial');
    expect(dayStatus(day({ held: 1, free: 9 }))).toBe('held');
    expect(dayStatus(day({}))).toBe('free');
    expect(dayStatus(day({ capacity: 0, free: 0 }))).toBe('none');
  });

  it('never calls a service day sold out, and closes the weekdays without hours', () => {
    const hours = { timeZone: 'UTC', week: [{ day: 5, open: '09:00', close: '17:00' }] };
    // Mar 5, 2027 is a Friday, Mar 6 a Saturday.
    expect(dayStatus(day({ capacity: 1, booked: 3, free: 0 }), 'general-services', hours)).toBe('partial');
    expect(dayStatus(day({ capacity: 1, held: 1, free: 0 }), 'general-services', hours)).toBe('held');
    expect(dayStatus(day({ capacity: 1, free: 1 }), 'general-services', hours)).toBe('free');
    expect(dayStatus(day({ date: '2027-03-06', capacity: 1, free: 1 }), 'general-services', hours)).toBe('none');
    expect(dayStatus(day({ date: '2027-03-06', capacity: 1, free: 1 }), 'general-services', null)).toBe('free');
    expect(dayDescription('general-services', day({ capacity: 1, booked: 3, free: 0 }), hours)).toBe('Mar 5, 2027: Booked. 3 appointments booked, 0 held.');
    expect(cellText('general-services', day({ booked: 2, held: 1 }), 'partial')).toBe('3 taken');
    expect(cellText('hotels', day({ booked: 2, free: 8 }), 'partial')).toBe('8/10');
    expect(cellText('hotels', day({ blocked: true, free: 0 }), 'blocked')).toBe('Blocked');
  });

  it('reads a booking entry as check-in to check-out for a stay, first to last day otherwise', () => {
    expect(entrySpan('hotels', '2027-03-03', '2027-03-06')).toBe('Mar 3 – Mar 6');
    expect(entrySpan('cars', '2027-03-03', '2027-03-06')).toBe('Mar 3 – Mar 5');
    expect(entrySpan('flights', '2027-03-03', '2027-03-04')).toBe('Mar 3');
  });

  it('describes a day in words with its unit', () => {
    expect(dayDescription('hotels', day({ booked: 2, held: 1, free: 7 }))).toBe('Mar 5, 2027: Booked. 2 booked, 1 held, 7 of 10 rooms free.');
    expect(dayDescription('properties', day({ capacity: 1, blocked: true, free: 0 }))).toBe('Mar 5, 2027: Blocked. Closed to new bookings.');
  });

  it('offers only the availability kinds', () => {
    expect(calendarKind('hotels')).toBe('hotels');
    expect(calendarKind('restaurants')).toBe('restaurants');
    expect(calendarKind('taxi-rides')).toBeNull();
    expect(calendarKind('shipping-rates')).toBeNull();
  });
});

describe('weekly hours draft', () => {
  it('starts from weekdays 9 to 5 in the given zone when there are no hours', () => {
    const draft = hoursToDraft(null, 'America/Regina');
    expect(draft.timeZone).toBe('America/Regina');
    expect(draft.days.map((d) => d.closed)).toEqual([true, false, false, false, false, false, true]);
    const result = draftToHours(draft);
    expect(result.ok && result.hours.week).toHaveLength(5);
  });

  it('round-trips stored hours, midnight shown as 00:00 and saved as 24:00', () => {
    const hours = {
      timeZone: 'Europe/Madrid',
      week: [
        { day: 1, open: '12:00', close: '15:00' },
        { day: 1, open: '19:00', close: '24:00' },
        { day: 5, open: '11:00', close: '23:00' },
      ],
    };
    const draft = hoursToDraft(hours);
    expect(draft.days[1]).toEqual({ closed: false, intervals: [{ open: '12:00', close: '15:00' }, { open: '19:00', close: '00:00' }] });
    expect(draft.days[0].closed).toBe(true);
    const back = draftToHours(draft);
    expect(back.ok && back.hours).toEqual(hours);
  });

  it('splits hours past midnight and refuses empty or equal times', () => {
    const draft = hoursToDraft({ timeZone: 'UTC', week: [{ day: 6, open: '18:00', close: '23:00' }] });
    draft.days[6].intervals[0].close = '02:00';
    const result = draftToHours(draft);
    expect(result.ok && result.hours.week).toEqual([
      { day: 6, open: '18:00', close: '24:00' },
      { day: 0, open: '00:00', close: '02:00' },
    ]);
    draft.days[6].intervals[0].close = '18:00';
    expect(draftToHours(draft)).toEqual({ ok: false, message: 'Sat: closing time must differ from opening time' });
    draft.days[6].intervals[0].close = '';
    expect(draftToHours(draft).ok).toBe(false);
    expect(draftToHours({ ...draft, timeZone: 'Mars/Olympus', days: draft.days.map(() => ({ closed: true, intervals: [] })) })).toEqual({
      ok: false,
      message: 'Unknown time zone',
    });
  });

  it('reads the appointment length, empty meaning none', () => {
    expect(parseDuration('')).toEqual({ ok: true, value: null });
    expect(parseDuration(' 45 ')).toEqual({ ok: true, value: 45 });
    expect(parseDuration('5').ok).toBe(false);
    expect(parseDuration('1000').ok).toBe(false);
    expect(parseDuration('30.5').ok).toBe(false);
  });

  it('offers the current zone among the options', () => {
    expect(timeZoneOptions('America/Regina')).toContain('America/Regina');
    expect(timeZoneOptions('Etc/Custom')[0]).toBe('Etc/Custom');
  });
});
