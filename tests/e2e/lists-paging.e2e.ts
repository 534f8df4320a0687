import { describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { adminCredentials, localDay as day, signIn, useBrowser } from './fixtures';

const browser = useBrowser();

async function pickLocation(scope: Locator, label: string, text: string, option: RegExp) {
  await scope.getByRole('combobox', { name: label }).fill(text);
  await scope.getByRole('option', { name: option }).first().click();
}

describe('lists come a page at a time (issue 29)', () => {
  it("the flights section follows the list's next link with Show more until every flight found is shown", async () => {
    // Without the service worker, so page.route sees the flights requests.
    const page = await browser.page({ serviceWorkers: 'block' });
    // Pages of one flight (the server's own paging, at its smallest page), so the seeded route needs several pages.
    const asked: string[] = [];
    await page.route(/\/api\/flights\?/, (route) => {
      const url = new URL(route.request().url());
      if (!url.searchParams.has('limit')) url.searchParams.set('limit', '1');
      asked.push(`${url.pathname}${url.search}`);
      return route.continue({ url: url.toString() });
    });
    await page.goto('/');
    const flights = page.locator('#flights');
    await pickLocation(flights, 'From', 'toronto', /Toronto/);
    await pickLocation(flights, 'To', 'vancouver', /Vancouver/);
    await flights.getByLabel('Departure date').fill(day(10));
    await flights.getByRole('radio', { name: 'One Way' }).click();
    await flights.getByRole('button', { name: 'Search Flights' }).click();

    const list = flights.getByRole('list', { name: 'Outbound flights' }).getByRole('listitem');
    const showing = flights.getByText(/^Showing 1 of \d+ flights$/);
    await showing.waitFor();
    const total = Number(/of (\d+) flights/.exec((await showing.textContent()) ?? '')![1]);
    expect(total).toBeGreaterThanOrEqual(2);
    expect(await list.count()).toBe(1);
    for (let shown = 1; shown < total; shown++) {
      await flights.getByRole('button', { name: 'Show more flights' }).click();
      await expect.poll(() => list.count()).toBe(shown + 1);
    }
    // The last page has no next link: the button is gone, and each flight is shown once.
    await expect.poll(() => flights.getByRole('button', { name: 'Show more flights' }).count()).toBe(0);
    const names = await list.locator('p.font-semibold').allTextContents();
    expect(new Set(names).size).toBe(total);
    expect(asked.filter((u) => u.includes('cursor='))).toHaveLength(total - 1);
    expect(page.errors).toEqual([]);
  });

  it("the admin's occupancy shows a page, Show more reads the next until every listing is shown, and a kind is asked of the server", async () => {
    const admin = await browser.page();
    await signIn(admin, adminCredentials().email, adminCredentials().password);
    await admin.waitForURL((url) => url.pathname === '/admin');
    const all = await admin.request.get('/api/admin/occupancy');
    const total = Number(all.headers()['x-total-count']);
    const cars = Number((await admin.request.get('/api/admin/occupancy?kind=cars')).headers()['x-total-count']);
    expect(total).toBeGreaterThan(50);

    await admin.getByRole('tab', { name: 'Occupancy' }).click();
    const table = admin.getByRole('region', { name: 'Occupancy table' });
    await table.waitFor();
    const rows = table.locator('tbody tr');
    expect(await rows.count()).toBe(50);
    const more = admin.getByRole('button', { name: /^Show more/ });
    expect(await more.textContent()).toBe(`Show more (${total - 50} left)`);
    while ((await rows.count()) < total) {
      const before = await rows.count();
      await more.click();
      await expect.poll(() => rows.count()).toBeGreaterThan(before);
    }
    expect(await rows.count()).toBe(total);
    await expect.poll(() => more.count()).toBe(0);

    await admin.getByLabel('Kind').selectOption('cars');
    await expect.poll(() => rows.count()).toBe(Math.min(cars, 50));
    expect(await table.locator('tbody tr td:nth-child(2)').allTextContents()).toEqual(Array(Math.min(cars, 50)).fill('Car rental'));
    expect(admin.errors).toEqual([]);
  });
});
