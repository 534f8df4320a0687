import { describe, expect, it } from 'vitest';
import type { WeeklyHours } from '@domain/availability/hours';
import { openingView } from './opening-logic';

// 2026-03-04 is a Wednesday (day 3).
const lunchAndDinner: WeeklyHours = {
  timeZone: 'UTC',
  week: [1, 2, 3, 4, 5].map((day) => ({ day, open: '11:00', close: '22:00' })),
};
const at = (iso: string) => new Date(iso);

describe('openingView', () => {
  it('shows nothing without structured hours', () => {
    expect(openingView(null, at('2026-03-04T12:00:00Z'))).toBeNull();
    expect(openingView(undefined, at('2026-03-04T12:00:00Z'))).toBeNull();
  });

  it('is open with the closing time', () => {
    expect(openingView(lunchAndDinner, at('2026-03-04T12:00:00Z'))).toEqual({ open: true, label: 'Open now', detail: 'Closes at 22:00', warning: null });
  });

  it('before opening today says the time only', () => {
    expect(openingView(lunchAndDinner, at('2026-03-04T08:00:00Z'))).toEqual({
      open: false,
      label: 'Closed',
      detail: 'Opens at 11:00',
      warning: 'Closed now — orders open at 11:00',
    });
  });

  it('after closing on Friday names the next opening day', () => {
    const view = openingView(lunchAndDinner, at('2026-03-06T23:00:00Z'));
    expect(view?.detail).toBe('Opens Mon 11:00');
    expect(view?.warning).toBe('Closed now — orders open Mon 11:00');
  });

  it('reads the hours in the restaurant’s own time zone', () => {
    const toronto: WeeklyHours = { ...lunchAndDinner, timeZone: 'America/Toronto' };
    // 15:00 UTC is 10:00 in Toronto (EST).
    expect(openingView(toronto, at('2026-03-04T15:00:00Z'))?.detail).toBe('Opens at 11:00');
    expect(openingView(toronto, at('2026-03-04T16:30:00Z'))?.open).toBe(true);
  });

  it('around the clock has no closing time', () => {
    const always: WeeklyHours = { timeZone: 'UTC', week: [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, open: '00:00', close: '24:00' })) };
    expect(openingView(always, at('2026-03-04T03:00:00Z'))?.detail).toBe('Open 24 hours');
  });

  it('hours with no interval never open', () => {
    expect(openingView({ timeZone: 'UTC', week: [] }, at('2026-03-04T12:00:00Z'))?.warning).toBe('Closed now — not taking orders');
  });
});
