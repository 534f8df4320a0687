// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { Review, ReviewPage } from '@domain/reviews/schemas';
import { aUser } from '@client/testing/fixtures';
import { mockFetch, renderWithApp, type MockRequest } from '@client/testing/render';
import { ListingReviews } from './listing-reviews';

function aReview(id: number, overrides: Partial<Review> = {}): Review {
  return {
    id,
    serviceType: 'hotels',
    serviceId: 4,
    rating: 5,
    comment: `Review number ${id}`,
    author: `Guest ${id}`,
    helpful: 0,
    verified: true,
    edited: false,
    createdAt: '2026-10-01T10:00:00.000Z',
    updatedAt: '2026-10-01T10:00:00.000Z',
    votedHelpful: false,
    mine: false,
    ...overrides,
  };
}

/** Three reviews, two a page, in the order the request's `sort` asks for. */
function reviewsRoute(votes: { helpful: number }) {
  return (request: MockRequest) => {
    const all = [aReview(1, { helpful: votes.helpful }), aReview(2, { rating: 3, helpful: 5 }), aReview(3, { rating: 4, helpful: 5 })];
    if (request.query.get('sort') === 'rating') all.sort((a, b) => b.rating - a.rating);
    const page = Number(request.query.get('page') ?? '1');
    const body: ReviewPage = {
      summary: { average: 4, count: 3, histogram: { '1': 0, '2': 0, '3': 1, '4': 1, '5': 1 } },
      reviews: all.slice((page - 1) * 2, page * 2),
      page,
      pageSize: 2,
      total: 3,
    };
    return { body };
  };
}

const shownComments = () => within(screen.getByRole('list', { name: 'Customer reviews' })).getAllByText(/^Review number/).map((e) => e.textContent);

describe('a listing’s reviews', () => {
  it('asks for the listing’s reviews a page at a time, in the chosen order', async () => {
    const server = mockFetch({ 'GET /api/auth/session': { body: { user: null } }, 'GET /api/reviews': reviewsRoute({ helpful: 0 }) });
    const { user } = renderWithApp(<ListingReviews serviceType="hotels" serviceId={4} />);

    await waitFor(() => expect(shownComments()).toEqual(['Review number 1', 'Review number 2']));
    expect(screen.getByTestId('rating-count').textContent).toBe('3 reviews');
    await user.click(screen.getByRole('button', { name: 'Show more reviews' }));
    await waitFor(() => expect(shownComments()).toEqual(['Review number 1', 'Review number 2', 'Review number 3']));
    expect(screen.queryByRole('button', { name: 'Show more reviews' })).toBeNull();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'rating');
    await waitFor(() => expect(shownComments()).toEqual(['Review number 1', 'Review number 3']));
    const asked = server.requests('GET /api/reviews').map((r) => Object.fromEntries(r.query));
    expect(asked).toEqual([
      { serviceType: 'hotels', serviceId: '4', sort: 'recent', page: '1' },
      { serviceType: 'hotels', serviceId: '4', sort: 'recent', page: '2' },
      { serviceType: 'hotels', serviceId: '4', sort: 'rating', page: '1' },
    ]);
  });

  it('shows a Helpful vote once the server has counted it', async () => {
    const votes = { helpful: 0 };
    const server = mockFetch({
      'GET /api/auth/session': { body: { user: aUser() } },
      'GET /api/reviews': reviewsRoute(votes),
      'POST /api/reviews/:id/helpful': (request) => {
        votes.helpful += 1;
        return { body: { helpful: votes.helpful, votedHelpful: request.params.id === '1' } };
      },
    });
    const { user } = renderWithApp(<ListingReviews serviceType="hotels" serviceId={4} />);

    await user.click(await screen.findByRole('button', { name: 'Helpful (0)' }));
    await screen.findByRole('button', { name: 'Helpful (1)' });
    expect(server.requests('POST /api/reviews/:id/helpful').map((r) => r.params.id)).toEqual(['1']);
  });
});
