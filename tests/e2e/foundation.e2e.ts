import { describe, expect, it } from 'vitest';
import { adminCredentials, appReady, baseURL, createUser, signIn, useBrowser } from './fixtures';

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

  it('the prerendered home and onboarding are hydrated, not built again: same elements, no errors, a returning visitor\'s cart and country shown', async () => {
    const page = await browser.page({ serviceWorkers: 'block' });
    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    // A returning visitor: a cart line and a chosen country, which the build-time markup cannot show. The page's
    // heading as parsed from the document is marked, to tell whether the app kept it or made a new one.
    await page.addInitScript(() => {
      localStorage.setItem('go-live-country', 'CA');
      localStorage.setItem(
        'go-live-cart',
        JSON.stringify({ items: [{ id: 'general-services-1-1', serviceType: 'general-services', serviceId: 1, name: 'Seeded service', price: 1, quantity: 2 }] }),
      );
      document.addEventListener('DOMContentLoaded', () => {
        const heading = document.querySelector('#root [data-prerendered] h1');
        if (heading) (heading as HTMLElement & { fromDocument?: boolean }).fromDocument = true;
      });
    });
    for (const path of ['/', '/onboarding']) {
      await page.goto(path);
      await appReady(page);
      await page.getByRole('button', { name: 'Cart, 2 items' }).waitFor();
      await page.getByRole('button', { name: 'Country: Canada. Change country' }).waitFor();
      expect(await page.evaluate(() => (document.querySelector('#root h1') as (HTMLElement & { fromDocument?: boolean }) | null)?.fromDocument)).toBe(true);
      expect(await page.locator('[inert]').count()).toBe(0);
    }
    // Interactive: the cart opens.
    await page.getByRole('button', { name: 'Cart, 2 items' }).click();
    await page.getByRole('dialog').getByText('Seeded service').waitFor();
    expect(page.errors).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });

  it('an unknown route renders the 404 card', async () => {
    const page = await browser.page();
    await page.goto('/definitely/not/a/page');
    await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
    expect(await page.getByText('Did you forget to add the page to the router?').isVisible()).toBe(true);
  });

  it('the footer privacy and terms links open real pages', async () => {
    const page = await browser.page();
    await page.goto('/');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
    await page.getByRole('heading', { name: 'Privacy Policy', level: 1 }).waitFor();
    expect(await page.getByText('never stored').count()).toBeGreaterThan(0);
    await page.goto('/');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Terms of Service' }).click();
    await page.getByRole('heading', { name: 'Terms of Service', level: 1 }).waitFor();
  });

  it('a new page starts at the top; Back and Forward return to where each page was left', async () => {
    const page = await browser.page({ width: 390, height: 700 });
    await page.goto('/privacy');
    await page.getByRole('heading', { name: 'Privacy Policy', level: 1 }).waitFor();
    const terms = page.getByRole('contentinfo').getByRole('link', { name: 'Terms of Service' });
    await terms.scrollIntoViewIfNeeded();
    const left = await page.evaluate(() => window.scrollY);
    expect(left).toBeGreaterThan(300);
    await terms.click();
    await page.getByRole('heading', { name: 'Terms of Service', level: 1 }).waitFor();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await page.evaluate(() => window.scrollTo(0, 200));
    await page.goBack();
    await page.getByRole('heading', { name: 'Privacy Policy', level: 1 }).waitFor();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(left);
    await page.goForward();
    await page.getByRole('heading', { name: 'Terms of Service', level: 1 }).waitFor();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(200);
    expect(page.errors).toEqual([]);
  });

  it("a link leaves the current page and its address in place, with the progress bar, until the next page's code is here", async () => {
    const page = await browser.page({ serviceWorkers: 'block' });
    await page.goto('/');
    await page.getByText('Your Complete Service Platform').first().waitFor();
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/legal-pages-[^/]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
    await page.getByRole('progressbar', { name: 'Loading page' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await page.getByText('Your Complete Service Platform').first().isVisible()).toBe(true);
    release();
    await page.getByRole('heading', { name: 'Privacy Policy', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/privacy');
    await expect.poll(() => page.getByRole('progressbar', { name: 'Loading page' }).count()).toBe(0);
    expect(page.errors).toEqual([]);
  });

  it("a page whose code cannot load says so and keeps the header; the next page loads", async () => {
    const page = await browser.page({ serviceWorkers: 'block' });
    await page.goto('/');
    await page.getByText('Your Complete Service Platform').first().waitFor();
    await page.route(/\/assets\/legal-pages-[^/]+\.js$/, (route) => route.abort());
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
    await page.getByRole('heading', { name: 'Something went wrong' }).waitFor();
    expect(await page.getByRole('banner').isVisible()).toBe(true);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Contact Us' }).click();
    await page.waitForURL((url) => url.pathname === '/contact');
    await expect.poll(() => page.getByRole('heading', { name: 'Something went wrong' }).count()).toBe(0);
    // The router keeps a failed load as that route's answer for this document; once the code can load again, the
    // card's Reload shows the page.
    await page.unroute(/\/assets\/legal-pages-[^/]+\.js$/);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
    await page.getByRole('heading', { name: 'Something went wrong' }).waitFor();
    await page.getByRole('button', { name: 'Reload' }).click();
    await page.getByRole('heading', { name: 'Privacy Policy', level: 1 }).waitFor();
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
  it('the built app satisfies the CSP on every route (also /admin signed in as admin), and the browser accepts its Permissions-Policy', async () => {
    const page = await browser.page();
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy|Permissions-Policy/i.test(message.text())) violations.push(`${page.url()}: ${message.text()}`);
    });
    const response = await page.goto('/');
    const headers = response?.headers() ?? {};
    expect(headers['content-security-policy']).toContain("script-src 'self'");
    expect(headers['x-content-type-options']).toBe('nosniff');
    for (const route of ['/', '/login', '/onboarding', '/register/hotel', '/track', '/track/x', '/bookings', '/chat-demo', '/driver']) {
      await page.goto(route, { waitUntil: 'networkidle' });
    }
    const { email, password } = adminCredentials();
    await signIn(page, email, password);
    await page.waitForURL((url) => url.pathname === '/admin');
    await page.getByRole('heading', { name: 'Admin Dashboard', exact: true }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(violations).toEqual([]);
    expect(page.errors).toEqual([]);
  });

  it('the session cookie is HttpOnly and SameSite=Lax', async () => {
    const page = await browser.page();
    const user = await createUser();
    await signIn(page, user.email, user.password);
    await page.waitForURL((url) => url.pathname === '/');
    const cookies = await page.context().cookies();
    const session = cookies.find((c) => c.httpOnly);
    expect(session).toBeTruthy();
    expect(session?.sameSite).toBe('Lax');
    expect(await page.evaluate(() => document.cookie)).toBe('');
  });

  it('header: Driver and Chat demo open in a new tab; the country picker lists ~250 countries', async () => {
    const page = await browser.page();
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const [name, href] of [
      ['Driver', '/driver'],
      ['Chat demo', '/chat-demo'],
    ] as const) {
      const link = nav.getByRole('link', { name: new RegExp(`^${name}`) });
      expect(await link.getAttribute('href')).toBe(href);
      expect(await link.getAttribute('target')).toBe('_blank');
    }
    await page.getByRole('button', { name: /country/i }).first().click();
    await page.getByRole('option').first().waitFor();
    const count = await page.getByRole('option').count();
    expect(count).toBeGreaterThanOrEqual(240);
    expect(count).toBeLessThanOrEqual(260);
  });

  it('the footer Car Rental button scrolls to the car-rental section', async () => {
    const page = await browser.page();
    // Straight after the app is up: the sections above Car Rental are still loading and grow after the jump, and the
    // page keeps the section in place until they have settled.
    await page.goto('/');
    await appReady(page);
    await page.locator('footer').getByRole('button', { name: 'Car Rental' }).click();
    const inPlace = () => {
      const top = document.getElementById('car-rental')?.getBoundingClientRect().top ?? -1;
      return top >= 0 && top < 200;
    };
    await page.waitForFunction(inPlace);
    // Every section has loaded (none is a placeholder any more) and Car Rental is still where the jump put it.
    await page.waitForFunction(() => document.querySelectorAll('section[aria-busy="true"]').length === 0);
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(inPlace)).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('car-rental');
  });

  it('compact layout: the hamburger menu works with the keyboard', async () => {
    const page = await browser.page({ width: 390, height: 844 });
    await page.goto('/');
    await appReady(page);
    expect(await page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(false);
    const trigger = page.getByRole('button', { name: 'Open menu' });
    await trigger.focus();
    await page.keyboard.press('Enter');
    const sheet = page.getByRole('dialog', { name: 'Menu' });
    await sheet.waitFor();
    // Focus starts at the top of the sheet, not in the middle of the services list.
    await page.waitForFunction(() => document.activeElement?.closest('[role="dialog"]') !== null);
    expect((await page.evaluate(() => document.activeElement?.textContent ?? '')).trim()).toBe('Sign In');
    await page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'hidden' });
    await page.waitForFunction(() => document.activeElement?.getAttribute('aria-label') === 'Open menu');
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  });
});
