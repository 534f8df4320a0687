import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { appReady, baseURL, createUser, signIn, typeAddress, useBrowser } from './fixtures';

const browser = useBrowser();

function day(offset: number): string {
  const d = new Date();
  d.setDate(d.getDate() + offset);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

async function signedInPage() {
  const user = await createUser('checkout');
  const page = await browser.page();
  await signIn(page, user.email, user.password);
  await page.waitForURL((url) => url.pathname === '/');
  return page;
}

/**
 * Adds the first menu item of a restaurant through its View Menu dialog: by default a Toronto one, which delivers to
 * the Toronto addresses below (a restaurant delivers within its radius only: issue 26).
 */
async function addFoodFromMenu(page: Page, restaurant: RegExp = /^View menu of Kintaro Ramen Bar$/) {
  const food = page.locator('section#food-delivery');
  await food.getByRole('button', { name: restaurant }).first().click();
  const menu = page.getByRole('dialog');
  const add = menu.getByRole('button', { name: /^Add to Cart/ }).first();
  await add.click();
  await menu.getByRole('button', { name: /^Added!/ }).first().waitFor();
  await menu.getByRole('button', { name: 'Close', exact: true }).first().click();
  await menu.waitFor({ state: 'detached' });
}

/** Picks rental dates and adds the first car to the cart. */
async function addCar(page: Page) {
  const cars = page.locator('section#car-rental');
  await cars.getByLabel('Pickup date').fill(day(3));
  await cars.getByLabel('Return date').fill(day(5));
  await cars.getByRole('button', { name: /^Add to Cart/ }).first().click();
  await cars.getByRole('button', { name: /^Added!/ }).first().waitFor();
}

/** Types into a location combobox and picks the first suggestion whose text matches. */
async function pickLocation(scope: Locator, label: string, text: string, option: RegExp) {
  const box = scope.getByRole('combobox', { name: label });
  await box.fill(text);
  await scope.getByRole('option', { name: option }).first().click();
}

async function badge(page: Page): Promise<string> {
  const b = page.getByTestId('cart-badge');
  return (await b.count()) > 0 ? (await b.first().textContent()) ?? '' : '';
}

async function openCart(page: Page) {
  await page.getByRole('button', { name: /^Cart,/ }).first().click();
  // The dialog's code loads on first use (ADR 021): wait for it to open.
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  return dialog;
}

async function fillCard(page: Page, number: string) {
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Card number').fill(number);
  await dialog.getByLabel('Expiry').fill('12/34');
  await dialog.getByLabel('CVC').fill('123');
}

async function toastWith(page: Page, title: string) {
  await page.getByText(title, { exact: true }).first().waitFor();
}

describe('cart and checkout', () => {
  it('adds from two sections through the UI, survives a reload, checks out with the fee, tax and tip lines, pays and lands on the receipt', async () => {
    const page = await signedInPage();
    await addFoodFromMenu(page);
    await addCar(page);
    expect(await badge(page)).toBe('2');

    await page.reload();
    await appReady(page);
    expect(await badge(page)).toBe('2');

    const cart = await openCart(page);
    expect(await cart.getByRole('listitem').count()).toBe(2);
    // The server's breakdown: the items, the restaurant's delivery fee, the service fee and the tax of each place.
    const shownTotal = (await cart.getByTestId('cart-total').textContent()) ?? '';
    expect(shownTotal).toMatch(/^\$\d[\d,]*\.\d{2}$/);
    const cartLines = cart.getByRole('region', { name: 'Price breakdown' });
    await cartLines.getByText(/^Delivery fee · /).waitFor();
    await cartLines.getByText(/^Service fee/).waitFor();
    await cartLines.getByText(/^Tax \(/).first().waitFor();
    // A two-day rental says what its price is for (not 'each').
    await cart.getByText(/^\$[\d,]+\.\d{2} · 2 days$/).waitFor();
    await cart.getByRole('button', { name: 'Checkout', exact: true }).click();

    const checkout = page.getByRole('dialog');
    await checkout.getByText('2 items from cart').waitFor();
    // Food needs a delivery address before anything is booked: empty is refused here, unknown text by the server.
    const continueButton = checkout.getByRole('button', { name: 'Continue to payment' });
    await continueButton.click();
    await checkout.getByText('Delivery address is required').waitFor();
    const address = checkout.getByRole('combobox', { name: 'Delivery address' });
    await address.fill('Qwxzv Plokjh');
    // Enter with no suggestion chosen submits the form (the open suggestion list would cover the button).
    await address.press('Enter');
    await checkout.getByText('We could not find that address. Pick one of the suggestions.').waitFor();
    expect(await address.inputValue()).toBe('Qwxzv Plokjh');
    expect(await checkout.getByLabel('Card number').count()).toBe(0);
    await pickLocation(checkout, 'Delivery address', 'union station', /Union Station/);
    // Without a tip the breakdown beside the address is the cart's; a 15% tip for the driver adds its line.
    const quoteTotal = checkout.getByTestId('checkout-quote-total');
    await expect.poll(() => quoteTotal.textContent()).toBe(shownTotal);
    await checkout.getByRole('radio', { name: /^15%/ }).check();
    const tipLine = checkout.getByRole('region', { name: 'Price breakdown' }).getByText('Tip for your driver');
    await tipLine.waitFor();
    await expect.poll(async () => (await quoteTotal.textContent()) !== shownTotal).toBe(true);
    const withTip = (await quoteTotal.textContent()) ?? '';
    await checkout.getByRole('button', { name: 'Continue to payment' }).click();
    await checkout.getByLabel('Card number').waitFor();
    // The booking's total is the one the customer saw with the tip, and the Pay button charges exactly that.
    expect(await checkout.getByTestId('checkout-total').textContent()).toBe(withTip);
    await checkout.getByText('Tip for your driver').waitFor();
    await fillCard(page, '4242 4242 4242 4242');
    await checkout.getByRole('button', { name: `Pay ${withTip}` }).click();

    // Paid: the order toast, and the confirmation screen with the receipt, the tracking link and what happens next.
    await toastWith(page, 'Order Placed Successfully!');
    await page.waitForURL((url) => /^\/bookings\/\d+\/confirmation$/.test(url.pathname));
    await page.getByRole('heading', { name: /^Thank you! Booking #\d+ is confirmed$/ }).waitFor();
    expect(await page.getByTestId('receipt-total').textContent()).toBe(withTip);
    const receipt = page.getByRole('region', { name: 'Receipt' });
    for (const line of [/^Delivery fee · /, /^Service fee/, /^Tax \(/, /^Tip for your driver$/]) await receipt.getByText(line).first().waitFor();
    await page.getByRole('heading', { name: 'What happens next' }).waitFor();
    const track = page.getByRole('list', { name: 'Deliveries' }).getByRole('link', { name: /^Track / });
    expect(await track.count()).toBe(1);
    expect(await track.getAttribute('href')).toMatch(/^\/track\/trk_/);
    expect(await badge(page)).toBe('');
    expect(await page.evaluate(() => localStorage.getItem('go-live-cart'))).toBe('{"items":[]}');

    // My bookings links the delivery by name and its step, and shows the same total.
    await page.goto('/bookings');
    const booking = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: /^Booking #/ }) }).first();
    await booking.getByRole('link', { name: /^Track .+ \((Order received|Accepted by the restaurant)\)$/ }).first().waitFor();
    await booking.getByText(withTip, { exact: true }).last().waitFor();
    expect(page.errors).toEqual([]);
  });

  it('a delivery address picked in the food section is carried into the checkout', async () => {
    const page = await signedInPage();
    await pickLocation(page.locator('section#food-delivery'), 'Delivery address', 'union station', /Union Station/);
    // The restaurants are listed nearest first from the chosen place: the first one delivers there.
    await addFoodFromMenu(page, /^View menu of /);
    const cart = await openCart(page);
    await cart.getByRole('button', { name: 'Checkout', exact: true }).click();
    // By name: the menu's dialog may still be closing when the checkout opens.
    const checkout = page.getByRole('dialog', { name: /^(Complete your booking|Pay for booking #\d+)$/ });
    const address = checkout.getByRole('combobox', { name: 'Delivery address' });
    await address.waitFor();
    expect(await address.inputValue()).toContain('Union Station');
    await checkout.getByText('Location found').waitFor();
    // A click in the box offers suggestions; Escape closes them and leaves the checkout open.
    await address.click();
    const suggestions = checkout.getByRole('listbox', { name: 'Delivery address suggestions' });
    await suggestions.waitFor();
    await page.keyboard.press('Escape');
    await suggestions.waitFor({ state: 'hidden' });
    expect(await checkout.isVisible()).toBe(true);
    await checkout.getByRole('button', { name: 'Continue to payment' }).click();
    await checkout.getByLabel('Card number').waitFor();
  });

  it('finds a delivery address with a house number, says the directory is approximate, and sends the pin the customer moved', async () => {
    const page = await signedInPage();
    await addFoodFromMenu(page);
    const cart = await openCart(page);
    await cart.getByRole('button', { name: 'Checkout', exact: true }).click();
    const checkout = page.getByRole('dialog');
    const address = checkout.getByRole('combobox', { name: 'Delivery address' });
    // Offline, the directory says what it found instead of 'No locations found'.
    await typeAddress(address, '578 Queen St W', checkout.getByText(/Street numbers and postcodes cannot be looked up here/).first());
    await checkout.getByText(/Street numbers and postcodes cannot be looked up here/).first().waitFor();
    expect(await checkout.getByText(/No locations found/).count()).toBe(0);
    await checkout.getByRole('option', { name: 'Queen Street West, Toronto, Ontario, Canada' }).click();
    expect(await address.inputValue()).toBe('578 Queen St W');
    await checkout.getByText('Location found').waitFor();
    // Only the street is known: the map opens at it, and the pin moves to the door with the keyboard.
    await checkout.getByText('Pin at 43.64870, -79.39700', { exact: true }).waitFor();
    const pin = checkout.getByRole('button', { name: 'Map pin' });
    await pin.focus();
    for (let i = 0; i < 4; i += 1) await page.keyboard.press('ArrowLeft');
    await expect.poll(async () => (await checkout.getByText(/^Pin at /).innerText()) !== 'Pin at 43.64870, -79.39700').toBe(true);
    const [lat, lng] = ((await checkout.getByText(/^Pin at /).innerText()).match(/-?\d+\.\d+/g) ?? []).map(Number);
    expect(lng).toBeLessThan(-79.397);
    await checkout.getByRole('button', { name: 'Continue to payment' }).click();
    await fillCard(page, '4242 4242 4242 4242');
    await checkout.getByRole('button', { name: /^Pay \$/ }).click();
    await page.waitForURL((url) => /^\/bookings\/\d+\/confirmation$/.test(url.pathname));

    // The food line carries {address, lat, lng}: the address as typed, the point where the pin was left.
    const id = /\/bookings\/(\d+)\//.exec(page.url())?.[1];
    const booking = (await (await page.request.get(`/api/bookings/${id}`)).json()) as { items: Array<{ details: { destination?: { address: string; lat: number; lng: number } } }> };
    const destination = booking.items[0].details.destination;
    expect(destination?.address).toBe('578 Queen St W');
    expect(Math.abs((destination?.lat ?? 0) - lat)).toBeLessThan(1e-5);
    expect(Math.abs((destination?.lng ?? 0) - lng)).toBeLessThan(1e-5);
    expect(page.errors).toEqual([]);
  });

  it('books a parcel between two picked places and finds it by the tracking number the payment shows', async () => {
    const page = await signedInPage();
    const shipping = page.locator('section#shipping');
    await shipping.getByRole('button', { name: 'Calculate Cost' }).click();
    await shipping.getByRole('list', { name: 'Carrier options' }).getByRole('button', { name: 'Book', exact: true }).first().click();

    const checkout = page.getByRole('dialog');
    const continueButton = checkout.getByRole('button', { name: 'Continue to payment' });
    await continueButton.click();
    await checkout.getByText('Sender address is required').waitFor();
    await checkout.getByText('Recipient address is required').waitFor();
    await pickLocation(checkout, 'Sender address', 'cn tower', /CN Tower/);
    await pickLocation(checkout, 'Recipient address', 'royal ontario museum', /Royal Ontario Museum/);
    await continueButton.click();
    await fillCard(page, '4242 4242 4242 4242');
    await checkout.getByRole('button', { name: /^Pay \$/ }).click();

    await checkout.getByText('Payment successful').waitFor();
    const number = ((await checkout.getByTestId('delivery-tracking-number').first().textContent()) ?? '').trim();
    expect(number).not.toBe('');
    expect(await checkout.locator('a[href^="/track/"]').count()).toBe(1);
    await checkout.getByRole('button', { name: 'Done', exact: true }).click();
    await checkout.waitFor({ state: 'detached' });

    // The number waits in the section's lookup, which finds the shipment.
    const lookup = shipping.getByLabel('Tracking number');
    expect(await lookup.inputValue()).toBe(number);
    await shipping.getByRole('button', { name: 'Track', exact: true }).click();
    await shipping.getByRole('link', { name: 'Open live tracking' }).waitFor();
    expect(await shipping.getByText('Tracking Not Found').count()).toBe(0);
    expect(page.errors).toEqual([]);
  });

  it('a declined card shows Payment Failed, keeps the dialog open and re-enables the button', async () => {
    const page = await signedInPage();
    await addCar(page);
    const cart = await openCart(page);
    await cart.getByRole('button', { name: 'Checkout', exact: true }).click();
    const checkout = page.getByRole('dialog');
    await checkout.getByLabel('Card number').waitFor();
    await fillCard(page, '4000 0000 0000 0002');
    const pay = checkout.getByRole('button', { name: /^Pay \$/ });
    await pay.click();
    await toastWith(page, 'Payment Failed');
    await checkout.getByText('Your card was declined.').first().waitFor();
    expect(await pay.isEnabled()).toBe(true);
    expect(await checkout.getByLabel('Card number').isVisible()).toBe(true);
    expect(await badge(page)).toBe('1');

    // The same dialog then accepts a good card.
    await fillCard(page, '4242 4242 4242 4242');
    await pay.click();
    await toastWith(page, 'Payment Successful');
    // The toast names what was booked, not a count (issue 15).
    await page.getByText(/^Thank you for booking (?!1 item\(s\)).+!$/).first().waitFor();
    await checkout.waitFor({ state: 'detached' });
    expect(await badge(page)).toBe('');
  });

  it('on a phone: shows Setting up payment..., offers Retry when the intent fails, lines up the card fields and shows Processing...', async () => {
    const user = await createUser('phone');
    const page = await browser.page({ width: 390, height: 844 });
    await signIn(page, user.email, user.password);
    await page.waitForURL((url) => url.pathname === '/');
    await addCar(page);
    let intentCalls = 0;
    let releaseIntent: () => void = () => undefined;
    const intentHeld = new Promise<void>((resolve) => (releaseIntent = resolve));
    await page.route('**/api/create-payment-intent', async (route) => {
      intentCalls += 1;
      if (intentCalls === 1) {
        // Held until the test has seen the waiting text, then failed like a server error.
        await intentHeld;
        await route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Internal Server Error"}' });
        return;
      }
      await route.continue();
    });
    let releaseConfirm: () => void = () => undefined;
    const confirmHeld = new Promise<void>((resolve) => (releaseConfirm = resolve));
    await page.route('**/api/payments/confirm', async (route) => {
      await confirmHeld;
      await route.continue();
    });

    const cart = await openCart(page);
    await cart.getByRole('button', { name: 'Checkout', exact: true }).click();
    const checkout = page.getByRole('dialog');
    await checkout.getByText('Setting up payment...', { exact: true }).waitFor();
    releaseIntent();
    await checkout.getByText('Payment could not be set up').waitFor();
    await checkout.getByRole('button', { name: 'Retry' }).click();
    await checkout.getByRole('textbox', { name: 'Card number', exact: true }).waitFor();
    expect(intentCalls).toBe(2);

    // Expiry (with its MM/YY hint) and CVC sit side by side: their inputs share one line.
    const expiry = await checkout.getByRole('textbox', { name: 'Expiry', exact: true }).boundingBox();
    const cvc = await checkout.getByRole('textbox', { name: 'CVC', exact: true }).boundingBox();
    expect(cvc?.y).toBe(expiry?.y);
    expect(cvc?.height).toBe(expiry?.height);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

    await fillCard(page, '4242 4242 4242 4242');
    await checkout.getByRole('button', { name: /^Pay \$/ }).click();
    const processing = checkout.getByRole('button', { name: 'Processing...' });
    await processing.waitFor();
    expect(await processing.isDisabled()).toBe(true);
    releaseConfirm();
    await toastWith(page, 'Payment Successful');
    await checkout.waitFor({ state: 'detached' });
    expect(page.errors).toEqual([]);
  });

  it('checkout signed out offers sign-in inline, then continues to payment', async () => {
    const user = await createUser('inline');
    const page = await browser.page();
    await page.goto('/');
    // A service booked without an appointment (one booked by appointment needs its time picked: issue 25).
    const services = (await (await fetch(`${baseURL()}/api/general-services`)).json()) as Array<{ id: number; appointmentMinutes: number | null }>;
    const serviceId = services.find((s) => s.appointmentMinutes === null)?.id;
    expect(serviceId).toBeDefined();
    // Fallback seeding is fine here: this test is about the sign-in step, adding through the UI is covered above.
    await page.evaluate((id) => {
      localStorage.setItem(
        'go-live-cart',
        JSON.stringify({ items: [{ id: `general-services-${id}-1`, serviceType: 'general-services', serviceId: id, name: 'Seeded service', price: 1, quantity: 1 }] }),
      );
    }, serviceId as number);
    await page.reload();
    const cart = await openCart(page);
    await cart.getByRole('button', { name: 'Checkout', exact: true }).click();
    const checkout = page.getByRole('dialog');
    await checkout.getByLabel(/e-?mail/i).fill(user.email);
    await checkout.getByLabel(/^password/i).fill(user.password);
    await checkout.getByRole('button', { name: /^sign in$/i }).click();
    // Signed in: the booking is created (a price mismatch shows the server's total to accept) and payment is set up.
    const changed = checkout.getByRole('button', { name: /^Continue with \$/ });
    const card = checkout.getByLabel('Card number');
    await changed.or(card).first().waitFor();
    if (await changed.isVisible()) {
      await checkout.getByText('The total has changed').waitFor();
      await changed.click();
    }
    await card.waitFor();
    await checkout.getByText('Sandbox: use 4242 4242 4242 4242', { exact: false }).waitFor();
  });

  it('a unified booking is reviewed, paid and confirmed, then goes to tracking', async () => {
    const page = await signedInPage();
    await page.getByRole('tab', { name: /Unified Booking/ }).click();
    const adds = page.getByRole('button', { name: /^Add to Booking: / });
    await adds.first().waitFor();
    await adds.nth(0).click();
    await page.getByRole('button', { name: /: In Booking$/ }).first().waitFor();
    // A car line (dated in the future by the card) as the second service.
    const carCard = page.getByRole('article', { name: 'Car Rental' });
    await carCard.getByRole('button', { name: /^Add to Booking: / }).first().click();
    await page.getByRole('button', { name: 'Complete Booking (2)' }).click();

    const dialog = page.getByRole('dialog');
    await dialog.getByText('Review your booking').waitFor();
    expect(await dialog.getByRole('list', { name: 'Booking items' }).getByRole('listitem').count()).toBe(2);
    await dialog.getByRole('button', { name: 'Continue to payment' }).click();
    // The restaurant's dish (the first restaurant's: Regina's Sakura Sushi House) needs a delivery address within its
    // delivery radius before the booking is created.
    await pickLocation(dialog, 'Delivery address', 'university of regina', /University of Regina/);
    await dialog.getByRole('button', { name: 'Continue to payment' }).click();
    await toastWith(page, 'Booking Created');
    await page.getByText(/^Booking #\d+$/).first().waitFor();
    await fillCard(page, '4242 4242 4242 4242');
    await dialog.getByRole('button', { name: /^Pay \$/ }).click();
    await dialog.getByText('Booking Confirmed!').waitFor();
    await page.getByText('Your booking has been confirmed!').first().waitFor();
    // Every delivery of the booking is listed with its tracking number; here the one restaurant.
    const deliveries = dialog.getByRole('list', { name: 'Deliveries' }).getByRole('listitem');
    expect(await deliveries.count()).toBe(1);
    await deliveries.first().getByRole('link', { name: /^Track / }).waitFor();
    await dialog.getByRole('button', { name: 'Track your booking' }).click();
    // The first offer is a restaurant's dish, so the paid booking has a delivery to track.
    await page.waitForURL((url) => /^\/track\/trk_/.test(url.pathname));
    await page.getByRole('heading', { name: 'Track Your Order' }).waitFor();
    // The journey's first step (issue 26), announced politely as the page's status.
    await page.getByRole('status').filter({ hasText: /^Status: Order received$/ }).waitFor();
    expect(await page.evaluate(() => sessionStorage.getItem('go-live-unified-booking'))).toBe('{"lines":[]}');
  });

  it('cancelling a paid booking from My bookings shows the refund', async () => {
    const page = await signedInPage();
    await addCar(page);
    const cart = await openCart(page);
    await cart.getByRole('button', { name: 'Checkout', exact: true }).click();
    const checkout = page.getByRole('dialog');
    await checkout.getByLabel('Card number').waitFor();
    const total = (await checkout.getByTestId('checkout-total').textContent()) ?? '';
    await fillCard(page, '4242 4242 4242 4242');
    await checkout.getByRole('button', { name: /^Pay \$/ }).click();
    await checkout.waitFor({ state: 'detached' });

    await page.goto('/bookings');
    await page.getByRole('heading', { name: 'My bookings' }).waitFor();
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: /^Booking #/ }) }).first();
    await card.getByText('Confirmed', { exact: true }).waitFor();
    await card.getByRole('button', { name: /^Cancel booking #/ }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel booking', exact: true }).click();
    await card.getByText('Cancelled', { exact: true }).waitFor();
    await card.getByText(`Refunded ${total}`, { exact: true }).waitFor();
  });

  it('the cart dialog changes quantities, removes and clears lines', async () => {
    const page = await signedInPage();
    await addCar(page);
    await addFoodFromMenu(page);
    let cart = await openCart(page);
    const total = async () => Number(((await cart.getByTestId('cart-total').textContent()) ?? '').replace(/[$,]/g, ''));
    const before = await total();
    await cart.getByRole('combobox', { name: /^Quantity of / }).first().click();
    await page.getByRole('option', { name: '3', exact: true }).click();
    await page.waitForFunction(() => document.querySelector('[data-testid="cart-badge"]')?.textContent === '4');
    // The server prices the new quantities (the breakdown is asked again).
    await expect.poll(total).toBeGreaterThan(before);
    await cart.getByRole('button', { name: /^Remove / }).first().click();
    expect(await cart.getByRole('listitem').count()).toBe(1);
    await cart.getByRole('button', { name: 'Clear', exact: true }).click();
    await cart.getByText('Your cart is empty').waitFor();
    await cart.getByRole('button', { name: 'Continue Shopping' }).click();
    await cart.waitFor({ state: 'detached' });
    expect(await badge(page)).toBe('');
    cart = await openCart(page);
    await cart.getByText('Your cart is empty').waitFor();
  });

  it('keyboard: the cart and its checkout open from the cart button and give focus back to it', async () => {
    const page = await signedInPage();
    await addCar(page);
    const cartButton = page.getByRole('button', { name: /^Cart,/ }).first();
    const focusedLabel = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent ?? null);
    await cartButton.focus();
    await page.keyboard.press('Enter');
    const cart = page.getByRole('dialog');
    await cart.getByRole('button', { name: 'Checkout', exact: true }).waitFor();
    await page.keyboard.press('Escape');
    await cart.waitFor({ state: 'detached' });
    await expect.poll(focusedLabel).toBe('Cart, 1 item');

    await page.keyboard.press('Enter');
    await cart.getByRole('button', { name: 'Checkout', exact: true }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').getByRole('textbox', { name: 'Card number', exact: true }).waitFor();
    await page.keyboard.press('Escape');
    // The cart's own dialog may still be playing its closing animation beside the checkout's: wait for both, and
    // for the focus each hands back as it unmounts (the last one to go decides where it lands).
    await page.waitForFunction(() => document.querySelectorAll('[role="dialog"]').length === 0);
    await expect.poll(focusedLabel).toBe('Cart, 1 item');
  });

  it('a pending booking can be paid later from My bookings', async () => {
    const page = await signedInPage();
    await addCar(page);
    const cart = await openCart(page);
    await cart.getByRole('button', { name: 'Checkout', exact: true }).click();
    const checkout = page.getByRole('dialog');
    await checkout.getByLabel('Card number').waitFor();
    await page.keyboard.press('Escape');
    // The cart's dialog may still be closing beside the checkout's (two dialogs): wait until neither is left.
    await page.waitForFunction(() => document.querySelectorAll('[role="dialog"]').length === 0);

    await page.goto('/bookings');
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: /^Booking #/ }) }).first();
    await card.getByText('Pending', { exact: true }).waitFor();
    await card.getByRole('button', { name: /^Pay for booking #/ }).click();
    const pay = page.getByRole('dialog');
    await fillCard(page, '4242 4242 4242 4242');
    await pay.getByRole('button', { name: /^Pay \$/ }).click();
    await pay.waitFor({ state: 'detached' });
    await card.getByText('Confirmed', { exact: true }).waitFor();
    await card.getByText('•••• 4242').waitFor();
  });

  it('My bookings asks a visitor to sign in', async () => {
    const page = await browser.page();
    await page.goto('/bookings');
    const link = page.getByRole('link', { name: 'Sign In', exact: true }).last();
    await link.waitFor();
    expect(await page.locator('a[href="/login?next=/bookings"]').count()).toBe(1);
  });
});
