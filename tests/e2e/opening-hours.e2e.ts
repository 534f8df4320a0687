import { afterAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { closedMessage, openState, type WeeklyHours } from '../../domain/availability/hours';
import { SLOT_TAKEN } from '../../domain/availability/schemas';
import { allPages, appReady, baseURL, createUser, demoProviderCredentials, signIn, useBrowser } from './fixtures';

const browser = useBrowser();
const pad = (n: number) => String(n).padStart(2, '0');

/** A session cookie for the demo provider, who owns every seeded listing. */
async function providerCookie(): Promise<string> {
  const login = await fetch(`${baseURL()}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(demoProviderCredentials()),
  });
  expect(login.status).toBe(200);
  return (login.headers.get('set-cookie') ?? '').split(';')[0];
}

/** PUT /api/provider/listings/:kind/:id/hours as the demo provider. */
async function putHours(kind: 'restaurants' | 'general-services', id: number, body: { hours: WeeklyHours | null; durationMinutes?: number | null }) {
  const res = await fetch(`${baseURL()}/api/provider/listings/${kind}/${id}/hours`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', cookie: await providerCookie() },
    body: JSON.stringify(body),
  });
  expect(res.status, await res.clone().text()).toBe(200);
}

/**
 * The last of the demo provider's listings of a kind, as the public list shows it (other specs publish listings of
 * other owners while this one runs, and order from the first seeded ones).
 */
async function lastOwnListing<T extends { id: number }>(kind: 'restaurants' | 'general-services'): Promise<T> {
  // Both lists come a page at a time (issue 29): every page of each.
  const mine = await allPages<{ kind: string; id: number }>('/api/provider/listings?limit=100', await providerCookie());
  const own = new Set(mine.filter((l) => l.kind === kind).map((l) => l.id));
  const listed = (await allPages<T>(`/api/${kind}?limit=100`)).filter((l) => own.has(l.id));
  return listed[listed.length - 1];
}

async function getJson<T>(path: string): Promise<T> {
  const res = await fetch(`${baseURL()}${path}`);
  expect(res.status).toBe(200);
  return (await res.json()) as T;
}

/** A UTC calendar day `offset` days from today. */
function utcDay(offset: number): string {
  return new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
}

async function customerPage(prefix: string): Promise<Page & { errors: string[] }> {
  const user = await createUser(prefix);
  // The browser in UTC, so the times on screen are the times the hours were written in.
  const page = await browser.page({ timezoneId: 'UTC' });
  await signIn(page, user.email, user.password);
  await page.waitForURL((url) => url.pathname === '/');
  await appReady(page);
  return page;
}

async function fillCard(dialog: Locator) {
  await dialog.getByLabel('Card number').fill('4242 4242 4242 4242');
  await dialog.getByLabel('Expiry').fill('12/34');
  await dialog.getByLabel('CVC').fill('123');
}

/** Opens the appointment dialog of a general service and shows the free times of `day`. */
async function openSlots(page: Page, name: string, day: string): Promise<Locator> {
  const section = page.locator('#general');
  const card = section.getByRole('listitem').filter({ has: page.getByRole('heading', { name, exact: true }) });
  await card.getByRole('button', { name: /^Book from .*: choose a time with / }).click();
  const dialog = page.getByRole('dialog', { name: `Book ${name}` });
  await dialog.getByLabel('Date').fill(day);
  await dialog.getByRole('group', { name: /^Free times on / }).waitFor();
  return dialog;
}

const restores: Array<() => Promise<void>> = [];
afterAll(async () => {
  // Other spec files share this server: put back what was changed.
  for (const restore of restores) await restore().catch((error: unknown) => console.error('restore failed', error));
});

describe('appointments and opening hours', () => {
  it('a restaurant closed now shows Closed and refuses an order with the reason', async () => {
    const restaurant = await lastOwnListing<{ id: number; name: string; hours: WeeklyHours | null }>('restaurants');
    restores.push(() => putHours('restaurants', restaurant.id, { hours: restaurant.hours }));

    // Open half an hour each day, starting two hours from now (UTC): closed now, whatever the time of the run.
    const opensHour = (new Date().getUTCHours() + 2) % 24;
    const hours: WeeklyHours = {
      timeZone: 'UTC',
      week: [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, open: `${pad(opensHour)}:00`, close: `${pad(opensHour)}:30` })),
    };
    await putHours('restaurants', restaurant.id, { hours });
    const state = openState(hours, new Date());
    expect(state.open).toBe(false);
    // 'Closed now, opens at 14:00' (or 'opens Tue 00:00' when the next opening is after midnight UTC).
    const refusal = closedMessage(state);
    const opensText = /^\d/.test(state.opensAt ?? '') ? `Opens at ${state.opensAt}` : `Opens ${state.opensAt}`;

    const page = await customerPage('closed');
    await page.getByLabel('Search restaurants', { exact: true }).fill(restaurant.name);
    const card = page.locator('article', { has: page.getByRole('heading', { name: restaurant.name, exact: true }) });
    const status = card.getByTestId('opening-status');
    await status.getByText('Closed', { exact: true }).waitFor();
    await status.getByText(opensText, { exact: true }).waitFor();

    // The menu says so before anything is ordered, and still lets the customer try.
    await card.getByRole('button', { name: `View menu of ${restaurant.name}` }).click();
    const menu = page.getByRole('dialog', { name: `${restaurant.name} menu` });
    await menu.getByTestId('opening-status').getByText('Closed', { exact: true }).waitFor();
    await menu.getByText(`Closed now — orders open ${opensText.slice('Opens '.length)}`, { exact: true }).waitFor();
    await menu.getByRole('button', { name: /^Add to Cart/ }).first().click();
    await menu.getByRole('button', { name: /^Added!/ }).first().waitFor();
    await menu.getByRole('button', { name: 'Close', exact: true }).first().click();
    await menu.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: /^Cart,/ }).first().click();
    const cart = page.getByRole('dialog', { name: 'Your cart' });
    await cart.getByTestId('cart-closed-notice').getByText(`${restaurant.name}: Closed now — orders open ${opensText.slice('Opens '.length)}`).waitFor();
    // Where focus goes once the address box has it: the cart closing as the checkout opens must not take it away
    // (it used to, and the checkout's focus trap then brought it back with the text selected, so a customer who had
    // started typing lost what was typed).
    await page.evaluate(() => {
      const moves: string[] = [];
      (window as unknown as { focusMoves: string[] }).focusMoves = moves;
      document.addEventListener('focusout', (event) => {
        const box = event.target as Element;
        const to = (event as FocusEvent).relatedTarget as Element | null;
        if (box.id.endsWith('-delivery')) moves.push(to ? `${to.tagName} ${to.textContent}` : '(nothing)');
      });
    });
    await cart.getByRole('button', { name: 'Checkout', exact: true }).click();

    const checkout = page.getByRole('dialog', { name: 'Complete your booking' });
    const address = checkout.getByRole('combobox', { name: 'Delivery address' });
    await expect.poll(() => address.evaluate((box) => box === document.activeElement)).toBe(true);
    await cart.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => (window as unknown as { focusMoves: string[] }).focusMoves)).toEqual([]);
    await address.click();
    await address.pressSequentially('union station', { delay: 20 });
    // The suggestions follow the text typed so far: pick once they answer for the whole of it.
    await expect.poll(() => address.inputValue()).toBe('union station');
    const station = checkout.getByRole('option', { name: /Union Station/ }).first();
    await expect.poll(() => station.count()).toBe(1);
    await station.click();
    await checkout.getByRole('button', { name: 'Continue to payment' }).click();

    // The server refuses with the reason, shown where the order is placed; nothing to pay.
    await checkout.getByRole('alert').getByText(refusal, { exact: true }).waitFor();
    expect(await checkout.getByLabel('Card number').count()).toBe(0);
    expect(page.errors).toEqual([]);
  });

  it('a booked appointment time is no longer offered to another customer', async () => {
    const service = await lastOwnListing<{ id: number; name: string }>('general-services');
    const before = await getJson<{ hours: WeeklyHours | null; durationMinutes: number | null }>(
      `/api/availability/general-services/${service.id}?from=${utcDay(0)}&to=${utcDay(0)}`,
    );
    restores.push(() => putHours('general-services', service.id, { hours: before.hours, durationMinutes: before.durationMinutes }));
    // Hour-long appointments from 09:00 to 17:00 UTC every day.
    await putHours('general-services', service.id, {
      hours: { timeZone: 'UTC', week: [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, open: '09:00', close: '17:00' })) },
      durationMinutes: 60,
    });
    const day = utcDay(2);

    // Two customers look at the same day's times.
    const first = await customerPage('slot1');
    const second = await customerPage('slot2');
    const firstDialog = await openSlots(first, service.name, day);
    const secondDialog = await openSlots(second, service.name, day);
    const times = async (dialog: Locator) => dialog.getByRole('radio').evaluateAll((inputs) => inputs.map((i) => i.closest('label')?.textContent ?? ''));
    expect(await times(secondDialog)).toContain('10:00 AM');

    // The first books 10:00 AM and pays.
    await firstDialog.getByRole('radio', { name: '10:00 AM' }).check();
    await firstDialog.getByRole('button', { name: 'Book 10:00 AM' }).click();
    const pay = first.getByRole('dialog', { name: /^Pay for booking #/ });
    await fillCard(pay);
    await pay.getByRole('button', { name: /^Pay \$/ }).click();
    await first.getByText('Appointment booked', { exact: true }).first().waitFor();

    // The second, still on the old list, picks the same time: refused, and the times are refreshed without it.
    await secondDialog.getByRole('radio', { name: '10:00 AM' }).check();
    await secondDialog.getByRole('button', { name: 'Book 10:00 AM' }).click();
    await secondDialog.getByRole('alert').getByText(SLOT_TAKEN, { exact: true }).waitFor();
    await secondDialog.getByRole('radio', { name: '10:00 AM' }).waitFor({ state: 'detached' });
    expect(await times(secondDialog)).toContain('11:00 AM');

    // Opened afresh, the day does not offer it either.
    await secondDialog.getByRole('button', { name: 'Cancel', exact: true }).click();
    await secondDialog.waitFor({ state: 'detached' });
    const again = await openSlots(second, service.name, day);
    expect(await times(again)).not.toContain('10:00 AM');
    expect(await times(again)).toContain('9:00 AM');
    expect(first.errors).toEqual([]);
    expect(second.errors).toEqual([]);
  });
});
