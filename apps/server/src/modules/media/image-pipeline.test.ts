import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { createDiskStorage } from '../../adapters/storage/storage';
import { deleteImage, imageVariantKey, saveImage } from './image-pipeline';

const root = mkdtempSync(path.join(tmpdir(), 'leafline-media-'));
const storage = createDiskStorage(root);
afterAll(() => rmSync(root, { recursive: true, force: true }));

const photo = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#9caf88' } })
    .withMetadata({ exif: { IFD0: { Copyright: 'secret camera owner' } } })
    .jpeg()
    .toBuffer();

describe('image pipeline', () => {
  it('stores a photo as WebP in three widths, never upscaled, without metadata', async () => {
    const saved = await saveImage(storage, 'products', await photo(1600, 1200));
    expect(saved.key).toMatch(/^products\/[a-z0-9]+\.webp$/i);
    expect(saved.width).toBe(1200);
    expect(saved.height).toBe(900);
    for (const [key, width] of [
      [saved.key, 1200],
      [imageVariantKey(saved.key, 640), 640],
      [imageVariantKey(saved.key, 320), 320],
    ] as const) {
      const meta = await sharp(readFileSync(path.join(root, key))).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.width).toBe(width);
      expect(meta.exif).toBeUndefined();
    }
    const small = await saveImage(storage, 'logos', await photo(200, 200));
    const meta = await sharp(readFileSync(path.join(root, small.key))).metadata();
    expect(meta.width).toBe(200);
  });

  it('refuses a file that is not an image, whatever its name says', async () => {
    await expect(
      saveImage(storage, 'products', Buffer.from('GIF89a but really a text file')),
    ).rejects.toThrow('The file is not an image we can read.');
  });

  it('deletes all widths of an image', async () => {
    const saved = await saveImage(storage, 'products', await photo(800, 800));
    await deleteImage(storage, saved.key);
    expect(() => readFileSync(path.join(root, saved.key))).toThrow();
    expect(() => readFileSync(path.join(root, imageVariantKey(saved.key, 320)))).toThrow();
  });

  it('refuses keys that climb out of the media folder', async () => {
    await expect(storage.put('../escape.webp', Buffer.from('x'))).rejects.toThrow(/unsafe/);
  });
});
