// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { formatMoney } from '@domain/format';
import type { ProviderOrder } from '@domain/provider/schemas';
import { dismissToast } from '@client/ui/use-toast';
import { aProviderListing, aProviderOrder, aUser } from '@client/testing/fixtures';
import { mockFetch, renderWithApp, type MockRoutes } from '@client/testing/render';
import { ProviderPage } from './provider-page';
import { localDay } from './today-logic';

const daysFromNow = (n: number) => new Date(Date.now() + n * 86_400_000);

/** Paid, not yet accepted, still within its decline window: waits for the provider's word. */
const waiting = aProviderOrder({ id: 101, orderId: 501, listingName: 'Hotel Aurora', customerName: 'Grace Hopper', canAccept: true, canDecline: true, createdAt: daysFromNow(-2).toISOString() });
/** Accepted, and the stay starts next week. */
const upcoming = aProviderOrder({
  id: 102,
  orderId: 502,
  listingName: 'Harbour Inn',
  customerName: 'Alan Turing',
  orderStatus: 'accepted',
  startDate: localDay(daysFromNow(7)),
  endDate: localDay(daysFromNow(9)),
  createdAt: daysFromNow(-3).toISOString(),
});
/** Done long ago. */
const done = aProviderOrder({ id: 90, orderId: 490, listingName: 'Hotel Aurora', customerName: 'Ada Lovelace', status: 'completed', orderStatus: 'completed', createdAt: '2026-01-10T09:30:00.000Z' });

function portal(orders: ProviderOrder[], more: MockRoutes = {}) {
  return mockFetch({
    'GET /api/auth/session': { body: { user: aUser({ role: 'provider', username: 'aurora-hotels' }) } },
    'GET /api/provider/orders': { body: orders, headers: { 'X-Total-Count': String(orders.length) } },
    ...more,
  });
}

afterEach(() => {
  act(() => dismissToast());
});

describe('ProviderPage', () => {
  it("lists the provider's orders: what needs an answer first, then upcoming stays, then earlier orders", async () => {
    portal([upcoming, waiting, done]);
    renderWithApp(<ProviderPage />, { route: '/provider' });

    const action = await screen.findByRole('region', { name: /Needs your action/ });
    const card = within(action).getByRole('group', { name: 'Order 101 for Hotel Aurora' });
    expect(card.textContent).toContain('Customer: Grace Hopper');
    expect(card.textContent).toContain('2 × Double room');
    expect(card.textContent).toContain(`Total ${formatMoney(378)}`);
    const yours = within(card).getByLabelText('Your money from order 101');
    expect(yours.textContent).toContain(formatMoney(340.2));
    within(card).getByRole('button', { name: 'Accept order' });
    within(card).getByRole('button', { name: 'Decline order' });

    const reservations = screen.getByRole('list', { name: 'Reservations by date' });
    expect(within(reservations).getAllByRole('listitem').map((row) => row.textContent)).toEqual([expect.stringContaining('Harbour Inn · Alan Turing · #102')]);

    const earlier = screen.getByRole('region', { name: 'Earlier orders and bookings' });
    within(earlier).getByRole('group', { name: 'Order 90 for Hotel Aurora' });

    // The count of orders waiting is on the Today tab and in the window title.
    const nav = screen.getByRole('navigation', { name: 'Provider portal' });
    expect(within(nav).getByRole('link', { name: /Today/ }).textContent).toContain('1 new order');
    expect(document.title).toBe('(1) Today · Provider portal · Go Live');
  });

  it('accepts an order: the server is told, a toast confirms it and the orders are read again', async () => {
    const server = portal([waiting], { 'POST /api/provider/orders/:id/accept': { body: { orderId: 501, accepted: true } } });
    const { user } = renderWithApp(<ProviderPage />, { route: '/provider', toaster: true });
    const card = await screen.findByRole('group', { name: 'Order 101 for Hotel Aurora' });
    server.use({ 'GET /api/provider/orders': { body: [{ ...waiting, orderStatus: 'accepted', canAccept: false, canDecline: false }], headers: { 'X-Total-Count': '1' } } });

    await user.click(within(card).getByRole('button', { name: 'Accept order' }));

    await screen.findByText('Order accepted');
    expect(server.requests('POST /api/provider/orders/:id/accept').map((r) => r.params.id)).toEqual(['501']);
    await waitFor(() => expect(within(screen.getByRole('region', { name: /Needs your action/ })).queryByRole('group')).toBeNull());
    screen.getByText('No orders are waiting for you. New restaurant orders, and bookings to accept or decline, show here first.');
  });

  it('asks why before declining, and sends the reason', async () => {
    const server = portal([waiting], { 'POST /api/provider/orders/:id/decline': { body: { orderId: 501, status: 'declined', refundedCents: 37800 } } });
    const { user } = renderWithApp(<ProviderPage />, { route: '/provider', toaster: true });
    const card = await screen.findByRole('group', { name: 'Order 101 for Hotel Aurora' });

    await user.click(within(card).getByRole('button', { name: 'Decline order' }));
    const dialog = screen.getByRole('dialog', { name: 'Decline order #101?' });
    await user.click(within(dialog).getByRole('button', { name: 'Decline order' }));

    const reason = within(dialog).getByRole('textbox', { name: 'Reason' });
    expect(reason.getAttribute('aria-invalid')).toBe('true');
    within(dialog).getByText('Please say why you decline this order');
    expect(server.requests('POST /api/provider/orders/:id/decline')).toEqual([]);

    await user.type(reason, 'The pool is closed for repairs that week');
    await user.click(within(dialog).getByRole('button', { name: 'Decline order' }));

    await screen.findByText('Order declined');
    screen.getByText(`The customer is refunded ${formatMoney(378)} and told why by e-mail.`);
    expect(server.requests('POST /api/provider/orders/:id/decline').map((r) => r.body)).toEqual([{ reason: 'The pool is closed for repairs that week' }]);
  });

  it("shows the server's message when the orders cannot be loaded", async () => {
    portal([], { 'GET /api/provider/orders': { status: 500, body: { message: 'Orders are being moved' } } });
    renderWithApp(<ProviderPage />, { route: '/provider' });

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Could not load your orders: Orders are being moved');
    within(alert).getByRole('button', { name: 'Retry' });
  });

  it("opens a listing's editor at its own address", async () => {
    const listing = aProviderListing({ kind: 'general-services', id: 3, name: 'Spotless Home Cleaning' });
    portal([], { 'GET /api/provider/listings/general-services/3': { body: listing } });
    renderWithApp(<ProviderPage />, { route: '/provider/listings/general-services/3', path: '/provider/listings/:kind/:id' });

    await screen.findByRole('form', { name: 'Edit Spotless Home Cleaning' });
    // The editor belongs to the Listings tab, which is marked as the current page.
    expect(screen.getByRole('link', { name: 'Listings' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'All listings' }).getAttribute('href')).toBe('/provider/listings');
  });

  it('asks a signed-out visitor to sign in, and comes back here after', async () => {
    const server = mockFetch({ 'GET /api/auth/session': { body: { user: null } } });
    renderWithApp(<ProviderPage />, { route: '/provider' });

    await screen.findByRole('heading', { name: 'Sign in to manage your listings' });
    expect(screen.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe('/login?next=%2Fprovider');
    expect(server.requests('GET /api/provider/orders')).toEqual([]);
  });

  it('sends a customer to the provider registration', async () => {
    mockFetch({ 'GET /api/auth/session': { body: { user: aUser({ role: 'user' }) } } });
    renderWithApp(<ProviderPage />, { route: '/provider' });

    await screen.findByRole('heading', { name: 'For approved providers' });
    expect(screen.getByRole('link', { name: 'Join as Provider' }).getAttribute('href')).toBe('/onboarding');
  });
});
