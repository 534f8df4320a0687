// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { formatMoney } from '@domain/format';
import { aGeneralService, aSearchPage, asSearchItem } from '@client/testing/fixtures';
import { mockFetch, renderWithApp } from '@client/testing/render';
import { GeneralServicesSection } from './general-services-section';

const cleaning = aGeneralService({ id: 1, name: 'Spotless Home Cleaning', category: 'Cleaning', price: '$60 - $150', priceFrom: 60 });
const tutoring = aGeneralService({ id: 2, name: 'Maths Tutoring', category: 'Tutoring', price: '$40 / hour', priceFrom: 40, features: [], appointmentMinutes: null });
const piano = aGeneralService({ id: 3, name: 'Piano Lessons', category: 'Tutoring', price: '$55 / lesson', priceFrom: 55, features: [] });
const categoryCounts = { category: [{ value: 'Cleaning', count: 1 }, { value: 'Tutoring', count: 2 }] };

/** The search answers by the category asked for; the facet counts leave out their own filter, as the server's do. */
function searchServer() {
  return mockFetch({
    'GET /api/search': (request) => {
      const category = request.query.get('category');
      const items = [cleaning, tutoring, piano].filter((s) => !category || s.category === category).map((s) => asSearchItem('general-service', s));
      return { body: aSearchPage(items, { facets: categoryCounts }) };
    },
  });
}

describe('GeneralServicesSection', () => {
  it('lists each service with its price range, features and a Book button from its starting price', async () => {
    searchServer();
    renderWithApp(<GeneralServicesSection />);

    const list = await screen.findByRole('list', { name: 'General services' });
    const card = within(list).getByRole('heading', { name: 'Spotless Home Cleaning' }).closest('li') as HTMLElement;
    expect(card.textContent).toContain('$60 - $150');
    expect(within(card).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Eco products', 'Insured staff']);
    within(card).getByRole('button', { name: `Book from ${formatMoney(60)}` });

    // A provider is invited to list its own service.
    expect(screen.getByRole('link', { name: 'Register your service' }).getAttribute('href')).toBe('/register/general');
  });

  it('offers a chip per category with its count, and a chip narrows the search to that category', async () => {
    const server = searchServer();
    const { user } = renderWithApp(<GeneralServicesSection />);
    await screen.findByRole('heading', { name: 'Maths Tutoring' });

    const chips = screen.getByRole('group', { name: 'Service category' });
    expect(within(chips).getAllByRole('button').map((b) => b.getAttribute('aria-pressed'))).toEqual(['true', 'false', 'false']);
    const tutoringChip = within(chips).getByRole('button', { name: 'Tutoring' });
    // The count is the chip's description, so the name stays the category.
    expect(document.getElementById(tutoringChip.getAttribute('aria-describedby') ?? '')?.textContent).toBe('2 services');

    await user.click(tutoringChip);

    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Spotless Home Cleaning' })).toBeNull());
    expect(tutoringChip.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Maths Tutoring', 'Piano Lessons']);
    expect(server.requests('GET /api/search').at(-1)?.query.get('category')).toBe('Tutoring');
  });

  it('searches by the words typed and says what found nothing', async () => {
    const server = mockFetch({
      'GET /api/search': (request) => ({ body: request.query.get('q') ? aSearchPage([]) : aSearchPage([asSearchItem('general-service', cleaning)]) }),
    });
    const { user } = renderWithApp(<GeneralServicesSection />);
    await screen.findByRole('heading', { name: 'Spotless Home Cleaning' });

    await user.type(screen.getByRole('searchbox', { name: 'Search services' }), 'plumbr');

    await screen.findByText('No services found for "plumbr". Check the spelling or choose another category.', undefined, { timeout: 5000 });
    // Debounced: a request per pause in the typing, not one per letter; the best match first.
    const typed = server.requests('GET /api/search').filter((r) => r.query.has('q'));
    expect(typed.length).toBeLessThan('plumbr'.length);
    expect([typed.at(-1)?.query.get('q'), typed.at(-1)?.query.get('sort')]).toEqual(['plumbr', 'relevance']);
  });
});
