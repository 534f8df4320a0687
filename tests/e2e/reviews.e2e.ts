import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { adminCredentials, api, apiSession, createUser, demoProviderCredentials, signIn, useBrowser } from './fixtures';

const browser = useBrowser();

function day(offset: number): string {
  const d = new Date();
  d.setDate(d.getDate() + offset);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

type Summary = { average: number; count: number; histogram: Record<string, number> };
type Mine = Array<{ serviceType: string; serviceId: number; name: string; review: unknown }>;

const getJson = <T,>(page: Page, url: string) =>
  page.evaluate(async (u) => {
    const res = await fetch(u, { credentials: 'include', headers: { Accept: 'application/json' } });
    return (await res.json()) as unknown;
  }, url) as Promise<T>;

describe('reviews', () => {
  it('book and pay a car, review it from My bookings once the rental is completed, see it and the new average on the listing, mark another review helpful', async () => {
    const user = await createUser('reviewer');
    const page = await browser.page();
    await signIn(page, user.email, user.password);
    await page.waitForURL((url) => url.pathname === '/');

    // Book and pay the first car through the cart, from today.
    const cars = page.locator('section#car-rental');
    await cars.getByLabel('Pickup date').fill(day(0));
    await cars.getByLabel('Return date').fill(day(2));
    await cars.getByRole('button', { name: /^Add to Cart/ }).first().click();
    await cars.getByRole('button', { name: /^Added!/ }).first().waitFor();
    await page.getByRole('button', { name: /^Cart,/ }).first().click();
    await page.getByRole('dialog').getByRole('button', { name: 'Checkout', exact: true }).click();
    const checkout = page.getByRole('dialog');
    await checkout.getByLabel('Card number').fill('4242 4242 4242 4242');
    await checkout.getByLabel('Expiry').fill('12/34');
    await checkout.getByLabel('CVC').fill('123');
    await checkout.getByRole('button', { name: /^Pay \$/ }).click();
    await checkout.waitFor({ state: 'detached' });

    // Paid is not enough: nothing to review until the rental is completed (issue 27).
    expect(await getJson<Mine>(page, '/api/reviews/mine')).toEqual([]);
    const [booking] = await getJson<Array<{ id: number; orders: Array<{ id: number; listingKind: string; status: string }> }>>(page, '/api/bookings');
    const order = booking.orders.find((o) => o.listingKind === 'cars');
    expect(order).toBeDefined();
    // The car's provider (the demo provider owns the seeded cars) marks the rental completed.
    const provider = demoProviderCredentials();
    const done = await api<{ status: string }>(await apiSession(provider.email, provider.password), 'POST', `/api/provider/orders/${order!.id}/complete`, {});
    expect(done).toEqual({ status: 200, body: { orderId: order!.id, status: 'completed' } });

    const [target] = await getJson<Mine>(page, '/api/reviews/mine');
    expect(target).toMatchObject({ serviceType: 'cars', review: null });
    const car = (await getJson<Array<{ id: number; model: string }>>(page, '/api/cars')).find((c) => c.id === target.serviceId);
    expect(car).toBeDefined();
    const before = (await getJson<{ summary: Summary }>(page, `/api/reviews?serviceType=cars&serviceId=${target.serviceId}`)).summary;
    const sumBefore = Object.entries(before.histogram).reduce((s, [stars, n]) => s + Number(stars) * n, 0);

    // My bookings: Write a review, stars by keyboard, a comment with its counter.
    await page.goto('/bookings');
    await page.getByRole('button', { name: `Write a review of ${target.name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Write a review' });
    await dialog.getByRole('button', { name: 'Post review' }).click();
    await dialog.getByText('Rating must be a whole number from 1 to 5').waitFor();
    await dialog.getByRole('radio', { name: '1 star' }).focus();
    await page.keyboard.press('Space');
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
    expect(await dialog.getByRole('radio', { name: '4 stars' }).isChecked()).toBe(true);
    const comment = 'Clean car, easy pickup, friendly staff.';
    await dialog.getByLabel('Comment (optional)').fill(comment);
    expect(await dialog.getByTestId('comment-counter').textContent()).toBe(`${comment.length} / 1000`);
    await dialog.getByRole('button', { name: 'Post review' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: `Edit your review of ${target.name}` }).waitFor();

    // The listing shows the new average and count, and the review.
    const count = before.count + 1;
    const average = (Math.round(((sumBefore + 4) * 10) / count) / 10).toFixed(1);
    await page.goto('/');
    const rating = page.locator('section#car-rental').getByRole('button', { name: `Rated ${average} out of 5 from ${count} reviews. Show reviews of ${car!.model}` });
    await rating.scrollIntoViewIfNeeded();
    await rating.click();
    const reviews = page.getByRole('dialog', { name: car!.model });
    expect(await reviews.getByTestId('rating-average').textContent()).toBe(average);
    expect(await reviews.getByTestId('rating-count').textContent()).toBe(`${count} reviews`);
    await reviews.getByText(comment).waitFor();
    expect(await reviews.getByText(user.username).count()).toBeGreaterThan(0);
    expect(await reviews.getByText(user.email).count()).toBe(0);

    // Mark another customer's review helpful (the list sorted by most helpful keeps it on top).
    const other = reviews.getByTestId('review').filter({ hasNot: page.getByText('Your review') }).first();
    const helpful = other.getByRole('button', { name: /^Helpful \(\d+\)$/ });
    const was = Number(/\((\d+)\)/.exec((await helpful.textContent()) ?? '')?.[1]);
    await helpful.click();
    await other.getByRole('button', { name: `Helpful (${was + 1})` }).waitFor();
    expect(await other.getByRole('button', { name: `Helpful (${was + 1})` }).getAttribute('aria-pressed')).toBe('true');
    expect(page.errors).toEqual([]);
  });

  it('an admin hides a review with a reason in the Reviews tab and it leaves the listing, at 390 px', async () => {
    const page = await browser.page({ width: 390, height: 844 });
    const { email, password } = adminCredentials();
    await signIn(page, email, password);
    await page.waitForURL((url) => url.pathname === '/admin');
    // The customer review written above (a verified one, on a car).
    const reviews = await getJson<Array<{ id: number; serviceId: number; serviceType: string; verified: boolean; hidden: boolean; author: string; listingName: string }>>(page, '/api/admin/reviews');
    const target = reviews.find((r) => r.verified && r.serviceType === 'cars' && !r.hidden);
    expect(target).toBeDefined();
    const before = (await getJson<{ summary: Summary }>(page, `/api/reviews?serviceType=cars&serviceId=${target!.serviceId}`)).summary;

    await page.goto('/admin?tab=reviews');
    const table = page.getByRole('region', { name: 'Reviews table' });
    await table.waitFor();
    await table.getByRole('button', { name: `Hide the review by ${target!.author} of ${target!.listingName}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Hide review' });
    await dialog.getByRole('button', { name: 'Hide review' }).click();
    await dialog.getByText('A reason is required').waitFor();
    await dialog.getByLabel('Reason').fill('Off-topic');
    await dialog.getByRole('button', { name: 'Hide review' }).click();
    await dialog.waitFor({ state: 'detached' });
    await table.getByRole('button', { name: `Restore the review by ${target!.author} of ${target!.listingName}` }).waitFor();
    await table.getByText('Off-topic').waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    const after = (await getJson<{ summary: Summary }>(page, `/api/reviews?serviceType=cars&serviceId=${target!.serviceId}`)).summary;
    expect(after.count).toBe(before.count - 1);
    expect(page.errors).toEqual([]);
  });
});
