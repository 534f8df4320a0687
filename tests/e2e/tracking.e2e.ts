import { describe, expect, it } from 'vitest';
import { useBrowser } from './fixtures';

const browser = useBrowser();

describe('tracking page', () => {
  it('ignores a blank tracking ID', async () => {
    const page = await browser.page();
    await page.goto('/track');
    await page.getByLabel('Tracking ID').fill('   ');
    await page.getByRole('button', { name: 'Track' }).click();
    expect(new URL(page.url()).pathname).toBe('/track');
    expect(await page.getByText('Tracking Not Found').count()).toBe(0);
  });

  it('finds a parcel by its tracking number and shows its status and updates', async () => {
    const page = await browser.page();
    await page.goto('/track');
    await page.getByLabel('Tracking ID').fill('gl2468013579ca');
    await page.getByRole('button', { name: 'Track' }).click();
    await page.waitForURL((url) => url.pathname === '/track/gl2468013579ca');
    await page.getByText('FedEx Express Saver').waitFor();
    await page.getByText('En Route', { exact: true }).waitFor();
    expect(await page.getByRole('region', { name: 'Updates' }).getByRole('listitem').count()).toBeGreaterThan(0);
  });

  it('shows Tracking Not Found for an unknown ID', async () => {
    const page = await browser.page();
    await page.goto('/track/NOPE-123');
    await page.getByRole('heading', { name: 'Tracking Not Found' }).waitFor();
  });
});
