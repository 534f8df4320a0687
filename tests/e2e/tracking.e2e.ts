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
    // The journey's step (one status model everywhere, issue 26), as the badge and as the stepper's current step.
    await page.getByRole('status').filter({ hasText: /^Status: In transit to the destination hub$/ }).waitFor();
    const steps = page.getByRole('list', { name: 'Order progress' }).getByRole('listitem');
    expect(await steps.allTextContents()).toEqual([
      'Shipment booked (done)',
      'Courier on the way to pickup (done)',
      'Courier at pickup (done)',
      'Collected (done)',
      'In transit to the destination hub (current step)',
      'At the destination hub (upcoming)',
      'Out for delivery (upcoming)',
      'Arriving (upcoming)',
      'Delivered (upcoming)',
    ]);
    expect(await steps.nth(4).getAttribute('aria-current')).toBe('step');
    expect(await page.getByText('En Route', { exact: true }).count()).toBe(0);
    expect(await page.getByRole('region', { name: 'Updates' }).getByRole('listitem').count()).toBeGreaterThan(0);
  });

  it('shows the map as a picture (tiles, route, markers) without Leaflet, and Leaflet takes it over in place when reached for', async () => {
    const page = await browser.page({ width: 390, height: 844, serviceWorkers: 'block' });
    const tileRequests: string[] = [];
    await page.route('https://tile.openstreetmap.org/**', (route) => {
      tileRequests.push(route.request().url());
      return route.fulfill({
        contentType: 'image/svg+xml',
        headers: { 'cache-control': 'public, max-age=3600' },
        body: '<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256"><rect width="256" height="256" fill="#dde"/></svg>',
      });
    });
    let leafletAsked = 0;
    page.on('request', (request) => {
      if (/\/assets\/leaflet-map-[^/]+\.js$/.test(request.url())) leafletAsked += 1;
    });
    // Where each is drawn in the map's frame (the page may scroll in between).
    const placed = (els: Element[]) =>
      els
        .map((el) => {
          const frame = document.querySelector('[data-map-frame]')!.getBoundingClientRect();
          const box = el.getBoundingClientRect();
          const name = el instanceof HTMLImageElement ? el.src : (el.getAttribute('aria-label') ?? '');
          return `${name} ${Math.round(box.left - frame.left)},${Math.round(box.top - frame.top)} ${Math.round(box.width)}x${Math.round(box.height)}`;
        })
        .sort();

    await page.goto('/track/gl2468013579ca');
    // Not where the map is: nothing reaches for it.
    await page.mouse.move(0, 0);
    // The picture as fitted to the frame once measured (the server's is centred for a phone-width frame).
    const preview = page.locator('[data-map-preview="fitted"] img');
    await preview.first().waitFor();
    await expect.poll(() => preview.evaluateAll((imgs) => imgs.every((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0))).toBe(true);
    const pictured = await preview.evaluateAll(placed);
    expect(pictured.length).toBeGreaterThan(0);
    // The route's markers are drawn on it, with their names.
    await page.getByRole('region', { name: 'Map of the route and the current position' }).getByRole('img', { name: 'Destination' }).waitFor();
    const markers = await page.locator('[data-map-marker] svg').evaluateAll(placed);
    expect(markers.length).toBeGreaterThan(0);
    // Looked at only: Leaflet's code is never asked for.
    await page.waitForLoadState('networkidle');
    expect(leafletAsked).toBe(0);
    expect(await page.locator('.leaflet-container').count()).toBe(0);

    // The phone turned: the picture is fitted to the wider frame, still without Leaflet.
    await page.setViewportSize({ width: 844, height: 390 });
    const covers = () =>
      page.locator('[data-map-frame]').evaluate((frame) => {
        const box = frame.getBoundingClientRect();
        const tiles = [...frame.querySelectorAll('[data-map-preview] img')].map((img) => img.getBoundingClientRect());
        return tiles.length > 0 && Math.min(...tiles.map((t) => t.left)) <= box.left && Math.max(...tiles.map((t) => t.right)) >= box.right;
      });
    await expect.poll(covers).toBe(true);
    await expect.poll(() => preview.evaluateAll((imgs) => imgs.every((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0))).toBe(true);
    const turned = await preview.evaluateAll(placed);
    const turnedMarkers = await page.locator('[data-map-marker] svg').evaluateAll(placed);
    expect(turned).not.toEqual(pictured);
    expect(leafletAsked).toBe(0);

    // A pointer over the map brings Leaflet, which shows the very tiles and markers in the same places.
    await page.locator('[data-map-frame]').hover();
    await page.locator('.leaflet-marker-icon[title="Destination"]').waitFor();
    await page.locator('[data-map-preview]').waitFor({ state: 'detached' });
    expect(await page.locator('img.leaflet-tile').evaluateAll(placed)).toEqual(turned);
    expect(await page.locator('.leaflet-marker-icon svg').evaluateAll(placed)).toEqual(turnedMarkers);
    // Leaflet took them from the browser's cache: each tile was downloaded once.
    expect(tileRequests.length).toBe(new Set(tileRequests).size);
    expect(page.errors).toEqual([]);
  });

  it('brings Leaflet to a keyboard user who tabs to the map, and hands it the focus', async () => {
    const page = await browser.page({ width: 390, height: 844, serviceWorkers: 'block' });
    await page.route('https://tile.openstreetmap.org/**', (route) => route.fulfill({ contentType: 'image/svg+xml', body: '<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256"/>' }));
    await page.goto('/track/gl2468013579ca');
    await page.mouse.move(0, 0);
    await page.locator('[inert]').waitFor({ state: 'detached' });
    const map = page.getByRole('region', { name: 'Map of the route and the current position' });
    // Tab to the map from the button before it.
    await page.getByRole('button', { name: 'Centre on me' }).focus();
    await page.keyboard.press('Tab');
    expect(await map.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.locator('.leaflet-container').waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.classList.contains('leaflet-container'))).toBe(true);
    // Leaflet's container is now the one map region, and the keys pan it.
    expect(await page.getByRole('region', { name: 'Map of the route and the current position' }).count()).toBe(1);
    const before = await page.locator('.leaflet-map-pane').getAttribute('style');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => page.locator('.leaflet-map-pane').getAttribute('style')).not.toBe(before);
    expect(page.errors).toEqual([]);
  });

  it('without reachable tiles shows the route on a plain ground, having asked for each tile once', async () => {
    const page = await browser.page({ width: 390, height: 844, serviceWorkers: 'block' });
    const tileRequests: string[] = [];
    await page.route('https://tile.openstreetmap.org/**', (route) => {
      tileRequests.push(route.request().url());
      return route.abort('internetdisconnected');
    });
    await page.goto('/track/gl2468013579ca');
    await page.mouse.move(0, 0);
    await page.getByRole('status').filter({ hasText: 'Map tiles unavailable — showing the route only' }).waitFor();
    await page.getByRole('region', { name: 'Map of the route and the current position' }).getByRole('img', { name: 'Destination' }).waitFor();
    expect(await page.locator('[data-map-preview] img:not([hidden])').count()).toBe(0);
    expect(tileRequests.length).toBeGreaterThan(0);
    // Reaching for the map then brings Leaflet without tiles: it does not ask for the failing ones again.
    await page.locator('[data-map-frame]').hover();
    await page.locator('.leaflet-marker-icon[title="Destination"]').waitFor();
    expect(await page.locator('img.leaflet-tile').count()).toBe(0);
    expect(tileRequests.length).toBe(new Set(tileRequests).size);
    expect(page.errors).toEqual([]);
  });

  it('comes from the server already showing the record and the map’s first picture, before any script has run', async () => {
    const page = await browser.page({ width: 390, height: 844, javaScriptEnabled: false, serviceWorkers: 'block' });
    const tiles: string[] = [];
    await page.route('https://tile.openstreetmap.org/**', (route) => {
      tiles.push(new URL(route.request().url()).pathname);
      return route.fulfill({ contentType: 'image/svg+xml', body: '<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256"/>' });
    });
    const response = await page.goto('/track/gl2468013579ca');
    expect(response?.headers()['cache-control']).toBe('no-store');
    await page.getByText('FedEx Express Saver').waitFor();
    await page.getByText('In transit to the destination hub', { exact: true }).first().waitFor();
    // Times the server cannot know the visitor's zone for are shown in UTC, and say so.
    expect(await page.getByRole('region', { name: 'Updates' }).locator('time').first().innerText()).toMatch(/ UTC$/);
    const frame = await page.locator('[data-map-preview="reference"]').boundingBox();
    const pictured = await page.locator('[data-map-preview] img').evaluateAll((imgs) => imgs.map((img) => img.getBoundingClientRect()));
    expect(pictured.length).toBeGreaterThan(0);
    // The tiles are the map's, at one zoom, and cover the middle of the frame.
    expect(new Set(tiles.map((t) => t.split('/')[1])).size).toBe(1);
    const middle = { x: frame!.x + frame!.width / 2, y: frame!.y + frame!.height / 2 };
    expect(pictured.some((r) => r.left <= middle.x && r.right >= middle.x && r.top <= middle.y && r.bottom >= middle.y)).toBe(true);
  });

  it('takes the server’s page over in the browser: local times, no second request for the record, no errors', async () => {
    const page = await browser.page({ width: 390, height: 844, timezoneId: 'Asia/Tokyo', serviceWorkers: 'block' });
    const asked: string[] = [];
    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      // Tiles of the real tile server cannot load on an offline machine; anything else is a defect (a hydration error).
      if (message.type() === 'error' && !message.location().url.startsWith('https://tile.openstreetmap.org/')) consoleErrors.push(message.text());
    });
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (path.startsWith('/api/tracking/') || path === '/api/config') asked.push(path);
    });
    await page.goto('/track/gl2468013579ca');
    // Hydrated: the page is live (no longer inert) and its times are in the browser's zone.
    await page.locator('[inert]').waitFor({ state: 'detached' });
    const time = page.getByRole('region', { name: 'Updates' }).locator('time').first();
    await expect.poll(() => time.innerText()).not.toMatch(/UTC$/);
    const iso = await time.getAttribute('datetime');
    const tokyo = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Tokyo' })
      .format(new Date(iso!))
      .replace(/\u202f/g, ' ');
    expect(await time.innerText()).toBe(tokyo);
    await page.getByLabel('Tracking ID').fill('GL1234567890CA');
    await page.getByRole('button', { name: 'Track' }).click();
    await page.getByText('Canada Post Regular Parcel').waitFor();
    // Only the record navigated to afterwards was asked for; the first came with the page.
    expect(asked).toEqual(['/api/tracking/GL1234567890CA']);
    expect(consoleErrors).toEqual([]);
    expect(page.errors).toEqual([]);
  });

  it('shows Tracking Not Found for an unknown ID, asking the server once', async () => {
    const page = await browser.page();
    const asked: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/tracking/')) asked.push(request.url());
    });
    await page.goto('/track/NOPE-123');
    await page.getByRole('heading', { name: 'Tracking Not Found' }).waitFor();
    await page.getByText('No order matches "NOPE-123".').waitFor();
    expect(asked).toHaveLength(1);
  });
});
