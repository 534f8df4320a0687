import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { adminCredentials, baseURL, createUser, signIn, useBrowser } from './fixtures';

const browser = useBrowser();

async function openAdmin(page: Page) {
  const { email, password } = adminCredentials();
  await signIn(page, email, password);
  await page.waitForURL((url) => url.pathname === '/admin');
  await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
}

/**
 * The reset link in the text part of the newest 'Reset your password' mail to `to`, as the admin reads it in the
 * Mail tab. Only its path and query are kept: the mail's origin is PUBLIC_URL, which the test server does not set.
 */
async function readResetLink(admin: Page, to: string): Promise<string> {
  await openAdmin(admin);
  await admin.getByRole('tab', { name: 'Mail' }).click();
  await admin.getByLabel('To', { exact: true }).fill(to);
  const row = admin.getByRole('row').filter({ hasText: to }).filter({ hasText: 'Reset your password' }).first();
  // The list refreshes every 10 s; the filter's own request usually finds it at once.
  await row.waitFor({ timeout: 25_000 });
  await row.getByRole('button', { name: /^Open / }).click();
  const dialog = admin.getByRole('dialog');
  await dialog.getByRole('tab', { name: 'HTML' }).waitFor();
  // The HTML part is rendered in a frame that may run nothing.
  expect(await dialog.locator('iframe').getAttribute('sandbox')).toBe('');
  await dialog.getByRole('tab', { name: 'Text' }).click();
  const text = (await dialog.getByRole('tabpanel').textContent()) ?? '';
  const link = /\S*\/reset-password\?token=[^\s<>"')\]]+/.exec(text)?.[0];
  expect(link, `no reset link in:\n${text}`).toBeTruthy();
  const url = new URL(link!, baseURL());
  return `${url.pathname}${url.search}`;
}

describe('notifications', () => {
  it('a forgotten password is reset through the e-mailed link; the old password stops working', async () => {
    const user = await createUser('reset');
    const page = await browser.page({ width: 390, height: 844 });
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL((url) => url.pathname === '/forgot-password');
    await page.getByLabel('Email').fill(user.email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await page.getByText(/If an account exists for that e-mail/).waitFor();

    const admin = await browser.page();
    const resetPath = await readResetLink(admin, user.email);
    expect(resetPath).toMatch(/^\/reset-password\?token=/);

    await page.goto(resetPath);
    const newPassword = `new-${user.password}`;
    await page.getByLabel('New password').fill(newPassword);
    await page.getByLabel('Confirm password').fill(newPassword);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByText('Password Reset', { exact: true }).first().waitFor();

    // The link is single use.
    await page.goto(resetPath);
    await page.getByLabel('New password').fill(`again-${newPassword}`);
    await page.getByLabel('Confirm password').fill(`again-${newPassword}`);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByText(/This reset link is invalid or has expired/).waitFor();
    await page.getByRole('link', { name: 'Ask for a new link' }).waitFor();

    const old = await browser.page();
    await signIn(old, user.email, user.password);
    await old.getByText('Login Failed').first().waitFor();
    expect(old.url()).toContain('/login');

    await signIn(page, user.email, newPassword);
    await page.waitForURL((url) => url.pathname === '/');
    expect(page.errors).toEqual([]);
    expect(admin.errors).toEqual([]);
  });

  it('an admin sends a test notification; a signed-in customer only gets the explanation', async () => {
    const admin = await browser.page();
    await openAdmin(admin);
    await admin.goto('/test-notifications');
    const form = admin.getByRole('form', { name: 'Send a test notification' });
    await form.waitFor();

    // Spec 002 section 5: blank required fields stop the send with one toast.
    await form.getByRole('button', { name: 'Send Test Notification' }).click();
    await admin.getByText('Missing Information', { exact: true }).first().waitFor();
    await admin.getByText('Please fill in all required fields', { exact: true }).first().waitFor();

    const tag = Date.now().toString(36);
    await form.getByLabel('Customer e-mail').fill(`test-${tag}@example.com`);
    await form.getByLabel('Customer name').fill(`Tess ${tag}`);
    await form.getByLabel('Service type').selectOption('Food Delivery');
    await form.getByLabel('Amount (optional)').fill('49.99');
    await form.getByRole('button', { name: 'Send Test Notification' }).click();
    await admin.getByText('Notifications Sent!', { exact: true }).first().waitFor();
    for (const label of ['Customer e-mail', 'Owner e-mail']) {
      const line = admin.getByRole('listitem').filter({ hasText: label });
      await line.getByText('Sent', { exact: true }).waitFor();
      expect(await line.textContent()).toContain('✓');
    }
    expect(admin.errors).toEqual([]);

    const customer = await createUser('notify');
    const page = await browser.page({ width: 390, height: 844 });
    await signIn(page, customer.email, customer.password);
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto('/test-notifications');
    await page.getByText(/only administrators may use it/).waitFor();
    await page.getByRole('link', { name: 'Sign in as an administrator' }).waitFor();
    expect(await page.getByRole('form', { name: 'Send a test notification' }).count()).toBe(0);
  });
});
