// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { formatMoney } from '@domain/format';
import { aHotel, aSearchPage, asSearchItem } from '@client/testing/fixtures';
import { deferred, mockFetch, renderWithApp } from '@client/testing/render';
import { HotelsSection } from './hotels-section';

const aurora = aHotel({ id: 1, name: 'Hotel Aurora', location: 'Lisbon, Portugal', pricePerNight: 189, starRating: 4 });
const harbour = aHotel({ id: 2, name: 'Harbour Inn', location: 'Porto, Portugal', pricePerNight: 1249.5, starRating: 3, reviewCount: 0 });
const page = aSearchPage([asSearchItem('hotel', aurora, 'Lisbon'), asSearchItem('hotel', harbour, 'Porto')]);

/** The hotels' search requests made so far, as their query parameters. */
const searches = (server: ReturnType<typeof mockFetch>) => server.requests('GET /api/search').map((r) => Object.fromEntries(r.query));

describe('HotelsSection', () => {
  it('shows a loading state, then each hotel with its place, stars and nightly price', async () => {
    const reply = deferred();
    const server = mockFetch({
      'GET /api/search': async () => {
        await reply.promise;
        return { body: page };
      },
    });
    renderWithApp(<HotelsSection />);

    const section = screen.getByRole('region', { name: 'Hotels' });
    await within(section).findByText('Loading hotels…');
    expect(within(section).getAllByRole('status').some((s) => s.textContent === 'Searching…')).toBe(true);

    reply.resolve();

    const list = await within(section).findByRole('list', { name: 'Hotels' });
    const cards = within(list).getAllByRole('article');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual(['Hotel Aurora', 'Harbour Inn']);

    const first = within(list).getByRole('article', { name: 'Hotel Aurora' });
    expect(first.textContent).toContain('Lisbon, Portugal');
    within(first).getByRole('img', { name: '4-star hotel' });
    expect(first.textContent).toContain(`${formatMoney(189)} / night`);
    within(first).getByRole('button', { name: 'View details of Hotel Aurora' });
    // The rating is a button to the reviews, named in words.
    within(first).getByRole('button', { name: 'Rated 4.6 out of 5 from 12 reviews. Show reviews of Hotel Aurora' });

    const second = within(list).getByRole('article', { name: 'Harbour Inn' });
    expect(second.textContent).toContain(`${formatMoney(1249.5)} / night`);
    within(second).getByRole('button', { name: 'New, no reviews yet. Show reviews of Harbour Inn' });

    expect(within(section).getAllByRole('status').some((s) => s.textContent === '2 hotels')).toBe(true);
    // The first search: every hotel, best rated first, for the default 2 guests in 1 room.
    expect(searches(server)).toEqual([{ kind: 'hotel', sort: 'rating', rooms: '1', guests: '2', limit: '20' }]);
  });

  it('says so when no hotel matches', async () => {
    mockFetch({ 'GET /api/search': { body: aSearchPage([]) } });
    renderWithApp(<HotelsSection />);

    await screen.findByText('No hotels found matching your search.');
    expect(screen.queryByRole('list', { name: 'Hotels' })).toBeNull();
  });

  it("shows the server's message when the search fails, and Retry asks again", async () => {
    const server = mockFetch({ 'GET /api/search': { status: 500, body: { message: 'The search is resting, try again shortly' } } });
    const { user } = renderWithApp(<HotelsSection />);

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Could not load hotels');
    expect(alert.textContent).toContain('The search is resting, try again shortly');

    server.use({ 'GET /api/search': { body: page } });
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));

    await screen.findByRole('list', { name: 'Hotels' });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(server.requests('GET /api/search')).toHaveLength(2);
  });

  it('searches by the destination typed, best match first', async () => {
    const server = mockFetch({
      'GET /api/search': (request) => ({ body: request.query.get('q') === 'Lisbon' ? aSearchPage([asSearchItem('hotel', aurora, 'Lisbon')]) : page }),
    });
    const { user } = renderWithApp(<HotelsSection />);
    await screen.findByRole('article', { name: 'Harbour Inn' });

    await user.type(screen.getByRole('combobox', { name: 'Destination' }), 'Lisbon');

    await waitFor(() => expect(screen.queryByRole('article', { name: 'Harbour Inn' })).toBeNull(), { timeout: 5000 });
    screen.getByRole('article', { name: 'Hotel Aurora' });
    // Debounced: a request per pause in the typing (one, unless the machine is slow), not one per letter.
    const typed = searches(server).filter((q) => q.q !== undefined);
    expect(typed.length).toBeLessThan('Lisbon'.length);
    expect(typed.at(-1)).toEqual({ q: 'Lisbon', kind: 'hotel', sort: 'relevance', rooms: '1', guests: '2', limit: '20' });
  });

  it('narrows the search to a star rating chosen in the Stars select, showing the counts of each', async () => {
    // A facet's counts leave out its own filter, so they stay the same once a star rating is chosen.
    const facets = { stars: [{ value: '4', count: 1 }, { value: '3', count: 1 }] };
    const server = mockFetch({
      'GET /api/search': (request) => ({
        body: request.query.get('stars') === '4' ? aSearchPage([asSearchItem('hotel', aurora)], { facets }) : { ...page, facets },
      }),
    });
    const { user } = renderWithApp(<HotelsSection />);
    await screen.findByRole('article', { name: 'Harbour Inn' });

    screen.getByRole('combobox', { name: 'Stars' }).focus();
    await user.keyboard('{Enter}');
    await user.click(screen.getByRole('option', { name: '4 stars (1)' }));

    await waitFor(() => expect(screen.queryByRole('article', { name: 'Harbour Inn' })).toBeNull());
    expect(screen.getByRole('combobox', { name: 'Stars' }).textContent).toBe('4 stars (1)');
    expect(searches(server).at(-1)).toEqual({ kind: 'hotel', sort: 'rating', stars: '4', rooms: '1', guests: '2', limit: '20' });
  });
});
