import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { parseNextLink } from '../../domain/catalogue/paging';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];

/** This worker's server (global-setup.ts): VITEST_POOL_ID is the worker's number, 1 to maxWorkers. */
function myServer() {
  const servers = inject('servers');
  const worker = Number(process.env.VITEST_POOL_ID ?? '1');
  return servers[(Math.max(1, worker) - 1) % servers.length];
}
export const baseURL = () => myServer().baseURL;
export const adminCredentials = () => ({ email: inject('adminEmail'), password: inject('adminPassword') });
export const demoDriverCredentials = () => ({ email: myServer().driverEmail, password: myServer().driverPassword });
/** The demo provider: owner of every seeded listing (the one customers chat with). */
export const demoProviderCredentials = () => ({ email: myServer().providerEmail, password: myServer().providerPassword });

/**
 * One Chromium per spec file; `page()` opens a fresh context (own cookies and storage) for each test.
 * Uncaught page errors fail the test that caused them.
 */
export function useBrowser() {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      headless: true,
      args: CHROMIUM_ARGS,
    });
  });
  afterAll(async () => {
    await Promise.all(contexts.map((c) => c.close().catch(() => undefined)));
    await browser?.close();
  });
  return {
    async page(
      opts: {
        width?: number;
        height?: number;
        geolocation?: { latitude: number; longitude: number };
        userAgent?: string;
        baseURL?: string;
        /** 'block' keeps the service worker out, so page.route sees every request. */
        serviceWorkers?: 'allow' | 'block';
        /** false: the page as it arrives from the server, no script run. */
        javaScriptEnabled?: boolean;
        /** The browser's time zone, e.g. 'Asia/Tokyo'. */
        timezoneId?: string;
      } = {},
    ): Promise<Page & { errors: string[] }> {
      const context = await browser.newContext({
        baseURL: opts.baseURL ?? baseURL(),
        ...(opts.userAgent ? { userAgent: opts.userAgent } : {}),
        ...(opts.serviceWorkers ? { serviceWorkers: opts.serviceWorkers } : {}),
        ...(opts.javaScriptEnabled === false ? { javaScriptEnabled: false } : {}),
        ...(opts.timezoneId ? { timezoneId: opts.timezoneId } : {}),
        viewport: { width: opts.width ?? 1280, height: opts.height ?? 900 },
        ...(opts.geolocation ? { geolocation: { ...opts.geolocation, accuracy: 10 }, permissions: ['geolocation'] } : {}),
      });
      contexts.push(context);
      const page = (await context.newPage()) as Page & { errors: string[] };
      page.errors = [];
      page.on('pageerror', (err) => page.errors.push(String(err)));
      return page;
    },
  };
}

/** Registers a fresh user through the API and returns its credentials. */
export async function createUser(prefix = 'e2e') {
  const tag = randomBytes(4).toString('hex');
  const user = { username: `${prefix}${tag}`, email: `${prefix}${tag}@example.com`, password: `pw-${tag}-secret` };
  const res = await fetch(`${baseURL()}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(user),
  });
  if (res.status !== 201) throw new Error(`createUser: ${res.status} ${await res.text()}`);
  return user;
}

/** Signs in through the login page, as a person would. */
export async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel(/e-?mail/i).first().fill(email);
  await page.getByLabel(/^password/i).first().fill(password);
  await page.getByRole('button', { name: /^sign in$/i }).click();
}

/** Fills text inputs and native selects by their field name (react-hook-form sets the name attribute). */
export async function fillByName(page: Page, values: Record<string, unknown>) {
  for (const [name, value] of Object.entries(values)) {
    if (typeof value !== 'string' && typeof value !== 'number') continue;
    const control = page.locator(`form [name="${name}"]`);
    if ((await control.count()) === 0) continue;
    const tag = await control.evaluate((el) => el.tagName.toLowerCase());
    if (tag === 'select') await control.selectOption(String(value));
    else await control.fill(String(value));
  }
}

/**
 * Waits until the app has taken over the page's prerendered HTML (replaced or hydrated it: ADRs 021, 023), which
 * paints at once but is inert: for tests that act or start the page clock right after a load.
 */
export async function appReady(page: Page) {
  await page.locator('#root > [data-prerendered]').waitFor({ state: 'detached' });
}

/** Signs in through the API and returns the session cookie ('sid=...') for `api`. */
export async function apiSession(email: string, password: string): Promise<string> {
  const res = await fetch(`${baseURL()}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
  if (res.status !== 200) throw new Error(`apiSession: ${res.status} ${await res.text()}`);
  return (res.headers.get('set-cookie') ?? '').split(';')[0];
}

/** One API call with a session cookie from `apiSession`: its status and parsed JSON body (null when empty). */
export async function api<T>(cookie: string, method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
  const res = await fetch(`${baseURL()}${path}`, {
    method,
    headers: { cookie, accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
}

/** "YYYY-MM-DD" of the local day `offset` days from now (the test's time zone is the browser's). */
export function localDay(offset: number): string {
  const d = new Date();
  d.setDate(d.getDate() + offset);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/**
 * Every row of a paged list (issue 29): follows its `Link: rel="next"` from `path` to the last page, with the session
 * cookie when given. The rows in the list's order.
 */
export async function allPages<T>(path: string, cookie?: string): Promise<T[]> {
  const rows: T[] = [];
  for (let next: string | null = path, pages = 0; next; pages++) {
    expect(pages, `${path} never ends`).toBeLessThan(500);
    const res = await fetch(new URL(next, baseURL()), { headers: cookie ? { cookie } : {} });
    expect(res.status, `${next}: ${res.status}`).toBe(200);
    rows.push(...((await res.json()) as T[]));
    next = parseNextLink(res.headers.get('link') ?? undefined);
  }
  return rows;
}

/**
 * Opening hours a registration can give so its restaurant takes orders whatever the time of the run (a restaurant
 * closed now refuses orders: 'Closed now, opens at 11:00'). The form reads them as every day 00:00-24:00.
 */
export const OPEN_ALL_DAY = 'Open 24 hours';

/** Waits for a toast (or any text) with exactly this title. */
export async function toast(page: Page, title: string) {
  await page.getByText(title, { exact: true }).first().waitFor();
}

/** Waits until the service worker controls the page (first load: it claims the page once installed). */
export async function waitForController(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
}

let adminCookie: string | undefined;
/**
 * The token of the newest registration confirmation mail to `email` (issue 27: a registration form mails only that
 * link until the address is confirmed), read as the admin reads mail in the Mail tab (the e2e server keeps its mail in
 * the built-in mailbox).
 */
export async function registrationConfirmToken(email: string): Promise<string> {
  adminCookie ??= await apiSession(adminCredentials().email, adminCredentials().password);
  for (let attempt = 0; attempt < 20; attempt++) {
    const list = await api<Array<{ id: number; to: string; template: string }>>(adminCookie, 'GET', `/api/admin/mail?to=${encodeURIComponent(email)}`);
    const mail = list.body.find((m) => m.template === 'registration-confirm' && m.to === email.toLowerCase());
    if (mail) {
      const detail = await api<{ text: string }>(adminCookie, 'GET', `/api/admin/mail/${mail.id}`);
      const token = /\/register\/confirm\?token=([\w-]+)/.exec(detail.body.text)?.[1];
      if (token) return token;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no registration confirmation mail to ${email}`);
}

/** The applicant confirms the e-mail address of the registration just submitted with it, as the mailed link's page does. */
export async function confirmRegistrationOf(email: string): Promise<void> {
  const token = await registrationConfirmToken(email);
  const res = await fetch(`${baseURL()}/api/registrations/confirm`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token }) });
  if (res.status !== 200) throw new Error(`confirmRegistrationOf: ${res.status} ${await res.text()}`);
}

/** The admin (signed in on `admin`) approves a registration in the review queue, confirming in the dialog first. */
export async function approveRegistration(admin: Page, name: string) {
  if (new URL(admin.url()).pathname !== '/admin') await admin.goto('/admin');
  await admin.getByRole('tab', { name: 'Review queue' }).click();
  await admin.getByRole('button', { name: `Approve ${name}` }).click();
  // Approval publishes at once, so it is confirmed first (issue 26).
  const confirm = admin.getByRole('alertdialog', { name: `Approve ${name}?` });
  await confirm.getByRole('button', { name: 'Approve and publish' }).click();
  await admin.getByText('Registration approved', { exact: true }).waitFor();
}

/**
 * The tracking page's status, as a screen reader hears it (a polite live region): it must read `label` within a few
 * seconds, pushed over the socket (the page only polls, every 5 s, while its socket is down).
 */
export async function statusReads(page: Page, label: string, timeout = 4000) {
  await page.getByRole('status').filter({ hasText: new RegExp(`^Status: ${label}$`) }).first().waitFor({ timeout });
}

/** The step the tracking page's stepper marks as current (aria-current="step"). */
export async function currentStep(page: Page): Promise<string> {
  const step = page.getByRole('list', { name: 'Order progress' }).locator('[aria-current="step"]');
  return ((await step.textContent()) ?? '').replace(/\s*\(current step\)$/, '');
}

/** Downtown Toronto, where the demo driver works. */
export const DRIVER_START = { latitude: 43.6487, longitude: -79.3962 };

/** The demo driver on /driver at 390 px, online, with the browser's location set by Playwright (`at`). */
export async function onlineDriverPage(browser: ReturnType<typeof useBrowser>, at: { latitude: number; longitude: number } = DRIVER_START) {
  const page = await browser.page({ width: 390, height: 844, geolocation: at });
  const { email, password } = demoDriverCredentials();
  await signIn(page, email, password);
  await page.waitForURL((url) => url.pathname !== '/login');
  await page.goto('/driver');
  const toggle = page.getByRole('switch', { name: 'Available for orders' });
  await toggle.waitFor();
  if ((await toggle.getAttribute('aria-checked')) !== 'true') {
    await toggle.click();
    await toast(page, 'Going Online');
  }
  expect(await toggle.getAttribute('aria-checked')).toBe('true');
  return page;
}

/** The driver goes offline (so the demo driver is not offered other specs' orders). */
export async function driverGoesOffline(driver: Page) {
  const toggle = driver.getByRole('switch', { name: 'Available for orders' });
  if ((await toggle.getAttribute('aria-checked')) === 'true') await toggle.click();
}

/** The driver accepts the offer whose text mentions `marker` (e.g. the customer's unique address). */
export async function acceptOffer(driver: Page, marker: string) {
  const offer = driver.getByRole('listitem').filter({ hasText: marker });
  await offer.getByRole('button', { name: 'Accept' }).click({ timeout: 20_000 });
  await toast(driver, 'Order Accepted');
}

/**
 * A paid food order for the customer, through the API as the checkout would make it: the total is the server's (its
 * 409 names it), paid with the sandbox card. Returns the booking, with its tracking id and number once its delivery's
 * tracking record exists (it is made after the payment commits).
 */
export async function paidFoodOrder(cookie: string): Promise<{ id: number; trackingId: string; trackingNumber: string; dish: string }> {
  const restaurants = (await (await fetch(`${baseURL()}/api/restaurants`)).json()) as Array<{ id: number; name: string; address?: string }>;
  const restaurant = restaurants.find((r) => /Toronto/.test(r.address ?? '')) ?? restaurants[0];
  const menu = (await (await fetch(`${baseURL()}/api/restaurants/${restaurant.id}/menu`)).json()) as Array<{ id: number; name: string; price: number }>;
  const dish = menu[0];
  const items = [
    {
      serviceType: 'food-delivery',
      serviceId: dish.id,
      quantity: 1,
      price: dish.price,
      details: { restaurantId: restaurant.id, destination: { lat: 43.6487, lng: -79.3854, address: '100 King St W, Toronto' } },
    },
  ];
  let created = await api<{ id: number; totalAmount: number; message?: string }>(cookie, 'POST', '/api/bookings', { items, totalAmount: dish.price });
  if (created.status === 409) {
    const total = (created.body as unknown as { totalAmount?: number }).totalAmount;
    expect(typeof total, JSON.stringify(created.body)).toBe('number');
    created = await api(cookie, 'POST', '/api/bookings', { items, totalAmount: total });
  }
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const method = await api<{ id: string }>(cookie, 'POST', '/api/payments/methods', { number: '4242424242424242', expMonth: 12, expYear: new Date().getUTCFullYear() + 3, cvc: '123' });
  expect(method.status).toBe(201);
  const paid = await api(cookie, 'POST', '/api/process-payment', {
    bookingId: created.body.id,
    amount: Math.round(created.body.totalAmount * 100),
    currency: 'usd',
    paymentMethodId: method.body.id,
  });
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  // The tracking record is made after the confirmation commits (an event): wait for it.
  for (let i = 0; i < 50; i++) {
    const list = await api<Array<{ id: number; trackingId?: string | null }>>(cookie, 'GET', '/api/bookings');
    const mine = list.body.find((b) => b.id === created.body.id);
    if (mine?.trackingId) {
      const record = await api<{ trackingNumber: string }>(cookie, 'GET', `/api/tracking/${encodeURIComponent(mine.trackingId)}`);
      expect(record.status).toBe(200);
      return { id: created.body.id, trackingId: mine.trackingId, trackingNumber: record.body.trackingNumber, dish: dish.name };
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('no tracking record for the paid order');
}

/**
 * Types an address into an address search box key by key, as a person does, until `shown` (a suggestion or the
 * search's message) appears. On a busy machine the box may still be loading, or the form around it may still be
 * settling, while the first keys arrive and the search never starts; like a person who sees no suggestions, it types
 * the address again (three tries at most; the caller's next wait then fails as before).
 */
export async function typeAddress(box: Locator, text: string, shown: Locator): Promise<void> {
  // The checkout's form loads on first use: on a busy machine it can take longer than one action's 30 s.
  await box.waitFor({ timeout: 60_000 });
  for (let attempt = 1; attempt <= 3; attempt += 1) {
    await box.fill('');
    await box.click();
    await box.pressSequentially(text, { delay: 15 });
    const appeared = await shown.waitFor({ timeout: 10_000 }).then(
      () => true,
      () => false,
    );
    if (appeared) return;
  }
}
