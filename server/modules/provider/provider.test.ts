import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import { asc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatchTick } from '../orders';
import { deliveryOrders, domainEvents, hotels, menuItems, restaurants } from '../../db/schema';
import { createAdmin, createTestApp, signUp, type TestApp } from '../../testing/test-app';
import { firstMenuItem, pay, quote, TORONTO_ADDRESS } from '../bookings/test-helpers';

let t: TestApp;
let dataDir: string;
type Json = Record<string, unknown>;
type ProviderOrderJson = { id: number; delivery: { acceptedAt: string | null } | null };
type Account = Awaited<ReturnType<typeof signUp>>;
let owner: Account;
let other: Account;
let restaurantId: number;
let hotelId: number;

function call(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, cookie?: string, payload?: unknown) {
  return t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload !== undefined ? { payload: payload as object } : {}) });
}

/** A multipart body with one file in field `field`. */
function multipart(bytes: Buffer, filename: string, type: string, field = 'photo') {
  const boundary = '----golive' + Math.random().toString(16).slice(2);
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, bytes, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'x-requested-with': 'fetch' } };
}

function upload(kind: string, id: number, cookie: string, body: ReturnType<typeof multipart>) {
  return t.app.inject({ method: 'POST', url: `/api/provider/listings/${kind}/${id}/photos`, headers: { cookie, ...body.headers }, payload: body.payload });
}

/** A PNG whose header claims `width` x `height` (a decompression bomb never needs its pixels). */
function pngHeader(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(td) >>> 0);
    return Buffer.concat([len, td, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', ihdr), chunk('IDAT', Buffer.from([120, 156, 3, 0, 0, 0, 0, 1])), chunk('IEND', Buffer.alloc(0))]);
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'golive-provider-'));
  t = await createTestApp({ env: { DATA_DIR: dataDir } });
  owner = await signUp(t, { role: 'provider' });
  other = await signUp(t, { role: 'provider' });
  // The seeded Toronto restaurant the bookings test helpers order from (TORONTO_ADDRESS is within its radius).
  const { restaurant: r } = await firstMenuItem(t);
  restaurantId = r.id;
  await t.database.db.update(restaurants).set({ ownerId: owner.id }).where(eq(restaurants.id, r.id));
  const [h] = await t.database.db.select().from(hotels).orderBy(asc(hotels.id)).limit(1);
  hotelId = h.id;
  await t.database.db.update(hotels).set({ ownerId: owner.id }).where(eq(hotels.id, h.id));
});

afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('provider API access', () => {
  it.each([
    ['GET', '/api/provider/listings'],
    ['PATCH', '/api/provider/listings/hotels/1', { pricePerNight: 100 }],
    ['GET', '/api/provider/listings/restaurants/1/menu'],
    ['POST', '/api/provider/listings/restaurants/1/menu', { name: 'Soup', price: 5 }],
    ['PATCH', '/api/provider/listings/restaurants/1/menu/1', { price: 5 }],
    ['DELETE', '/api/provider/listings/restaurants/1/menu/1', {}],
    ['GET', '/api/provider/orders'],
    ['POST', '/api/provider/orders/1/ready', {}],
    ['POST', '/api/provider/orders/1/accept', {}],
    ['GET', '/api/provider/earnings'],
  ] as const)('%s %s: visitors 401, customers, drivers and admins 403', async (method, url, body?: unknown) => {
    expect((await call(method, url, undefined, body)).statusCode).toBe(401);
    for (const role of ['user', 'driver', 'admin'] as const) {
      const who = await signUp(t, { role });
      expect((await call(method, url, who.cookie, body)).statusCode).toBe(403);
    }
  });
});

describe('my listings', () => {
  it('lists only my own listings with kind, id, name, isActive and the public fields', async () => {
    const mine = (await call('GET', '/api/provider/listings', owner.cookie)).json() as Json[];
    expect(mine.map((l) => `${String(l.kind)}:${String(l.id)}`).sort()).toEqual([`hotels:${hotelId}`, `restaurants:${restaurantId}`].sort());
    expect(mine.find((l) => l.kind === 'hotels')).toMatchObject({ id: hotelId, isActive: true, pricePerNight: expect.any(Number), name: expect.any(String) });
    expect((await call('GET', '/api/provider/listings', other.cookie)).json()).toEqual([]);
  });

  it("another provider can neither read nor change my listing, menu or photo (404) and nothing changes", async () => {
    const before = (await call('GET', `/api/provider/listings/hotels/${hotelId}`, owner.cookie)).json() as Json;
    expect((await call('GET', `/api/provider/listings/hotels/${hotelId}`, other.cookie)).statusCode).toBe(404);
    expect((await call('PATCH', `/api/provider/listings/hotels/${hotelId}`, other.cookie, { pricePerNight: 1 })).statusCode).toBe(404);
    expect((await call('GET', `/api/provider/listings/restaurants/${restaurantId}/menu`, other.cookie)).statusCode).toBe(404);
    expect((await call('POST', `/api/provider/listings/restaurants/${restaurantId}/menu`, other.cookie, { name: 'Stolen', price: 1 })).statusCode).toBe(404);
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#c00' } }).png().toBuffer();
    expect((await upload('hotels', hotelId, other.cookie, multipart(png, 'a.png', 'image/png'))).statusCode).toBe(404);
    const after = (await call('GET', `/api/provider/listings/hotels/${hotelId}`, owner.cookie)).json() as Json;
    expect(after.pricePerNight).toBe(before.pricePerNight);
  });

  it('changes my nightly rate: customers see it, the admin sees who changed it and when, catalogue.changed is emitted', async () => {
    const res = await call('PATCH', `/api/provider/listings/hotels/${hotelId}`, owner.cookie, { pricePerNight: 211.5 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ kind: 'hotels', id: hotelId, pricePerNight: 211.5, changedAt: expect.any(String) });
    const publicHotel = ((await call('GET', '/api/hotels')).json() as Json[]).find((h) => h.id === hotelId);
    expect(publicHotel?.pricePerNight).toBe(211.5);
    const admin = await createAdmin(t, 'provider-audit@example.com');
    const adminRow = ((await call('GET', '/api/admin/hotels', admin.cookie)).json() as Json[]).find((h) => h.id === hotelId);
    expect(adminRow).toMatchObject({ changedBy: owner.id, changedAt: expect.any(String), ownerId: owner.id });
    // What changed, in the admin's audit log: the nightly rate from its old value to the new one, by the provider.
    const entries = (await call('GET', '/api/admin/audit', admin.cookie)).json() as Json[];
    const entry = entries.find((e) => e.targetType === 'hotels' && e.targetId === String(hotelId) && e.actorId === owner.id);
    expect(entry).toMatchObject({ action: 'listing.edited', changes: { by: 'provider', pricePerNightCents: [expect.any(Number), 21_150] } });
    const events = await t.database.db.select().from(domainEvents).where(eq(domainEvents.type, 'catalogue.changed'));
    expect(events.some((e) => e.payload.kind === 'hotels' && e.payload.id === hotelId)).toBe(true);
  });

  it('refuses an invalid edit with 400 and per-field errors', async () => {
    const res = await call('PATCH', `/api/provider/listings/hotels/${hotelId}`, owner.cookie, { pricePerNight: -3, description: 'short', rating: 5 });
    expect(res.statusCode).toBe(400);
    const body = res.json() as { message: string; errors: Record<string, string> };
    expect(body.errors.pricePerNight).toBe('Nightly rate must be more than $0');
    expect(body.errors.description).toBe('Description must be at least 10 characters');
    expect((await call('PATCH', `/api/provider/listings/hotels/${hotelId}`, owner.cookie, {})).statusCode).toBe(400);
    expect((await call('PATCH', `/api/provider/listings/boats/${hotelId}`, owner.cookie, { isActive: false })).statusCode).toBe(400);
  });
});

describe('where my places are and how far my restaurant delivers', () => {
  const quoteTo = async (destination: { lat: number; lng: number; address: string }) => {
    const { item } = await firstMenuItem(t);
    const items = [{ serviceType: 'food-delivery', serviceId: item.id, quantity: 1, details: { restaurantId, destination } }];
    return call('POST', '/api/bookings/quote', undefined, { items });
  };

  it('sets the delivery radius (1 to 50 km): the public list shows it and checkout refuses an address beyond it', async () => {
    const path = `/api/provider/listings/restaurants/${restaurantId}`;
    const listed = async () => ((await call('GET', '/api/restaurants')).json() as Json[]).find((r) => r.id === restaurantId);
    expect((await listed())?.deliveryRadiusKm).toBe(10);
    const point = (await listed()) as { lat: number; lng: number };
    const threeKm = { ...point, lat: point.lat + 3 / 111 / 1.3, address: '3 km north' };
    expect((await quoteTo(threeKm)).statusCode).toBe(200);

    const res = await call('PATCH', path, owner.cookie, { deliveryRadiusKm: 2.5 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ deliveryRadiusKm: 2.5 });
    expect((await listed())?.deliveryRadiusKm).toBe(2.5);
    const refused = await quoteTo(threeKm);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors['items.0.details.destination']).toMatch(/ delivers within 2\.5 km; this address is 3\.\d km away$/);

    for (const [value, message] of [
      [0.5, 'Delivery radius must be between 1 and 50 km'],
      [51, 'Delivery radius must be between 1 and 50 km'],
      [2.25, 'Delivery radius must have at most 1 decimal'],
      ['5 km', 'Delivery radius must be a number'],
    ] as const) {
      const bad = await call('PATCH', path, owner.cookie, { deliveryRadiusKm: value });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors.deliveryRadiusKm).toBe(message);
    }
    // A hotel has no delivery radius.
    expect((await call('PATCH', `/api/provider/listings/hotels/${hotelId}`, owner.cookie, { deliveryRadiusKm: 5 })).statusCode).toBe(400);
    expect((await call('PATCH', path, owner.cookie, { deliveryRadiusKm: 10 })).json()).toMatchObject({ deliveryRadiusKm: 10 });
    expect((await quoteTo(threeKm)).statusCode).toBe(200);
  });

  it('moves a place’s map pin after approval (latitude and longitude together); customers see the new point', async () => {
    const path = `/api/provider/listings/hotels/${hotelId}`;
    const before = (await call('GET', path, owner.cookie)).json() as { lat: number; lng: number };
    const moved = { lat: Math.round((before.lat + 0.001234) * 1e6) / 1e6, lng: Math.round((before.lng - 0.002345) * 1e6) / 1e6 };
    const res = await call('PATCH', path, owner.cookie, moved);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject(moved);
    expect(((await call('GET', '/api/hotels')).json() as Json[]).find((h) => h.id === hotelId)).toMatchObject(moved);

    const half = await call('PATCH', path, owner.cookie, { lat: 10 });
    expect(half.statusCode).toBe(400);
    expect(half.json().errors.lat).toBe('Move the pin: the latitude and longitude change together');
    const off = await call('PATCH', path, owner.cookie, { lat: 91, lng: 0 });
    expect(off.json().errors.lat).toBe('Latitude must be between -90 and 90');
    // A taxi ride type is no place on the map.
    expect((await call('PATCH', `/api/provider/listings/taxi-rides/1`, owner.cookie, { lat: 1, lng: 1 })).statusCode).toBe(400);
    expect((await call('PATCH', path, owner.cookie, { lat: before.lat, lng: before.lng })).statusCode).toBe(200);
  });
});

describe('restaurant menu', () => {
  it('creates, changes, hides and deletes dishes; the public menu follows', async () => {
    const base = `/api/provider/listings/restaurants/${restaurantId}/menu`;
    const created = await call('POST', base, owner.cookie, { name: 'Pho Bo', description: 'Beef noodle soup', price: 13.75, category: 'Mains' });
    expect(created.statusCode).toBe(201);
    const dish = created.json() as Json;
    expect(dish).toMatchObject({ name: 'Pho Bo', price: 13.75, category: 'Mains', available: true });
    const publicMenu = async () => (await call('GET', `/api/restaurants/${restaurantId}/menu`)).json() as Json[];
    expect((await publicMenu()).find((m) => m.id === dish.id)).toMatchObject({ price: 13.75 });

    const changed = await call('PATCH', `${base}/${String(dish.id)}`, owner.cookie, { price: 14.25, available: false });
    expect(changed.json()).toMatchObject({ price: 14.25, available: false });
    expect((await publicMenu()).some((m) => m.id === dish.id)).toBe(false);
    expect(((await call('GET', base, owner.cookie)).json() as Json[]).find((m) => m.id === dish.id)).toMatchObject({ available: false });

    const bad = await call('POST', base, owner.cookie, { name: 'X', price: 0 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({ name: 'Dish name must be at least 2 characters', price: 'Price must be more than $0' });

    expect((await call('DELETE', `${base}/${String(dish.id)}`, owner.cookie, {})).statusCode).toBe(204);
    expect((await call('DELETE', `${base}/${String(dish.id)}`, owner.cookie, {})).statusCode).toBe(404);
    const rows = await t.database.db.select().from(menuItems).where(eq(menuItems.id, dish.id as number));
    expect(rows).toEqual([]);

    // Each menu change is in the admin's audit log, with who made it.
    const admin = await createAdmin(t, 'menu-audit@example.com');
    const changes = ((await call('GET', '/api/admin/audit?targetType=restaurants', admin.cookie)).json() as Json[])
      .filter((e) => e.targetId === String(restaurantId) && e.actorId === owner.id)
      .map((e) => e.changes as Json);
    expect(changes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ menuItemAdded: { id: dish.id, name: 'Pho Bo', price: 13.75 } }),
        expect.objectContaining({ menuItem: expect.objectContaining({ id: dish.id, priceCents: [1375, 1425], available: [true, false] }) }),
        expect.objectContaining({ menuItemRemoved: { id: dish.id, name: 'Pho Bo' } }),
      ]),
    );
  });
});

describe('photos', () => {
  it('accepts a PNG, stores standard sizes as WebP and serves them with immutable caching; the listing shows it', async () => {
    const png = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#2a7' } }).png().toBuffer();
    const res = await upload('hotels', hotelId, owner.cookie, multipart(png, 'room.png', 'image/png'));
    expect(res.statusCode).toBe(201);
    const { url } = res.json() as { url: string };
    expect(url).toMatch(/^\/uploads\/[0-9a-f]{32}-800\.webp$/);
    const served = await call('GET', url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toContain('immutable');
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 800, 600]);
    expect((await call('GET', url.replace('-800', '-400'))).statusCode).toBe(200);
    expect(((await call('GET', '/api/hotels')).json() as Json[]).find((h) => h.id === hotelId)?.image).toBe(url);
  });

  it('refuses a renamed text file, an oversize file and a huge-dimension image with 400', async () => {
    const text = Buffer.from('just some text pretending to be a photo\n'.repeat(20));
    const renamed = await upload('hotels', hotelId, owner.cookie, multipart(text, 'photo.jpg', 'image/jpeg'));
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json().errors.photo).toBe('Please upload a JPEG, PNG or WebP image');

    const big = Buffer.concat([await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } }).jpeg().toBuffer(), Buffer.alloc(5 * 1024 * 1024 + 10)]);
    const oversize = await upload('hotels', hotelId, owner.cookie, multipart(big, 'big.jpg', 'image/jpeg'));
    expect(oversize.statusCode).toBe(400);
    expect(oversize.json().errors.photo).toBe('The photo must be at most 5 MB');

    const bomb = await upload('hotels', hotelId, owner.cookie, multipart(pngHeader(30_000, 30_000), 'bomb.png', 'image/png'));
    expect(bomb.statusCode).toBe(400);
    expect(bomb.json().errors.photo).toMatch(/too large|JPEG, PNG or WebP/);

    const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
    expect((await upload('hotels', hotelId, owner.cookie, multipart(gif, 'x.gif', 'image/gif'))).statusCode).toBe(400);
    // Without the X-Requested-With header a multipart post is refused by the CSRF rule.
    const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#00f' } }).png().toBuffer();
    const form = multipart(png, 'a.png', 'image/png');
    const noHeader = await t.app.inject({
      method: 'POST',
      url: `/api/provider/listings/hotels/${hotelId}/photos`,
      headers: { cookie: owner.cookie, 'content-type': form.headers['content-type'] },
      payload: form.payload,
    });
    expect(noHeader.statusCode).toBe(415);
  });

  it('serves nothing outside the uploads names', async () => {
    // An encoded slash is not a path in normal form: refused before any route sees it (platform/normal-path.ts).
    expect((await call('GET', '/uploads/..%2F..%2Fetc%2Fpasswd')).statusCode).toBe(400);
    expect((await call('GET', '/uploads/abc.webp')).statusCode).toBe(404);
  });
});

describe('orders, ready for pickup and earnings', () => {
  it("shows my restaurant's paid order with customer, items and total; dispatch waits for 'Ready for pickup'", async () => {
    const driver = await signUp(t, { role: 'driver' });
    const [r] = await t.database.db.select().from(restaurants).where(eq(restaurants.id, restaurantId));
    expect((await call('POST', '/api/driver/status', driver.cookie, { online: true, lat: Number(r.lat), lng: Number(r.lng) })).statusCode).toBe(200);

    const customer = await signUp(t);
    const { item } = await firstMenuItem(t);
    const items = [{ serviceType: 'food-delivery', serviceId: item.id, quantity: 2, details: { restaurantId, destination: TORONTO_ADDRESS } }];
    const quoted = await quote(t, items);
    const booked = await call('POST', '/api/bookings', customer.cookie, { items, totalAmount: quoted.total });
    expect(booked.statusCode).toBe(201);
    expect((await pay(t, customer.cookie, booked.json())).statusCode).toBe(200);

    const [order] = await t.database.db.select().from(deliveryOrders).where(eq(deliveryOrders.bookingId, booked.json().id));
    expect(order).toMatchObject({ awaitsReady: true, readyAt: null, status: 'pending' });
    await dispatchTick(t.database.db, t.ctx.events);
    expect(((await call('GET', '/api/driver/orders', driver.cookie)).json() as { available: unknown[] }).available).toEqual([]);

    const mine = (await call('GET', '/api/provider/orders', owner.cookie)).json() as Json[];
    const entry = mine.find((o) => o.id === booked.json().id);
    expect(entry).toMatchObject({
      kind: 'restaurants',
      listingId: restaurantId,
      status: 'confirmed',
      customerName: customer.username,
      total: (item.priceCents * 2) / 100,
      // The same lines and amounts as the customer's receipt, for this restaurant's part.
      charges: [quoted.lines[0], quoted.lines.find((l) => l.key === 'delivery')],
      bookingTotal: quoted.total,
      items: [{ name: expect.stringContaining(item.name), quantity: 2, unitPrice: item.priceCents / 100 }],
      delivery: { orderId: order.id, status: 'pending', awaitsReady: true, acceptedAt: null, readyAt: null },
      // The provider order (issue 28): what the actions take; gross, the commission fixed when paid, and net.
      orderStatus: 'confirmed',
      money: { grossCents: item.priceCents * 2, commissionPercent: 15, feeCents: Math.max(100, Math.round(item.priceCents * 2 * 0.15)) },
      canAccept: true,
      canDecline: true,
      canComplete: false,
    });
    const orderId = entry?.orderId as number;
    // Accepting tells the customer, and still asks no driver.
    expect((await call('POST', `/api/provider/orders/${orderId}/accept`, other.cookie, {})).statusCode).toBe(404);
    expect((await call('POST', `/api/provider/orders/${orderId}/accept`, owner.cookie, {})).statusCode).toBe(200);
    expect((await call('POST', `/api/provider/orders/${orderId}/accept`, owner.cookie, {})).statusCode).toBe(409);
    const tracked = (await call('GET', `/api/tracking/${order.trackingId}`)).json() as { updates?: Array<{ message: string }> };
    expect(JSON.stringify(tracked)).toContain('The restaurant accepted your order');
    await dispatchTick(t.database.db, t.ctx.events);
    expect(((await call('GET', '/api/driver/orders', driver.cookie)).json() as { available: unknown[] }).available).toEqual([]);
    const accepted = ((await call('GET', '/api/provider/orders', owner.cookie)).json() as ProviderOrderJson[]).find((o) => o.id === booked.json().id);
    expect(accepted?.delivery?.acceptedAt).toEqual(expect.any(String));
    expect(((await call('GET', '/api/provider/orders', other.cookie)).json() as Json[]).some((o) => o.id === booked.json().id)).toBe(false);
    expect((await call('POST', `/api/provider/orders/${orderId}/ready`, other.cookie, {})).statusCode).toBe(404);

    const ready = await call('POST', `/api/provider/orders/${orderId}/ready`, owner.cookie, {});
    expect(ready.statusCode).toBe(200);
    const offers = ((await call('GET', '/api/driver/orders', driver.cookie)).json() as { available: Json[] }).available;
    expect(offers.map((o) => o.id)).toEqual([order.id]);
    expect((await call('POST', `/api/provider/orders/${orderId}/ready`, owner.cookie, {})).statusCode).toBe(409);

    const earnings = (await call('GET', '/api/provider/earnings', owner.cookie)).json() as Json;
    const gross = (item.priceCents * 2) / 100;
    expect(earnings).toMatchObject({ gross, orders: 1, feeRate: 0.15 });
    expect(earnings.platformFee).toBe(Math.round(item.priceCents * 2 * 0.15) / 100);
    expect(earnings.net).toBeCloseTo(gross - (earnings.platformFee as number), 2);
    expect((await call('GET', '/api/provider/earnings', other.cookie)).json()).toMatchObject({ gross: 0, net: 0, orders: 0 });
  });
});

describe('generated artwork (listings without a photo)', () => {
  it('seeded listings show art of what they are, captioned with the subject, never pixel sizes', async () => {
    const list = (await call('GET', '/api/restaurants')).json() as Array<{ id: number; cuisine: string; image: string }>;
    const seeded = list.find((r) => r.id !== restaurantId && r.image.startsWith('/api/placeholder/'));
    expect(seeded?.image).toBe(`/api/placeholder/400/300?kind=restaurant&subject=${encodeURIComponent(seeded?.cuisine ?? '')}`);
    const svg = await call('GET', seeded?.image ?? '');
    expect(svg.statusCode).toBe(200);
    expect(svg.headers['content-type']).toContain('image/svg+xml');
    expect(svg.body).toContain(`>${seeded?.cuisine}</text>`);
    expect(svg.body).not.toMatch(/\d+ × \d+/);
    const cars = (await call('GET', '/api/cars')).json() as Array<{ category: string; image: string }>;
    expect(cars.every((c) => c.image.includes('kind=car&subject='))).toBe(true);
    const carSvg = await call('GET', cars[0].image);
    expect(carSvg.body).toContain(`>${cars[0].category}</text>`);
    const hotelSvg = (await call('GET', '/api/placeholder/400/300?kind=hotel&subject=4-star%20hotel')).body;
    expect((hotelSvg.match(/★/g) ?? []).length).toBe(4);
    expect((await call('GET', '/api/placeholder/400/300?kind=spaceship&subject=x')).statusCode).toBe(400);
  });
});
