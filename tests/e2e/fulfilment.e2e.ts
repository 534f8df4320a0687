import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import {
  acceptOffer,
  baseURL,
  createUser,
  currentStep,
  demoProviderCredentials,
  driverGoesOffline,
  DRIVER_START as START,
  onlineDriverPage,
  signIn,
  statusReads,
  toast,
  useBrowser,
} from './fixtures';

const browser = useBrowser();

/** From downtown Toronto, where the demo driver works, each step is ~50 m: a plausible walk between fixes. */
const step = (n: number) => ({ latitude: START.latitude + n * 0.00045, longitude: START.longitude });

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

/**
 * The seeded restaurants belong to the demo provider, so their food orders wait for 'Ready for pickup' before
 * drivers are asked (issue 15). The restaurant presses Accept order and Ready for pickup through the provider API,
 * in that order (issue 26: Ready before Accept is refused).
 */
async function restaurantOf(customerName: string) {
  const login = await fetch(`${baseURL()}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(demoProviderCredentials()),
  });
  expect(login.status).toBe(200);
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];
  type Order = { customerName: string; orderId: number; delivery: { orderId: number; readyAt: string | null } | null };
  const find = async () => {
    const res = await fetch(`${baseURL()}/api/provider/orders`, { headers: { cookie } });
    return ((await res.json()) as Order[]).find((o) => o.customerName === customerName && o.delivery);
  };
  await expect.poll(find, { timeout: 15_000 }).toBeTruthy();
  const order = await find();
  const press = (action: 'accept' | 'ready') =>
    fetch(`${baseURL()}/api/provider/orders/${order?.orderId}/${action}`, { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: '{}' });
  return { press };
}

/** Where the map's picture draws a marker (the map stays a picture while nobody reaches for it). */
async function markerPlace(page: Page, kind: string): Promise<string> {
  const marker = page.locator(`[data-map-marker="${kind}"]`);
  await marker.waitFor();
  return (await marker.getAttribute('style')) ?? '';
}

describe('fulfilment, customer and driver side by side', () => {
  it('a paid food order goes to the driver, who accepts and drives it; the customer watches it live to Delivered', async () => {
    const driver = await onlineDriverPage(browser);
    const { page, user } = await customerPage();
    // A typed address the server places through the location directory; unique, so the driver can spot the offer.
    const address = `${user.username} House, 1 Front St W, Toronto`;

    const food = page.locator('section#food-delivery');
    // A Toronto restaurant, near the driver: a restaurant delivers within its radius only (issue 26).
    await food.getByRole('button', { name: 'View menu of Kintaro Ramen Bar' }).click();
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
    // The confirmation screen: the receipt and the order's tracking link.
    await page.waitForURL((url) => /^\/bookings\/\d+\/confirmation$/.test(url.pathname));
    await page.getByRole('link', { name: 'Track Kintaro Ramen Bar' }).click();
    await page.waitForURL((url) => /^\/track\/trk_/.test(url.pathname));
    // Away from the map, which stays a picture until someone reaches for it.
    await page.mouse.move(0, 0);
    await statusReads(page, 'Order received');
    expect(await currentStep(page)).toBe('Order received');

    // The restaurant's steps reach the open page live, in order: Ready before Accept is refused.
    const restaurant = await restaurantOf(user.username);
    const early = await restaurant.press('ready');
    expect(early.status).toBe(409);
    expect(await early.json()).toEqual({ message: 'Accept the order first' });
    expect((await restaurant.press('accept')).status).toBe(200);
    await statusReads(page, 'Accepted by the restaurant');
    expect((await restaurant.press('ready')).status).toBe(200);
    await statusReads(page, 'Ready for pickup');
    expect(await currentStep(page)).toBe('Ready for pickup');

    // The driver hears about it live and accepts: on the way to the pickup, not 'En Route'.
    await toast(driver, 'New Order Available');
    await acceptOffer(driver, user.username);
    await statusReads(page, 'Driver on the way to pickup');
    await page.getByText('Dana Driver').first().waitFor();
    expect(await page.getByText('En Route', { exact: true }).count()).toBe(0);
    await driver.getByText('Driver on the way to pickup', { exact: true }).waitFor();

    // The driver's buttons say what they record: arrived at the restaurant, then picked up.
    const startUrl = page.url();
    await driver.getByRole('button', { name: 'Arrived at the restaurant' }).click();
    await toast(driver, 'Status Updated');
    await statusReads(page, 'Driver at the restaurant');
    await driver.getByRole('button', { name: 'Picked up' }).click();
    await toast(driver, 'Status Updated');
    await statusReads(page, 'Picked up');

    // The driver's phone moves; the customer's map follows without a reload.
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

    await driver.getByRole('button', { name: 'Delivered' }).click();
    await toast(driver, 'Status Updated');
    // Delivered, and nothing beside it says otherwise (issue 26: the badge read 'En Route' beside it).
    await statusReads(page, 'Delivered');
    await page.getByText('Delivered! How was your order?').waitFor();
    expect(await page.getByText('En Route', { exact: true }).count()).toBe(0);
    await driver.getByRole('button', { name: 'Complete Order' }).click();
    expect(page.url()).toBe(startUrl);

    // The driver's ledger counts it: today's earnings are no longer zero.
    await driver.waitForFunction(() => {
      const today = [...document.querySelectorAll('dt')].find((dt) => dt.textContent === 'Today')?.nextElementSibling;
      return today !== undefined && today !== null && /^\$\d/.test(today.textContent ?? '') && today.textContent !== '$0.00';
    });
    await driver.getByRole('region', { name: 'Recent orders' }).getByRole('listitem').first().waitFor();
    await driverGoesOffline(driver);
    expect(page.errors).toEqual([]);
    expect(driver.errors).toEqual([]);
  });

  it('the taxi panel shows the real driver once one accepts, with Call Driver and Track Live', async () => {
    const driver = await onlineDriverPage(browser);
    const { page, user } = await customerPage();
    const taxi = page.locator('#taxi');
    await pickLocation(taxi, 'Pickup location', 'union station', /Union Station/);
    await pickLocation(taxi, 'Dropoff location', 'cn tower', /CN Tower/);
    await taxi.getByRole('button', { name: 'Search Rides' }).click();
    const rides = taxi.getByRole('list', { name: 'Available rides' }).getByRole('listitem');
    await rides.first().getByRole('button', { name: 'Book' }).click();
    // A ride takes a tip for the driver: the checkout asks first, with the breakdown (none chosen here).
    await page.getByRole('dialog').getByRole('button', { name: 'Continue to payment' }).click();
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
    for (const label of ['Arrived at pickup', 'Rider picked up', 'Dropped off', 'Complete Ride']) {
      await driver.getByRole('button', { name: label }).click();
      await toast(driver, 'Status Updated');
    }
    await driverGoesOffline(driver);
    expect(page.errors).toEqual([]);
  });
});
