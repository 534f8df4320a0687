import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { baseURL, useBrowser } from './fixtures';

const browser = useBrowser();

/** "YYYY-MM-DD" of the browser-local day `offset` days from now. */
function day(offset: number): string {
  const d = new Date();
  d.setDate(d.getDate() + offset);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

async function openHome(page: Page) {
  await page.goto('/');
  await page.locator('#food-delivery').getByText('Sakura Sushi House').waitFor();
}

/** Types into a location combobox and picks the first suggestion whose text matches. */
async function pickLocation(scope: Locator, label: string, text: string, option: RegExp) {
  const box = scope.getByRole('combobox', { name: label });
  await box.fill(text);
  await scope.getByRole('option', { name: option }).first().click();
}

/** Waits for a toast with this title and description. */
async function expectToast(page: Page, title: string, description: string) {
  const region = page.getByRole('region', { name: /notifications/i });
  const scope = (await region.count()) > 0 ? region : page.locator('body');
  await scope.getByText(title, { exact: true }).first().waitFor();
  await scope.getByText(description, { exact: true }).first().waitFor();
}

describe('marketplace', () => {
  it('filters restaurants by cuisine chip and by search text', async () => {
    const page = await browser.page();
    await openHome(page);
    const food = page.locator('#food-delivery');

    const italian = food.getByRole('button', { name: 'Italian', exact: true });
    await italian.click();
    await food.getByText('Sakura Sushi House').waitFor({ state: 'detached' });
    await food.getByText('Nonna Lucia Trattoria').waitFor();
    expect(await italian.getAttribute('aria-pressed')).toBe('true');
    expect(await food.getByRole('button', { name: 'All', exact: true }).getAttribute('aria-pressed')).toBe('false');
    const cuisines = await food.getByRole('list', { name: 'Restaurants' }).getByRole('article').allInnerTexts();
    expect(cuisines.length).toBeGreaterThan(0);
    for (const card of cuisines) expect(card).toContain('Italian');

    await food.getByRole('button', { name: 'All', exact: true }).click();
    await food.getByLabel('Search restaurants').fill('dragon');
    await food.getByText('Nonna Lucia Trattoria').waitFor({ state: 'detached' });
    await food.getByText('Golden Dragon Kitchen').waitFor();
    expect(await food.getByRole('list', { name: 'Restaurants' }).getByRole('article').count()).toBe(1);

    await food.getByLabel('Search restaurants').fill('no such restaurant anywhere');
    await food.getByText('No restaurants found matching your criteria.').waitFor();
    expect(page.errors).toEqual([]);
  });

  it('the menu dialog lists the server menu with prices', async () => {
    const page = await browser.page();
    await openHome(page);
    const menu = (await (await fetch(`${baseURL()}/api/restaurants/1/menu`)).json()) as Array<{ name: string; price: number }>;
    expect(menu.length).toBeGreaterThan(0);

    await page.getByRole('button', { name: 'View menu of Sakura Sushi House' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(menu[0].name, { exact: true }).waitFor();
    const text = await dialog.innerText();
    for (const item of menu) {
      expect(text).toContain(item.name);
      expect(text).toContain(`$${item.price.toFixed(2)}`);
    }
    expect(await dialog.getByRole('button', { name: /add to cart/i }).count()).toBe(menu.length);
  });

  it('the chat button sends a signed-out visitor to sign in', async () => {
    const page = await browser.page();
    await openHome(page);
    await page.getByRole('button', { name: 'Chat with Sakura Sushi House' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    expect(new URL(page.url()).searchParams.get('next')).toBe('/#food-delivery');
  });

  it('the hotel gallery wraps around both ways', async () => {
    const page = await browser.page();
    await page.goto('/');
    const hotels = page.locator('#hotels');
    await hotels.getByRole('button', { name: /^View details of / }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Image 1 of 6').waitFor();
    expect(await dialog.getByRole('button', { name: 'Reserve Now' }).isDisabled()).toBe(true);

    await dialog.getByRole('button', { name: 'Previous image' }).click();
    await dialog.getByText('Image 6 of 6').waitFor();
    await dialog.getByRole('button', { name: 'Next image' }).click();
    await dialog.getByText('Image 1 of 6').waitFor();
    await dialog.getByRole('button', { name: 'Next image' }).click();
    await dialog.getByText('Image 2 of 6').waitFor();
    expect(await dialog.locator('img').first().getAttribute('src')).toContain('view=1');

    await dialog.getByLabel('Check-in').fill(day(3));
    await dialog.getByLabel('Check-out').fill(day(5));
    await dialog.getByText(/2 nights · Total \$/).waitFor();
    expect(await dialog.getByRole('button', { name: 'Reserve Now' }).isEnabled()).toBe(true);
  });

  it('flight search shows the three validation toasts, then searches', async () => {
    const page = await browser.page();
    await page.goto('/');
    const flights = page.locator('#flights');
    const search = flights.getByRole('button', { name: 'Search Flights' });

    await search.click();
    await expectToast(page, 'Missing Information', 'Please fill in departure city, destination, and departure date.');

    await pickLocation(flights, 'From', 'toronto', /Toronto/);
    await pickLocation(flights, 'To', 'vancouver', /Vancouver/);
    await flights.getByLabel('Departure date').fill(day(10));
    await search.click();
    await expectToast(page, 'Missing Return Date', 'Please select a return date for round trip flights.');

    await flights.getByLabel('Return date').fill(day(10));
    await search.click();
    await expectToast(page, 'Invalid Return Date', 'Return date must be after departure date.');

    await flights.getByRole('radio', { name: 'One Way' }).click();
    expect(await flights.getByLabel('Return date').isDisabled()).toBe(true);
    expect(await flights.getByLabel('Return date').inputValue()).toBe('');

    await flights.getByRole('button', { name: 'Swap departure and destination' }).click();
    expect(await flights.getByRole('combobox', { name: 'From' }).inputValue()).toBe('Vancouver');
    await flights.getByRole('button', { name: 'Swap departure and destination' }).click();

    await search.click();
    await expectToast(page, 'Search Complete', (await flightCountText(flights)) ?? '');
    expect(await flights.getByRole('list', { name: 'Outbound flights' }).getByRole('listitem').count()).toBeGreaterThan(0);
  });

  it('taxi quotes three ride types with prices for picked places', async () => {
    const page = await browser.page();
    await page.goto('/');
    const taxi = page.locator('#taxi');

    await taxi.getByRole('button', { name: 'Search Rides' }).click();
    await expectToast(page, 'Missing Information', 'Please enter both pickup and dropoff locations.');

    await pickLocation(taxi, 'Pickup location', 'regina', /Downtown Regina/);
    await pickLocation(taxi, 'Dropoff location', 'university of regina', /University of Regina/);
    await taxi.getByRole('button', { name: 'Search Rides' }).click();
    await page.getByText('Rides Found', { exact: true }).first().waitFor();

    const rides = taxi.getByRole('list', { name: 'Available rides' }).getByRole('listitem');
    await rides.first().waitFor();
    expect(await rides.count()).toBe(3);
    for (const text of await rides.allInnerTexts()) expect(text).toMatch(/\$\d+\.\d{2}/);
  });

  it('property filters narrow the list and show the empty state', async () => {
    const page = await browser.page();
    await page.goto('/');
    const property = page.locator('#property');
    const cards = property.getByRole('list', { name: 'Properties' }).getByRole('article');
    await cards.first().waitFor();
    const all = await cards.count();

    await property.getByLabel('Property type').click();
    await page.getByRole('option', { name: 'Penthouse' }).click();
    await expect.poll(() => cards.count()).toBeLessThan(all);
    for (const text of await cards.allInnerTexts()) expect(text).toContain('Penthouse');

    await property.getByLabel('Price range').click();
    await page.getByRole('option', { name: '$500 - $1,000' }).click();
    await property.getByText('No properties found matching your criteria.').waitFor();

    await property.getByLabel('Property type').click();
    await page.getByRole('option', { name: 'All types' }).click();
    await cards.first().waitFor();
    for (const text of await cards.allInnerTexts()) {
      const price = Number(/\$([\d,]+\.\d{2})\s*\/ month/.exec(text)?.[1].replace(/,/g, ''));
      expect(price).toBeGreaterThanOrEqual(500);
      expect(price).toBeLessThanOrEqual(1000);
    }
  });

  it('shipping tracking asks for a number and reports an unknown one', async () => {
    const page = await browser.page();
    await page.goto('/');
    const shipping = page.locator('#shipping');
    await shipping.getByRole('button', { name: 'Track', exact: true }).click();
    await expectToast(page, 'Tracking Number Required', 'Please enter a tracking number.');
    await shipping.getByLabel('Tracking number').fill('NO-SUCH-PARCEL');
    await shipping.getByRole('button', { name: 'Track', exact: true }).click();
    await shipping.getByText('Tracking Not Found').waitFor();
  });

  it('the unified booking tab adds an item once and counts it', async () => {
    const page = await browser.page();
    await page.goto('/');
    await page.getByRole('tab', { name: /Unified Booking/ }).click();
    await page.getByText('No items to book').waitFor();
    const hotels = page.getByRole('article', { name: 'Hotels' });
    const add = hotels.getByRole('button', { name: /^Add to Booking: / }).first();
    const title = ((await add.getAttribute('aria-label')) ?? '').replace('Add to Booking: ', '');
    await add.click();
    await page.getByText('Added to Booking', { exact: true }).first().waitFor();
    await hotels.getByRole('button', { name: `${title}: In Booking` }).waitFor();
    expect(await hotels.getByRole('button', { name: `${title}: In Booking` }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Complete Booking (1)' }).waitFor();
  });

  it('the home page has no horizontal overflow at 390 px', async () => {
    const page = await browser.page({ width: 390, height: 844 });
    await openHome(page);
    await page.locator('#property').getByRole('list', { name: 'Properties' }).waitFor();
    await page.locator('#general').getByRole('list', { name: 'General services' }).waitFor();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    expect(page.errors).toEqual([]);
  });
});

/** The "Found N flights" text the Search Complete toast must show, from the list the section renders. */
async function flightCountText(flights: Locator): Promise<string | null> {
  const list = flights.getByRole('list', { name: 'Outbound flights' });
  await list.waitFor();
  return `Found ${await list.getByRole('listitem').count()} flights`;
}
