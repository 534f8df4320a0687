import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { DayAvailability } from '@domain/availability/schemas';
import type { Hotel } from '@domain/catalogue/types';
import { apiSession, appReady, baseURL, createUser, signIn, useBrowser } from './fixtures';

const browser = useBrowser();

/** The visitor's calendar day `offset` days from today, "YYYY-MM-DD" (what the date inputs take). */
function day(offset: number): string {
  const d = new Date();
  d.setDate(d.getDate() + offset);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
/** "2027-03-03" -> "March 3, 2027", as the month grid names its days. */
function spelled(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  return `${MONTHS[m - 1]} ${d}, ${y}`;
}

async function freeRooms(hotelId: number, night: string): Promise<number> {
  const res = await fetch(`${baseURL()}/api/availability/hotels/${hotelId}?from=${night}&to=${night}`);
  expect(res.status).toBe(200);
  const body = (await res.json()) as DayAvailability;
  return body.days[0].free;
}

/**
 * Another customer holds `units` rooms of the hotel for the night (a pending booking holds its rooms until it is paid
 * or the hold expires): lines of up to 10 rooms, the total as the server prices it.
 */
async function holdRooms(cookie: string, hotelId: number, checkIn: string, checkOut: string, units: number) {
  const items: Array<Record<string, unknown>> = [];
  if (units >= 10) items.push({ serviceType: 'hotels', serviceId: hotelId, quantity: Math.floor(units / 10), details: { checkIn, checkOut, rooms: 10, guests: 10 } });
  if (units % 10 > 0) items.push({ serviceType: 'hotels', serviceId: hotelId, quantity: 1, details: { checkIn, checkOut, rooms: units % 10, guests: units % 10 } });
  const book = (totalAmount: number) =>
    fetch(`${baseURL()}/api/bookings`, { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify({ items, totalAmount, status: 'pending' }) });
  let res = await book(0);
  if (res.status === 409) {
    // The total the server works out: the answer names it.
    const { totalAmount } = (await res.json()) as { totalAmount?: number };
    expect(typeof totalAmount).toBe('number');
    res = await book(totalAmount as number);
  }
  expect(res.status, await res.clone().text()).toBe(201);
}

/** A signed-in customer with the hotel's details open for the stay, chosen in the search form as a person would. */
async function customerAt(hotel: Hotel, checkIn: string, checkOut: string, viewport: { width: number; height: number }) {
  const user = await createUser('race');
  const page = await browser.page(viewport);
  await signIn(page, user.email, user.password);
  await page.waitForURL((url) => url.pathname === '/');
  await appReady(page);
  const section = page.locator('#hotels');
  const search = section.getByRole('search', { name: 'Search hotels' });
  await search.getByLabel('Check-in').fill(checkIn);
  await search.getByLabel('Check-out').fill(checkOut);
  // The search with dates says how many rooms are left.
  const card = section.getByRole('article', { name: hotel.name });
  await card.getByText('Only 1 room left').waitFor();
  await card.getByRole('button', { name: `View details of ${hotel.name}` }).click();
  const dialog = page.getByRole('dialog', { name: hotel.name });
  const reserve = dialog.getByRole('button', { name: 'Reserve Now' });
  // The calendar has loaded and the night is free.
  await dialog.getByRole('group', { name: 'Choose your nights' }).waitFor();
  await expect.poll(() => reserve.isEnabled()).toBe(true);
  return { page, dialog, reserve };
}

/** Which way the race went for one customer: on to payment (the hold's countdown), or refused. */
async function outcome(page: Page): Promise<'won' | 'lost'> {
  const won = page.getByText(/^We hold this for \d\d:\d\d$/);
  const lost = page.getByText('Sold out for these dates');
  await won.or(lost).first().waitFor();
  return (await won.count()) > 0 ? 'won' : 'lost';
}

describe('last room race', () => {
  it('two customers book the last room of a night at once: one holds it and pays, the other sees Sold out and the nearest free dates', async () => {
    // A hotel other specs leave alone (they take the first ones listed), a night well ahead.
    const hotels = (await (await fetch(`${baseURL()}/api/hotels`)).json()) as Hotel[];
    const hotel = hotels[hotels.length - 1];
    const night = day(45);
    const morning = day(46);

    // Every room of that night but one is held by someone else.
    const filler = await createUser('filler');
    const free = await freeRooms(hotel.id, night);
    await holdRooms(await apiSession(filler.email, filler.password), hotel.id, night, morning, free - 1);
    expect(await freeRooms(hotel.id, night)).toBe(1);

    // Two customers, two browsers (one phone-sized), both about to reserve that one room.
    const [a, b] = await Promise.all([
      customerAt(hotel, night, morning, { width: 1280, height: 900 }),
      customerAt(hotel, night, morning, { width: 390, height: 844 }),
    ]);
    await Promise.all([a.reserve.click(), b.reserve.click()]);
    const results = await Promise.all([outcome(a.page), outcome(b.page)]);
    expect([...results].sort()).toEqual(['lost', 'won']);
    const winner = results[0] === 'won' ? a : b;
    const loser = results[0] === 'won' ? b : a;

    // The winner pays for the held room.
    const checkout = winner.page.getByRole('dialog', { name: /Complete your booking/ });
    await checkout.getByLabel('Card number').fill('4242 4242 4242 4242');
    await checkout.getByLabel('Expiry').fill('12/34');
    await checkout.getByLabel('CVC').fill('123');
    await checkout.getByRole('button', { name: /^Pay \$/ }).click();
    await winner.page.getByText('Hotel Booked Successfully!', { exact: true }).first().waitFor();

    // The other is back on the hotel: the night is greyed out and cannot be reserved...
    const notice = loser.dialog.getByRole('alert').filter({ hasText: 'Sold out for these dates' });
    await notice.waitFor();
    const soldOutNight = loser.dialog.getByRole('button', { name: new RegExp(`${spelled(night)}, your stay starts, sold out$`) });
    await soldOutNight.waitFor();
    expect(await soldOutNight.getAttribute('aria-disabled')).toBe('true');
    expect(await loser.reserve.isDisabled()).toBe(true);

    // ...and the nearest free dates are offered: the next night. Choosing them makes the stay bookable again.
    const nearest = notice.getByRole('button', { name: /^Choose .+ to .+$/ });
    await nearest.waitFor();
    await nearest.click();
    await notice.waitFor({ state: 'detached' });
    expect(await loser.dialog.getByLabel('Check-in').inputValue()).toBe(morning);
    expect(await loser.dialog.getByLabel('Check-out').inputValue()).toBe(day(47));
    await expect.poll(() => loser.reserve.isEnabled()).toBe(true);

    expect(await freeRooms(hotel.id, night)).toBe(0);
    expect(a.page.errors).toEqual([]);
    expect(b.page.errors).toEqual([]);
  });
});
