import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * The WebP files of a drawn image, kept by a hash of its pixels and of how they are encoded:
 * the demo seed draws the same 526 pictures on every fresh database, and encoding them is most
 * of its time. A hit gives exactly what encoding would; a miss, or a cache that cannot be read
 * or written, only costs the encoding.
 */
export interface EncodedImage {
  width: number;
  height: number;
  /** The main width first, then the smaller ones in their order. */
  files: Buffer[];
}

export interface EncodedImageCache {
  get(key: string): Promise<EncodedImage | undefined>;
  set(key: string, image: EncodedImage): Promise<void>;
}

/** The cache key of raw pixels under one encoding (its settings, as JSON-able data). */
export function encodedImageKey(pixels: Buffer, encoding: unknown): string {
  return createHash('sha256').update(JSON.stringify(encoding)).update(pixels).digest('hex');
}

/** One file per image in `dir`: a 4-byte header length, the header (JSON), then the files. */
export function diskEncodedImageCache(dir: string): EncodedImageCache {
  const fileOf = (key: string) => path.join(dir, `${key}.bin`);
  return {
    async get(key) {
      try {
        const bytes = await readFile(fileOf(key));
        const headerLength = bytes.readUInt32BE(0);
        const header = JSON.parse(bytes.subarray(4, 4 + headerLength).toString('utf8')) as {
          width: number;
          height: number;
          sizes: number[];
        };
        let at = 4 + headerLength;
        const files = header.sizes.map((size) => {
          const file = bytes.subarray(at, at + size);
          at += size;
          return file;
        });
        if (at !== bytes.length || files.length === 0) return undefined;
        return { width: header.width, height: header.height, files };
      } catch {
        return undefined;
      }
    },
    async set(key, image) {
      const header = Buffer.from(
        JSON.stringify({
          width: image.width,
          height: image.height,
          sizes: image.files.map((f) => f.length),
        }),
      );
      const length = Buffer.alloc(4);
      length.writeUInt32BE(header.length);
      const file = fileOf(key);
      const partial = `${file}.${process.pid}.${Date.now()}.partial`;
      try {
        await mkdir(dir, { recursive: true });
        await writeFile(partial, Buffer.concat([length, header, ...image.files]));
        // Whole or not at all: a reader never sees a half-written entry.
        await rename(partial, file);
      } catch {
        // A cache that cannot be written is no cache; the image itself was stored.
      }
    },
  };
}
