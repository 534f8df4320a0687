import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { VALID_SAMPLES } from '../../domain/onboarding/test-samples';
import type { Booking } from '../../domain/bookings/schemas';
import type { TrialBalance } from '../../domain/money/ledger';
import type { Balance } from '../../domain/money/schemas';
import type { ProviderOrder } from '../../domain/provider/schemas';
import {
  acceptOffer,
  adminCredentials,
  approveRegistration,
  confirmRegistrationOf,
  createUser,
  driverGoesOffline,
  fillByName,
  onlineDriverPage,
  OPEN_ALL_DAY,
  signIn,
  toast,
  typeAddress,
  useBrowser,
} from './fixtures';

/**
 * Issue 28, money end to end, each person in their own browser: two restaurants of two providers; one card payment
 * for a dish of each; one restaurant declines its order and the customer sees exactly that order refunded (and gets
 * an e-mail) while the other stands; the other provider sees gross, fee and net and downloads its monthly statement;
 * its order is delivered, the admin runs payouts, the provider is paid its net and the books balance.
 */
const browser = useBrowser();
const tag = Date.now().toString(36);

/** Cents as the app writes them: 1234 -> '$12.34' (en-US, thousands with commas). */
function usd(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const dollars = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+$)/g, ',');
  return `${sign}$${dollars}.${String(abs % 100).padStart(2, '0')}`;
}

/** Cents as the statement writes them: 1234 -> '12.34'. */
const csvDollars = (cents: number) => (cents / 100).toFixed(2);

type Dish = { name: string; description: string; price: string };

/**
 * A signed-in person registers a restaurant through the form: at the sample address (its pin: King Street West,
 * within the 5 km it delivers to of the customer's Front Street address), open around the clock, with its menu.
 */
async function registerRestaurant(page: Page, owner: { email: string }, name: string, dishes: Dish[]) {
  await page.goto('/register/restaurant');
  await page.getByRole('heading', { name: 'Register Your Restaurant' }).waitFor();
  await page.getByLabel('Country').locator('option[value="Canada"]').waitFor({ state: 'attached' });
  await fillByName(page, { ...VALID_SAMPLES.restaurant, name, email: owner.email, cuisine: 'Thai', openingHours: OPEN_ALL_DAY });
  for (const [i, d] of dishes.entries()) {
    await page.getByLabel(`Dish ${i + 1} name`).fill(d.name);
    await page.getByLabel(`Dish ${i + 1} description`).fill(d.description);
    await page.getByLabel(`Dish ${i + 1} price ($)`).fill(d.price);
  }
  await page.getByText('Pin at 43.64550, -79.39100', { exact: true }).waitFor();
  await page.getByRole('button', { name: 'Register Restaurant' }).click();
  await page.getByText('Restaurant registered successfully!', { exact: true }).first().waitFor();
  // The owner confirms the form's address through the mailed link; only then is it in the review queue.
  await confirmRegistrationOf(owner.email);
}

/** A provider signed in on its own browser. */
async function providerPage(prefix: string, opts: { timezoneId?: string } = {}) {
  const user = await createUser(prefix);
  const page = await browser.page(opts);
  await signIn(page, user.email, user.password);
  await page.waitForURL((url) => url.pathname === '/');
  return { user, page };
}

/** The customer adds the first dish of a restaurant from its menu dialog (found by searching its name). */
async function addFirstDish(page: Page, restaurant: string, dish: string) {
  const food = page.locator('section#food-delivery');
  await food.getByLabel('Search restaurants').fill(restaurant);
  await food.getByRole('button', { name: `View menu of ${restaurant}` }).click();
  const menu = page.getByRole('dialog', { name: `${restaurant} menu` });
  const item = menu.getByRole('listitem').filter({ hasText: dish });
  await item.getByRole('button', { name: /^Add to Cart/ }).click();
  await item.getByRole('button', { name: /^Added!/ }).waitFor();
  await menu.getByRole('button', { name: 'Close', exact: true }).first().click();
  await menu.waitFor({ state: 'detached' });
}

/** GET through a page's own session (its cookies). */
async function getJson<T>(page: Page, path: string): Promise<T> {
  const res = await page.request.get(path);
  expect(res.status(), `GET ${path}: ${await res.text()}`).toBe(200);
  return (await res.json()) as T;
}

/** The rows of a <dl> as [term, value] pairs, in order. */
async function pairsOf(dl: Locator): Promise<Array<[string, string]>> {
  return dl.evaluate((el) =>
    [...el.querySelectorAll('dt')].map((dt) => [(dt.textContent ?? '').trim(), (dt.nextElementSibling?.textContent ?? '').trim()] as [string, string]),
  );
}

/** One statement CSV line's fields (no field of this test's lines is quoted). */
const fieldsOf = (line: string) => line.split(',');

describe('marketplace money', () => {
  it('a two-restaurant cart paid once; one restaurant declines and exactly its order is refunded (with an e-mail); the other provider sees gross, fee and net, downloads its statement, is delivered and paid out; the trial balance reads $0.00', async () => {
    const nameA = `Decline Thai ${tag}`;
    const nameB = `Payout Curry ${tag}`;
    const dishesA: Dish[] = [
      { name: 'Pad Thai', description: 'Rice noodles, tamarind, peanuts', price: '13.50' },
      { name: 'Tom Yum', description: 'Hot and sour soup', price: '9.75' },
      { name: 'Mango Sticky Rice', description: 'Coconut cream', price: '7.00' },
    ];
    const dishesB: Dish[] = [
      { name: 'Green Curry', description: 'Chicken, Thai basil, jasmine rice', price: '16.25' },
      { name: 'Massaman Curry', description: 'Beef, potatoes, peanuts', price: '17.50' },
      { name: 'Spring Rolls', description: 'Vegetable, sweet chilli', price: '6.50' },
    ];

    // 1. Two providers each register a restaurant; the admin approves both.
    const a = await providerPage('moneya');
    // Provider B's browser reads the time in UTC, as the statement's months are (the default month is the browser's).
    const b = await providerPage('moneyb', { timezoneId: 'UTC' });
    await registerRestaurant(a.page, a.user, nameA, dishesA);
    await registerRestaurant(b.page, b.user, nameB, dishesB);
    const admin = await browser.page();
    await signIn(admin, adminCredentials().email, adminCredentials().password);
    await admin.waitForURL((url) => url.pathname === '/admin');
    await approveRegistration(admin, nameA);
    await approveRegistration(admin, nameB);

    // 2. The customer puts a dish of each in the cart and pays once with the sandbox card.
    const buyer = await createUser('moneybuyer');
    const customer = await browser.page();
    await signIn(customer, buyer.email, buyer.password);
    await customer.waitForURL((url) => url.pathname === '/');
    await addFirstDish(customer, nameA, dishesA[0].name);
    await addFirstDish(customer, nameB, dishesB[0].name);
    await customer.getByRole('button', { name: /^Cart,/ }).first().click();
    const cart = customer.getByRole('dialog');
    await cart.getByRole('button', { name: 'Checkout', exact: true }).click();
    const checkout = customer.getByRole('dialog');
    await checkout.getByText('2 items from cart').waitFor();
    // The customer's door on Queen Street West (the directory places the street, not the number), about 0.5 km from
    // the restaurants' pins; the typed address is kept, unique, so the driver can spot the offer.
    const address = checkout.getByRole('combobox', { name: 'Delivery address' });
    const queenStreet = checkout.getByRole('option', { name: 'Queen Street West, Toronto, Ontario, Canada' });
    await typeAddress(address, `${buyer.username} House, 578 Queen St W`, queenStreet);
    await queenStreet.click();
    await checkout.getByText('Location found').waitFor();
    await checkout.getByRole('button', { name: 'Continue to payment' }).click();
    await checkout.getByLabel('Card number').fill('4242 4242 4242 4242');
    await checkout.getByLabel('Expiry').fill('12/34');
    await checkout.getByLabel('CVC').fill('123');
    const totalText = (await checkout.getByTestId('checkout-total').textContent()) ?? '';
    expect(totalText).toMatch(/^\$[\d,]+\.\d{2}$/);
    await checkout.getByRole('button', { name: `Pay ${totalText}` }).click();
    await customer.waitForURL((url) => /^\/bookings\/\d+\/confirmation$/.test(url.pathname));
    const bookingId = Number(/\/bookings\/(\d+)\//.exec(customer.url())?.[1]);

    // One payment, two orders (one per restaurant) that add up to it.
    const paid = await getJson<Booking>(customer, `/api/bookings/${bookingId}`);
    expect(paid.status).toBe('confirmed');
    const charges = paid.payments.filter((p) => p.status === 'succeeded');
    expect(charges.map((p) => usd(Math.round(p.amount * 100)))).toEqual([totalText]);
    expect(paid.orders.map((o) => o.provider).sort()).toEqual([nameA, nameB].sort());
    expect(paid.orders.every((o) => o.status === 'confirmed' && o.refundedCents === 0)).toBe(true);
    expect(paid.orders.reduce((s, o) => s + o.totalCents, 0)).toBe(Math.round(paid.totalAmount * 100));

    // 3. Provider A declines its order on its Today screen, with a reason.
    const reason = `Our wok burner is broken today (${tag})`;
    await a.page.goto('/provider');
    await a.page.getByRole('heading', { name: 'Today', exact: true }).waitFor();
    const orderA = a.page.getByRole('group', { name: `Order ${bookingId} for ${nameA}` });
    await orderA.waitFor({ timeout: 20_000 });
    await orderA.getByRole('button', { name: 'Decline order' }).click();
    const decline = a.page.getByRole('dialog', { name: `Decline order #${bookingId}?` });
    await decline.getByText('The customer gets a full refund of this order. The rest of their booking stands.').waitFor();
    await decline.getByLabel('Reason').fill(reason);
    await decline.getByRole('button', { name: 'Decline order' }).click();
    await toast(a.page, 'Order declined');
    await decline.waitFor({ state: 'detached' });
    await a.page.getByRole('group', { name: `Order ${bookingId} for ${nameA}` }).getByText(`You declined this order: ${reason}`).first().waitFor();

    // 4. The customer: the booking stands, A's order is declined and refunded exactly its amount, B's stands.
    const afterDecline = await getJson<Booking>(customer, `/api/bookings/${bookingId}`);
    expect(afterDecline.status).toBe('confirmed');
    const declined = afterDecline.orders.find((o) => o.provider === nameA);
    const standing = afterDecline.orders.find((o) => o.provider === nameB);
    expect(declined).toMatchObject({ status: 'declined', declineReason: reason });
    expect(declined!.refundedCents).toBe(declined!.totalCents);
    // More than the dish: its delivery fee and its shares of the service fee and tax came back too.
    expect(declined!.totalCents).toBeGreaterThan(Math.round(Number(dishesA[0].price) * 100));
    expect(standing).toMatchObject({ status: 'confirmed', refundedCents: 0 });
    // One refund to the card, of exactly that order's amount.
    expect(afterDecline.payments.filter((p) => p.status === 'refunded').map((p) => Math.round(p.amount * 100))).toEqual([declined!.totalCents]);

    await customer.goto('/bookings');
    const bookingCard = customer.getByRole('listitem').filter({ has: customer.getByRole('heading', { name: `Booking #${bookingId}` }) });
    await bookingCard.getByRole('heading', { name: 'Your 2 orders' }).waitFor();
    const orders = bookingCard.getByTestId('booking-order');
    const declinedCard = orders.filter({ hasText: nameA });
    await declinedCard.getByText('Declined by the provider').waitFor();
    await declinedCard.getByText(`Refunded ${usd(declined!.totalCents)} to your card`, { exact: true }).waitFor();
    await declinedCard.getByText(reason).waitFor();
    const standingCard = orders.filter({ hasText: nameB });
    await standingCard.getByText(usd(standing!.totalCents), { exact: true }).waitFor();
    expect(await standingCard.innerText()).toMatch(/Confirmed/);
    expect(await standingCard.getByText(/^Refunded/).count()).toBe(0);
    // The booking itself is still confirmed.
    expect(await bookingCard.getByText('Confirmed', { exact: true }).count()).toBe(1);

    // The customer was told by e-mail (the admin reads it in the Mail tab).
    await admin.getByRole('tab', { name: 'Mail' }).click();
    await admin.getByLabel('To', { exact: true }).fill(buyer.email);
    await admin.getByRole('row').filter({ hasText: buyer.email }).filter({ hasText: `${nameA} declined your order` }).first().waitFor({ timeout: 25_000 });

    // 5. Provider B sees gross, fee and net on its order card, and downloads the month's statement.
    await b.page.goto('/provider');
    await b.page.getByRole('heading', { name: 'Today', exact: true }).waitFor();
    const orderB = b.page.getByRole('region', { name: /^Needs your action/ }).getByRole('group', { name: `Order ${bookingId} for ${nameB}` });
    await orderB.waitFor({ timeout: 20_000 });
    const mine = (await getJson<ProviderOrder[]>(b.page, '/api/provider/orders')).find((o) => o.id === bookingId && o.listingName === nameB);
    expect(mine?.money, 'provider B has its order with its money').toBeTruthy();
    const money = mine!.money!;
    const gross = Math.round(Number(dishesB[0].price) * 100);
    expect(money.grossCents).toBe(gross);
    expect(money.netCents).toBe(money.grossCents - money.feeCents);
    expect(money.feeCents).toBeGreaterThan(0);
    const moneyList = orderB.locator(`dl[aria-label="Your money from order ${bookingId}"]`);
    await moneyList.getByText(/^Platform fee \(15%/).waitFor();
    expect(await pairsOf(moneyList)).toEqual([
      ['Gross', usd(money.grossCents)],
      [expect.stringMatching(/^Platform fee \(15%/), usd(money.feeCents)],
      ['Net', usd(money.netCents)],
    ]);

    await b.page.getByRole('navigation', { name: 'Provider portal' }).getByRole('link', { name: 'Earnings' }).click();
    await b.page.getByRole('heading', { name: 'Monthly statement' }).waitFor();
    const month = new Date().toISOString().slice(0, 7);
    const [download] = await Promise.all([b.page.waitForEvent('download'), b.page.getByRole('button', { name: 'Download statement' }).click()]);
    expect(download.suggestedFilename()).toBe(`statement-${month}.csv`);
    const csv = readFileSync(await download.path(), 'utf8').split(/\r?\n/).filter(Boolean);
    expect(csv[0]).toBe('date,type,reference,description,gross,fee,net');
    const orderLine = csv.find((l) => l.includes(`order #${mine!.orderId},`));
    expect(orderLine, csv.join('\n')).toBeDefined();
    expect(fieldsOf(orderLine!).slice(1)).toEqual(['order', `order #${mine!.orderId}`, nameB, csvDollars(money.grossCents), csvDollars(money.feeCents), csvDollars(money.netCents)]);
    const closing = csv.find((l) => fieldsOf(l)[1] === 'Closing balance');
    expect(closing, csv.join('\n')).toBeDefined();
    // A new provider's month: nothing before, this order's net in it.
    expect(fieldsOf(closing!).at(-1)).toBe(csvDollars(money.netCents));
    await b.page.getByText(`The statement for ${month} was downloaded (statement-${month}.csv).`).waitFor();

    // 6. Provider B's order is accepted, made ready, and delivered by the demo driver.
    const driver = await onlineDriverPage(browser, { latitude: VALID_SAMPLES.restaurant.lat, longitude: VALID_SAMPLES.restaurant.lng });
    await b.page.getByRole('navigation', { name: 'Provider portal' }).getByRole('link', { name: /^Today/ }).click();
    await orderB.getByRole('button', { name: 'Accept order' }).click();
    await toast(b.page, 'Order accepted');
    await orderB.getByRole('button', { name: 'Ready for pickup' }).click();
    await b.page.getByText('Drivers nearby are being asked to collect it.').first().waitFor();

    await acceptOffer(driver, buyer.username);
    await driver.getByRole('button', { name: 'Arrived at the restaurant' }).click();
    await toast(driver, 'Status Updated');
    await driver.getByRole('button', { name: 'Picked up' }).click();
    await toast(driver, 'Status Updated');
    await driver.getByRole('button', { name: 'Delivered' }).click();
    await toast(driver, 'Status Updated');
    await driver.getByRole('button', { name: 'Complete Order' }).click();
    await driverGoesOffline(driver);

    // Delivered, B's order is completed: with no hold period (PAYOUT_HOLD_DAYS=0) its net is available at once.
    await expect
      .poll(async () => (await getJson<ProviderOrder[]>(b.page, '/api/provider/orders')).find((o) => o.orderId === mine!.orderId)?.orderStatus, { timeout: 15_000 })
      .toBe('completed');
    expect(await getJson<Balance>(b.page, '/api/provider/balance')).toMatchObject({ availableCents: money.netCents, pendingCents: 0, paidOutCents: 0 });

    // The admin runs payouts on the Finance tab: provider B is paid its net; the books balance.
    await admin.goto('/admin?tab=finance');
    await admin.getByRole('heading', { name: 'Payouts', exact: true }).waitFor();
    await admin.getByRole('button', { name: 'Run payouts', exact: true }).click();
    const confirm = admin.getByRole('alertdialog', { name: 'Run payouts now?' });
    await confirm.getByRole('button', { name: 'Run payouts', exact: true }).click();
    await toast(admin, 'Payouts run');
    const run = admin.getByRole('region', { name: 'Payouts of this run' });
    const payoutB = run.getByRole('row').filter({ hasText: b.user.username });
    await payoutB.waitFor();
    expect((await payoutB.getByRole('cell').allInnerTexts()).slice(1, 4)).toEqual(['Provider', usd(money.netCents), 'Paid']);
    await expect.poll(() => admin.getByTestId('trial-balance-total').textContent()).toBe('Trial balance total: $0.00');
    expect((await getJson<TrialBalance>(admin, '/api/admin/ledger/trial-balance')).totalCents).toBe(0);
    expect(await getJson<Balance>(b.page, '/api/provider/balance')).toMatchObject({ availableCents: 0, pendingCents: 0, paidOutCents: money.netCents });

    for (const page of [a.page, b.page, customer, admin, driver]) expect(page.errors).toEqual([]);
  }, 300_000);
});
