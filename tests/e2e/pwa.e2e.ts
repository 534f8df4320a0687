import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { appReady, baseURL, createUser, signIn, useBrowser } from './fixtures';
import { startServer } from './server-process';
import { freePort } from '../../server/testing/server-process';

const browser = useBrowser();

/** A fixed page time for the tests that drive the clock. */
const T0 = Date.UTC(2026, 0, 15, 9, 0, 0);

const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

/** Waits until the service worker controls the page (first load: it claims the page once installed). */
async function waitForController(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
}

/** Waits until the worker's caches hold `url` (a catalogue list seen before the worker existed, for instance). */
async function waitForCached(page: Page, url: string) {
  await page.waitForFunction(async (u) => Boolean(await caches.match(u)), url, { timeout: 30_000 });
}

function restaurantList(page: Page) {
  return page.getByRole('list', { name: 'Restaurants' });
}

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Uint8Array): { width: number; height: number } {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  expect([...bytes.slice(1, 4)].map((c) => String.fromCharCode(c)).join('')).toBe('PNG');
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

describe('installable app', () => {
  it('serves a valid manifest with generated icons, /sw.js and index.html without caching, and the worker controls the first load', async () => {
    const manifestRes = await fetch(`${baseURL()}/manifest.webmanifest`);
    expect(manifestRes.status).toBe(200);
    const manifest = (await manifestRes.json()) as Record<string, unknown> & { icons: Array<{ src: string; sizes: string; type: string; purpose?: string }> };
    expect(manifest).toMatchObject({ name: expect.stringContaining('Go Live'), short_name: 'Go Live', start_url: '/', display: 'standalone' });
    expect(typeof manifest.description).toBe('string');
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
    expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);
    const wanted = [
      { sizes: '192x192', purpose: 'any' },
      { sizes: '512x512', purpose: 'any' },
      { sizes: '512x512', purpose: 'maskable' },
    ];
    for (const want of wanted) {
      const icon = manifest.icons.find((i) => i.sizes === want.sizes && (i.purpose ?? 'any').split(' ').includes(want.purpose));
      expect(icon, `${want.sizes} ${want.purpose}`).toBeDefined();
      const res = await fetch(new URL(icon!.src, baseURL()));
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('image/png');
      const [w, h] = want.sizes.split('x').map(Number);
      expect(pngSize(new Uint8Array(await res.arrayBuffer()))).toEqual({ width: w, height: h });
    }

    const sw = await fetch(`${baseURL()}/sw.js`);
    expect(sw.status).toBe(200);
    expect(sw.headers.get('content-type')).toMatch(/javascript/);
    expect(sw.headers.get('cache-control')).toBe('no-cache');
    const index = await fetch(`${baseURL()}/`);
    expect(index.headers.get('cache-control')).toBe('no-cache');
    expect(await index.text()).toContain('rel="manifest" href="/manifest.webmanifest"');

    const page = await browser.page();
    await page.goto('/');
    await waitForController(page);
    const scriptURL = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL);
    expect(scriptURL).toBe(`${baseURL()}/sw.js`);
    // The app shell is precached (Workbox keys entries with a revision parameter).
    const shellCache = await page.evaluate(async () => {
      for (const name of await caches.keys()) {
        const keys = await (await caches.open(name)).keys();
        if (keys.some((r) => new URL(r.url).pathname === '/index.html')) return name;
      }
      return null;
    });
    expect(shellCache).toMatch(/precache/);
    expect(page.errors).toEqual([]);
  });

  it('reloads offline with the shell, the restaurants seen before, the cart and the offline badge', async () => {
    const page = await browser.page();
    await page.goto('/');
    const list = restaurantList(page);
    await list.getByRole('heading', { level: 3 }).first().waitFor();
    // Something in the cart (kept on the device) before going offline: the card's Add to Cart opens the menu.
    await list.locator('article').first().getByRole('button', { name: /^Add to Cart: choose from the menu of / }).click();
    const menu = page.getByRole('dialog', { name: / menu$/ });
    await menu.getByRole('listitem').first().getByRole('button', { name: /^Add to Cart/ }).click();
    await menu.getByRole('listitem').first().getByRole('button', { name: /^Added!/ }).waitFor();
    await menu.getByRole('button', { name: 'Close', exact: true }).first().click();
    await page.getByRole('button', { name: 'Cart, 1 item' }).waitFor();
    await waitForController(page);
    // The list was fetched before the worker existed; the page handed it over once the worker took control.
    const listUrl = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name).find((u) => new URL(u).pathname === '/api/search' && new URL(u).searchParams.get('kind') === 'restaurant'));
    expect(listUrl, 'the food section asked the search for restaurants').toBeDefined();
    await waitForCached(page, listUrl!);
    // The restaurants the search answered (read now: the first paint may still have shown the prerendered list).
    const names = await list.getByRole('heading', { level: 3 }).allInnerTexts();
    expect(names.length).toBeGreaterThan(0);

    await page.context().setOffline(true);
    await page.reload();
    await page.getByText('Your Complete Service Platform').first().waitFor();
    for (const name of names.slice(0, 3)) await list.getByRole('heading', { name, exact: true }).waitFor();
    await page.getByTestId('connectivity-badge').getByText('You are offline.').waitFor();
    await page.getByRole('button', { name: 'Cart, 1 item' }).waitFor();
    // Really offline: a catalogue read never seen before fails instead of reaching the server.
    const unseen = await page.evaluate(async () => {
      try {
        await fetch('/api/hotels?location=never-seen-before-offline');
        return 'answered';
      } catch {
        return 'failed';
      }
    });
    expect(unseen).toBe('failed');
    expect(page.errors).toEqual([]);
  });

  it('offline, a menu never loaded and Sign In say so and keep what was entered', async () => {
    const page = await browser.page();
    await page.goto('/');
    const list = restaurantList(page);
    await list.getByRole('heading', { level: 3 }).first().waitFor();
    await waitForController(page);

    await page.context().setOffline(true);
    // The card's Add to Cart opens the menu; a menu never loaded says the visitor is offline, and nothing is added.
    await list.locator('article').first().getByRole('button', { name: /^Add to Cart: choose from the menu of / }).click();
    const menu = page.getByRole('dialog', { name: / menu$/ });
    await menu.getByRole('alert').getByText(/You are offline\. This needs a connection to Go Live/).waitFor();
    await menu.getByRole('button', { name: 'Close', exact: true }).first().click();
    await page.getByRole('button', { name: 'Cart, empty' }).waitFor();
    const toast = page.getByRole('region', { name: /notifications/i });

    // A client route opened offline comes from the worker; the form keeps its input and says why nothing was sent.
    await page.goto('/login');
    await page.getByLabel(/e-?mail/i).first().fill('offline@example.com');
    await page.getByLabel(/^password/i).first().fill('typed-while-offline');
    await page.getByRole('button', { name: /^sign in$/i }).click();
    await page.getByRole('alert').filter({ hasText: 'You are offline.' }).first().waitFor();
    await toast.getByText(/Signing in needs a connection/).waitFor();
    expect(await page.getByLabel(/e-?mail/i).first().inputValue()).toBe('offline@example.com');
    expect(await page.getByLabel(/^password/i).first().inputValue()).toBe('typed-while-offline');
    expect(page.errors).toEqual([]);
  });

  it('My bookings shows its last view after an offline reload', async () => {
    const user = await createUser('pwabook');
    const page = await browser.page();
    await signIn(page, user.email, user.password);
    await page.waitForURL((url) => url.pathname === '/');
    await waitForController(page);
    await page.goto('/bookings');
    await page.getByText('You have no bookings yet.').waitFor();

    await page.context().setOffline(true);
    await page.reload();
    await page.getByRole('heading', { name: 'My bookings' }).waitFor();
    await page.getByText(`You are offline. These are the bookings of ${user.username}`).waitFor();
    await page.getByText('You had no bookings then.').waitFor();
    // The worker itself never stored the signed-in answer.
    expect(await page.evaluate(async () => Boolean(await caches.match('/api/bookings')))).toBe(false);
    expect(await page.evaluate(async () => Boolean(await caches.match('/api/auth/me')))).toBe(false);
  });
});

describe('badges and banners', () => {
  it('the online message hides 5 s after mount; the offline message stays until the connection is back', async () => {
    const page = await browser.page();
    // Page time stands still from before the load; only runFor moves it, so the 5 s are the app's, not the machine's.
    await page.clock.install({ time: T0 });
    await page.clock.pauseAt(T0 + 1000);
    await page.goto('/');
    await appReady(page);
    const badge = page.getByTestId('connectivity-badge');
    await badge.getByText('Online: Go Live is available worldwide').waitFor();
    await page.clock.runFor(4900);
    expect(await badge.getByText('Online:').isVisible()).toBe(true);
    await page.clock.runFor(200);
    await badge.getByText('Online:').waitFor({ state: 'detached' });

    await page.context().setOffline(true);
    await badge.getByText('You are offline.').waitFor();
    await page.clock.runFor(10 * 60_000);
    expect(await badge.getByText('You are offline.').isVisible()).toBe(true);

    await page.context().setOffline(false);
    await badge.getByText('Back online').waitFor();
    await page.clock.runFor(4900);
    expect(await badge.getByText('Back online').isVisible()).toBe(true);
    await page.clock.runFor(200);
    await badge.getByText('Back online').waitFor({ state: 'detached' });
  });

  it('at 390 px the connectivity messages cover no content or control, at the top or scrolled', async () => {
    const page = await browser.page({ width: 390, height: 844 });
    await page.goto('/');
    await restaurantList(page).getByRole('heading', { level: 3 }).first().waitFor();
    const overlaps = () =>
      page.evaluate(() => {
        const badge = document.querySelector('[data-testid="connectivity-badge"] p');
        if (!badge) return ['no badge shown'];
        const b = badge.getBoundingClientRect();
        const hits: string[] = [];
        for (const el of document.querySelectorAll('header *, main *, footer *, [role="dialog"] *')) {
          if (el.contains(badge) || badge.contains(el)) continue;
          const style = getComputedStyle(el);
          if (style.visibility === 'hidden' || style.display === 'none') continue;
          // What is painted: the box cut by every ancestor that clips its overflow (decorative blurs in the hero).
          const r = el.getBoundingClientRect();
          let [left, top, right, bottom] = [r.left, r.top, r.right, r.bottom];
          for (let a = el.parentElement; a; a = a.parentElement) {
            const o = getComputedStyle(a);
            if (o.overflowX === 'visible' && o.overflowY === 'visible') continue;
            const c = a.getBoundingClientRect();
            [left, top, right, bottom] = [Math.max(left, c.left), Math.max(top, c.top), Math.min(right, c.right), Math.min(bottom, c.bottom)];
          }
          if (right - left <= 0 || bottom - top <= 0) continue;
          if (left < b.right && right > b.left && top < b.bottom && bottom > b.top) hits.push(`${el.tagName}.${el.className} ${el.textContent?.slice(0, 40)}`);
        }
        return hits;
      });
    expect(await overlaps()).toEqual([]);
    await page.context().setOffline(true);
    await page.getByText('You are offline.').first().waitFor();
    expect(await overlaps()).toEqual([]);
    await page.mouse.wheel(0, 1500);
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r(null))));
    expect(await overlaps()).toEqual([]);
  });

  it('iOS Safari: the install banner comes 3 s after load, hides after 15 s, stays away 24 h after a dismissal; Install App shows the steps', async () => {
    const page = await browser.page({ width: 390, height: 844, userAgent: IPHONE_SAFARI });
    await page.clock.install({ time: T0 });
    await page.clock.pauseAt(T0 + 1000);
    await page.goto('/');
    await appReady(page);
    const banner = page.getByRole('complementary', { name: 'Install Go Live' });
    await page.clock.runFor(2900);
    expect(await banner.count()).toBe(0);
    await page.clock.runFor(200);
    await banner.getByText('tap Share, then Add to Home Screen, then Add').waitFor();
    await page.clock.runFor(14_800);
    expect(await banner.isVisible()).toBe(true);
    await page.clock.runFor(300);
    await banner.waitFor({ state: 'detached' });

    // Dismissed: not again on the next loads within 24 h...
    await page.reload();
    await appReady(page);
    await page.clock.runFor(3500);
    await banner.getByRole('button', { name: 'Dismiss install hint' }).click();
    await banner.waitFor({ state: 'detached' });
    await page.reload();
    await appReady(page);
    await page.clock.runFor(20_000);
    expect(await banner.count()).toBe(0);
    // ...and again once 24 h have passed.
    await page.clock.fastForward('25:00:00');
    await page.reload();
    await appReady(page);
    await page.clock.runFor(3500);
    await banner.waitFor();

    // The menu sheet runs its closing animation before the action; let page time flow again.
    await page.clock.resume();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('button', { name: 'Install App' }).click();
    const dialog = page.getByRole('dialog', { name: 'Install Go Live' });
    await dialog.getByText('tap Share').waitFor();
    await dialog.getByText('Add to Home Screen').waitFor();
    await dialog.getByText(/Tap Add/).waitFor();
  });

  it('other browsers: Install App uses the deferred prompt when offered, manual steps otherwise, and hides once installed', async () => {
    const page = await browser.page();
    await page.goto('/');
    const header = page.getByRole('banner');
    await header.getByRole('button', { name: 'Install App' }).click();
    const manual = page.getByRole('dialog', { name: 'Install Go Live' });
    await manual.getByText('Your browser did not offer an install prompt').waitFor();
    await manual.getByRole('button', { name: 'Got it' }).click();

    // A browser that offers its prompt: the click shows it, and an accepted install hides the action.
    await page.evaluate(() => {
      const event = new Event('beforeinstallprompt', { cancelable: true }) as Event & Record<string, unknown>;
      event.prompt = async () => {
        (window as unknown as { promptShown: boolean }).promptShown = true;
      };
      event.userChoice = Promise.resolve({ outcome: 'accepted', platform: 'web' });
      window.dispatchEvent(event);
    });
    await header.getByRole('button', { name: 'Install App' }).click();
    await page.getByText('Installing Go Live').first().waitFor();
    expect(await page.evaluate(() => (window as unknown as { promptShown?: boolean }).promptShown)).toBe(true);
    await header.getByRole('button', { name: 'Install App' }).waitFor({ state: 'detached' });
    expect(await page.getByRole('banner').getByRole('button', { name: 'Install App' }).count()).toBe(0);
  });
});

describe('updates', () => {
  const root = resolve(import.meta.dirname, '../..');
  const firstBuild = process.env.DIST_DIR ?? join(root, 'dist/client');
  const NEXT_VERSION = 'pwa-e2e-next';
  let work = '';
  let secondBuild = '';
  let dataDir = '';

  beforeAll(() => {
    work = mkdtempSync(join(tmpdir(), 'golive-pwa-'));
    secondBuild = join(work, 'dist-next');
    dataDir = join(work, 'data');
    // A second deployment of the same code under another version: its bundle, and so /sw.js, differ.
    const res = spawnSync('npx', ['vite', 'build', '--logLevel', 'error'], {
      cwd: root,
      // NODE_ENV is 'test' inside Vitest; a deployment is a production build (it registers the worker).
      env: { ...process.env, NODE_ENV: 'production', DIST_DIR: secondBuild, APP_VERSION: NEXT_VERSION },
      encoding: 'utf8',
    });
    if (res.status !== 0 || !existsSync(join(secondBuild, 'sw.js'))) throw new Error(`second build failed: ${res.stderr}`);
  });
  afterAll(() => {
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it('a new deployment is found on navigation and by the 30 s check: "A new version is available", and Reload runs it', async () => {
    const port = await freePort();
    let server = await startServer({ port, dataDir, distDir: firstBuild });
    try {
      const page = await browser.page({ baseURL: server.url });
      // Page time flows as usual, and the test can also jump it forward to reach the 30 s check.
      await page.clock.install();
      await page.goto('/');
      await waitForController(page);
      // Caches left by old versions of the app (spec 002 section 9), and one that is not theirs.
      await page.evaluate(async () => {
        for (const name of ['golive-static-v4', 'golive-api-v5', 'go-live-v6', 'golive-v7']) await (await caches.open(name)).put('/x', new Response('old'));
      });
      const footer = page.getByRole('contentinfo');
      const firstVersion = (await footer.getByText(/Version /).innerText()).trim();
      expect(firstVersion).not.toContain(NEXT_VERSION);

      // Deploy: the same origin now serves the second build.
      await server.stop();
      server = await startServer({ port, dataDir, distDir: secondBuild });

      // A navigation checks for a new worker (so does the 30 s interval).
      await footer.getByRole('link', { name: 'Privacy Policy' }).click();
      const toast = page.getByRole('region', { name: /notifications/i });
      await toast.getByText('A new version is available', { exact: true }).waitFor({ timeout: 30_000 });
      await toast.getByRole('button', { name: 'Reload' }).click();
      await footer.getByText(`Version ${NEXT_VERSION}`).waitFor({ timeout: 30_000 });
      expect(new URL(page.url()).pathname).toBe('/privacy');
      expect(await page.evaluate(() => navigator.serviceWorker.controller?.state)).toBe('activated');
      // The new worker's activation deleted the v4, v5 and v6 caches and left the rest.
      const names = await page.evaluate(() => caches.keys());
      expect(names).toContain('golive-v7');
      expect(names.filter((n) => /v[456]$/.test(n))).toEqual([]);

      // Another deployment (the first build again) while the visitor stays on the page: the 30 s check finds it.
      await server.stop();
      server = await startServer({ port, dataDir, distDir: firstBuild });
      const notice = toast.getByText('A new version is available', { exact: true });
      expect(await notice.count()).toBe(0);
      // No navigation from here on: only page time passing, in 30 s steps (a step may land while a check is
      // already under way on a busy machine), makes the page look for the new worker.
      for (let step = 0; step < 4 && (await notice.count()) === 0; step++) {
        await page.clock.fastForward(30_000);
        await notice.waitFor({ timeout: 10_000 }).catch(() => undefined);
      }
      await notice.waitFor();
      await toast.getByRole('button', { name: 'Reload' }).click();
      await footer.getByText(firstVersion).waitFor({ timeout: 30_000 });
      expect(new URL(page.url()).pathname).toBe('/privacy');
    } finally {
      await server.stop();
    }
    // Three server starts on one embedded database (the first migrates and seeds) and two worker updates.
  }, 420_000);
});
