import { describe, expect, it } from 'vitest';
import { CHECK_OUT_ORDER_MESSAGE, SAME_CITY_MESSAGE, sameCityError, stayDatesError } from './date-checks';

describe('stayDatesError', () => {
  it('refuses a check-out on or before the check-in, with the server wording', () => {
    expect(stayDatesError('2027-03-10', '2027-03-08')).toBe(CHECK_OUT_ORDER_MESSAGE);
    expect(stayDatesError('2027-03-10', '2027-03-10')).toBe('Check-out must be after check-in');
    expect(stayDatesError('2027-03-10', '2027-03-11')).toBeNull();
  });

  it('says nothing while a date is still empty', () => {
    expect(stayDatesError('', '2027-03-08')).toBeNull();
    expect(stayDatesError('2027-03-10', '')).toBeNull();
  });
});

describe('sameCityError', () => {
  it('refuses one city as both origin and destination, however it is written or picked', () => {
    expect(sameCityError('Toronto', 'Toronto')).toBe(SAME_CITY_MESSAGE);
    expect(sameCityError('toronto ', 'Toronto, Canada')).toBe(SAME_CITY_MESSAGE);
    expect(SAME_CITY_MESSAGE).toMatch(/^Origin and destination are the same city/);
  });

  it('lets different cities and half-filled forms through', () => {
    expect(sameCityError('Toronto', 'Vancouver')).toBeNull();
    expect(sameCityError('Toronto', '')).toBeNull();
    expect(sameCityError('', '')).toBeNull();
  });
});
