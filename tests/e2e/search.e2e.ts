import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { connect, pgliteDir } from '../../server/db/connect';
import { seedCatalogue } from '../../server/db/seed';
import { menuItems, restaurants } from '../../server/db/schema';
import { appReady, useBrowser } from './fixtures';
import { startServer } from './server-process';
import { freePort } from '../../server/testing/server-process';

/**
 * Issue 29, the customer's search: the home page's search box and the results page (words with typos, a place and a
 * radius, facet filters with counts, sorts, 'Show more', the map and 'Search this area', a result opening its listing),
 * and a section's own search. The results page runs against a server of its own whose catalogue has, besides the
 * demo's, more pizzerias around Toronto than one page holds; the sections run against the shared demo catalogue.
 */
const browser = useBrowser();
const root = resolve(import.meta.dirname, '../..');
const TORONTO = { latitude: 43.6532, longitude: -79.3832 };
/** Pizzerias added around Toronto: more than two pages of 20. */
const PIZZERIAS = 45;

/**
 * A data directory with the demo catalogue and PIZZERIAS Italian restaurants spread over Toronto (a spiral out to
 * about 12 km from the centre, so a radius of 5 km keeps only some), each with a pizza on its menu. Deterministic;
 * written before the server starts (one process opens an embedded database at a time).
 */
async function seedPizzerias(dataDir: string): Promise<void> {
  const database = await connect({ databaseUrl: undefined, dataDir: pgliteDir(dataDir) });
  try {
    await database.migrate();
    await seedCatalogue(database.db);
    const rows = Array.from({ length: PIZZERIAS }, (_, i) => {
      const r = 0.11 * Math.sqrt((i + 1) / PIZZERIAS);
      const angle = i * 2.39996;
      return {
        name: `Forno Toronto ${i + 1}`,
        description: 'Wood-fired pizza and fresh pasta, baked to order.',
        cuisine: 'Italian',
        // Below the demo's pizzerias, so Via Roma Pizzeria stays on the first page of the best matches.
        rating: (3.5 + (i % 5) / 10).toFixed(1),
        reviewCount: 10 + i,
        deliveryFeeCents: 299,
        phone: '+1 416 555 0100',
        address: `${100 + i} College St, Toronto, ON`,
        lat: (TORONTO.latitude + r * Math.sin(angle)).toFixed(6),
        lng: (TORONTO.longitude + 1.35 * r * Math.cos(angle)).toFixed(6),
      };
    });
    const inserted = await database.db.insert(restaurants).values(rows).returning({ id: restaurants.id });
    await database.db.insert(menuItems).values(inserted.map(({ id }) => ({ restaurantId: id, name: 'Margherita Pizza', description: 'Tomato, mozzarella, basil.', priceCents: 1499 })));
  } finally {
    await database.close();
  }
}

/** Picks the first suggestion matching `option` in a location combobox. */
async function pickLocation(scope: Locator | Page, label: string, text: string, option: RegExp) {
  await scope.getByRole('combobox', { name: label }).fill(text);
  await scope.getByRole('option', { name: option }).first().click();
}

/** Waits until the results on screen answer the search in the URL (not the previous one's, kept while it loads). */
async function settled(page: Page) {
  await page.locator('ul[aria-label="Search results"][aria-busy="false"]').waitFor();
}

/** The count of all results, as announced ('46 results'), once the results answer the current search. */
async function resultCount(page: Page): Promise<number> {
  await settled(page);
  return Number((await page.getByRole('status').filter({ hasText: /^[\d,]+ results?$/ }).innerText()).replace(/\D/g, ''));
}

/** The result cards' headings, in order. */
async function resultNames(page: Page): Promise<string[]> {
  return page.getByRole('list', { name: 'Search results' }).getByRole('heading', { level: 2 }).allInnerTexts();
}

/** The distances the result cards show ('2.3 km away'), in order. */
async function resultDistances(page: Page): Promise<number[]> {
  const texts = await page.getByRole('list', { name: 'Search results' }).getByText(/^[\d,.]+ km away$/).allInnerTexts();
  return texts.map((t) => Number(t.replace(/[^\d.]/g, '')));
}

/**
 * Opens the popup of a result's marker, zooming into groups of markers until one is shown on its own; returns the
 * result's name (the marker's accessible name).
 */
async function pickMarker(map: Locator): Promise<string> {
  const marker = map.locator('.results-marker');
  const cluster = map.locator('.results-cluster');
  for (let zoomIns = 0; zoomIns < 10; zoomIns++) {
    await marker.or(cluster).first().waitFor();
    if ((await marker.count()) > 0) break;
    const before = await cluster.count();
    await cluster.first().click();
    // The group splits (or the map zooms) before the next look.
    await expect.poll(async () => (await marker.count()) > 0 || (await cluster.count()) !== before).toBe(true);
  }
  const name = (await marker.first().getAttribute('aria-label')) ?? '';
  expect(name).not.toBe('');
  await marker.first().click();
  return name;
}

describe('the results page', () => {
  let work = '';
  let server: { url: string; stop: () => Promise<void> } | undefined;

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'golive-search-'));
    const dataDir = join(work, 'data');
    await seedPizzerias(dataDir);
    server = await startServer({ port: await freePort(), dataDir, distDir: process.env.DIST_DIR ?? join(root, 'dist/client') });
  }, 300_000);

  afterAll(async () => {
    await server?.stop();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it("searches 'piza' near Toronto, filters Italian, sorts by distance, shows more, moves the map, searches the area and opens a result", async () => {
    const page = await browser.page({ baseURL: server!.url });
    await page.goto('/');
    await appReady(page);

    // The home page's one search box leads to the results page; the URL holds the search.
    await page.getByRole('search', { name: 'Search Go Live' }).getByRole('searchbox').fill('piza');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/search' && url.searchParams.get('q') === 'piza');
    const results = page.getByRole('list', { name: 'Search results' });
    await results.getByRole('heading', { name: 'Via Roma Pizzeria' }).waitFor();

    // Near Toronto: a place typed in the location search.
    await pickLocation(page.getByRole('search', { name: 'Search everything' }), 'Near', 'toronto', /Toronto/);
    await page.waitForURL((url) => url.searchParams.has('near') && url.searchParams.get('place') === 'Toronto');
    await page.getByText(/^Within 25 km of Toronto$/).waitFor();
    await settled(page);
    await results.getByRole('heading', { name: 'Via Roma Pizzeria' }).waitFor();

    // Italian, with its count beside it; the count of results announced says the same.
    const filters = page.getByRole('complementary', { name: 'Filters' });
    const italian = filters.getByRole('checkbox', { name: /^Italian/ });
    const italianCount = Number((await filters.locator('label').filter({ hasText: /^Italian/ }).locator('[aria-hidden="true"]').innerText()).replace(/,/g, ''));
    expect(italianCount).toBeGreaterThan(40);
    await italian.check();
    await page.waitForURL((url) => url.searchParams.get('cuisine') === 'Italian');
    await expect.poll(() => resultCount(page)).toBe(italianCount);

    // Nearest first, each with its distance.
    await page.getByLabel('Sort by').selectOption('distance');
    await page.waitForURL((url) => url.searchParams.get('sort') === 'distance');
    await settled(page);
    await expect.poll(async () => (await resultDistances(page)).length).toBe(20);
    const firstPage = await resultDistances(page);
    expect([...firstPage].sort((a, b) => a - b)).toEqual(firstPage);

    // Show more: twenty more, none repeated, still in order; the keyboard lands on the first new result.
    const names = await resultNames(page);
    expect(new Set(names).size).toBe(names.length);
    const more = page.getByRole('button', { name: 'Show more', exact: true });
    await more.focus();
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await resultNames(page)).length).toBeGreaterThan(names.length);
    const after = await resultNames(page);
    expect(new Set(after).size).toBe(after.length);
    expect(after.slice(0, names.length)).toEqual(names);
    const distances = await resultDistances(page);
    expect([...distances].sort((a, b) => a - b)).toEqual(distances);
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-labelledby') ?? '')).not.toBe('');
    const focused = await page.evaluate(() => document.getElementById(document.activeElement?.getAttribute('aria-labelledby') ?? '')?.textContent);
    expect(focused).toBe(after[names.length]);

    // The map: moved with the keyboard, then 'Search this area' narrows the results to what it shows.
    await page.getByRole('group', { name: 'Show results as' }).getByRole('button', { name: 'Map' }).click();
    const map = page.getByRole('region', { name: 'Map of results' });
    await map.locator('.leaflet-marker-icon').first().waitFor();
    const pane = map.getByLabel(/^Map: arrow keys move it/);
    await pane.focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await map.getByRole('button', { name: 'Search this area' }).click();
    await page.waitForURL((url) => url.searchParams.has('bbox'));
    const [south, west, north, east] = (new URL(page.url()).searchParams.get('bbox') ?? '').split(',').map(Number);
    expect(south).toBeLessThan(TORONTO.latitude + 1);
    expect(north).toBeGreaterThan(south);
    expect(east).toBeGreaterThan(west);
    await page.getByText('In the map area').waitFor();
    // The markers are the area's results (not the previous search's, kept while the area's load).
    await settled(page);

    // A marker's View opens the listing where the sections show it: the restaurant first, its menu open.
    const picked = await pickMarker(map);
    await map.locator('.leaflet-popup').getByRole('button', { name: 'View' }).click();
    await page.waitForURL((url) => url.pathname === '/' && url.hash === '#food-delivery' && url.searchParams.has('restaurant'));
    const menu = page.getByRole('dialog', { name: `${picked} menu` });
    await menu.getByRole('button', { name: /^Add to Cart/ }).first().waitFor();
    await menu.getByRole('button', { name: 'Close', exact: true }).first().click();
    await menu.waitFor({ state: 'detached' });
    await page.locator('section#food-delivery').getByRole('group', { name: 'Your pick' }).getByRole('heading', { name: picked }).waitFor();
    expect(page.errors).toEqual([]);
  });

  it("near me: the browser's location at Toronto, a narrower radius, and Back returns to the previous search", async () => {
    const page = await browser.page({ baseURL: server!.url, geolocation: TORONTO });
    await page.goto('/search?q=pizza');
    await page.getByRole('list', { name: 'Search results' }).getByRole('heading', { level: 2 }).first().waitFor();
    await page.getByRole('button', { name: 'Near me' }).click();
    await page.waitForURL((url) => url.searchParams.get('place') === 'My location');
    await page.getByText(/^Within 25 km of My location$/).waitFor();
    const within25 = await resultCount(page);
    expect(within25).toBeGreaterThan(PIZZERIAS);
    await page.getByLabel('Within').selectOption('5');
    await page.getByText(/^Within 5 km of My location$/).waitFor();
    const within5 = await resultCount(page);
    expect(within5).toBeGreaterThan(0);
    expect(within5).toBeLessThan(within25);
    for (const km of await resultDistances(page)) expect(km).toBeLessThanOrEqual(5);
    await page.goBack();
    await page.getByText(/^Within 25 km of My location$/).waitFor();
    expect(await resultCount(page)).toBe(within25);
    expect(page.errors).toEqual([]);
  });
});

describe('searching the demo catalogue', () => {
  it("the restaurants section's own search forgives a typo: 'piza' shows Via Roma Pizzeria, with the cuisine counts", async () => {
    const page = await browser.page();
    await page.goto('/');
    await appReady(page);
    const food = page.locator('section#food-delivery');
    await food.getByRole('list', { name: 'Restaurants' }).getByRole('article').first().waitFor();
    await food.getByLabel('Search restaurants').fill('piza');
    await food.getByRole('heading', { name: 'Via Roma Pizzeria' }).waitFor();
    await food.getByRole('status').filter({ hasText: /^\d+ restaurants?$/ }).waitFor();
    // The chip's name is the cuisine alone; its count is beside it (and is its description).
    const italian = food.getByRole('button', { name: 'Italian', exact: true });
    expect(Number(await italian.locator('[aria-hidden="true"]').innerText())).toBeGreaterThanOrEqual(1);
    for (const text of await food.getByRole('list', { name: 'Restaurants' }).getByRole('article').allInnerTexts()) expect(text).toContain('Italian');
    expect(page.errors).toEqual([]);
  });

  it('a result opens its listing in its section, also from a link opened cold; no result says so and offers a hint', async () => {
    const page = await browser.page();
    await page.goto('/search?q=via%20roma');
    const link = page.getByRole('list', { name: 'Search results' }).getByRole('link', { name: 'Via Roma Pizzeria' });
    await link.click();
    await page.waitForURL((url) => url.hash === '#food-delivery' && url.searchParams.has('restaurant'));
    await page.getByRole('dialog', { name: 'Via Roma Pizzeria menu' }).waitFor();

    // The same link in a new tab (nothing in memory): the section finds the restaurant by its name.
    const cold = await browser.page();
    await cold.goto(page.url());
    await cold.getByRole('dialog', { name: 'Via Roma Pizzeria menu' }).waitFor();

    // A hotel opens its details; a car is shown first in its section, with the keyboard on it.
    await page.goto('/search?q=harbourfront');
    await page.getByRole('list', { name: 'Search results' }).getByRole('link', { name: 'Harbourfront Grand Toronto' }).click();
    await page.getByRole('dialog', { name: 'Harbourfront Grand Toronto' }).getByText('Image 1 of 6').waitFor();
    await page.goto('/search?q=tesla');
    const car = page.getByRole('list', { name: 'Search results' }).getByRole('link').first();
    const model = await car.innerText();
    await car.click();
    const pick = page.locator('section#car-rental').getByRole('group', { name: 'Your pick' }).getByRole('article', { name: model });
    await pick.waitFor();
    await expect.poll(() => pick.evaluate((el) => el === document.activeElement)).toBe(true);

    await page.goto('/search?q=xyzzyplugh');
    await page.getByText('No results for "xyzzyplugh"').waitFor();
    await page.getByText('Check the spelling, or remove a filter.').waitFor();
    expect(page.errors).toEqual([]);
    expect(cold.errors).toEqual([]);
  });

  it('at 390 px the results page fits, and its filters are in a panel that opens and closes', async () => {
    const page = await browser.page({ width: 390, height: 844 });
    await page.goto('/search?q=toronto');
    await page.getByRole('list', { name: 'Search results' }).getByRole('heading', { level: 2 }).first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await page.getByRole('complementary', { name: 'Filters' }).isVisible()).toBe(false);
    await page.getByRole('button', { name: /^Filters/ }).click();
    const sheet = page.getByRole('dialog', { name: 'Filters' });
    await sheet.getByRole('radio', { name: /^Hotels/ }).check();
    await page.waitForURL((url) => url.searchParams.get('kind') === 'hotel');
    await sheet.getByRole('button', { name: /^Show \d+ results?$/ }).click();
    await sheet.waitFor({ state: 'detached' });
    for (const text of await page.getByRole('list', { name: 'Search results' }).getByRole('article').allInnerTexts()) expect(text).toContain('Hotel');
    expect(page.errors).toEqual([]);
  });
});
