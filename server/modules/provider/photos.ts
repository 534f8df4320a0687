/**
 * Listing photos: the upload's type is read from its content by sharp (never from the name or the declared type),
 * JPEG, PNG and WebP only, at most PHOTO_MAX_BYTES and PHOTO_MAX_PIXELS (a decompression bomb is refused before
 * it is decoded). Each photo is stored as WebP in standard widths under DATA_DIR/uploads, named by the hash of its
 * content, so a URL never changes meaning and can be cached forever.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { PHOTO_MAX_BYTES, PHOTO_MAX_PIXELS, PHOTO_MAX_SIDE, PHOTO_TYPES } from '../../../domain/provider/schemas';
import { badRequest, notFound } from '../../platform/errors';

/** Widths every photo is stored in; the listing shows PHOTO_MAIN_WIDTH. */
export const PHOTO_WIDTHS = [400, 800, 1600] as const;
export const PHOTO_MAIN_WIDTH = 800;

const TYPE_MESSAGE = 'Please upload a JPEG, PNG or WebP image';
const FILE_NAME = /^[0-9a-f]{32}-(400|800|1600)\.webp$/;

export const uploadsDir = (dataDir: string) => join(dataDir, 'uploads');

/** Validates and stores one photo; returns its main URL. 400 with `errors.photo` for anything unacceptable. */
export async function storePhoto(dataDir: string, bytes: Buffer): Promise<{ url: string }> {
  if (bytes.length === 0) throw badRequest('Please choose a photo', { photo: 'Please choose a photo' });
  if (bytes.length > PHOTO_MAX_BYTES) throw badRequest('The photo must be at most 5 MB', { photo: 'The photo must be at most 5 MB' });
  let meta: Awaited<ReturnType<ReturnType<typeof sharp>["metadata"]>>;
  try {
    // limitInputPixels makes sharp refuse oversized images from the header, before decoding them.
    meta = await sharp(bytes, { limitInputPixels: PHOTO_MAX_PIXELS }).metadata();
  } catch {
    throw badRequest(TYPE_MESSAGE, { photo: TYPE_MESSAGE });
  }
  if (!meta.format || !(PHOTO_TYPES as readonly string[]).includes(meta.format)) throw badRequest(TYPE_MESSAGE, { photo: TYPE_MESSAGE });
  const width = meta.width ?? 0;
  const height = meta.height ?? 0;
  if (width < 1 || height < 1) throw badRequest(TYPE_MESSAGE, { photo: TYPE_MESSAGE });
  if (width > PHOTO_MAX_SIDE || height > PHOTO_MAX_SIDE || width * height > PHOTO_MAX_PIXELS) {
    const message = `The photo is too large: at most ${PHOTO_MAX_SIDE} pixels a side and ${PHOTO_MAX_PIXELS / 1_000_000} megapixels`;
    throw badRequest(message, { photo: message });
  }
  const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 32);
  const dir = uploadsDir(dataDir);
  await mkdir(dir, { recursive: true });
  try {
    for (const w of PHOTO_WIDTHS) {
      const out = await sharp(bytes, { limitInputPixels: PHOTO_MAX_PIXELS })
        .rotate()
        .resize({ width: w, height: Math.round((w * 3) / 4), fit: 'cover', withoutEnlargement: false })
        .webp({ quality: 80 })
        .toBuffer();
      const file = join(dir, `${hash}-${w}.webp`);
      // Write then rename: a reader never sees half a file.
      await writeFile(`${file}.tmp`, out);
      await rename(`${file}.tmp`, file);
    }
  } catch {
    throw badRequest(TYPE_MESSAGE, { photo: TYPE_MESSAGE });
  }
  return { url: `/uploads/${hash}-${PHOTO_MAIN_WIDTH}.webp` };
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
