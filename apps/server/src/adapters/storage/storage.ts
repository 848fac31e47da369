import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Where media files live (DESIGN 1: disk now, S3-compatible storage later). */
export interface MediaStorage {
  put(key: string, data: Buffer): Promise<void>;
  delete(key: string): Promise<void>;
}

/** Keys are relative paths like `products/ab12cd.webp`, served under /media/. */
export function assertSafeKey(key: string): void {
  if (!/^[a-z0-9][a-z0-9/_-]*(\.[a-z0-9]+)?$/i.test(key) || key.includes('..')) {
    throw new Error(`unsafe media key: ${key}`);
  }
}

export function createDiskStorage(root: string): MediaStorage {
  return {
    async put(key, data) {
      assertSafeKey(key);
      const file = path.join(root, key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, data);
    },
    async delete(key) {
      assertSafeKey(key);
      await rm(path.join(root, key), { force: true });
    },
  };
}
