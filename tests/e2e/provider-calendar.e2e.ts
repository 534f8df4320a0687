import { describe, expect, it } from 'vitest';
import { adminCredentials, appReady, demoProviderCredentials, signIn, useBrowser } from './fixtures';

const browser = useBrowser();

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** "YYYY-MM-DD" of today (UTC) plus `n` days. */
function dayFromToday(n: number): string {
  const d = new Date();
  d.setUTCHours(0, 0, 0, 0);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}
const parts = (day: string) => {
  const d = new Date(`${day}T00:00:00Z`);
  return { weekday: WEEKDAYS[d.getUTCDay()], month: MONTHS[d.getUTCMonth()], date: d.getUTCDate(), year: d.getUTCFullYear() };
};
/** "Mar 5, 2027", as the provider's calendar names a day. */
const shortDay = (day: string) => {
  const p = parts(day);
  return `${p.month.slice(0, 3)} ${p.date}, ${p.year}`;
};
/** "Friday, March 5, 2027", as the customer's stay calendar names a day. */
const longDay = (day: string) => {
  const p = parts(day);
  return `${p.weekday}, ${p.month} ${p.date}, ${p.year}`;
};
const monthTitle = (day: string) => `${parts(day).month} ${parts(day).year}`;
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('provider calendar', () => {
  it('the demo provider blocks nights of a hotel on a phone; they show as blocked, and a customer can no longer book them', async () => {
    // 1. The demo provider, on a 390 px phone, opens one hotel's calendar among its listings.
    const provider = await browser.page({ width: 390, height: 900 });
    const { email, password } = demoProviderCredentials();
    await signIn(provider, email, password);
    await provider.waitForURL((url) => url.pathname === '/');
    const listings = (await (await provider.request.get('/api/provider/listings')).json()) as Array<{ kind: string; id: number; name: string }>;
    // The last of its hotels: other specs book the first ones.
    const hotel = listings.filter((l) => l.kind === 'hotels').at(-1);
    expect(hotel, 'the demo provider owns a hotel').toBeDefined();
    const name = hotel!.name;

    // Listings is a list; the hotel's calendar is on its own editor page (issue 26), found by name.
    await provider.goto('/provider/listings');
    await provider.getByRole('heading', { name: 'Listings', exact: true }).waitFor();
    await provider.getByLabel('Kind').selectOption('hotels');
    await provider.getByLabel('Find a listing').fill(name);
    await provider.getByRole('link', { name: `Edit ${name}`, exact: true }).click();
    await provider.waitForURL((url) => url.pathname === `/provider/listings/hotels/${hotel!.id}`);
    await provider.getByRole('heading', { name, exact: true }).waitFor();
    // Calendars load only when opened: none is on the page before.
    await provider.getByRole('button', { name: `Calendar of ${name}` }).waitFor();
    expect(await provider.getByRole('grid').count()).toBe(0);
    await provider.getByRole('button', { name: `Calendar of ${name}` }).click();
    const calendar = provider.getByRole('region', { name: `Calendar of ${name}` });
    await calendar.getByRole('grid').waitFor();
    await calendar.getByRole('list', { name: 'Legend' }).getByText('Blocked', { exact: true }).waitFor();

    // 2. It blocks three nights five to six weeks ahead, with a reason.
    const from = dayFromToday(38);
    const to = dayFromToday(40);
    const reason = 'Renovation of the east wing';
    await calendar.getByLabel('From', { exact: true }).fill(from);
    await calendar.getByLabel('To (included)').fill(to);
    await calendar.getByLabel('Reason (optional)').fill(reason);
    await calendar.getByRole('button', { name: 'Block dates' }).click();
    await provider.getByText(`Blocked ${shortDay(from)} – ${shortDay(to)}`, { exact: true }).first().waitFor();

    // 3. The calendar turns to that month and marks the three days blocked, in words as well as colour.
    await calendar.getByRole('heading', { name: monthTitle(from) }).waitFor();
    for (const day of [from, dayFromToday(39), to]) {
      await calendar.getByRole('button', { name: new RegExp(`^${escape(shortDay(day))}: Blocked\\.`) }).waitFor();
    }
    const blocks = calendar.getByRole('list', { name: `Blocks in ${monthTitle(from)}` });
    await blocks.getByText(reason, { exact: false }).waitFor();
    // The keyboard walks the grid: from the first blocked day, the right arrow goes to the next, which says why.
    const first = calendar.getByRole('button', { name: new RegExp(`^${escape(shortDay(from))}: Blocked\\.`) });
    await first.focus();
    await first.press('ArrowRight');
    // The grid moves the focus once it has drawn the new selection: wait for it rather than read it once.
    await expect
      .poll(() => provider.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? ''))
      .toMatch(new RegExp(`^${escape(shortDay(dayFromToday(39)))}: Blocked\\.`));
    await calendar.getByText(`Blocked ${shortDay(from)} – ${shortDay(to)}: ${reason}`).waitFor();
    // A phone shows it all without sideways scrolling.
    expect(await provider.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // 4. A customer, in another browser, opens the hotel and asks for two of those nights: they are greyed, sold out.
    const hotels = (await (await fetch(new URL('/api/hotels', provider.url()))).json()) as Array<{ id: number; name: string; location: string }>;
    const listed = hotels.find((h) => h.id === hotel!.id);
    expect(listed, 'the hotel is listed').toBeDefined();
    const customer = await browser.page();
    await customer.goto('/#hotels');
    await appReady(customer);
    const section = customer.locator('#hotels');
    await section.getByRole('combobox', { name: 'Destination' }).fill(listed!.location);
    await section.getByRole('button', { name: `View details of ${name}` }).click();
    const dialog = customer.getByRole('dialog', { name });
    await dialog.getByLabel('Check-in').fill(from);
    await dialog.getByLabel('Check-out').fill(dayFromToday(40));
    await dialog.getByText('Sold out for these dates').waitFor();
    expect(await dialog.getByRole('button', { name: 'Reserve Now' }).isDisabled()).toBe(true);
    const night = dialog.getByRole('button', { name: new RegExp(`^${escape(longDay(dayFromToday(39)))}.*sold out`) });
    expect(await night.getAttribute('aria-disabled')).toBe('true');

    // 5. The admin's occupancy tab lists the hotel.
    const admin = await browser.page();
    await signIn(admin, adminCredentials().email, adminCredentials().password);
    await admin.waitForURL((url) => url.pathname === '/admin');
    await admin.getByRole('tab', { name: 'Occupancy' }).click();
    await admin.getByRole('region', { name: 'Occupancy table' }).waitFor();
    await admin.getByLabel('Kind').selectOption('hotels');
    await admin.getByRole('columnheader', { name: /Occupancy/ }).getByRole('button').click();
    expect(await admin.getByRole('columnheader', { name: /Occupancy/ }).getAttribute('aria-sort')).toBe('ascending');

    expect(provider.errors).toEqual([]);
    expect(customer.errors).toEqual([]);
    expect(admin.errors).toEqual([]);
  });
});
