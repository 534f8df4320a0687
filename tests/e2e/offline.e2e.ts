import { describe, expect, it } from 'vitest';
import { apiSession, createUser, paidFoodOrder, signIn, useBrowser, waitForController } from './fixtures';

const browser = useBrowser();

describe('offline, signed in', () => {
  it('after /, /bookings and /track/<id> were seen, an offline reload keeps the header signed in and shows the kept bookings and tracking record, marked offline with their age', async () => {
    const user = await createUser('offl');
    const cookie = await apiSession(user.email, user.password);
    const order = await paidFoodOrder(cookie);

    const page = await browser.page();
    await signIn(page, user.email, user.password);
    await page.waitForURL((url) => url.pathname === '/');
    await waitForController(page);
    await page.getByText(`Signed in as ${user.username}`).first().waitFor({ state: 'attached' });
    await page.goto('/bookings');
    await page.getByRole('heading', { name: `Booking #${order.id}` }).waitFor();
    await page.goto(`/track/${order.trackingId}`);
    await page.getByRole('heading', { name: 'Track Your Order' }).waitFor();
    await page.getByText(order.trackingNumber).first().waitFor();
    // The server's page shows the record before the browser has taken it over; the copy for offline is kept once it
    // has (client/features/tracking/offline-record.tsx): wait for it, as a person reading the page would have.
    await page.waitForFunction((id) => (window.localStorage.getItem('go-live-snapshot:tracking') ?? '').includes(id), order.trackingId);

    await page.context().setOffline(true);

    // My bookings: the list as last seen, marked offline with its age; acting on it says it needs a connection.
    await page.reload();
    await page.goto('/bookings');
    await page.getByRole('heading', { name: 'My bookings' }).waitFor();
    const bookingsNotice = page.getByRole('status').filter({ hasText: `You are offline. These are the bookings of ${user.username}` });
    await bookingsNotice.waitFor();
    expect(await bookingsNotice.innerText()).toMatch(/\(Saved (just now|\d+ minutes? ago), /);
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: `Booking #${order.id}` }) });
    await card.getByText(order.dish).first().waitFor();
    expect(await page.getByText('Sign in to see your bookings.').count()).toBe(0);
    // The header still names the customer, marked offline (display only: no Sign out, no Sign In).
    const account = page.getByText(`Signed in as ${user.username}`).first();
    await account.waitFor();
    expect(await page.locator('header').getByText('Offline', { exact: true }).isVisible()).toBe(true);
    expect(await page.locator('header').getByRole('link', { name: 'Sign In' }).count()).toBe(0);
    expect(await page.locator('header').getByRole('button', { name: 'Sign out' }).count()).toBe(0);
    // The offline banner promises only what works.
    const banner = await page.getByTestId('connectivity-badge').innerText();
    expect(banner).toContain('You are offline.');
    expect(banner).not.toMatch(/still works|syncs/);

    // The tracking page seen before: the kept record, marked offline with its age, not 'Tracking Not Found'.
    await page.goto(`/track/${order.trackingId}`);
    await page.getByRole('heading', { name: 'Track Your Order' }).waitFor();
    const trackingNotice = page.getByRole('status').filter({ hasText: 'You are offline. This is the tracking record as last seen on this device' });
    await trackingNotice.waitFor();
    expect(await trackingNotice.innerText()).toMatch(/\(Saved (just now|\d+ minutes? ago), /);
    await page.getByText(order.trackingNumber).first().waitFor();
    expect(await page.getByText('Tracking Not Found').count()).toBe(0);

    // At 390 px the menu names the customer, marked offline, with My bookings (the copy) and no Sign In.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'Open menu' }).click();
    const sheet = page.getByRole('dialog', { name: 'Menu' });
    await sheet.getByText(`Signed in as ${user.username}`).waitFor();
    await sheet.getByText('Offline', { exact: true }).waitFor();
    expect(await sheet.getByRole('link', { name: 'Sign In' }).count()).toBe(0);
    if (process.env.OFFLINE_SHOTS) await page.screenshot({ path: '/tmp/offline-menu-390.png' });
    await sheet.getByRole('link', { name: 'My bookings' }).click();
    await page.getByRole('heading', { name: `Booking #${order.id}` }).waitFor();
    expect(await bookingsNotice.isVisible()).toBe(true);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(overflow).toBeLessThanOrEqual(390);
    if (process.env.OFFLINE_SHOTS) await page.screenshot({ path: '/tmp/offline-bookings-390.png', fullPage: true });
    await page.goto(`/track/${order.trackingId}`);
    await trackingNotice.waitFor();
    if (process.env.OFFLINE_SHOTS) await page.screenshot({ path: '/tmp/offline-track-390.png', fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });

    // A tracking page never opened says it is not available offline (not 'Not Found': the server was not asked).
    await page.goto('/track/GL0000000000XX');
    await page.getByRole('heading', { name: 'Tracking Not Available Offline' }).waitFor();

    // The worker itself never stored a signed-in answer (ADR 014); the copies are the app's own, named with the user.
    const cached = await page.evaluate(async (id) => {
      const hits: string[] = [];
      for (const url of ['/api/bookings', '/api/auth/session', `/api/tracking/${id}`]) if (await caches.match(url)) hits.push(url);
      return hits;
    }, order.trackingId);
    expect(cached).toEqual([]);

    // Back online: the live record replaces the copy; signing out deletes every copy kept on the device.
    await page.context().setOffline(false);
    await page.goto(`/track/${order.trackingId}`);
    await page.getByText(order.trackingNumber).first().waitFor();
    expect(await trackingNotice.count()).toBe(0);
    await page.goto('/bookings');
    await page.getByRole('heading', { name: `Booking #${order.id}` }).waitFor();
    expect(await bookingsNotice.count()).toBe(0);
    const kept = () => page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('go-live-snapshot:')).sort());
    expect(await kept()).toEqual(['go-live-snapshot:bookings', 'go-live-snapshot:session', 'go-live-snapshot:tracking']);
    await page.locator('header').getByRole('button', { name: 'Sign out' }).click();
    await page.locator('header').getByRole('link', { name: 'Sign In' }).waitFor();
    expect(await kept()).toEqual([]);

    // Offline again, signed out: nothing of that customer shows.
    await page.context().setOffline(true);
    await page.goto('/bookings');
    await page.getByText('Sign in to see your bookings.').waitFor();
    expect(await page.getByText(user.username).count()).toBe(0);
    expect(page.errors).toEqual([]);
  });
});
