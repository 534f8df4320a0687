// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { aProviderListing } from '@client/testing/fixtures';
import { mockFetch, renderWithApp } from '@client/testing/render';
import { ListingsSection } from './provider-listings';

const cleaning = aProviderListing({ kind: 'general-services', id: 3, name: 'Spotless Home Cleaning', isActive: true });
const aurora = aProviderListing({ kind: 'hotels', id: 1, name: 'Hotel Aurora', isActive: true, image: '/uploads/aurora.webp' });
const harbour = aProviderListing({ kind: 'hotels', id: 2, name: 'Harbour Inn', isActive: false });

const names = () => within(screen.getByRole('list', { name: 'My listings' })).getAllByRole('link').map((link) => link.getAttribute('aria-label'));

describe('ListingsSection', () => {
  it("lists the provider's listings with their kind and state, each a link to its editor", async () => {
    mockFetch({ 'GET /api/provider/listings': { body: [aurora, harbour, cleaning], headers: { 'X-Total-Count': '3' } } });
    const { user, location } = renderWithApp(<ListingsSection />, { route: '/provider/listings' });

    screen.getByLabelText('Loading your listings');
    const list = await screen.findByRole('list', { name: 'My listings' });
    expect(names()).toEqual(['Edit Hotel Aurora', 'Edit Harbour Inn', 'Edit Spotless Home Cleaning']);
    const harbourLink = within(list).getByRole('link', { name: 'Edit Harbour Inn' });
    expect(harbourLink.textContent).toContain('Hotel');
    expect(harbourLink.textContent).toContain('Hidden');
    expect(within(list).getByRole('link', { name: 'Edit Spotless Home Cleaning' }).textContent).toContain('Service');
    screen.getByText('3 listings');

    await user.click(harbourLink);

    expect(location().pathname).toBe('/provider/listings/hotels/2');
  });

  it('finds a listing by name and filters by kind', async () => {
    mockFetch({ 'GET /api/provider/listings': { body: [aurora, harbour, cleaning], headers: { 'X-Total-Count': '3' } } });
    const { user } = renderWithApp(<ListingsSection />);
    await screen.findByRole('list', { name: 'My listings' });

    await user.type(screen.getByRole('searchbox', { name: 'Find a listing' }), 'harb');
    expect(names()).toEqual(['Edit Harbour Inn']);
    screen.getByText('1 of 3 listings');

    await user.clear(screen.getByRole('searchbox', { name: 'Find a listing' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Kind' }), 'Service');
    expect(names()).toEqual(['Edit Spotless Home Cleaning']);

    await user.type(screen.getByRole('searchbox', { name: 'Find a listing' }), 'aurora');
    screen.getByText('No listing matches.');
  });

  it('loads older listings a page at a time with Show more', async () => {
    const server = mockFetch({
      'GET /api/provider/listings': (request) =>
        request.query.get('cursor') === 'p2'
          ? { body: [cleaning], headers: { 'X-Total-Count': '3' } }
          : { body: [aurora, harbour], headers: { 'X-Total-Count': '3', Link: '</api/provider/listings?cursor=p2>; rel="next"' } },
    });
    const { user } = renderWithApp(<ListingsSection />);
    await screen.findByText('Showing 2 of 3 listings');

    await user.click(screen.getByRole('button', { name: 'Show more' }));

    await screen.findByRole('link', { name: 'Edit Spotless Home Cleaning' });
    expect(names()).toHaveLength(3);
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
    expect(server.requests('GET /api/provider/listings').map((r) => r.query.get('cursor'))).toEqual([null, 'p2']);
  });

  it('says when the provider has no listing yet, and why', async () => {
    mockFetch({ 'GET /api/provider/listings': { body: [], headers: { 'X-Total-Count': '0' } } });
    renderWithApp(<ListingsSection />);

    await screen.findByText('You have no listings yet. Once the team approves your registration, it appears here.');
  });
});
