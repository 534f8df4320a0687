import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { VALID_SAMPLES } from '../../domain/onboarding/test-samples';
import { adminCredentials, appReady, baseURL, createUser, signIn, useBrowser } from './fixtures';

const browser = useBrowser();
const tag = Date.now().toString(36);

/** Submits a restaurant registration through the public API, as the form does. */
async function submitRestaurant(name: string): Promise<number> {
  const res = await fetch(`${baseURL()}/api/restaurants`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    // Each restaurant has its own owner e-mail, so approving it creates that owner's account.
    body: JSON.stringify({ ...VALID_SAMPLES.restaurant, name, email: `owner.${name.replace(/[^a-z0-9]+/gi, '.').toLowerCase()}@example.com` }),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

/** Publishes a restaurant straight through the admin API (a session cookie from the login call). */
async function publishRestaurant(name: string): Promise<void> {
  const id = await submitRestaurant(name);
  const login = await fetch(`${baseURL()}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(adminCredentials()),
  });
  expect(login.status).toBe(200);
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];
  const approve = await fetch(`${baseURL()}/api/admin/registrations/${id}/approve`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: '{}',
  });
  expect(approve.status).toBe(200);
}

async function publicRestaurantNames(): Promise<string[]> {
  const res = await fetch(`${baseURL()}/api/restaurants`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { name: string }[]).map((r) => r.name);
}

async function openAdmin(page: Page) {
  const { email, password } = adminCredentials();
  await signIn(page, email, password);
  await page.waitForURL((url) => url.pathname === '/admin');
  await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
}

/** Searches the public food section of the home page by name. */
async function searchFood(page: Page, name: string) {
  await page.goto('/');
  await appReady(page);
  const search = page.getByLabel('Search restaurants');
  await search.waitFor();
  await search.fill(name);
}

describe('admin dashboard', () => {
  it('approving a registration publishes it; a rejected one stays out', async () => {
    const approved = `Approved Bistro ${tag}`;
    const rejected = `Rejected Diner ${tag}`;
    await submitRestaurant(approved);
    await submitRestaurant(rejected);
    expect(await publicRestaurantNames()).not.toContain(approved);

    const page = await browser.page();
    await openAdmin(page);
    await page.getByText('System Active').waitFor();
    await page.getByRole('button', { name: /Pending reviews/ }).click();
    expect(await page.getByRole('tab', { name: 'Review queue' }).getAttribute('aria-selected')).toBe('true');

    // View lists every submitted field.
    await page.getByRole('button', { name: `View ${approved}` }).click();
    const details = page.getByRole('dialog');
    await details.getByText('Business license').waitFor();
    await details.getByText(VALID_SAMPLES.restaurant.businessLicense).waitFor();
    await page.keyboard.press('Escape');
    await details.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: `Approve ${approved}` }).click();
    await page.getByText('Registration approved', { exact: true }).waitFor();
    await page.getByRole('button', { name: `Approve ${approved}` }).waitFor({ state: 'detached' });
    // Submitted while signed out: the listing's owner is the account with its e-mail, created with a one-time link.
    const created = page.getByRole('dialog', { name: 'Provider account created' });
    expect(await created.getByLabel('Set-password link').inputValue()).toMatch(/\/set-password\?token=[\w-]+$/);
    await created.getByRole('button', { name: 'Done' }).click();
    await created.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: `Reject ${rejected}` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Reject registration' }).click();
    await dialog.getByText('Please give a reason for the rejection').waitFor();
    await dialog.getByLabel('Reason').fill('Incomplete business licence details.');
    await dialog.getByRole('button', { name: 'Reject registration' }).click();
    await page.getByText('Registration rejected', { exact: true }).waitFor();
    await page.getByRole('button', { name: `Reject ${rejected}` }).waitFor({ state: 'detached' });

    const names = await publicRestaurantNames();
    expect(names).toContain(approved);
    expect(names).not.toContain(rejected);

    const home = await browser.page();
    await searchFood(home, approved);
    await home.getByRole('list', { name: 'Restaurants' }).getByText(approved).waitFor();
    await searchFood(home, rejected);
    await home.getByText(/No restaurants found/i).first().waitFor();
    expect(await home.getByText(rejected).count()).toBe(0);
  });

  it('a listing can be edited with validation and switched off', async () => {
    // Its own listing, so the seeded catalogue other specs rely on stays untouched.
    const name = `Editable Eatery ${tag}`;
    await publishRestaurant(name);
    const page = await browser.page();
    await openAdmin(page);
    await page.getByRole('tab', { name: 'Restaurants' }).click();
    const row = page.getByRole('row', { name: new RegExp(name) });
    await row.getByRole('button', { name: `Edit ${name}` }).click();
    const dialog = page.getByRole('dialog');
    const fee = dialog.getByLabel('Delivery fee');
    // The cuisine is chosen from the registration form's list, not typed.
    expect(await dialog.getByRole('combobox', { name: 'Cuisine' }).locator('option').count()).toBeGreaterThanOrEqual(24);
    await fee.fill('abc');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await dialog.getByText('Delivery fee must be a number').waitFor();
    await fee.fill('4.25');
    // A rename is saved too, and the toast names the listing as saved.
    const renamed = `${name} Renamed`;
    await dialog.getByLabel('Name', { exact: true }).fill(renamed);
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Changes saved', { exact: true }).waitFor();
    await page.getByText(`${renamed} was updated.`, { exact: true }).waitFor();
    await row.getByRole('cell', { name: '$4.25' }).waitFor();
    await row.getByRole('cell', { name: renamed, exact: true }).waitFor();

    const active = row.getByRole('checkbox', { name: 'Active' });
    expect(await active.getAttribute('aria-checked')).toBe('true');
    await active.click();
    await page.getByText('Listing deactivated', { exact: true }).waitFor();
    await expect.poll(() => active.getAttribute('aria-checked')).toBe('false');
    expect(await publicRestaurantNames()).not.toContain(renamed);
    await active.click();
    await page.getByText('Listing activated', { exact: true }).waitFor();
    await expect.poll(async () => (await publicRestaurantNames()).includes(renamed)).toBe(true);
  });

  it('contact messages reach the Messages tab and can be marked as read', async () => {
    const sender = `Casey ${tag}`;
    const res = await fetch(`${baseURL()}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: sender, email: 'casey@example.com', subject: `Help ${tag}`, message: 'How do I update my listing?' }),
    });
    expect(res.status).toBe(201);

    const page = await browser.page();
    await openAdmin(page);
    await page.getByRole('button', { name: /Unread messages/ }).click();
    const row = page.getByRole('row', { name: new RegExp(sender) });
    await row.getByText('Unread').waitFor();
    await row.getByRole('button', { name: `Mark message from ${sender} as read` }).click();
    await row.getByText('Read', { exact: true }).waitFor();
    expect(await row.getByRole('button', { name: /as read/ }).count()).toBe(0);
  });

  it('an approved fashion designer appears in the Providers tab', async () => {
    const businessName = `Provider Studio ${tag}`;
    const submitted = await fetch(`${baseURL()}/api/register-fashion-designer`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...VALID_SAMPLES['fashion-designer'], businessName }),
    });
    expect(submitted.status).toBe(201);
    const { id } = (await submitted.json()) as { id: number };
    const login = await fetch(`${baseURL()}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(adminCredentials()),
    });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];
    const approve = await fetch(`${baseURL()}/api/admin/registrations/${id}/approve`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: '{}',
    });
    expect(approve.status).toBe(200);

    const page = await browser.page();
    await openAdmin(page);
    await page.getByRole('tab', { name: 'Providers' }).click();
    const row = page.getByRole('row').filter({ hasText: businessName });
    await row.waitFor();
    expect(await row.getByText('Fashion designer').count()).toBe(1);
  });

  it('Export Reports downloads the current tab as CSV', async () => {
    const page = await browser.page();
    await openAdmin(page);
    await page.getByRole('tab', { name: 'Hotels' }).click();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export Reports' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^hotels-.*\.csv$/);
    const path = await download.path();
    const csv = readFileSync(path, 'utf8');
    expect(csv.split('\n')[0]).toContain('pricePerNight');
  });

  it('works at 390 px without page overflow; non-admins are refused', async () => {
    const page = await browser.page({ width: 390, height: 844 });
    await openAdmin(page);
    await page.getByRole('region', { name: 'Restaurants table' }).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    const user = await createUser('notadmin');
    const other = await browser.page();
    await signIn(other, user.email, user.password);
    await other.waitForURL((url) => url.pathname === '/');
    await other.goto('/admin');
    await other.getByRole('heading', { name: 'You do not have access to the admin dashboard' }).waitFor();
  });
});
