import { randomBytes } from 'node:crypto';
import { IMAGE_MAIN_WIDTH, IMAGE_SIBLING_WIDTHS } from '@leafline/contract';
import sharp, { type Metadata, type Sharp } from 'sharp';
import type { MediaStorage } from '../../adapters/storage/storage';
import { AppError } from '../../lib/errors';
import { type EncodedImage, type EncodedImageCache, encodedImageKey } from './encoded-cache';

/**
 * Uploads and generated images (DESIGN 2.10): decoded with sharp (never trusted by name or
 * MIME type), turned upright from EXIF, stripped of metadata and written as WebP in a few
 * widths, never upscaled. The database keeps the main key (`folder/<id>.webp`, the largest);
 * the smaller widths sit beside it as `<id>-320.webp` and `<id>-640.webp`, from which the web
 * app builds `srcset`.
 */
export const IMAGE_WIDTHS = IMAGE_SIBLING_WIDTHS;
export const MAIN_WIDTH = IMAGE_MAIN_WIDTH;
export const MAX_INPUT_BYTES = 10 * 1024 * 1024;
export const MAX_INPUT_PIXELS = 40_000_000;
export const NOT_AN_IMAGE = 'The file is not an image we can read.';
export const IMAGE_TOO_LARGE = 'The image is too large (at most 10 MB and 40 megapixels).';

/** Raster formats we accept; vector and document formats (SVG, PDF) are refused. */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff']);
const WEBP = { quality: 80, effort: 2 } as const;

export interface SavedImage {
  key: string;
  width: number;
  height: number;
}

/** Pixels already in memory (server-made images), described as sharp's raw input. */
export interface RawImage {
  data: Buffer;
  info: { width: number; height: number; channels: 1 | 2 | 3 | 4 };
}

/** The key of one of the smaller widths of a stored image. */
export function imageVariantKey(key: string, width: number): string {
  return key.replace(/\.webp$/, `-${width}.webp`);
}

/** Every file of a stored image: the main key and its smaller widths. */
export function imageKeys(key: string): string[] {
  return [key, ...IMAGE_WIDTHS.map((w) => imageVariantKey(key, w))];
}

function assertFolder(folder: string): void {
  if (!/^[a-z0-9][a-z0-9-]*(\/[a-z0-9][a-z0-9-]*)*$/.test(folder)) {
    throw new Error(`invalid media folder: ${folder}`);
  }
}

/** Checks and stores an upload. Throws a 400 AppError for anything that is not an image. */
export async function saveImage(
  storage: MediaStorage,
  folder: string,
  input: Buffer,
): Promise<SavedImage> {
  assertFolder(folder);
  if (input.length === 0) throw new AppError(400, NOT_AN_IMAGE);
  if (input.length > MAX_INPUT_BYTES) throw new AppError(413, IMAGE_TOO_LARGE);
  let meta: Metadata;
  try {
    meta = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message)) {
      throw new AppError(413, IMAGE_TOO_LARGE);
    }
    throw new AppError(400, NOT_AN_IMAGE);
  }
  if (!meta.width || !meta.height || !ACCEPTED_FORMATS.has(meta.format)) {
    throw new AppError(400, NOT_AN_IMAGE);
  }
  let upright: RawImage;
  try {
    // Decode once (upright, at most the main width), then encode every width from the pixels.
    const { data, info } = await sharp(input, {
      limitInputPixels: MAX_INPUT_PIXELS,
      failOn: 'error',
    })
      .autoOrient()
      .resize({ width: MAIN_WIDTH, withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
    upright = { data, info: { width: info.width, height: info.height, channels: info.channels } };
  } catch {
    throw new AppError(400, NOT_AN_IMAGE);
  }
  return writeWidths(storage, folder, upright);
}

/**
 * Stores an image the server drew itself (demo catalogue, posters): no upload checks, the
 * same widths and naming as uploads.
 */
export async function saveRenderedImage(
  storage: MediaStorage,
  folder: string,
  image: RawImage,
  /** The encoded files of pixels drawn before (the demo seed's): encoded once, stored anew. */
  cache?: EncodedImageCache,
): Promise<SavedImage> {
  assertFolder(folder);
  return writeWidths(storage, folder, image, cache);
}

/** The WebP files of an image, the main width first (at most MAIN_WIDTH, never upscaled). */
async function encodeWidths(image: RawImage): Promise<EncodedImage> {
  const pixels = (): Sharp => sharp(image.data, { raw: image.info });
  const mainWidth = Math.min(image.info.width, MAIN_WIDTH);
  const encode = (width: number) =>
    pixels()
      .resize({ width, withoutEnlargement: true })
      .webp(WEBP)
      .toBuffer({ resolveWithObject: true });
  const [main, ...smaller] = await Promise.all([
    encode(mainWidth),
    ...IMAGE_WIDTHS.map((w) => encode(Math.min(w, mainWidth))),
  ]);
  return {
    width: main!.info.width,
    height: main!.info.height,
    files: [main!.data, ...smaller.map((s) => s.data)],
  };
}

async function writeWidths(
  storage: MediaStorage,
  folder: string,
  image: RawImage,
  cache?: EncodedImageCache,
): Promise<SavedImage> {
  let encoded: EncodedImage | undefined;
  const cacheKey = cache
    ? encodedImageKey(image.data, {
        info: image.info,
        WEBP,
        MAIN_WIDTH,
        IMAGE_WIDTHS,
        vips: sharp.versions.vips,
      })
    : '';
  if (cache) encoded = await cache.get(cacheKey);
  if (encoded?.files.length !== IMAGE_WIDTHS.length + 1) {
    encoded = await encodeWidths(image);
    await cache?.set(cacheKey, encoded);
  }
  const [main, ...smaller] = encoded.files;
  const key = `${folder}/${randomBytes(12).toString('hex')}.webp`;
  const written = await Promise.allSettled([
    storage.put(key, main!),
    ...IMAGE_WIDTHS.map((w, i) => storage.put(imageVariantKey(key, w), smaller[i]!)),
  ]);
  const failed = written.find((w) => w.status === 'rejected');
  if (failed) {
    // All widths or none: a bucket that failed one put may have taken the others.
    await Promise.allSettled(imageKeys(key).map((k) => storage.delete(k)));
    throw failed.reason;
  }
  return { key, width: encoded.width, height: encoded.height };
}

/** Removes every width of a stored image; missing files are fine. */
export async function deleteImage(storage: MediaStorage, key: string): Promise<void> {
  await Promise.all(imageKeys(key).map((k) => storage.delete(k)));
}
