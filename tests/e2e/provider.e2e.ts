import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { VALID_SAMPLES } from '../../domain/onboarding/test-samples';
import { adminCredentials, approveRegistration, confirmRegistrationOf, createUser, fillByName, OPEN_ALL_DAY, signIn, useBrowser } from './fixtures';

const browser = useBrowser();
const tag = Date.now().toString(36);

describe('provider portal', () => {
  it('a restaurant registers with its menu, is approved, changes a price and a photo; a customer pays the new price; the restaurant accepts the order and marks it ready', async () => {
    const name = `Pho Portal ${tag}`;

    // 1. A signed-in person registers a restaurant with its own menu.
    const owner = await createUser('resto');
    const provider = await browser.page({ width: 390, height: 900 });
    await signIn(provider, owner.email, owner.password);
    await provider.waitForURL((url) => url.pathname === '/');
    await provider.goto('/register/restaurant');
    await provider.getByRole('heading', { name: 'Register Your Restaurant' }).waitFor();
    await provider.getByLabel('Country').locator('option[value="Canada"]').waitFor({ state: 'attached' });
    // Open around the clock, so the order below is taken whatever the time of the run (a restaurant closed now refuses
    // orders: 'Closed now, opens at 11:00').
    // It delivers across downtown: the customer below orders to an address about 8 km away.
    const email = `pho.portal.${tag}@example.com`;
    await fillByName(provider, { ...VALID_SAMPLES.restaurant, name, email, cuisine: 'Vietnamese', openingHours: OPEN_ALL_DAY, deliveryRadius: '15 km' });
    // Without prices the form refuses the menu, with the schema's message under the field.
    await provider.getByRole('button', { name: 'Register Restaurant' }).click();
    await provider.getByText('Please enter the dish price, e.g. 12.50').first().waitFor();
    const dishes = [
      ['Pho Bo', 'Beef noodle soup', '14.50'],
      ['Banh Mi', 'Grilled pork baguette', '9.00'],
      ['Goi Cuon', 'Fresh spring rolls', '6.50'],
    ];
    for (const [i, [dish, description, price]] of dishes.entries()) {
      await provider.getByLabel(`Dish ${i + 1} name`).fill(dish);
      await provider.getByLabel(`Dish ${i + 1} description`).fill(description);
      await provider.getByLabel(`Dish ${i + 1} price ($)`).fill(price);
    }
    // The map pin starts at the address search's best match for the typed location (issue 26).
    await provider.getByText(/^Pin at /).waitFor();
    await provider.getByRole('button', { name: 'Register Restaurant' }).click();
    await provider.getByText('Restaurant registered successfully!', { exact: true }).waitFor();
    // The form's address is confirmed through the mailed link; only then is it in the review queue.
    await confirmRegistrationOf(email);

    // 2. The admin approves it in the review queue.
    const admin = await browser.page();
    await signIn(admin, adminCredentials().email, adminCredentials().password);
    await admin.waitForURL((url) => url.pathname === '/admin');
    await approveRegistration(admin, name);

    // 3. The provider (promoted by the approval) opens Listings, then the restaurant's own editor page, where it
    //    changes a dish price and uploads a photo.
    await provider.goto('/provider');
    await provider.getByRole('heading', { name: 'Provider portal' }).waitFor();
    await provider.getByRole('heading', { name: 'Today', exact: true }).waitFor();
    await provider.getByRole('navigation', { name: 'Provider portal' }).getByRole('link', { name: 'Listings' }).click();
    await provider.getByRole('heading', { name: 'Listings', exact: true }).waitFor();
    await provider.getByRole('link', { name: `Edit ${name}`, exact: true }).click();
    await provider.waitForURL((url) => /^\/provider\/listings\/restaurants\/\d+$/.test(url.pathname));
    const card = provider.getByRole('heading', { name, exact: true });
    await card.waitFor();
    expect(await provider.getByRole('form', { name: `Edit ${name}` }).count()).toBe(1);
    const dish = provider.getByRole('form', { name: 'Dish Pho Bo' });
    await dish.getByLabel('Price ($)').fill('15.75');
    await dish.getByRole('button', { name: 'Save Pho Bo' }).click();
    await provider.getByText('Pho Bo: $15.75').first().waitFor();

    const png = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#d9480f' } }).png().toBuffer();
    await provider.getByLabel(`Upload a photo of ${name}`).setInputFiles({ name: 'pho.png', mimeType: 'image/png', buffer: png });
    await provider.getByText('Photo updated', { exact: true }).first().waitFor();
    const photo = provider.getByRole('img', { name: `Photo of ${name}` });
    await expect.poll(async () => (await photo.getAttribute('src')) ?? '').toMatch(/^\/uploads\/[0-9a-f]{32}-800\.webp$/);
    // The page works at 390 px without sideways scrolling.
    expect(await provider.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // 4. A customer sees the new photo and pays the new price.
    const buyer = await createUser('buyer');
    const customer = await browser.page();
    await signIn(customer, buyer.email, buyer.password);
    await customer.waitForURL((url) => url.pathname === '/');
    await customer.getByLabel('Search restaurants').fill(name);
    const restaurant = customer.locator('article', { has: customer.getByRole('heading', { name, exact: true }) });
    await restaurant.waitFor();
    expect(await restaurant.getByRole('img', { name }).getAttribute('src')).toMatch(/^\/uploads\/[0-9a-f]{32}-800\.webp$/);
    expect(await restaurant.getByRole('img', { name }).getAttribute('loading')).toBe('lazy');
    // The card's Add to Cart opens the menu instead of silently adding a dish.
    await restaurant.getByRole('button', { name: `Add to Cart: choose from the menu of ${name}` }).click();
    const menu = customer.getByRole('dialog', { name: `${name} menu` });
    const pho = menu.getByRole('listitem').filter({ hasText: 'Pho Bo' });
    await pho.getByText('$15.75').waitFor();
    await pho.getByRole('button', { name: /^Add to Cart/ }).click();
    await pho.getByRole('button', { name: /^Added!/ }).waitFor();
    await menu.getByRole('button', { name: 'Close', exact: true }).first().click();
    await customer.getByRole('button', { name: /^Cart,/ }).first().click();
    const cart = customer.getByRole('dialog');
    await cart.getByRole('button', { name: 'Checkout', exact: true }).click();
    const checkout = customer.getByRole('dialog');
    // A typed address the server places through the location directory (as the fulfilment spec does).
    const address = checkout.getByRole('combobox', { name: 'Delivery address' });
    await address.fill(`${buyer.username} House, 1 Front St W, Toronto`);
    await address.press('Enter');
    await checkout.getByLabel('Card number').fill('4242 4242 4242 4242');
    await checkout.getByLabel('Expiry').fill('12/34');
    await checkout.getByLabel('CVC').fill('123');
    // The new price is what is charged for the dish; the total adds its delivery fee, the service fee and the tax
    // (issue 26), and the Pay button charges exactly that total.
    const breakdown = checkout.getByRole('region', { name: 'Price breakdown' });
    await breakdown.getByText('Subtotal (1 item)').waitFor();
    expect(await breakdown.locator('[data-line="items"] dd').textContent()).toBe('$15.75');
    const total = (await checkout.getByTestId('checkout-total').textContent()) ?? '';
    expect(Number(total.replace(/[$,]/g, ''))).toBeGreaterThan(15.75);
    await checkout.getByRole('button', { name: `Pay ${total}` }).click();
    await customer.getByText('Order Placed Successfully!', { exact: true }).first().waitFor();

    // 5. The order reaches the provider's Today screen by itself (polled), first under 'Needs your action', with the
    //    count on the Today tab; the restaurant accepts it, then marks it ready for pickup (in that order only).
    await provider.getByRole('navigation', { name: 'Provider portal' }).getByRole('link', { name: /^Today/ }).click();
    await provider.getByRole('heading', { name: 'Today', exact: true }).waitFor();
    const action = provider.getByRole('region', { name: /^Needs your action/ });
    const order = action.getByRole('group', { name: new RegExp(`^Order \\d+ for ${name}$`) });
    await order.first().waitFor({ timeout: 20_000 });
    expect(await provider.getByTestId('new-orders-badge').textContent()).toMatch(/^1\b/);
    await order.first().getByText(buyer.username).waitFor();
    await order.first().getByText(/1 × Pho Bo/).waitFor();
    // The receipt's lines for this restaurant: the dish and its delivery fee (the registration's $2.99).
    await order.first().getByText('Subtotal (1 item)', { exact: true }).waitFor();
    await order.first().getByText(`Delivery fee · ${name}`).waitFor();
    await order.first().getByText('Total $18.74').waitFor();
    await order.first().getByText('Order received', { exact: true }).waitFor();
    expect(await order.first().getByRole('button', { name: 'Ready for pickup' }).isDisabled()).toBe(true);
    await order.first().getByRole('button', { name: 'Accept order' }).click();
    await provider.getByText('Order accepted', { exact: true }).first().waitFor();
    await order.first().getByText('Accepted by the restaurant', { exact: true }).waitFor();
    expect(await order.first().getByRole('button', { name: 'Accept order' }).isDisabled()).toBe(true);
    await provider.getByTestId('new-orders-badge').waitFor({ state: 'detached' });
    await order.first().getByRole('button', { name: 'Ready for pickup' }).click();
    await provider.getByText('Drivers nearby are being asked to collect it.').first().waitFor();
    // Done with the kitchen, it moves to the orders placed today, at its new step.
    const placed = provider.getByRole('region', { name: 'Placed today' }).getByRole('group', { name: new RegExp(`^Order \\d+ for ${name}$`) });
    await placed.first().getByText('Ready for pickup', { exact: true }).waitFor();
    expect(await provider.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await provider.getByRole('navigation', { name: 'Provider portal' }).getByRole('link', { name: 'Earnings' }).click();
    await provider.getByTestId('earnings-gross').getByText('$15.75').waitFor();

    expect(provider.errors).toEqual([]);
    expect(customer.errors).toEqual([]);
  });
});
