import { describe, expect, it } from 'vitest';
import { addDays } from '@domain/catalogue/pricing';
import {
  availabilityWindow,
  checkSpan,
  longDayLabel,
  monthLabel,
  monthWeeks,
  moveFocus,
  nearestFree,
  nearestFreeLease,
  pickStayDay,
  shortReason,
  stayDayState,
  takenRuns,
  unitsLeftText,
  type DayFree,
} from './day-availability';
import { countdownAnnouncement, formatCountdown, holdDeadline } from './hold-countdown-logic';

/** `n` days from `start`, each with the free units `freeOf` gives. */
function days(start: string, n: number, freeOf: (day: string) => number): DayFree[] {
  return Array.from({ length: n }, (_, i) => addDays(start, i)).map((date) => ({ date, free: freeOf(date) }));
}

describe('availabilityWindow', () => {
  it('asks for the coming year, 366 days from today', () => {
    expect(availabilityWindow('2027-01-10')).toEqual({ from: '2027-01-10', to: '2028-01-10' });
    expect(availabilityWindow('2027-01-10', { start: '2027-06-01', end: '2027-06-03' })).toEqual({ from: '2027-01-10', to: '2028-01-10' });
  });
  it('moves to a year around dates beyond it, from the 1st of a month', () => {
    const w = availabilityWindow('2027-01-10', { start: '2028-05-20', end: '2028-05-22' });
    expect(w.from).toBe('2028-02-01');
    expect(w.to).toBe(addDays('2028-02-01', 365));
  });
});

describe('checkSpan and shortReason', () => {
  const loaded = days('2027-02-01', 20, (d) => (d === '2027-02-10' ? 0 : d === '2027-02-11' ? 1 : 3));
  it('a span free on every day is free, with the fewest units left', () => {
    expect(checkSpan(loaded, { start: '2027-02-01', end: '2027-02-04' }, 2)).toEqual({ state: 'free', left: 3 });
  });
  it('a sold-out night names its day', () => {
    const check = checkSpan(loaded, { start: '2027-02-09', end: '2027-02-12' }, 1);
    expect(check).toMatchObject({ state: 'short', left: 0, firstShort: '2027-02-10', firstSoldOut: '2027-02-10' });
    if (check.state === 'short') expect(shortReason('hotels', check)).toBe('Sold out on Feb 10');
  });
  it('too few rooms says how many are left', () => {
    const check = checkSpan(loaded, { start: '2027-02-11', end: '2027-02-12' }, 2);
    if (check.state !== 'short') throw new Error('expected short');
    expect(shortReason('hotels', check)).toBe('Only 1 room left for these nights');
    expect(shortReason('properties', check)).toBe('Booked for these dates');
  });
  it('days outside the loaded ones are unknown', () => {
    expect(checkSpan(loaded, { start: '2027-02-19', end: '2027-02-23' }, 1)).toEqual({ state: 'unknown' });
    expect(checkSpan([], { start: '2027-02-01', end: '2027-02-02' }, 1)).toEqual({ state: 'unknown' });
  });
});

describe('nearest free dates', () => {
  it('finds the nearest free span of the same length, not before the earliest day', () => {
    const loaded = days('2027-03-01', 30, (d) => (d >= '2027-03-10' && d <= '2027-03-12' ? 0 : 1));
    expect(nearestFree(loaded, { start: '2027-03-11', end: '2027-03-13' }, 1, '2027-03-01')).toEqual({ start: '2027-03-13', end: '2027-03-15' });
    // The earlier span (Mar 8-10) is as near as the later one once the earliest day allows it.
    expect(nearestFree(loaded, { start: '2027-03-10', end: '2027-03-12' }, 1, '2027-03-01')).toEqual({ start: '2027-03-08', end: '2027-03-10' });
    expect(nearestFree(loaded, { start: '2027-03-10', end: '2027-03-12' }, 1, '2027-03-09')).toEqual({ start: '2027-03-13', end: '2027-03-15' });
  });
  it('a lease moves to the nearest move-in day whose whole lease is free', () => {
    // Booked Mar 1 to Jun 1; a 1-month lease from Apr 15 moves to Jun 1.
    const loaded = days('2027-01-01', 300, (d) => (d >= '2027-03-01' && d < '2027-06-01' ? 0 : 1));
    expect(nearestFreeLease(loaded, '2027-04-15', 1, '2027-01-01')).toEqual({ start: '2027-06-01', end: '2027-07-01' });
    // From Feb 20: a lease from Feb 1 is February's 28 days and ends as the booking starts.
    expect(nearestFreeLease(loaded, '2027-02-20', 1, '2027-01-01')).toEqual({ start: '2027-02-01', end: '2027-03-01' });
  });
});

describe('takenRuns', () => {
  it('joins consecutive taken days', () => {
    const loaded = days('2027-03-01', 10, (d) => (d === '2027-03-02' || d === '2027-03-03' || d === '2027-03-07' ? 0 : 1));
    expect(takenRuns(loaded)).toEqual([
      { from: '2027-03-02', to: '2027-03-03' },
      { from: '2027-03-07', to: '2027-03-07' },
    ]);
    expect(takenRuns(loaded, 2)).toEqual([{ from: '2027-03-01', to: '2027-03-10' }]);
  });
});

describe('unitsLeftText', () => {
  it('speaks of few units only', () => {
    expect(unitsLeftText('hotels', 2)).toBe('Only 2 rooms left');
    expect(unitsLeftText('hotels', 1)).toBe('Only 1 room left');
    expect(unitsLeftText('hotels', 6)).toBeNull();
    expect(unitsLeftText('cars', 2)).toBe('Only 2 cars left');
    expect(unitsLeftText('flights', 3)).toBe('3 seats left');
    expect(unitsLeftText('flights', 40)).toBeNull();
    expect(unitsLeftText('hotels', 0)).toBe('Sold out');
    expect(unitsLeftText('hotels', undefined)).toBeNull();
  });
  it('a property is available or booked', () => {
    expect(unitsLeftText('properties', 1)).toBe('Available');
    expect(unitsLeftText('properties', 0)).toBe('Booked for these dates');
  });
});

describe('the month grid of a stay', () => {
  const freeOn = new Map(days('2027-03-01', 31, (d) => (d === '2027-03-10' ? 0 : 2)).map((d) => [d.date, d.free]));
  const rules = { minNights: 1, maxNights: 365 };
  it('a sold-out night cannot start a stay, nor be crossed, but can be the check-out day', () => {
    const none = { checkIn: '', checkOut: '' };
    expect(stayDayState('2027-03-10', none, freeOn, 1, '2027-03-01', rules)).toMatchObject({ soldOut: true, pickable: false });
    const choosing = { checkIn: '2027-03-08', checkOut: '' };
    expect(stayDayState('2027-03-10', choosing, freeOn, 1, '2027-03-01', rules)).toMatchObject({ pickable: true, role: 'check-out' });
    // Mar 12 would cross the sold-out night: it starts a new stay instead.
    expect(stayDayState('2027-03-12', choosing, freeOn, 1, '2027-03-01', rules)).toMatchObject({ pickable: true, role: 'check-in' });
  });
  it('past days, days before the notice, and too many rooms are not pickable', () => {
    const none = { checkIn: '', checkOut: '' };
    expect(stayDayState('2027-03-02', none, freeOn, 1, '2027-03-05', rules)).toMatchObject({ past: true, pickable: false });
    expect(stayDayState('2027-03-06', none, freeOn, 3, '2027-03-05', rules)).toMatchObject({ soldOut: true, pickable: false });
  });
  it('minimum and maximum nights limit the check-out days', () => {
    const choosing = { checkIn: '2027-03-01', checkOut: '' };
    const min3 = { minNights: 3, maxNights: 5 };
    expect(stayDayState('2027-03-03', choosing, freeOn, 1, '2027-03-01', min3).role).toBe('check-in');
    expect(stayDayState('2027-03-04', choosing, freeOn, 1, '2027-03-01', min3).role).toBe('check-out');
    expect(stayDayState('2027-03-07', choosing, freeOn, 1, '2027-03-01', min3).role).toBe('check-in');
  });
  it('a click picks check-in, then check-out, then starts over', () => {
    let pick = { checkIn: '', checkOut: '' };
    pick = pickStayDay('2027-03-05', pick, stayDayState('2027-03-05', pick, freeOn, 1, '2027-03-01', rules));
    expect(pick).toEqual({ checkIn: '2027-03-05', checkOut: '' });
    pick = pickStayDay('2027-03-07', pick, stayDayState('2027-03-07', pick, freeOn, 1, '2027-03-01', rules));
    expect(pick).toEqual({ checkIn: '2027-03-05', checkOut: '2027-03-07' });
    pick = pickStayDay('2027-03-20', pick, stayDayState('2027-03-20', pick, freeOn, 1, '2027-03-01', rules));
    expect(pick).toEqual({ checkIn: '2027-03-20', checkOut: '' });
  });
  it('weeks start on Sunday and labels read as a calendar day', () => {
    const weeks = monthWeeks('2027-03');
    expect(weeks[0]).toEqual([null, '2027-03-01', '2027-03-02', '2027-03-03', '2027-03-04', '2027-03-05', '2027-03-06']);
    expect(weeks.flat().filter(Boolean)).toHaveLength(31);
    expect(weeks.every((w) => w.length === 7)).toBe(true);
    expect(monthLabel('2027-03')).toBe('March 2027');
    expect(longDayLabel('2027-03-03')).toBe('Wednesday, March 3, 2027');
  });
  it('keys move the focused day', () => {
    expect(moveFocus('2027-03-03', 'ArrowRight')).toBe('2027-03-04');
    expect(moveFocus('2027-03-03', 'ArrowUp')).toBe('2027-02-24');
    expect(moveFocus('2027-03-03', 'Home')).toBe('2027-02-28');
    expect(moveFocus('2027-03-03', 'End')).toBe('2027-03-06');
    expect(moveFocus('2027-01-31', 'PageDown')).toBe('2027-02-28');
    expect(moveFocus('2027-03-03', 'a')).toBeNull();
  });
});

describe('the hold countdown', () => {
  const booking = { status: 'pending', createdAt: '2027-01-01T10:00:00.000Z', holdExpiresAt: '2027-01-01T10:15:00.000Z' };
  it('counts the hold from when this browser received it (a wrong clock does not matter)', () => {
    expect(holdDeadline(booking, 5_000)).toBe(5_000 + 15 * 60_000);
    expect(holdDeadline(booking)).toBe(Date.parse('2027-01-01T10:15:00.000Z'));
    expect(holdDeadline({ ...booking, status: 'confirmed' })).toBeNull();
    expect(holdDeadline({ ...booking, holdExpiresAt: null })).toBeNull();
  });
  it('reads mm:ss, and h:mm:ss from an hour up', () => {
    expect(formatCountdown(14 * 60_000 + 32_000)).toBe('14:32');
    expect(formatCountdown(9_200)).toBe('00:10');
    expect(formatCountdown(-5)).toBe('00:00');
    expect(formatCountdown(65 * 60_000)).toBe('1:05:00');
  });
  it('announces whole minutes only', () => {
    expect(countdownAnnouncement(14 * 60_000 + 59_000)).toBe('14 minutes left to pay');
    expect(countdownAnnouncement(14 * 60_000 + 1_000)).toBe('14 minutes left to pay');
    expect(countdownAnnouncement(60_000)).toBe('1 minute left to pay');
    expect(countdownAnnouncement(59_000)).toBe('Less than a minute left to pay');
  });
});
