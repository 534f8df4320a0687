// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { formatMoney } from '@domain/format';
import { aRestaurant, aSearchPage, asSearchItem } from '@client/testing/fixtures';
import { mockFetch, renderWithApp } from '@client/testing/render';
import { HomePage } from './home-page';

const SHORTCUTS = ['Food', 'Hotels', 'Flights', 'Ship', 'Cars', 'Taxi', 'Property', 'General'];

/** The search answers restaurants for the food section (on the first screen) and nothing for any other kind. */
function server() {
  const pizzeria = aRestaurant({ id: 4, name: 'Via Roma Pizzeria', cuisine: 'Italian', deliveryFee: 2.99 });
  const taqueria = aRestaurant({ id: 5, name: 'La Taqueria', cuisine: 'Mexican', deliveryFee: 0 });
  return mockFetch({
    'GET /api/search': (request) => ({
      body:
        request.query.get('kind') === 'restaurant'
          ? aSearchPage([asSearchItem('restaurant', pizzeria), asSearchItem('restaurant', taqueria)])
          : aSearchPage([]),
    }),
  });
}

/**
 * Once a section is asked for, every section's code loads at once (placeholders, aria-busy, give way to the sections).
 * Waited for, too, so no module is still loading when the test environment is torn down.
 */
async function allSectionsLoaded() {
  await waitFor(() => expect(document.querySelectorAll('section[aria-busy="true"]')).toHaveLength(0), { timeout: 20_000 });
}

describe('HomePage', () => {
  it('greets the visitor with the product, a search box and the eight service shortcuts', () => {
    server();
    renderWithApp(<HomePage />);

    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Go Live');
    screen.getByText('Your Complete Service Platform');
    screen.getByRole('search', { name: 'Search Go Live' });
    const jump = screen.getByRole('navigation', { name: 'Jump to a service' });
    expect(within(jump).getAllByRole('button').map((b) => b.textContent)).toEqual(SHORTCUTS);
    const bar = screen.getByRole('navigation', { name: 'Service categories' });
    expect(within(bar).getAllByRole('button').map((b) => b.textContent)).toEqual(SHORTCUTS);
  });

  it('offers individual services (selected) or a unified booking, and lists every section', async () => {
    server();
    renderWithApp(<HomePage />);

    const tabs = screen.getByRole('tablist', { name: 'How do you want to book?' });
    expect(within(tabs).getAllByRole('tab').map((t) => [t.textContent, t.getAttribute('aria-selected')])).toEqual([
      ['Individual Services', 'true'],
      ['Unified Booking', 'false'],
    ]);
    const panel = screen.getByRole('tabpanel', { name: 'Individual Services' });
    for (const name of ['Food Delivery', 'Hotels', 'Flights', 'Shipping', 'Car Rental', 'Taxi', 'Property Rental', 'Additional Services', 'General Services']) {
      within(panel).getByRole('region', { name });
    }

    // The food section is part of the first screen: its restaurants come at once, with their delivery fees.
    const food = within(panel).getByRole('region', { name: 'Food Delivery' });
    const list = await within(food).findByRole('list', { name: 'Restaurants' });
    const taqueria = within(list).getByRole('article', { name: 'La Taqueria' });
    expect(taqueria.textContent).toContain(`${formatMoney(0)} delivery`);
    expect(within(list).getByRole('article', { name: 'Via Roma Pizzeria' }).textContent).toContain(`${formatMoney(2.99)} delivery`);
  });

  it('opens the search results for the words typed', async () => {
    server();
    const { user, location } = renderWithApp(<HomePage />);

    await user.type(screen.getByRole('searchbox', { name: 'What are you looking for?' }), '  sushi rolls {Enter}');

    expect(location().pathname).toBe('/search');
    expect(new URLSearchParams(location().search).get('q')).toBe('sushi rolls');
  });

  it('opens the search page without words when the box is empty', async () => {
    server();
    const { user, location } = renderWithApp(<HomePage />);

    await user.click(within(screen.getByRole('search', { name: 'Search Go Live' })).getByRole('button', { name: 'Search' }));

    expect(location().pathname).toBe('/search');
    expect(location().search).toBe('');
  });

  it('moves the keyboard focus to the section a shortcut names', async () => {
    server();
    const { user } = renderWithApp(<HomePage />);

    await user.click(within(screen.getByRole('navigation', { name: 'Service categories' })).getByRole('button', { name: 'Food' }));

    expect(document.activeElement).toBe(screen.getByRole('region', { name: 'Food Delivery' }));
    await allSectionsLoaded();
  });

  it('moves the focus to a section further down before its code has loaded (its placeholder holds the place)', async () => {
    server();
    const { user } = renderWithApp(<HomePage />);

    await user.click(within(screen.getByRole('navigation', { name: 'Jump to a service' })).getByRole('button', { name: 'Hotels' }));

    const focused = document.activeElement as HTMLElement;
    expect(focused.id).toBe('hotels');
    expect(focused.getAttribute('aria-label') ?? focused.textContent).toContain('Hotels');
    await allSectionsLoaded();
    screen.getByRole('region', { name: 'Hotels' });
  });
});
