// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { Flight } from '@domain/catalogue/types';
import { mockFetch, renderWithApp } from '@client/testing/render';
import { FlightsSection } from './flights-section';

const DAY = '2030-05-01';

function aFlight(overrides: Partial<Flight>): Flight {
  return {
    id: 1,
    airline: 'TAP',
    flightNumber: 'TP1940',
    departureCity: 'Lisbon',
    arrivalCity: 'Porto',
    departureTime: '08:00',
    arrivalTime: '09:00',
    price: 120,
    duration: '1h',
    image: '/api/placeholder/800/500?kind=flight',
    date: DAY,
    arrivalDate: DAY,
    seats: 180,
    unitsLeft: 40,
    ...overrides,
  };
}

const morning = aFlight({ id: 1, flightNumber: 'TP1940' });
const evening = aFlight({ id: 2, flightNumber: 'TP1956', departureTime: '19:00', arrivalTime: '20:00' });

describe('FlightsSection', () => {
  it('searches the route and day typed, then reads the next page on Show more', async () => {
    const server = mockFetch({
      'GET /api/locations': { body: [] },
      // Two flights that day, one a page: the first page names the next in its Link, as the server does.
      'GET /api/flights': (request) =>
        request.query.get('cursor') === 'after-1'
          ? { body: [evening], headers: { 'X-Total-Count': '2' } }
          : { body: [morning], headers: { 'X-Total-Count': '2', Link: `</api/flights?from=Lisbon&to=Porto&date=${DAY}&limit=1&cursor=after-1>; rel="next"` } },
    });
    const { user } = renderWithApp(<FlightsSection />);

    await user.click(screen.getByRole('radio', { name: 'One Way' }));
    await user.type(screen.getByRole('combobox', { name: 'From' }), 'Lisbon');
    await user.type(screen.getByRole('combobox', { name: 'To' }), 'Porto');
    fireEvent.change(screen.getByLabelText('Departure date'), { target: { value: DAY } });
    await user.click(screen.getByRole('button', { name: 'Search Flights' }));

    const list = await screen.findByRole('list', { name: 'Outbound flights' });
    expect(within(list).getAllByRole('listitem').map((li) => li.textContent)).toEqual([expect.stringContaining('TP1940')]);
    screen.getByText('Showing 1 of 2 flights');

    await user.click(screen.getByRole('button', { name: 'Show more flights' }));

    await within(list).findByText('TP1956');
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    // The last page has no Link: nothing more to show.
    expect(screen.queryByRole('button', { name: 'Show more flights' })).toBeNull();
    expect(server.requests('GET /api/flights').map((r) => Object.fromEntries(r.query))).toEqual([
      { from: 'Lisbon', to: 'Porto', date: DAY },
      { from: 'Lisbon', to: 'Porto', date: DAY, limit: '1', cursor: 'after-1' },
    ]);
  });
});
