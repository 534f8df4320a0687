// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { formatMoney } from '@domain/format';
import { anAdditionalService } from '@client/testing/fixtures';
import { deferred, mockFetch, renderWithApp } from '@client/testing/render';
import { AdditionalServicesSection } from './additional-services-section';

const transfer = anAdditionalService({ id: 1, name: 'Airport Transfer', category: 'Transport', price: 45 });
const insurance = anAdditionalService({ id: 2, name: 'Travel Insurance', category: 'Protection', description: 'Cover for the whole trip.', price: 1299 });

describe('AdditionalServicesSection', () => {
  it('shows placeholders while loading, then each service with its category and price', async () => {
    const reply = deferred();
    const server = mockFetch({
      'GET /api/services': async () => {
        await reply.promise;
        return { body: [transfer, insurance] };
      },
    });
    renderWithApp(<AdditionalServicesSection />);

    const section = screen.getByRole('region', { name: 'Additional Services' });
    expect(within(section).getByRole('status').textContent).toBe('Loading additional services…');

    reply.resolve();

    const list = await within(section).findByRole('list', { name: 'Additional services' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => within(row).getByRole('heading').textContent)).toEqual(['Airport Transfer', 'Travel Insurance']);
    expect(rows[1].textContent).toContain('Protection');
    expect(rows[1].textContent).toContain('Cover for the whole trip.');
    expect(rows[1].textContent).toContain(formatMoney(1299));
    expect(within(section).queryByRole('status')).toBeNull();
    expect(server.calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /api/services']);
  });

  it('says there is nothing to offer when the list is empty', async () => {
    mockFetch({ 'GET /api/services': { body: [] } });
    renderWithApp(<AdditionalServicesSection />);

    await screen.findByText('No additional services available right now.');
  });

  it("shows the server's message on a 500, with Retry", async () => {
    mockFetch({ 'GET /api/services': { status: 500, body: { message: 'Database unavailable' } } });
    renderWithApp(<AdditionalServicesSection />);

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Could not load additional services')).toBeTruthy();
    expect(within(alert).getByText('Database unavailable')).toBeTruthy();
    within(alert).getByRole('button', { name: 'Retry' });
  });

  it('says the server could not be reached when the request never got an answer', async () => {
    mockFetch({
      'GET /api/services': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    renderWithApp(<AdditionalServicesSection />);

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Unable to connect to the server. Check your connection.');
  });

  it('adds a service to the cart, confirming it and then counting it', async () => {
    mockFetch({ 'GET /api/services': { body: [transfer] } });
    const { user } = renderWithApp(<AdditionalServicesSection />);

    await user.click(await screen.findByRole('button', { name: 'Add to Cart: Airport Transfer' }));

    screen.getByRole('button', { name: 'Added!: Airport Transfer' });
    await screen.findByRole('button', { name: 'Add More (1): Airport Transfer' }, { timeout: 5000 });
  });
});
