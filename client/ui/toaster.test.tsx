// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { renderWithApp } from '@client/testing/render';
import { Toaster } from './toaster';
import { dismissToast, toast } from './use-toast';

/** The notifications region (Radix Toast's viewport), named after its F8 hotkey. */
const region = () => screen.getByRole('region', { name: /Notifications/ });

afterEach(() => {
  act(() => dismissToast());
});

describe('Toaster', () => {
  it('shows a toast with its title and description in the notifications region', async () => {
    renderWithApp(<Toaster />);

    act(() => void toast({ title: 'Listing saved', description: 'Hotel Aurora is up to date.', variant: 'success' }));

    const shown = await within(region()).findByText('Listing saved');
    expect(shown.closest('li')?.textContent).toContain('Hotel Aurora is up to date.');
  });

  it('is dismissed with its "Close notification" button', async () => {
    const { user } = renderWithApp(<Toaster />);
    act(() => void toast({ title: 'Order accepted', duration: Infinity }));
    await within(region()).findByText('Order accepted');

    await user.click(within(region()).getByRole('button', { name: 'Close notification' }));

    await waitFor(() => expect(within(region()).queryByText('Order accepted')).toBeNull());
  });

  it('shows one toast at a time: a new one replaces the one on screen', async () => {
    renderWithApp(<Toaster />);
    act(() => void toast({ title: 'First', duration: Infinity }));
    await within(region()).findByText('First');

    act(() => void toast({ title: 'Second', duration: Infinity }));

    await within(region()).findByText('Second');
    await waitFor(() => expect(within(region()).queryByText('First')).toBeNull());
  });

  it("runs a toast's action button and closes the toast", async () => {
    const reload = vi.fn();
    const { user } = renderWithApp(<Toaster />);
    act(() => void toast({ title: 'A new version is ready', duration: Infinity, action: { label: 'Reload', altText: 'Reload the page', onClick: reload } }));

    await user.click(await within(region()).findByRole('button', { name: 'Reload' }));

    expect(reload).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(within(region()).queryByText('A new version is ready')).toBeNull());
  });

  it('is closed from code with dismiss()', async () => {
    renderWithApp(<Toaster />);
    let handle: ReturnType<typeof toast> | undefined;
    act(() => void (handle = toast({ title: 'Saving…', duration: Infinity })));
    await within(region()).findByText('Saving…');

    act(() => handle?.dismiss());

    await waitFor(() => expect(within(region()).queryByText('Saving…')).toBeNull());
  });
});
