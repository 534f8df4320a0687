import { describe, expect, it } from 'vitest';
import { formatCalendarDay, formatDate, formatDateTime, formatDateTimeUtc, formatMonthDay, formatRelativeTime, formatTimeOfDay, formatTimeOfDayUtc, weekdayNames } from './dates';

const at = '2026-11-24T00:05:00Z';

describe('instants', () => {
  it('are written in the given time zone', () => {
    const en = { locale: 'en-US' };
    expect(formatDateTime(at, { ...en, timeZone: 'UTC' })).toBe('Nov 24, 2026, 12:05 AM');
    expect(formatDateTime(at, { ...en, timeZone: 'America/Toronto' })).toBe('Nov 23, 2026, 7:05 PM');
    expect(formatDate(at, { ...en, timeZone: 'Asia/Tokyo' })).toBe('Nov 24, 2026');
    expect(formatTimeOfDay(at, { ...en, timeZone: 'Asia/Tokyo' })).toBe('9:05 AM');
    expect(formatMonthDay(at, { ...en, timeZone: 'America/Los_Angeles' })).toBe('Nov 23');
  });

  it("are written as the locale writes them", () => {
    expect(formatDateTime(at, { locale: 'de-DE', timeZone: 'Europe/Berlin' })).toBe('24.11.2026, 01:05');
    expect(formatDate(at, { locale: 'en-GB', timeZone: 'UTC' })).toBe('24 Nov 2026');
  });

  it('are written in UTC, marked so, by the server render', () => {
    expect(formatDateTimeUtc(at)).toBe('Nov 24, 2026, 12:05 AM UTC');
    expect(formatTimeOfDayUtc('2026-11-24T19:45:00Z')).toBe('7:45 PM UTC');
  });

  it('yield nothing for what is not a date', () => {
    expect(formatDate('not a date')).toBe('');
    expect(formatDateTimeUtc('not a date')).toBe('');
  });
});

describe('formatCalendarDay', () => {
  it('writes a calendar day without shifting it by a time zone', () => {
    const en = { locale: 'en-US' };
    expect(formatCalendarDay('2027-03-05', 'monthDay', en)).toBe('Mar 5');
    expect(formatCalendarDay('2027-03-05', 'medium', en)).toBe('Mar 5, 2027');
    expect(formatCalendarDay('2027-03-05', 'weekdayMonthDay', en)).toBe('Friday, March 5');
    expect(formatCalendarDay('2027-03-03', 'full', en)).toBe('Wednesday, March 3, 2027');
    expect(formatCalendarDay('2027-03', 'month', en)).toBe('March 2027');
    expect(formatCalendarDay('2027-03', 'month', { locale: 'fr-FR' })).toBe('mars 2027');
  });

  it('returns what does not parse as it came', () => {
    expect(formatCalendarDay('someday', 'medium')).toBe('someday');
  });
});

describe('formatRelativeTime', () => {
  it('says how long ago or how far ahead, always with a number', () => {
    expect(formatRelativeTime(-5, 'minute', { locale: 'en-US' })).toBe('5 minutes ago');
    expect(formatRelativeTime(-1, 'day', { locale: 'en-US' })).toBe('1 day ago');
    expect(formatRelativeTime(2, 'hour', { locale: 'en-US' })).toBe('in 2 hours');
    expect(formatRelativeTime(-3, 'day', { locale: 'de-DE' })).toBe('vor 3 Tagen');
  });
});

describe('weekdayNames', () => {
  it('names the week Sunday first, as the locale does', () => {
    expect(weekdayNames('narrow', { locale: 'en-US' })).toEqual(['S', 'M', 'T', 'W', 'T', 'F', 'S']);
    expect(weekdayNames('short', { locale: 'en-US' })).toEqual(['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']);
    expect(weekdayNames('long', { locale: 'fr-FR' })[1]).toBe('lundi');
  });
});
