import { describe, expect, it } from 'vitest';
import { adminCredentials, baseURL, createUser, signIn, useBrowser } from './fixtures';

const browser = useBrowser();

describe('foundation', () => {
  it('home shows the tagline and the 8 category shortcuts', async () => {
    const page = await browser.page();
    await page.goto('/');
    await page.getByText('Your Complete Service Platform').first().waitFor();
    for (const label of ['Food', 'Hotels', 'Flights', 'Ship', 'Cars', 'Taxi', 'Property', 'General']) {
      expect(await page.getByRole('button', { name: label, exact: true }).count()).toBeGreaterThan(0);
    }
    for (const anchor of ['food-delivery', 'hotels', 'flights', 'shipping', 'car-rental', 'taxi', 'property', 'services', 'general']) {
      expect(await page.locator(`section#${anchor}, #${anchor}`).count()).toBeGreaterThan(0);
    }
    expect(page.errors).toEqual([]);
  });

  it('an unknown route renders the 404 card', async () => {
    const page = await browser.page();
    await page.goto('/definitely/not/a/page');
    await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
    expect(await page.getByText('Did you forget to add the page to the router?').isVisible()).toBe(true);
  });

  it('/reviews redirects home', async () => {
    const page = await browser.page();
    await page.goto('/reviews');
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByText('Your Complete Service Platform').first().waitFor();
  });

  it('the login page shows no credentials and no debug button', async () => {
    const page = await browser.page();
    await page.goto('/login');
    await page.getByRole('button', { name: /^sign in$/i }).waitFor();
    const text = await page.locator('body').innerText();
    const { email, password } = adminCredentials();
    expect(text).not.toContain(email);
    expect(text).not.toContain(password);
    expect(text.toLowerCase()).not.toContain('admin123');
    expect(await page.getByRole('button', { name: /debug/i }).count()).toBe(0);
    const html = await page.content();
    expect(html).not.toContain(password);
  });

  it('a visitor registers, signs in and signs out', async () => {
    const page = await browser.page();
    await page.goto('/login');
    await page.getByRole('button', { name: /create an account|sign up/i }).first().click();
    const tag = Math.random().toString(36).slice(2, 8);
    await page.getByLabel(/username/i).fill(`newbie${tag}`);
    await page.getByLabel(/e-?mail/i).first().fill(`newbie${tag}@example.com`);
    await page.getByLabel(/^password/i).first().fill('a-good-password');
    await page.getByRole('button', { name: /create account|sign up|register/i }).last().click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByText(`newbie${tag}`).first().waitFor();
    const me = await page.evaluate(async () => (await fetch('/api/auth/me', { credentials: 'include' })).status);
    expect(me).toBe(200);

    await page.getByRole('button', { name: /sign out/i }).first().click();
    await page.getByRole('link', { name: /sign in/i }).first().waitFor();
    const after = await page.evaluate(async () => (await fetch('/api/auth/me', { credentials: 'include' })).status);
    expect(after).toBe(401);

    await signIn(page, `newbie${tag}@example.com`, 'a-good-password');
    await page.getByText('Login Successful').first().waitFor();
    await page.waitForURL((url) => url.pathname === '/');
  });

  it('a wrong password shows Login Failed', async () => {
    const page = await browser.page();
    const user = await createUser();
    await signIn(page, user.email, 'not-the-password');
    await page.getByText('Login Failed').first().waitFor();
    expect(page.url()).toContain('/login');
  });

  it('the admin signs in and reaches /admin', async () => {
    const page = await browser.page();
    const { email, password } = adminCredentials();
    await signIn(page, email, password);
    await page.waitForURL((url) => url.pathname === '/admin');
    await page.getByRole('heading', { name: 'Admin Dashboard', exact: true }).waitFor();
  });

  it('a signed-in user cannot reach admin data', async () => {
    const page = await browser.page();
    const user = await createUser();
    await signIn(page, user.email, user.password);
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto('/admin');
    await page.getByText(/do not have access/i).first().waitFor();
    expect(await page.getByRole('heading', { name: 'Admin Dashboard', exact: true }).count()).toBe(0);
    const status = await page.evaluate(async () => (await fetch('/api/admin/stats', { credentials: 'include' })).status);
    expect(status).toBe(403);
    // Setting the original's localStorage flag changes nothing.
    await page.evaluate(() => localStorage.setItem('adminAuth', 'true'));
    await page.reload();
    await page.getByText(/do not have access/i).first().waitFor();
  });

  it('a visitor is sent to sign in from /admin', async () => {
    const page = await browser.page();
    await page.goto('/admin');
    await page.waitForURL((url) => url.pathname === '/login');
    expect(baseURL()).toBeTruthy();
  });
});
