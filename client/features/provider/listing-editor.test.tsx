// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import type { ProviderListing } from '@domain/provider/schemas';
import { dismissToast } from '@client/ui/use-toast';
import { aProviderListing } from '@client/testing/fixtures';
import { deferred, mockFetch, renderWithApp } from '@client/testing/render';
import { ListingEditor } from './listing-editor';

/** A general service: its form has a description and a starting price, and no map (Leaflet does not run in happy-dom). */
const service = aProviderListing({ kind: 'general-services', id: 3, name: 'Spotless Home Cleaning', description: 'Deep cleaning for flats and houses.', priceFrom: 60, isActive: true });
const LISTING = 'GET /api/provider/listings/general-services/3';
const SAVE = 'PATCH /api/provider/listings/general-services/3';

/** The text an element's aria-describedby points at. */
const describedBy = (element: HTMLElement) => document.getElementById(element.getAttribute('aria-describedby') ?? '')?.textContent ?? null;

async function openEditor(listing: ProviderListing = service) {
  const server = mockFetch({ [LISTING]: { body: listing } });
  const view = renderWithApp(<ListingEditor kind={listing.kind} id={String(listing.id)} />, { toaster: true });
  const form = await screen.findByRole('form', { name: `Edit ${listing.name}` });
  return { ...view, server, form };
}

afterEach(() => {
  act(() => dismissToast());
});

describe('ListingEditor', () => {
  it('shows a loading state, then the listing with its kind, its state and its current values', async () => {
    const reply = deferred();
    mockFetch({
      [LISTING]: async () => {
        await reply.promise;
        return { body: service };
      },
    });
    renderWithApp(<ListingEditor kind="general-services" id="3" />);
    screen.getByLabelText('Loading the listing');
    expect(screen.getByRole('link', { name: 'All listings' }).getAttribute('href')).toBe('/provider/listings');

    reply.resolve();

    await screen.findByRole('heading', { name: 'Spotless Home Cleaning' });
    screen.getByText('Service');
    screen.getByText('Active');
    const form = screen.getByRole('form', { name: 'Edit Spotless Home Cleaning' });
    expect((within(form).getByRole('textbox', { name: 'Description' }) as HTMLTextAreaElement).value).toBe('Deep cleaning for flats and houses.');
    expect((within(form).getByRole('textbox', { name: 'Starting price ($)' }) as HTMLInputElement).value).toBe('60.00');
    expect(within(form).getByRole('checkbox', { name: 'Active (customers can find and book it)' }).getAttribute('aria-checked')).toBe('true');
    expect(document.title).toBe('Edit Spotless Home Cleaning · Go Live');
  });

  it("shows the spec's messages under the fields on bad input, and sends nothing", async () => {
    const { user, form, server } = await openEditor();
    const description = within(form).getByRole('textbox', { name: 'Description' });
    const price = within(form).getByRole('textbox', { name: 'Starting price ($)' });

    await user.clear(description);
    await user.type(description, 'Too short');
    await user.clear(price);
    await user.type(price, '0');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));

    expect(description.getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(description)).toBe('Description must be at least 10 characters');
    expect(price.getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(price)).toBe('Starting price must be more than $0');

    await user.clear(price);
    await user.type(price, '12.345');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(describedBy(price)).toBe('Starting price must have at most 2 decimals');

    await user.clear(price);
    await user.type(price, 'twelve');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(describedBy(price)).toBe('Starting price must be a number');

    expect(server.requests(SAVE)).toEqual([]);
  });

  it('says there is nothing to save when nothing changed', async () => {
    const { user, form, server } = await openEditor();

    await user.click(within(form).getByRole('button', { name: 'Save changes' }));

    within(form).getByText('Nothing to update');
    expect(server.requests(SAVE)).toEqual([]);
  });

  it('sends only what changed, as numbers, and confirms the save', async () => {
    const saved = { ...service, priceFrom: 75.5, isActive: false, changedAt: '2026-11-02T10:00:00.000Z' };
    const { user, form, server } = await openEditor();
    server.use({ [SAVE]: { body: saved }, [LISTING]: { body: saved } });
    const price = within(form).getByRole('textbox', { name: 'Starting price ($)' });

    await user.clear(price);
    await user.type(price, '$75.50');
    await user.click(within(form).getByRole('checkbox', { name: 'Active (customers can find and book it)' }));
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));

    await screen.findByText('Listing saved');
    screen.getByText('Spotless Home Cleaning is up to date.');
    expect(server.requests(SAVE).map((r) => r.body)).toEqual([{ priceFrom: 75.5, isActive: false }]);
    // The listing is read again: it now shows as hidden from customers.
    await screen.findByText('Hidden');
    expect(price.getAttribute('aria-invalid')).toBe('false');
  });

  it("puts the server's refusal of a field under that field, and says the save failed", async () => {
    const { user, form, server } = await openEditor();
    server.use({ [SAVE]: { status: 400, body: { message: 'Validation failed', errors: { description: 'Description must not contain links' } } } });
    const description = within(form).getByRole('textbox', { name: 'Description' });

    await user.type(description, ' See https://example.com');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(describedBy(description)).toBe('Description must not contain links'));
    await screen.findByText('Could not save');
    screen.getByText('Validation failed');
    expect(server.requests(SAVE).map((r) => r.body)).toEqual([{ description: 'Deep cleaning for flats and houses. See https://example.com' }]);
  });

  it('says the listing was not found when it is not one of yours', async () => {
    mockFetch({ 'GET /api/provider/listings/hotels/99': { status: 404, body: { message: 'Listing not found' } } });
    renderWithApp(<ListingEditor kind="hotels" id="99" />);

    await screen.findByRole('heading', { name: 'Listing not found' });
    screen.getByText('This listing does not exist or is not one of yours.');
  });

  it('does not ask the server about an address that names no listing', () => {
    const server = mockFetch();
    renderWithApp(<ListingEditor kind="spaceships" id="1" />);

    screen.getByRole('heading', { name: 'Listing not found' });
    expect(server.calls).toEqual([]);
  });
});
