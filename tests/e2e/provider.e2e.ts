import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { VALID_SAMPLES } from '../../domain/onboarding/test-samples';
import { adminCredentials, createUser, fillByName, signIn, useBrowser } from './fixtures';

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
    await fillByName(provider, { ...VALID_SAMPLES.restaurant, name, cuisine: 'Vietnamese' });
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
    await provider.getByRole('button', { name: 'Register Restaurant' }).click();
    await provider.getByText('Restaurant registered successfully!', { exact: true }).waitFor();

    // 2. The admin approves it in the review queue.
    const admin = await browser.page();
    await signIn(admin, adminCredentials().email, adminCredentials().password);
    await admin.waitForURL((url) => url.pathname === '/admin');
    await admin.getByRole('tab', { name: 'Review queue' }).click();
    await admin.getByRole('button', { name: `Approve ${name}` }).click();
    await admin.getByText('Registration approved', { exact: true }).waitFor();

    // 3. The provider (promoted by the approval) changes a dish price and uploads a photo on /provider.
    await provider.goto('/provider');
    await provider.getByRole('heading', { name: 'My listings' }).waitFor();
    const card = provider.getByRole('heading', { name, exact: true });
    await card.waitFor();
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
    expect(await checkout.getByTestId('checkout-total').textContent()).toBe('$15.75');
    await checkout.getByRole('button', { name: 'Pay $15.75' }).click();
    await customer.getByText('Order Placed Successfully!', { exact: true }).first().waitFor();

    // 5. The restaurant sees the order (customer, dish, total) and marks it ready for pickup.
    await provider.reload();
    const order = provider.getByRole('group', { name: new RegExp(`^Order \\d+ for ${name}$`) });
    await order.first().waitFor();
    await order.first().getByText(buyer.username).waitFor();
    await order.first().getByText(/1 × Pho Bo/).waitFor();
    await order.first().getByText('Total $15.75').waitFor();
    await order.first().getByRole('button', { name: 'Accept order' }).click();
    await provider.getByText('Order accepted', { exact: true }).first().waitFor();
    await order.first().getByText('Preparing', { exact: true }).waitFor();
    await order.first().getByRole('button', { name: 'Ready for pickup' }).click();
    await provider.getByText('Drivers nearby are being asked to collect it.').first().waitFor();
    await order.first().getByText('Ready for pickup', { exact: true }).waitFor();
    await provider.getByTestId('earnings-gross').getByText('$15.75').waitFor();

    expect(provider.errors).toEqual([]);
    expect(customer.errors).toEqual([]);
  });
});
