import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { apiKey } from '@client/lib/api';
import { invalidateAvailability } from './use-day-availability';

describe('invalidateAvailability', () => {
  it('refreshes the availability and the lists of the booked kind only', async () => {
    const client = new QueryClient();
    const keys = {
      hotelDays: apiKey('/api/availability/{kind}/{id}', { path: { kind: 'hotels', id: 4 }, query: { from: '2026-03-04', to: '2026-03-06' } }),
      hotelList: apiKey('/api/hotels', { query: { checkIn: '2026-03-04', checkOut: '2026-03-06' } }),
      hotelSearch: ['search', 'q=inn&kind=hotel'],
      carDays: apiKey('/api/availability/{kind}/{id}', { path: { kind: 'cars', id: 4 }, query: { from: '2026-03-04', to: '2026-03-06' } }),
      carList: apiKey('/api/cars'),
      carSearch: ['search', 'kind=car'],
    };
    for (const key of Object.values(keys)) client.setQueryData(key, {});
    await invalidateAvailability(client, 'hotels');
    const stale = Object.entries(keys)
      .filter(([, key]) => client.getQueryState(key)?.isInvalidated)
      .map(([name]) => name);
    expect(stale).toEqual(['hotelDays', 'hotelList', 'hotelSearch']);
  });
});
