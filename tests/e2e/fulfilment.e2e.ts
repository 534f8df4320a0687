import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { baseURL, createUser, demoDriverCredentials, demoProviderCredentials, signIn, useBrowser } from './fixtures';

const browser = useBrowser();

/** Downtown Toronto, where the demo driver works; each step below is ~50 m, a plausible walk between fixes. */
const START = { latitude: 43.6487, longitude: -79.3962 };
const step = (n: number) => ({ latitude: START.latitude + n * 0.00045, longitude: START.longitude });

async function toast(page: Page, title: string) {
  await page.getByText(title, { exact: true }).first().waitFor();
}

async function pickLocation(scope: Locator, label: string, text: string, option: RegExp) {
  await scope.getByRole('combobox', { name: label }).fill(text);
  await scope.getByRole('option', { name: option }).first().click();
}

async function pay(page: Page) {
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Card number').fill('4242 4242 4242 4242');
  await dialog.getByLabel('Expiry').fill('12/34');
  await dialog.getByLabel('CVC').fill('123');
  await dialog.getByRole('button', { name: /^Pay \$/ }).click();
}

async function customerPage() {
  const user = await createUser('eater');
  const page = await browser.page();
  await signIn(page, user.email, user.password);
  await page.waitForURL((url) => url.pathname === '/');
  return { page, user };
}

/** The demo driver on /driver at 390 px, online, with the browser's location set by Playwright. */
async function onlineDriverPage() {
  const page = await browser.page({ width: 390, height: 844, geolocation: START });
  const { email, password } = demoDriverCredentials();
  await signIn(page, email, password);
  await page.waitForURL((url) => url.pathname !== '/login');
  await page.goto('/driver');
  const toggle = page.getByRole('switch', { name: 'Available for orders' });
  await toggle.waitFor();
  if ((await toggle.getAttribute('aria-checked')) !== 'true') {
    await toggle.click();
    await toast(page, 'Going Online');
  }
  expect(await toggle.getAttribute('aria-checked')).toBe('true');
  return page;
}

async function goOffline(driver: Page) {
  const toggle = driver.getByRole('switch', { name: 'Available for orders' });
  if ((await toggle.getAttribute('aria-checked')) === 'true') await toggle.click();
}

/** The Accept button of the offer whose text mentions `marker` (the customer's unique address). */
async function acceptOffer(driver: Page, marker: string) {
  const offer = driver.getByRole('listitem').filter({ hasText: marker });
  await offer.getByRole('button', { name: 'Accept' }).click({ timeout: 20_000 });
  await toast(driver, 'Order Accepted');
}

/**
 * The seeded restaurants belong to the demo provider, so their food orders wait for 'Ready for pickup' before
 * drivers are asked (issue 15). The restaurant marks the customer's order ready through the provider API.
 */
async function restaurantMarksReady(customerName: string) {
  const login = await fetch(`${baseURL()}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(demoProviderCredentials()),
  });
  expect(login.status).toBe(200);
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];
  type Order = { customerName: string; delivery: { orderId: number; readyAt: string | null } | null };
  const find = async () => {
    const res = await fetch(`${baseURL()}/api/provider/orders`, { headers: { cookie } });
    return ((await res.json()) as Order[]).find((o) => o.customerName === customerName && o.delivery);
  };
  await expect.poll(find, { timeout: 15_000 }).toBeTruthy();
  const order = await find();
  const ready = await fetch(`${baseURL()}/api/provider/orders/${order?.delivery?.orderId}/ready`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: '{}',
  });
  expect(ready.status).toBe(200);
}

/** Where the map's picture draws a marker (the map stays a picture while nobody reaches for it). */
async function markerPlace(page: Page, kind: string): Promise<string> {
  const marker = page.locator(`[data-map-marker="${kind}"]`);
  await marker.waitFor();
  return (await marker.getAttribute('style')) ?? '';
}

describe('fulfilment, customer and driver side by side', () => {
  it('a paid food order goes to the driver, who accepts and drives it; the customer watches it live to Delivered', async () => {
    const driver = await onlineDriverPage();
    const { page, user } = await customerPage();
    // A typed address the server places through the location directory; unique, so the driver can spot the offer.
    const address = `${user.username} House, 1 Front St W, Toronto`;

    const food = page.locator('section#food-delivery');
    await food.getByRole('button', { name: /^View menu of /i }).first().click();
    const menu = page.getByRole('dialog');
    await menu.getByRole('button', { name: /^Add to Cart/ }).first().click();
    await menu.getByRole('button', { name: /^Added!/ }).first().waitFor();
    await menu.getByRole('button', { name: 'Close', exact: true }).first().click();
    await page.getByRole('button', { name: /^Cart,/ }).first().click();
    await page.getByRole('dialog').getByRole('button', { name: 'Checkout', exact: true }).click();
    const checkout = page.getByRole('dialog');
    const box = checkout.getByRole('combobox', { name: 'Delivery address' });
    await box.fill(address);
    await box.press('Enter');
    await checkout.getByLabel('Card number').waitFor();
    await pay(page);

    await toast(page, 'Order Placed Successfully!');
    const dialog = page.getByRole('dialog', { name: 'Track your order' });
    await dialog.getByText('Preparing', { exact: true }).waitFor();
    await dialog.getByRole('link', { name: 'Open tracking page' }).click();
    await page.waitForURL((url) => /^\/track\/trk_/.test(url.pathname));
    // Away from the map, which stays a picture until someone reaches for it.
    await page.mouse.move(0, 0);
    await page.getByText('Pending', { exact: true }).first().waitFor();
    await restaurantMarksReady(user.username);

    // The driver hears about it live and accepts.
    await toast(driver, 'New Order Available');
    await acceptOffer(driver, user.username);
    await page.getByText('En Route', { exact: true }).first().waitFor();
    await page.getByText('Dana Driver').first().waitFor();

    // The driver's phone moves; the customer's map follows without a reload.
    const startUrl = page.url();
    await driver.getByRole('button', { name: 'Start Pickup' }).click();
    await toast(driver, 'Status Updated');
    await driver.context().setGeolocation(step(1));
    const before = await markerPlace(page, 'driver');
    await driver.context().setGeolocation(step(2));
    await driver.context().setGeolocation(step(3));
    await page.waitForFunction(
      ([kind, style]) => {
        const marker = document.querySelector(`[data-map-marker="${kind}"]`);
        return marker !== null && marker.getAttribute('style') !== style;
      },
      ['driver', before] as const,
      { timeout: 15_000 },
    );
    expect(await page.locator('.leaflet-container').count()).toBe(0);

    await driver.getByRole('button', { name: 'En Route' }).click();
    await toast(driver, 'Status Updated');
    await driver.getByRole('button', { name: 'Delivered' }).click();
    await toast(driver, 'Status Updated');
    await driver.getByRole('button', { name: 'Complete Order' }).click();
    await page.getByText('Delivered', { exact: true }).first().waitFor();
    expect(page.url()).toBe(startUrl);

    // The driver's ledger counts it: today's earnings are no longer zero.
    await driver.waitForFunction(() => {
      const today = [...document.querySelectorAll('dt')].find((dt) => dt.textContent === 'Today')?.nextElementSibling;
      return today !== undefined && today !== null && /^\$\d/.test(today.textContent ?? '') && today.textContent !== '$0.00';
    });
    await driver.getByRole('region', { name: 'Recent orders' }).getByRole('listitem').first().waitFor();
    await goOffline(driver);
    expect(page.errors).toEqual([]);
    expect(driver.errors).toEqual([]);
  });

  it('the taxi panel shows the real driver once one accepts, with Call Driver and Track Live', async () => {
    const driver = await onlineDriverPage();
    const { page, user } = await customerPage();
    const taxi = page.locator('#taxi');
    await pickLocation(taxi, 'Pickup location', 'union station', /Union Station/);
    await pickLocation(taxi, 'Dropoff location', 'cn tower', /CN Tower/);
    await taxi.getByRole('button', { name: 'Search Rides' }).click();
    const rides = taxi.getByRole('list', { name: 'Available rides' }).getByRole('listitem');
    await rides.first().getByRole('button', { name: 'Book' }).click();
    await page.getByRole('dialog').getByLabel('Card number').waitFor();
    await pay(page);

    await taxi.getByText('Finding your driver…').waitFor();
    expect(await taxi.getByRole('button', { name: 'Message' }).count()).toBe(0);

    await toast(driver, 'New Order Available');
    // The offer shows Union Station's and the CN Tower's street addresses; the customer's name is on the accepted card.
    const offer = driver.getByRole('listitem').filter({ hasText: '65 Front St W' }).filter({ hasText: '290 Bremner Blvd' }).first();
    await offer.getByRole('button', { name: 'Accept' }).click();
    await toast(driver, 'Order Accepted');
    await driver.getByText(user.username).first().waitFor();

    await taxi.getByText('Dana Driver').waitFor();
    const call = taxi.getByRole('link', { name: /Call Driver/ });
    expect(await call.getAttribute('href')).toMatch(/^tel:\+?\d+/);
    const track = taxi.getByRole('link', { name: /Track Live/ });
    expect(await track.getAttribute('href')).toMatch(/^\/track\/trk_/);

    // Finish the ride so the demo driver is free again.
    for (const label of ['Start Pickup', 'En Route', 'Delivered', 'Complete Order']) {
      await driver.getByRole('button', { name: label }).click();
      await toast(driver, 'Status Updated');
    }
    await goOffline(driver);
    expect(page.errors).toEqual([]);
  });
});
