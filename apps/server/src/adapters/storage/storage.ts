import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Where media files live (DESIGN 1: disk now, S3-compatible storage later). */
export interface MediaStorage {
  put(key: string, data: Buffer): Promise<void>;
  delete(key: string): Promise<void>;
}

/**
 * Keys are relative paths like `products/ab12cd.webp`, served under /media/: letters,
 * digits, `-`, `_` and `/` between segments, one extension; never `..`, never absolute.
 */
export function assertSafeKey(key: string): void {
  if (!/^[a-z0-9][a-z0-9_-]*(\/[a-z0-9][a-z0-9_-]*)*(\.[a-z0-9]+)?$/i.test(key)) {
    throw new Error(`unsafe media key: ${key}`);
  }
}

/** The media folder on local disk, the folder the app serves under /media/. */
export function createDiskStorage(root: string): MediaStorage {
  const fileOf = (key: string) => {
    assertSafeKey(key);
    const file = path.resolve(root, key);
    // Belt and braces: the pattern above already rules out leaving the root.
    if (!file.startsWith(path.resolve(root) + path.sep)) {
      throw new Error(`unsafe media key: ${key}`);
    }
    return file;
  };
  return {
    async put(key, data) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      // Write then rename, so the static server never sends a half-written file.
      const temporary = `${file}.${randomBytes(4).toString('hex')}.tmp`;
      await writeFile(temporary, data);
      await rename(temporary, file);
    },
    async delete(key) {
      await rm(fileOf(key), { force: true });
    },
  };
}
