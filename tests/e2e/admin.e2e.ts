import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { VALID_SAMPLES } from '../../domain/onboarding/test-samples';
import { ACCOUNT_DISABLED } from '../../domain/admin/users';
import { adminCredentials, api, apiSession, appReady, baseURL, confirmRegistrationOf, createUser, paidFoodOrder, signIn, useBrowser } from './fixtures';

const browser = useBrowser();
const tag = Date.now().toString(36);

/** Submits a restaurant registration through the public API, as the form does. */
async function submitRestaurant(name: string): Promise<number> {
  // Each restaurant has its own owner e-mail, so approving it creates that owner's account.
  const email = `owner.${name.replace(/[^a-z0-9]+/gi, '.').toLowerCase()}@example.com`;
  const res = await fetch(`${baseURL()}/api/restaurants`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...VALID_SAMPLES.restaurant, name, email }),
  });
  expect(res.status).toBe(201);
  // The owner confirms the address through the mailed link; only then is it in the review queue.
  await confirmRegistrationOf(email);
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
  const search = page.getByLabel('Search restaurants', { exact: true });
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
    // The cards say what they count (issue 26): registrations, not reviews; ride types, not rides.
    expect(await page.getByRole('list', { name: 'Summary' }).getByText(/Pending reviews|Taxi rides/).count()).toBe(0);
    await page.getByRole('button', { name: /^Ride types/ }).waitFor();
    await page.getByRole('button', { name: /Registrations to review/ }).click();
    expect(await page.getByRole('tab', { name: 'Review queue' }).getAttribute('aria-selected')).toBe('true');

    // View lists every submitted field.
    await page.getByRole('button', { name: `View ${approved}` }).click();
    const details = page.getByRole('dialog');
    await details.getByText('Business license').waitFor();
    await details.getByText(VALID_SAMPLES.restaurant.businessLicense).waitFor();
    await page.keyboard.press('Escape');
    await details.waitFor({ state: 'detached' });

    // Approving asks first (an alert dialog); cancelling leaves it in the queue.
    await page.getByRole('button', { name: `Approve ${approved}` }).click();
    const confirm = page.getByRole('alertdialog', { name: `Approve ${approved}?` });
    await confirm.getByText(/published at once/).waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(await publicRestaurantNames()).not.toContain(approved);
    await page.getByRole('button', { name: `Approve ${approved}` }).click();
    await confirm.getByRole('button', { name: 'Approve and publish' }).click();
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
    await page.getByRole('tab', { name: 'Catalogue' }).click();
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

    // The delivery radius is the admin's to set too, within 1 to 50 km; the restaurant's card says it.
    await row.getByRole('button', { name: `Edit ${renamed}` }).click();
    const radius = dialog.getByLabel('Delivery radius (km)');
    // As registered ('5 km').
    expect(await radius.inputValue()).toBe('5');
    await radius.fill('60');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await dialog.getByText('Delivery radius must be between 1 and 50 km').waitFor();
    await radius.fill('7.5');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText(`${renamed} was updated.`, { exact: true }).first().waitFor();
    await row.getByRole('cell', { name: '7.5', exact: true }).waitFor();
    const listed = ((await (await fetch(`${baseURL()}/api/restaurants`)).json()) as Array<{ name: string; deliveryRadiusKm: number }>).find((r) => r.name === renamed);
    expect(listed?.deliveryRadiusKm).toBe(7.5);

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
      body: JSON.stringify({ ...VALID_SAMPLES['fashion-designer'], businessName, email: `studio.${tag}@example.com` }),
    });
    expect(submitted.status).toBe(201);
    const { id } = (await submitted.json()) as { id: number };
    await confirmRegistrationOf(`studio.${tag}@example.com`);
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
    await page.getByRole('tab', { name: 'Catalogue' }).click();
    await page.getByRole('tab', { name: 'Hotels' }).click();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export Reports' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^hotels-.*\.csv$/);
    const path = await download.path();
    const csv = readFileSync(path, 'utf8');
    expect(csv.split('\n')[0]).toContain('pricePerNight');
  });

  it('the Orders tab downloads bookings.csv and orders.csv (admins only)', async () => {
    const page = await browser.page();
    await openAdmin(page);
    expect(await page.getByRole('tab', { name: 'Orders' }).getAttribute('aria-selected')).toBe('true');
    const headers: Record<string, string> = {
      bookings: 'id,status,createdAt,customerId,customerUsername,customerEmail,lines,items,subtotal,deliveryFee,serviceFee,tax,tip,total,paid,refunded,net,currency,trackingNumbers',
      orders: 'id,bookingId,trackingNumber,kind,service,status,customerEmail,driverId,driverUsername,pickup,dropoff,distanceKm,driverPayout,createdAt,acceptedAt,completedAt',
    };
    for (const report of ['bookings', 'orders']) {
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: `${report}.csv` }).click()]);
      expect(download.suggestedFilename()).toMatch(new RegExp(`^${report}-\\d{4}-\\d{2}-\\d{2}\\.csv$`));
      expect(readFileSync(await download.path(), 'utf8').split('\r\n')[0]).toBe(headers[report]);
    }
    // Export Reports on Orders is the bookings report.
    expect(await page.getByRole('link', { name: 'Export Reports' }).getAttribute('href')).toBe('/api/admin/export/bookings.csv');
    expect((await fetch(`${baseURL()}/api/admin/export/bookings.csv`)).status).toBe(401);
  });

  it('Orders: finds a paid order by tracking number and e-mail, opens it and refunds it once the amount is confirmed', async () => {
    const buyer = await createUser('refund');
    const cookie = await apiSession(buyer.email, buyer.password);
    const order = await paidFoodOrder(cookie);

    const page = await browser.page();
    await openAdmin(page);
    expect(await page.getByTestId('stat-revenue').textContent()).toMatch(/^\$[\d,]+\.\d{2}$/);
    const search = page.getByRole('search', { name: 'Orders' });
    await search.getByLabel('Search orders').fill(order.trackingNumber.toLowerCase());
    await search.getByRole('button', { name: 'Search' }).click();
    // The results of this search (not the newest orders shown before it).
    await page.getByText(`Orders matching “${order.trackingNumber.toLowerCase()}”: 1 order shown.`).waitFor();
    const table = page.getByRole('region', { name: 'Orders table' });
    const row = table.getByRole('row', { name: new RegExp(`#${order.id}\\b`) });
    await row.getByText(buyer.email).waitFor();
    await row.getByText(order.trackingNumber).waitFor();
    expect(await table.getByRole('row').count()).toBe(2);
    await search.getByLabel('Search orders').fill(buyer.email);
    await search.getByRole('button', { name: 'Search' }).click();
    await page.getByText(`Orders matching “${buyer.email}”`, { exact: false }).waitFor();
    await row.getByText('Paid', { exact: true }).waitFor();

    await row.getByRole('button', { name: `Open order #${order.id}` }).click();
    const dialog = page.getByRole('dialog', { name: `Order #${order.id}` });
    await dialog.getByText(`1 × ${order.dish}`).first().waitFor();
    await dialog.getByText(order.trackingNumber).waitFor();
    const paid = (await dialog.getByTestId('order-paid').textContent()) ?? '';
    expect(paid).toMatch(/^\$\d+\.\d{2}$/);

    // The refund says how much and to whom, and asks; Cancel changes nothing.
    await dialog.getByRole('button', { name: `Refund ${paid}` }).click();
    const confirm = page.getByRole('alertdialog', { name: `Refund ${paid}?` });
    await confirm.getByText(new RegExp(`goes back to ${buyer.email.replace(/[.+]/g, '\\$&')} on the card ending 4242`)).waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect((await api<{ status: string }>(cookie, 'GET', `/api/bookings/${order.id}`)).body.status).toBe('confirmed');

    await dialog.getByRole('button', { name: `Refund ${paid}` }).click();
    await confirm.getByRole('button', { name: `Refund ${paid}` }).click();
    await page.getByText('Refund issued', { exact: true }).waitFor();
    await dialog.getByTestId('order-refunded').getByText(paid).waitFor();
    await dialog.getByText('Everything paid has been refunded.').waitFor();
    expect(await dialog.getByRole('button', { name: /^Refund/ }).isDisabled()).toBe(true);
    expect((await api<{ status: string }>(cookie, 'GET', `/api/bookings/${order.id}`)).body.status).toBe('cancelled');
    await dialog.getByRole('button', { name: 'Close', exact: true }).first().click();
    await row.getByText('Cancelled', { exact: true }).waitFor();
    expect(page.errors).toEqual([]);
  });

  it("Deliveries: each order in progress reads its journey step, in the customer's words", async () => {
    const buyer = await createUser('steps');
    const cookie = await apiSession(buyer.email, buyer.password);
    const order = await paidFoodOrder(cookie);
    const tracking = (await (await fetch(`${baseURL()}/api/tracking/${order.trackingNumber}`)).json()) as { journey: { label: string } };

    const page = await browser.page();
    await openAdmin(page);
    await page.getByRole('tab', { name: 'Deliveries' }).click();
    const row = page.getByRole('region', { name: 'Deliveries table' }).getByRole('row', { name: new RegExp(order.trackingNumber) });
    await row.getByText(tracking.journey.label, { exact: true }).waitFor();
    // Not the old tracking-status words.
    expect(tracking.journey.label).not.toMatch(/^(Pending|En Route)$/);
    expect(await row.getByText(/^(Pending|En Route)$/).count()).toBe(0);
    expect(page.errors).toEqual([]);
  });

  it('Users: a disabled account is signed out and told why at sign-in; a role change is confirmed; enabled, it signs in', async () => {
    const person = await createUser('disable');
    const victim = await browser.page();
    await signIn(victim, person.email, person.password);
    await victim.waitForURL((url) => url.pathname === '/');

    const page = await browser.page();
    await openAdmin(page);
    await page.getByRole('tab', { name: 'Users' }).click();
    const search = page.getByRole('search', { name: 'Users' });
    await search.getByLabel('Search users').fill(person.email);
    await search.getByRole('button', { name: 'Search' }).click();
    const row = page.getByRole('region', { name: 'Users table' }).getByRole('row', { name: new RegExp(person.username) });
    await row.getByText('Active', { exact: true }).waitFor();

    await row.getByRole('button', { name: `Disable ${person.username}` }).click();
    const confirm = page.getByRole('alertdialog', { name: `Disable ${person.username}?` });
    await confirm.getByText(/signed out on every device/).waitFor();
    await confirm.getByRole('button', { name: 'Disable account' }).click();
    await page.getByText('Account disabled', { exact: true }).waitFor();
    await row.getByText('Disabled', { exact: true }).waitFor();

    // The person's open session ended; signing in again is refused with the reason.
    const session = (await (await victim.request.get('/api/auth/session')).json()) as { user: unknown };
    expect(session.user).toBeNull();
    await signIn(victim, person.email, person.password);
    await victim.getByText(ACCOUNT_DISABLED).first().waitFor();
    expect(new URL(victim.url()).pathname).toBe('/login');

    // A role change asks first.
    await row.getByLabel(`Role of ${person.username}`).selectOption('provider');
    const roleConfirm = page.getByRole('alertdialog', { name: `Make ${person.username} a Provider?` });
    await roleConfirm.getByRole('button', { name: 'Make Provider' }).click();
    await page.getByText('Role changed', { exact: true }).waitFor();
    await expect.poll(() => row.getByLabel(`Role of ${person.username}`).inputValue()).toBe('provider');

    await row.getByRole('button', { name: `Enable ${person.username}` }).click();
    await page.getByRole('alertdialog', { name: `Enable ${person.username}?` }).getByRole('button', { name: 'Enable account' }).click();
    await page.getByText('Account enabled', { exact: true }).waitFor();
    await signIn(victim, person.email, person.password);
    await victim.waitForURL((url) => url.pathname === '/');
    // The admin cannot disable themselves.
    await search.getByLabel('Search users').fill(adminCredentials().email);
    await search.getByRole('button', { name: 'Search' }).click();
    const me = page.getByRole('region', { name: 'Users table' }).getByRole('row', { name: /\(you\)/ });
    expect(await me.getByRole('button', { name: /^Disable/ }).isDisabled()).toBe(true);
    expect(page.errors).toEqual([]);
  });

  it('works at 390 px without page overflow; non-admins are refused', async () => {
    const page = await browser.page({ width: 390, height: 844 });
    await openAdmin(page);
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    await page.getByRole('search', { name: 'Orders' }).waitFor();
    await page.getByRole('region', { name: 'Orders table' }).or(page.getByText('No orders yet.')).first().waitFor();
    expect(await overflow()).toBeLessThanOrEqual(0);
    await page.getByRole('tab', { name: 'Users' }).click();
    await page.getByRole('region', { name: 'Users table' }).waitFor();
    expect(await overflow()).toBeLessThanOrEqual(0);
    await page.getByRole('tab', { name: 'Catalogue' }).click();
    await page.getByRole('region', { name: 'Restaurants table' }).waitFor();
    expect(await overflow()).toBeLessThanOrEqual(0);

    const user = await createUser('notadmin');
    const other = await browser.page();
    await signIn(other, user.email, user.password);
    await other.waitForURL((url) => url.pathname === '/');
    await other.goto('/admin');
    await other.getByRole('heading', { name: 'You do not have access to the admin dashboard' }).waitFor();
  });
});
