import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asc, eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHOTO_MAX_PIXELS } from '../../../domain/provider/schemas';
import { cars, hotels } from '../../db/schema';
import { HttpError } from '../../platform/errors';
import { createTestApp, signUp, type TestApp } from '../../testing/test-app';
import { DECODE_OPTIONS, gateFor, ImageGate, renderPhoto, TOO_LARGE_MESSAGE, uploadsDir } from './photos';

/**
 * Issue 27: a photo upload is bounded — the pixel budget is checked from the header before any decode (and enforced
 * by sharp during it), decodes run a few at a time behind a bounded queue, each provider has an upload limit held in
 * the database, and a replaced photo's files are deleted.
 */
let t: TestApp;
let dataDir: string;
type Account = Awaited<ReturnType<typeof signUp>>;
const LIMIT = 4;

/** A multipart body with one file in field `photo`. */
function multipart(bytes: Buffer, filename = 'photo.png', type = 'image/png') {
  const boundary = '----golive' + Math.random().toString(16).slice(2);
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, bytes, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'x-requested-with': 'fetch' } };
}

function upload(kind: string, id: number, who: Account, bytes: Buffer) {
  const body = multipart(bytes);
  return t.app.inject({ method: 'POST', url: `/api/provider/listings/${kind}/${id}/photos`, headers: { cookie: who.cookie, ...body.headers }, payload: body.payload });
}

const png = (width: number, height: number, background = '#2a7') => sharp({ create: { width, height, channels: 3, background } }).png().toBuffer();
/** 8000 x 6000 = 48 megapixels of white in ~150 KB: twice the budget, cheap to send, costly to decode. */
let bomb: Buffer;

/** A provider owning the `n`th hotel (by id) and the `n`th car. */
async function providerWithListings(n: number): Promise<{ who: Account; hotelId: number; carId: number }> {
  const who = await signUp(t, { role: 'provider' });
  const [h] = await t.database.db.select({ id: hotels.id }).from(hotels).orderBy(asc(hotels.id)).offset(n).limit(1);
  const [c] = await t.database.db.select({ id: cars.id }).from(cars).orderBy(asc(cars.id)).offset(n).limit(1);
  await t.database.db.update(hotels).set({ ownerId: who.id }).where(eq(hotels.id, h.id));
  await t.database.db.update(cars).set({ ownerId: who.id }).where(eq(cars.id, c.id));
  return { who, hotelId: h.id, carId: c.id };
}

const filesOf = (url: string) => [400, 800, 1600].map((w) => join(uploadsDir(dataDir), url.replace('/uploads/', '').replace('-800.webp', `-${w}.webp`)));

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'golive-photos-'));
  t = await createTestApp({ env: { DATA_DIR: dataDir, UPLOAD_LIMIT_PER_10_MIN: String(LIMIT), IMAGE_CONCURRENCY: '1', IMAGE_QUEUE: '1' } });
  bomb = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: '#fff' } })
    .png({ compressionLevel: 9 })
    .toBuffer();
}, 60_000);

afterAll(async () => {
  await t?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the pixel budget', () => {
  it('refuses an image bomb from its header, quickly, with 400 and a clear message, without decoding it', async () => {
    expect(bomb.length).toBeLessThan(400_000);
    const { who, hotelId } = await providerWithListings(0);
    const gate = gateFor(t.config.uploads);
    const decodesBefore = gate.started;
    const started = performance.now();
    const res = await upload('hotels', hotelId, who, bomb);
    const ms = performance.now() - started;
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: TOO_LARGE_MESSAGE, errors: { photo: TOO_LARGE_MESSAGE } });
    expect(TOO_LARGE_MESSAGE).toBe('Image is too large (max 24,000,000 pixels, 10,000 pixels a side)');
    // Never given a decode slot: refused from the header alone.
    expect(gate.started).toBe(decodesBefore);
    expect(ms).toBeLessThan(3000);
    // The listing kept its photo.
    const [h] = await t.database.db.select({ image: hotels.image }).from(hotels).where(eq(hotels.id, hotelId));
    expect(h.image).not.toMatch(/^\/uploads\//);
  });

  it('sets sharp`s own pixel limit on the decode: the bomb fails in libvips itself, not after decoding it', async () => {
    expect(PHOTO_MAX_PIXELS).toBe(24_000_000);
    expect(DECODE_OPTIONS.limitInputPixels).toBe(PHOTO_MAX_PIXELS);
    await expect(renderPhoto(bomb)).rejects.toThrow(/pixel limit/);
    // Within the budget it decodes: 16-bit input comes out as ordinary 8-bit WebP in every width.
    const deep = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#2a7' } }).toColourspace('rgb16').png().toBuffer();
    expect((await sharp(deep).metadata()).depth).toBe('ushort');
    const out = await renderPhoto(deep);
    const meta = await sharp(out.get(800)!).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 800, 600]);
    const { data } = await sharp(out.get(400)!).raw().toBuffer({ resolveWithObject: true });
    // #2a7 is (34, 170, 119): colours survive the 16 -> 8 bit step (not clipped to white).
    expect(Math.abs(data[0] - 0x22)).toBeLessThan(8);
    expect(Math.abs(data[1] - 0xaa)).toBeLessThan(8);
  });
});

describe('decodes at once', () => {
  it('runs at most `max` jobs, queues `queueMax` more in order, and refuses the rest with 503 and Retry-After', async () => {
    const gate = new ImageGate(2, 1);
    const releases: Array<() => void> = [];
    const order: number[] = [];
    let peak = 0;
    const job = (n: number) =>
      gate.run(async () => {
        order.push(n);
        peak = Math.max(peak, gate.active);
        await new Promise<void>((resolve) => releases.push(resolve));
        return n;
      });
    const a = job(1);
    const b = job(2);
    const c = job(3);
    await new Promise((r) => setTimeout(r, 10));
    expect([gate.active, gate.queued, order]).toEqual([2, 1, [1, 2]]);
    const refused = await job(4).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(HttpError);
    expect((refused as HttpError).statusCode).toBe(503);
    expect((refused as HttpError).headers?.['retry-after']).toBe('5');
    releases.shift()!();
    expect(await a).toBe(1);
    await new Promise((r) => setTimeout(r, 10));
    // The finished job's slot went to the waiting one.
    expect([gate.active, gate.queued, order]).toEqual([2, 0, [1, 2, 3]]);
    releases.shift()!();
    releases.shift()!();
    expect(await Promise.all([b, c])).toEqual([2, 3]);
    expect([peak, gate.active]).toEqual([2, 0]);
  });

  it('answers an upload 503 with Retry-After while the decode slots and the queue are taken, and takes it after', async () => {
    const { who, hotelId } = await providerWithListings(1);
    const gate = gateFor(t.config.uploads);
    expect([gate.max, gate.queueMax]).toEqual([1, 1]);
    const releases: Array<() => void> = [];
    const hold = () => gate.run(() => new Promise<void>((resolve) => releases.push(resolve)));
    const held = [hold(), hold()];
    await new Promise((r) => setTimeout(r, 10));
    expect([gate.active, gate.queued]).toEqual([1, 1]);
    const photo = await png(640, 480);
    const busy = await upload('hotels', hotelId, who, photo);
    expect(busy.statusCode).toBe(503);
    expect(busy.headers['retry-after']).toBe('5');
    expect(busy.json().message).toMatch(/try again/);
    for (const release of releases.splice(0)) release();
    await new Promise((r) => setTimeout(r, 10));
    for (const release of releases.splice(0)) release();
    await Promise.all(held);
    expect((await upload('hotels', hotelId, who, photo)).statusCode).toBe(201);
  });
});

describe('uploads per provider', () => {
  it(`allows ${LIMIT} uploads per 10 minutes per provider (refused ones count too), then 429 with Retry-After; another provider is not affected`, async () => {
    const { who, hotelId, carId } = await providerWithListings(2);
    const photo = await png(320, 240, '#a27');
    expect((await upload('hotels', hotelId, who, photo)).statusCode).toBe(201);
    expect((await upload('cars', carId, who, photo)).statusCode).toBe(201);
    expect((await upload('cars', carId, who, bomb)).statusCode).toBe(400);
    expect((await upload('hotels', hotelId, who, photo)).statusCode).toBe(201);
    const over = await upload('cars', carId, who, photo);
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(500);
    expect(Number(over.headers['retry-after'])).toBeLessThanOrEqual(600);
    expect(over.json().message).toMatch(/Too many photo uploads/);
    // The refused upload changed nothing.
    const [car] = await t.database.db.select({ image: cars.image }).from(cars).where(eq(cars.id, carId));
    expect(existsSync(filesOf(car.image)[1])).toBe(true);

    const { who: another, hotelId: theirs } = await providerWithListings(3);
    expect((await upload('hotels', theirs, another, photo)).statusCode).toBe(201);
  });
});

describe('replaced photos', () => {
  it("deletes a replaced photo's files (every width) and keeps one another listing shows", async () => {
    const { who, hotelId, carId } = await providerWithListings(4);
    const first = await upload('hotels', hotelId, who, await png(640, 480, '#111'));
    expect(first.statusCode).toBe(201);
    const firstUrl = (first.json() as { url: string }).url;
    expect(filesOf(firstUrl).every(existsSync)).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: firstUrl })).statusCode).toBe(200);

    const second = await upload('hotels', hotelId, who, await png(640, 480, '#222'));
    expect(second.statusCode).toBe(201);
    const secondUrl = (second.json() as { url: string }).url;
    expect(secondUrl).not.toBe(firstUrl);
    expect(filesOf(firstUrl).some(existsSync)).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: firstUrl })).statusCode).toBe(404);
    expect(filesOf(secondUrl).every(existsSync)).toBe(true);

    // An admin showed the second photo on a car too: replacing the hotel's keeps the files the car still shows.
    await t.database.db.update(cars).set({ image: secondUrl }).where(inArray(cars.id, [carId]));
    expect((await upload('hotels', hotelId, who, await png(640, 480, '#333'))).statusCode).toBe(201);
    expect(filesOf(secondUrl).every(existsSync)).toBe(true);
  });
});
