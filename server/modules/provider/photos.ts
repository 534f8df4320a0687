/**
 * Listing photos: the upload's type is read from its content by sharp (never from the name or the declared type),
 * JPEG, PNG and WebP only, at most PHOTO_MAX_BYTES and PHOTO_MAX_PIXELS. The dimensions are read from the header
 * first and a too-large image is refused before a pixel is decoded (a small file can claim a huge image: a
 * decompression bomb); the decode itself runs with sharp's `limitInputPixels` and a timeout as well. At most
 * `concurrency` photos are processed at once per instance, a bounded queue waits, and beyond it the upload is
 * answered 503 with Retry-After (issue 27). Each photo is stored as WebP in standard widths under DATA_DIR/uploads,
 * under a random name of its own, so a URL never changes meaning, can be cached forever, and belongs to one upload:
 * when a listing's photo is replaced, the old files are deleted unless some listing still shows them.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { formatNumber, SERVER_LOCALE } from '../../../domain/format';
import { PHOTO_MAX_BYTES, PHOTO_MAX_PIXELS, PHOTO_MAX_SIDE, PHOTO_TYPES } from '../../../domain/provider/schemas';
import type { Db } from '../../db/connect';
import type { restaurants } from '../../db/schema';
import { badRequest, HttpError, notFound } from '../../platform/errors';
import { SERVER_KINDS } from '../catalogue';

/** Widths every photo is stored in; the listing shows PHOTO_MAIN_WIDTH. */
export const PHOTO_WIDTHS = [400, 800, 1600] as const;
export const PHOTO_MAIN_WIDTH = 800;
/** The longest one photo's decode and resize may take before it is abandoned. */
const PHOTO_TIMEOUT_SECONDS = 20;

const TYPE_MESSAGE = 'Please upload a JPEG, PNG or WebP image';
const thousands = (n: number) => formatNumber(n, { locale: SERVER_LOCALE });
export const TOO_LARGE_MESSAGE = `Image is too large (max ${thousands(PHOTO_MAX_PIXELS)} pixels, ${thousands(PHOTO_MAX_SIDE)} pixels a side)`;
const FILE_NAME = /^[0-9a-f]{32}-(400|800|1600)\.webp$/;
const STORED_URL = /^\/uploads\/([0-9a-f]{32})-(?:400|800|1600)\.webp$/;

// Decoded images are not kept in sharp's operation cache: memory is given back as soon as a photo is stored.
sharp.cache(false);

/**
 * sharp's options for decoding an upload: the pixel budget is enforced by libvips itself (a second line behind the
 * header check), the first error in the data stops the decode, and the image is read top to bottom once.
 */
export const DECODE_OPTIONS = { limitInputPixels: PHOTO_MAX_PIXELS, failOn: 'error', sequentialRead: true } as const;

export const uploadsDir = (dataDir: string) => join(dataDir, 'uploads');

/**
 * At most `max` jobs at once; up to `queueMax` more wait their turn (first come, first served); beyond that a job is
 * refused at once with 503 and Retry-After. In memory: it bounds this instance's CPU and memory, which is the point.
 */
export class ImageGate {
  private running = 0;
  private readonly waiting: Array<() => void> = [];
  /** Jobs that were given a slot (tests read it to see whether an image was processed at all). */
  started = 0;

  constructor(
    readonly max: number,
    readonly queueMax: number,
  ) {}

  get active(): number {
    return this.running;
  }
  get queued(): number {
    return this.waiting.length;
  }

  async run<T>(job: () => Promise<T>): Promise<T> {
    if (this.running < this.max) {
      this.running += 1;
    } else {
      if (this.waiting.length >= this.queueMax) {
        throw new HttpError(503, 'Too many photos are being processed right now; please try again in a few seconds', undefined, undefined, { 'retry-after': '5' });
      }
      // The finishing job hands its slot straight to the first waiter (running stays the same).
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
    this.started += 1;
    try {
      return await job();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }
}

const gates = new WeakMap<object, ImageGate>();
/** The gate of one app's upload settings (config.uploads): one per app instance, found again by tests. */
export function gateFor(settings: { concurrency: number; queue: number }): ImageGate {
  let gate = gates.get(settings);
  if (!gate) {
    gate = new ImageGate(settings.concurrency, settings.queue);
    gates.set(settings, gate);
  }
  return gate;
}

/** The header's type and dimensions, or a 400 for anything unacceptable; no pixel is decoded here. */
export async function checkPhoto(bytes: Buffer): Promise<void> {
  if (bytes.length === 0) throw badRequest('Please choose a photo', { photo: 'Please choose a photo' });
  if (bytes.length > PHOTO_MAX_BYTES) throw badRequest('The photo must be at most 5 MB', { photo: 'The photo must be at most 5 MB' });
  let meta: Awaited<ReturnType<ReturnType<typeof sharp>['metadata']>>;
  try {
    // The header only (libvips opens images lazily): the limit is checked below, with a message that says so.
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw badRequest(TYPE_MESSAGE, { photo: TYPE_MESSAGE });
  }
  if (!meta.format || !(PHOTO_TYPES as readonly string[]).includes(meta.format)) throw badRequest(TYPE_MESSAGE, { photo: TYPE_MESSAGE });
  const width = meta.width ?? 0;
  const height = meta.height ?? 0;
  if (width < 1 || height < 1) throw badRequest(TYPE_MESSAGE, { photo: TYPE_MESSAGE });
  // A multi-page image (an animated WebP) decodes every page: count them all.
  const pages = Math.max(1, meta.pages ?? 1);
  if (width > PHOTO_MAX_SIDE || height > PHOTO_MAX_SIDE || width * height * pages > PHOTO_MAX_PIXELS) {
    throw badRequest(TOO_LARGE_MESSAGE, { photo: TOO_LARGE_MESSAGE });
  }
}

/**
 * Decodes the upload once (within DECODE_OPTIONS' budget), crops it to 4:3 at the largest width, and derives the
 * smaller widths from that: WebP files keyed by width.
 */
export async function renderPhoto(bytes: Buffer): Promise<Map<number, Buffer>> {
  const largest = PHOTO_WIDTHS[PHOTO_WIDTHS.length - 1];
  const { data, info } = await sharp(bytes, DECODE_OPTIONS)
    .timeout({ seconds: PHOTO_TIMEOUT_SECONDS })
    .rotate()
    .resize({ width: largest, height: Math.round((largest * 3) / 4), fit: 'cover', withoutEnlargement: false })
    .toColourspace('srgb')
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true });
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } } as const;
  const out = new Map<number, Buffer>();
  for (const w of PHOTO_WIDTHS) {
    out.set(
      w,
      await sharp(data, raw)
        .resize({ width: w, height: Math.round((w * 3) / 4), fit: 'cover' })
        .webp({ quality: 80 })
        .toBuffer(),
    );
  }
  return out;
}

/**
 * Validates and stores one photo; returns its main URL. 400 with `errors.photo` for anything unacceptable (checked
 * before the photo waits for `gate`), 503 when the gate's queue is full.
 */
export async function storePhoto(dataDir: string, bytes: Buffer, gate: ImageGate): Promise<{ url: string }> {
  await checkPhoto(bytes);
  let files: Map<number, Buffer>;
  try {
    files = await gate.run(() => renderPhoto(bytes));
  } catch (err) {
    if (err instanceof HttpError) throw err;
    throw badRequest(TYPE_MESSAGE, { photo: TYPE_MESSAGE });
  }
  const name = randomBytes(16).toString('hex');
  const dir = uploadsDir(dataDir);
  await mkdir(dir, { recursive: true });
  for (const [w, out] of files) {
    const file = join(dir, `${name}-${w}.webp`);
    // Write then rename: a reader never sees half a file.
    await writeFile(`${file}.tmp`, out);
    await rename(`${file}.tmp`, file);
  }
  return { url: `/uploads/${name}-${PHOTO_MAIN_WIDTH}.webp` };
}

/** The listing tables that have an `image` column, as one concrete table type for Drizzle. */
const imageTables = () =>
  Object.values(SERVER_KINDS)
    .map((k) => k.table as unknown as typeof restaurants)
    .filter((table) => 'image' in table);

/**
 * Deletes the stored files of `url` (an /uploads/ URL; anything else, such as generated artwork, is left alone)
 * unless a listing still shows one of them (an admin may have copied the URL to another listing). Returns whether
 * files were deleted.
 */
export async function discardPhoto(db: Db, dataDir: string, url: string | null | undefined): Promise<boolean> {
  const match = url ? STORED_URL.exec(url) : null;
  if (!match) return false;
  const urls = PHOTO_WIDTHS.map((w) => `/uploads/${match[1]}-${w}.webp`);
  for (const table of imageTables()) {
    const [used] = await db.select({ id: table.id }).from(table).where(inArray(table.image, urls)).limit(1);
    if (used) return false;
  }
  await Promise.all(PHOTO_WIDTHS.map((w) => rm(join(uploadsDir(dataDir), `${match[1]}-${w}.webp`), { force: true })));
  return true;
}

/** The bytes of a stored photo by file name; 404 for anything that is not one. */
export async function readPhoto(dataDir: string, name: string): Promise<Buffer> {
  if (!FILE_NAME.test(name)) throw notFound('Photo not found');
  try {
    return await readFile(join(uploadsDir(dataDir), name));
  } catch {
    throw notFound('Photo not found');
  }
}
