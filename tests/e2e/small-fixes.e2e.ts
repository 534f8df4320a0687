import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { VALID_SAMPLES } from '../../domain/onboarding/test-samples';
import { fillByName, localDay as day, useBrowser } from './fixtures';

const browser = useBrowser();

async function pickLocation(scope: Locator, label: string, text: string, option: RegExp) {
  const box = scope.getByRole('combobox', { name: label });
  await box.fill(text);
  await scope.getByRole('option', { name: option }).first().click();
}

function toasts(page: Page) {
  return page.getByRole('region', { name: /notifications/i });
}

describe('small visible fixes (issue 26)', () => {
  it('a hotel check-out before the check-in says so at the field, in the details and in the calendar', async () => {
    const page = await browser.page({ width: 390, height: 844 });
    await page.goto('/');
    const hotels = page.locator('#hotels');
    const search = hotels.getByRole('search', { name: 'Search hotels' });
    await search.getByLabel('Check-in').fill(day(6));
    await search.getByLabel('Check-out').fill(day(4));
    const message = search.getByRole('alert').filter({ hasText: 'Check-out must be after check-in' });
    await message.waitFor();
    expect(await search.getByLabel('Check-out').getAttribute('aria-invalid')).toBe('true');
    // The message is what describes the field to a screen reader.
    const describedBy = await search.getByLabel('Check-out').getAttribute('aria-describedby');
    expect(await page.locator(`[id="${describedBy}"]`).innerText()).toBe('Check-out must be after check-in');

    await hotels.getByRole('button', { name: /^View details of / }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('alert').filter({ hasText: 'Check-out must be after check-in' }).waitFor();
    await dialog.getByText(/Check-out must be after check-in: pick a check-out day after /).waitFor();
    await dialog.getByText('Choose a check-out day after check-in to see the total.').waitFor();
    expect(await dialog.getByRole('button', { name: 'Reserve Now' }).isDisabled()).toBe(true);

    await dialog.getByLabel('Check-out').fill(day(8));
    await dialog.getByText(/2 nights · Total \$/).waitFor();
    expect(await dialog.getByText('Check-out must be after check-in').count()).toBe(0);
    expect(page.errors).toEqual([]);
  });

  it('Toronto to Toronto is refused before searching, not answered with "Found 0 flights"', async () => {
    const page = await browser.page();
    await page.goto('/');
    const flights = page.locator('#flights');
    await pickLocation(flights, 'From', 'toronto', /Toronto/);
    await pickLocation(flights, 'To', 'toronto', /Toronto/);
    await flights.getByRole('alert').filter({ hasText: 'Origin and destination are the same city.' }).waitFor();
    await flights.getByLabel('Departure date').fill(day(10));
    await flights.getByRole('radio', { name: 'One Way' }).click();
    let searched = 0;
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/flights') searched += 1;
    });
    await flights.getByRole('button', { name: 'Search Flights' }).click();
    await toasts(page).getByText('Same City', { exact: true }).waitFor();
    expect(await toasts(page).getByText(/^Found \d+ flights$/).count()).toBe(0);
    expect(searched).toBe(0);

    // A different destination: the message goes and the search runs.
    await pickLocation(flights, 'To', 'vancouver', /Vancouver/);
    expect(await flights.getByText('Origin and destination are the same city.').count()).toBe(0);
    await flights.getByRole('button', { name: 'Search Flights' }).click();
    await toasts(page).getByText(/^Found \d+ flights$/).first().waitFor();
    expect(page.errors).toEqual([]);
  });

  it('the shipping calculator drops its estimate when a field changes or is refused', async () => {
    const page = await browser.page();
    await page.goto('/');
    const shipping = page.locator('#shipping');
    const calculator = shipping.getByRole('form', { name: 'Calculate shipping cost' });
    await calculator.getByRole('button', { name: 'Calculate Cost' }).click();
    await shipping.getByText('Estimated cost').waitFor();

    // Changed: the estimate was for another parcel.
    await calculator.getByLabel('Weight (lbs)').fill('12');
    expect(await shipping.getByText('Estimated cost').count()).toBe(0);
    await calculator.getByRole('button', { name: 'Calculate Cost' }).click();
    await shipping.getByText('Estimated cost').waitFor();

    // Refused here: the error stands alone.
    await calculator.getByLabel('Height (in)').fill('-3');
    await calculator.getByRole('button', { name: 'Calculate Cost' }).click();
    await calculator.getByRole('alert').filter({ hasText: 'Enter a weight and all three dimensions as positive numbers.' }).waitFor();
    expect(await shipping.getByText('Estimated cost').count()).toBe(0);
    expect(await shipping.getByRole('list', { name: 'Carrier options' }).count()).toBe(0);
    expect(page.errors).toEqual([]);
  });

  it('/apply-driver offers the regions of the chosen country and every driver form promises one review time', async () => {
    const page = await browser.page();
    await page.goto('/register/driver');
    await page.getByText("We'll review your details and contact you within 2-3 business days.").waitFor();

    await page.goto('/apply-driver');
    await page.getByText('within 2-3 business days').first().waitFor();
    const country = page.locator('form [name="country"]');
    const region = page.locator('form [name="province"]');
    await country.selectOption('Canada');
    expect(await region.evaluate((el) => el.tagName)).toBe('SELECT');
    expect(await region.locator('option', { hasText: 'Ontario' }).count()).toBe(1);
    expect(await region.locator('option', { hasText: 'Texas' }).count()).toBe(0);
    await region.selectOption('ON');

    // Another country: its own regions, and the Canadian province is not kept.
    await country.selectOption('United States');
    await region.locator('option', { hasText: 'Texas' }).waitFor({ state: 'attached' });
    expect(await region.locator('option', { hasText: 'Ontario' }).count()).toBe(0);
    expect(await region.inputValue()).toBe('');

    // A country without a list: typed.
    await country.selectOption('France');
    await expect.poll(() => region.evaluate((el) => el.tagName)).toBe('INPUT');
    await region.fill('Île-de-France');

    // An American applicant is accepted with a state and a ZIP code.
    const sample = VALID_SAMPLES['driver-application'];
    await fillByName(page, { ...sample, email: `us-driver-${Date.now()}@example.com`, city: 'Austin', country: 'United States', province: 'TX', postalCode: '73301' });
    await page.getByRole('checkbox', { name: 'Food Delivery' }).click();
    await page.getByRole('checkbox', { name: 'Monday' }).click();
    await page.getByRole('checkbox', { name: 'I consent to a background check' }).click();
    await page.getByRole('checkbox', { name: 'I accept the terms and conditions' }).click();
    await page.getByRole('button', { name: 'Submit Application' }).click();
    await page.getByRole('heading', { name: 'Application Submitted Successfully!' }).waitFor();
    await page.getByText(/we will contact you within 2-3 business days\./).waitFor();
    expect(page.errors).toEqual([]);
  });
});
