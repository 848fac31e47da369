import { randomBytes } from 'node:crypto';
import sharp, { type Metadata } from 'sharp';
import type { MediaStorage } from '../../adapters/storage/storage';
import { AppError } from '../../lib/errors';

/**
 * Uploads and generated images (DESIGN 2.10): decoded with sharp (never trusted by name or
 * MIME type), turned upright, stripped of metadata and written as WebP in a few widths.
 * The database keeps the main key (`folder/<id>.webp`, the largest); the smaller widths sit
 * beside it as `<id>-320.webp` and `<id>-640.webp`, from which the web app builds `srcset`.
 */
export const IMAGE_WIDTHS = [320, 640] as const;
export const MAIN_WIDTH = 1200;
export const MAX_INPUT_BYTES = 10 * 1024 * 1024;
const MAX_INPUT_PIXELS = 40_000_000;
const NOT_AN_IMAGE = 'The file is not an image we can read.';

export interface SavedImage {
  key: string;
  width: number;
  height: number;
}

/** The key of one of the smaller widths of a stored image. */
export function imageVariantKey(key: string, width: number): string {
  return key.replace(/\.webp$/, `-${width}.webp`);
}

export async function saveImage(
  storage: MediaStorage,
  folder: string,
  input: Buffer,
): Promise<SavedImage> {
  if (input.length > MAX_INPUT_BYTES) throw new AppError(413, 'A file is too large.');
  let meta: Metadata;
  try {
    meta = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
  } catch {
    throw new AppError(400, NOT_AN_IMAGE);
  }
  if (!meta.width || !meta.height) throw new AppError(400, NOT_AN_IMAGE);
  const key = `${folder}/${randomBytes(9).toString('base64url').replace(/[-_]/g, 'x')}.webp`;
  const [main, ...smaller] = await encodeWidths(input).catch(() => {
    throw new AppError(400, NOT_AN_IMAGE);
  });
  await storage.put(key, main!.data);
  await Promise.all(
    IMAGE_WIDTHS.map((w, i) => storage.put(imageVariantKey(key, w), smaller[i]!.data)),
  );
  return { key, width: main!.info.width, height: main!.info.height };
}

/** Decodes once, upright and at most the main width, then encodes the main and smaller widths. */
async function encodeWidths(input: Buffer) {
  const upright = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS })
    .rotate()
    .resize({ width: MAIN_WIDTH, withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const encode = (width: number) =>
    sharp(upright.data, { raw: upright.info })
      .resize({ width, withoutEnlargement: true })
      .webp({ quality: 80, effort: 2 })
      .toBuffer({ resolveWithObject: true });
  return Promise.all([encode(upright.info.width), ...IMAGE_WIDTHS.map(encode)]);
}

export async function deleteImage(storage: MediaStorage, key: string): Promise<void> {
  await Promise.all([
    storage.delete(key),
    ...IMAGE_WIDTHS.map((w) => storage.delete(imageVariantKey(key, w))),
  ]);
}
