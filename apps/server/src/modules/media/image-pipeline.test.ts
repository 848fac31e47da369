import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { createDiskStorage, type MediaStorage } from '../../adapters/storage/storage';
import { AppError } from '../../lib/errors';
import {
  deleteImage,
  imageKeys,
  imageVariantKey,
  NOT_AN_IMAGE,
  saveImage,
  saveRenderedImage,
} from './image-pipeline';

const root = mkdtempSync(path.join(tmpdir(), 'leafline-media-'));
const storage = createDiskStorage(root);
afterAll(() => rmSync(root, { recursive: true, force: true }));

const read = (key: string) => readFileSync(path.join(root, key));
const meta = (key: string) => sharp(read(key)).metadata();

/** A photo with camera metadata, as a phone would upload it. */
const jpeg = (width: number, height: number, orientation?: number) =>
  sharp({ create: { width, height, channels: 3, background: '#9caf88' } })
    .withMetadata({
      ...(orientation ? { orientation } : {}),
      exif: { IFD0: { Copyright: 'secret camera owner', Model: 'Phone 12' } },
    })
    .jpeg()
    .toBuffer();

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 4, background: '#c0714f' } })
    .png()
    .toBuffer();

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('image pipeline', () => {
  it('stores a JPEG as WebP in widths 1200, 640 and 320, without its metadata', async () => {
    const saved = await saveImage(storage, 'products', await jpeg(1600, 1200));
    expect(saved).toMatchObject({ width: 1200, height: 900 });
    expect(saved.key).toMatch(/^products\/[0-9a-f]{24}\.webp$/);
    for (const [key, width] of [
      [saved.key, 1200],
      [imageVariantKey(saved.key, 640), 640],
      [imageVariantKey(saved.key, 320), 320],
    ] as const) {
      const m = await meta(key);
      expect(m.format).toBe('webp');
      expect(m.width).toBe(width);
      expect(m.exif).toBeUndefined();
      expect(m.icc).toBeUndefined();
      expect(m.xmp).toBeUndefined();
      expect(read(key).includes('secret camera owner')).toBe(false);
    }
  });

  it('stores a PNG, keeping its aspect and never upscaling a small image', async () => {
    const saved = await saveImage(storage, 'logos', await png(500, 250));
    expect(saved).toMatchObject({ width: 500, height: 250 });
    expect((await meta(saved.key)).width).toBe(500);
    expect((await meta(imageVariantKey(saved.key, 640))).width).toBe(500);
    const small = await meta(imageVariantKey(saved.key, 320));
    expect([small.format, small.width, small.height]).toEqual(['webp', 320, 160]);
  });

  it('turns a photo upright from its EXIF orientation', async () => {
    // Orientation 6: stored landscape, shown rotated 90° clockwise (portrait).
    const saved = await saveImage(storage, 'products', await jpeg(400, 200, 6));
    expect(saved).toMatchObject({ width: 200, height: 400 });
    const m = await meta(saved.key);
    expect([m.width, m.height, m.orientation]).toEqual([200, 400, undefined]);
  });

  it('refuses a text file whatever its name says, and other non-images', async () => {
    const text = Buffer.from('GIF89a… not really, this is notes.txt renamed to photo.png');
    for (const input of [
      text,
      Buffer.alloc(0),
      Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\n'),
      // SVG decodes, but vector input is not accepted as an upload.
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'),
    ]) {
      const error = await refusal(saveImage(storage, 'products', input));
      expect([error.statusCode, error.message]).toEqual([400, NOT_AN_IMAGE]);
    }
    const truncated = (await png(400, 400)).subarray(0, 60);
    const error = await refusal(saveImage(storage, 'products', truncated));
    expect(error.message).toBe(NOT_AN_IMAGE);
  });

  it('refuses an image of more than 40 megapixels', async () => {
    const huge = await sharp({
      create: { width: 8000, height: 5001, channels: 3, background: '#000' },
    })
      .png({ compressionLevel: 1 })
      .toBuffer();
    const error = await refusal(saveImage(storage, 'products', huge));
    expect(error.statusCode).toBe(413);
  });

  it('stores server-drawn pixels the same way', async () => {
    const { data, info } = await sharp({
      create: { width: 800, height: 800, channels: 3, background: '#e9dfcc' },
    })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const saved = await saveRenderedImage(storage, 'products', {
      data,
      info: { width: info.width, height: info.height, channels: 3 },
    });
    expect(saved).toMatchObject({ width: 800, height: 800 });
    expect((await meta(imageVariantKey(saved.key, 640))).width).toBe(640);
  });

  it('deletes every width of an image', async () => {
    const saved = await saveImage(storage, 'products', await jpeg(800, 800));
    const files = imageKeys(saved.key);
    expect(files).toHaveLength(3);
    expect(files.every((key) => existsSync(path.join(root, key)))).toBe(true);
    await deleteImage(storage, saved.key);
    expect(files.some((key) => existsSync(path.join(root, key)))).toBe(false);
    // Deleting again is harmless.
    await deleteImage(storage, saved.key);
  });
});

describe('a storage that fails', () => {
  it('stores all widths of an image or none: one failed put removes the others', async () => {
    const stored = new Set<string>();
    let puts = 0;
    const flaky: MediaStorage = {
      ...storage,
      async put(key, data) {
        // The second width fails (a bucket's timeout); the other two are stored.
        if (++puts === 2) throw new Error('socket hang up');
        await storage.put(key, data);
        stored.add(key);
      },
    };
    await expect(saveImage(flaky, 'products', await png(700, 400))).rejects.toThrow(
      'socket hang up',
    );
    expect(stored.size).toBe(2);
    expect([...stored].some((key) => existsSync(path.join(root, key)))).toBe(false);
  });
});

describe('disk storage', () => {
  it('writes and deletes files under its root', async () => {
    await storage.put('partners/abc123.webp', Buffer.from('x'));
    expect(read('partners/abc123.webp').toString()).toBe('x');
    await storage.delete('partners/abc123.webp');
    expect(existsSync(path.join(root, 'partners/abc123.webp'))).toBe(false);
  });

  it('refuses keys that could leave the media folder', async () => {
    for (const key of [
      '../escape.webp',
      'products/../../escape.webp',
      '/etc/passwd',
      'products//x.webp',
      'products\\..\\x.webp',
      '',
    ]) {
      await expect(storage.put(key, Buffer.from('x'))).rejects.toThrow(/unsafe media key/);
      await expect(storage.delete(key)).rejects.toThrow(/unsafe media key/);
    }
    expect(existsSync(path.join(root, '..', 'escape.webp'))).toBe(false);
  });
});
