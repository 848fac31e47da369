import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { createDiskStorage } from '../../adapters/storage/storage';
import { diskEncodedImageCache, type EncodedImageCache } from './encoded-cache';
import { imageKeys, type RawImage, saveRenderedImage } from './image-pipeline';

/**
 * The demo seed's cache of encoded drawings: the same pixels give the same stored files
 * whether they were encoded now or read from the cache, and a damaged entry is encoded again.
 */
const root = mkdtempSync(path.join(tmpdir(), 'leafline-encoded-cache-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

async function drawing(colour: string): Promise<RawImage> {
  const { data, info } = await sharp({
    create: { width: 900, height: 600, channels: 3, background: colour },
  })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, info: { width: info.width, height: info.height, channels: 3 } };
}

/** A cache that counts what it was asked and what it found. */
function counting(cache: EncodedImageCache) {
  const seen = { hits: 0, misses: 0, sets: 0 };
  return {
    seen,
    cache: {
      async get(key: string) {
        const found = await cache.get(key);
        if (found) seen.hits += 1;
        else seen.misses += 1;
        return found;
      },
      async set(key: string, image: Parameters<EncodedImageCache['set']>[1]) {
        seen.sets += 1;
        await cache.set(key, image);
      },
    } satisfies EncodedImageCache,
  };
}

const storedFiles = (media: string, key: string) =>
  imageKeys(key).map((k) => readFileSync(path.join(media, k)));

describe('the encoded drawings cache', () => {
  it('stores the very files encoding gives, from the cache the second time', async () => {
    const media = path.join(root, 'media-1');
    const storage = createDiskStorage(media);
    const { cache, seen } = counting(diskEncodedImageCache(path.join(root, 'cache-1')));
    const image = await drawing('#2f6f4f');

    const plain = await saveRenderedImage(storage, 'products', image);
    const first = await saveRenderedImage(storage, 'products', image, cache);
    expect(seen).toEqual({ hits: 0, misses: 1, sets: 1 });
    const second = await saveRenderedImage(storage, 'products', image, cache);
    expect(seen).toEqual({ hits: 1, misses: 1, sets: 1 });

    // Three stored images under three keys, byte for byte the same files, same size.
    expect(new Set([plain.key, first.key, second.key]).size).toBe(3);
    for (const saved of [first, second]) {
      expect(storedFiles(media, saved.key)).toEqual(storedFiles(media, plain.key));
      expect({ width: saved.width, height: saved.height }).toEqual({
        width: plain.width,
        height: plain.height,
      });
    }
    // Other pixels are another entry.
    await saveRenderedImage(storage, 'products', await drawing('#c8a96b'), cache);
    expect(seen).toEqual({ hits: 1, misses: 2, sets: 2 });
  });

  it('encodes again over a damaged entry, and works without a writable folder', async () => {
    const dir = path.join(root, 'cache-2');
    const storage = createDiskStorage(path.join(root, 'media-2'));
    const image = await drawing('#123456');
    await saveRenderedImage(storage, 'products', image, diskEncodedImageCache(dir));
    const [entry] = readdirSync(dir);
    writeFileSync(path.join(dir, entry!), Buffer.from([0, 0, 0, 200, 1, 2, 3]));
    const { cache, seen } = counting(diskEncodedImageCache(dir));
    const saved = await saveRenderedImage(storage, 'products', image, cache);
    expect(seen).toEqual({ hits: 0, misses: 1, sets: 1 });
    expect(
      (await sharp(storedFiles(path.join(root, 'media-2'), saved.key)[0]!).metadata()).format,
    ).toBe('webp');
    // The entry was written whole again: the next read finds it.
    expect(await diskEncodedImageCache(dir).get(entry!.replace(/\.bin$/, ''))).toBeDefined();

    // A cache folder that cannot be made (a file is in the way): the image is stored anyway.
    const blocked = path.join(root, 'blocked');
    writeFileSync(blocked, 'not a folder');
    const unwritable = await saveRenderedImage(
      storage,
      'products',
      image,
      diskEncodedImageCache(path.join(blocked, 'cache')),
    );
    expect(unwritable.width).toBe(saved.width);
  });
});
