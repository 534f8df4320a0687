import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@client/lib/api';
import { formatTimeOfDay } from '@domain/format';
import { mockFetch } from '@client/testing/mock-fetch';
import { localToday } from '@client/features/catalogue/components/dates';
import { availabilityQuery } from './use-day-availability';
import { appointmentLine, slotOptions, slotQueriesKey, slotQuery, slotRefusal } from './slot-logic';

const iso = (d: Date) => d.toISOString();

describe('slot queries', () => {
  it('asks for one day, and a booking refreshes every day of that service only', async () => {
    const server = mockFetch({ 'GET /api/availability/:kind/:id': { body: { slots: [] } } });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await client.fetchQuery(slotQuery(7, '2026-03-04'));
    const [asked] = server.requests('GET /api/availability/:kind/:id');
    expect(asked.path).toBe('/api/availability/general-services/7');
    expect(Object.fromEntries(asked.query)).toEqual({ from: '2026-03-04', to: '2026-03-04' });

    await client.fetchQuery(slotQuery(7, '2026-03-05'));
    await client.fetchQuery(slotQuery(70, '2026-03-04'));
    await client.fetchQuery(availabilityQuery('hotels', 7, { from: '2026-03-04', to: '2026-03-04' }));
    await client.invalidateQueries({ queryKey: slotQueriesKey(7) }, { cancelRefetch: false });
    const stale = client
      .getQueryCache()
      .getAll()
      .filter((q) => q.state.isInvalidated)
      .map((q) => q.queryKey);
    expect(stale).toEqual([slotQuery(7, '2026-03-04').queryKey, slotQuery(7, '2026-03-05').queryKey]);
  });
});

describe('slotOptions', () => {
  const now = new Date(2026, 2, 4, 12, 0); // local noon, Mar 4
  const day = localToday(now);
  const at = (h: number, m = 0, date = 4) => new Date(2026, 2, date, h, m);

  it('offers only slots still ahead, in time order, labelled in local time', () => {
    const options = slotOptions(
      [
        { start: iso(at(15)), end: iso(at(16)) },
        { start: iso(at(11)), end: iso(at(12)) },
        { start: iso(at(13, 30)), end: iso(at(14, 30)) },
      ],
      day,
      now,
    );
    expect(options.map((o) => o.label)).toEqual([formatTimeOfDay(at(13, 30)), formatTimeOfDay(at(15))]);
    expect(options[0]).toMatchObject({ start: iso(at(13, 30)), note: null });
  });

  it('names the date of a slot that falls on another local day', () => {
    const [option] = slotOptions([{ start: iso(at(1, 0, 5)), end: iso(at(2, 0, 5)) }], day, now);
    expect(option.note).toBe('Mar 5');
  });

  it('drops unreadable instants', () => {
    expect(slotOptions([{ start: 'soon', end: 'later' }], day, now)).toEqual([]);
  });
});

describe('appointmentLine', () => {
  it('carries the slot start as details.startAt', () => {
    expect(appointmentLine({ id: 3, name: 'Haircut', priceFrom: 35 }, '2026-03-04T14:00:00.000Z')).toEqual({
      serviceType: 'general-services',
      serviceId: 3,
      quantity: 1,
      details: { startAt: '2026-03-04T14:00:00.000Z' },
      name: 'Haircut',
      price: 35,
    });
  });
});

describe('slotRefusal', () => {
  const error = (status: number, body: unknown) => new ApiError(status, 'x', JSON.stringify(body));
  it('a 409 is a taken slot, with the server’s words', () => {
    expect(slotRefusal(error(409, { message: 'That time is no longer free. Please pick another.' }))).toEqual({
      kind: 'taken',
      message: 'That time is no longer free. Please pick another.',
    });
  });
  it('a 409 with a total is a changed price', () => {
    expect(slotRefusal(error(409, { message: 'The total has changed', totalAmount: 40 }))).toMatchObject({ kind: 'total-changed', totalAmount: 40 });
  });
  it('401 means signed out; anything else is passed on', () => {
    expect(slotRefusal(error(401, { message: 'Sign in' })).kind).toBe('signed-out');
    expect(slotRefusal(error(400, { message: 'Bad' })).kind).toBe('other');
    expect(slotRefusal(new TypeError('Failed to fetch')).kind).toBe('other');
  });
});
