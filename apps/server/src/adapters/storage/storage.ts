import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/** One stored file as the app serves it: its bytes as a stream, never whole in memory. */
export interface MediaObject {
  body: Readable;
  /** Bytes, when the storage tells (sent as Content-Length; else the answer is chunked). */
  length: number | undefined;
  contentType: string;
  /** The validator of these bytes, quoted as HTTP wants it (`"…"` or `W/"…"`). */
  etag: string;
  lastModified: Date | undefined;
}

/** The caller's copy (If-None-Match) is still the stored one: nothing to send (HTTP 304). */
export interface MediaNotModified {
  notModified: true;
  /** The matching validator; empty when the storage did not say which of several matched. */
  etag: string;
}

/**
 * Where media live (DESIGN 1, 2.15): the local folder by default, an S3-compatible bucket when
 * S3_* is set (s3-storage.ts). `createMediaStorage` picks one for the whole process.
 */
export interface MediaStorage {
  /**
   * The local folder of a disk storage: the app serves it as static files (@fastify/static);
   * undefined for a bucket, whose files the app streams through `get`.
   */
  readonly folder: string | undefined;
  put(key: string, data: Buffer): Promise<void>;
  delete(key: string): Promise<void>;
  /**
   * The stored file, or null when there is none. With `ifNoneMatch` (the request's header),
   * a match answers `notModified` without reading the bytes. Throws when the storage cannot be
   * reached (the caller answers 503).
   */
  get(
    key: string,
    options?: { ifNoneMatch?: string },
  ): Promise<MediaObject | MediaNotModified | null>;
  /** Frees connections (the bucket's client); the storage is not used afterwards. */
  close(): Promise<void>;
}

/** What a person reads when the storage cannot be reached (the answer is a 503 to retry). */
export const MEDIA_MESSAGES = {
  unavailable: 'Images are unavailable right now. Please try again in a moment.',
  notStored: 'Images cannot be saved right now. Please try again in a moment.',
} as const;

/** Seconds a client is asked to wait (Retry-After) after such a 503. */
export const MEDIA_RETRY_AFTER_SECONDS = 5;

/**
 * The bucket failed a call (unreachable, refused, misconfigured). Its message keeps the
 * reason for the log; it has no `code` or `cause`, so a refused connection to the bucket is
 * never taken for the database going away (lib/database-outage.ts reads those).
 */
export class MediaStorageError extends Error {
  constructor(action: string, error: unknown) {
    const { name, message, code } = (error ?? {}) as {
      name?: string;
      message?: string;
      code?: string;
    };
    const reason = [name, message, code && `(${code})`].filter(Boolean).join(' ');
    super(`media storage could not ${action}: ${reason || String(error)}`);
    this.name = 'MediaStorageError';
  }
}

/** Media keep their key for life (a new upload is a new key): caches may keep them a year. */
export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

const CONTENT_TYPES: Record<string, string> = {
  webp: 'image/webp',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  avif: 'image/avif',
  svg: 'image/svg+xml',
  json: 'application/json; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
};

/** The Content-Type of a key, from its extension (what the static file server would send). */
export function contentTypeOf(key: string): string {
  const extension = /\.([a-z0-9]+)$/i.exec(key)?.[1]?.toLowerCase();
  return (extension && CONTENT_TYPES[extension]) || 'application/octet-stream';
}

/**
 * Keys are relative paths like `products/ab12cd.webp`, served under /media/: letters,
 * digits, `-`, `_` and `/` between segments, one extension; never `..`, never absolute.
 */
export function assertSafeKey(key: string): void {
  if (!isSafeKey(key)) throw new Error(`unsafe media key: ${key}`);
}

export function isSafeKey(key: string): boolean {
  return /^[a-z0-9][a-z0-9_-]*(\/[a-z0-9][a-z0-9_-]*)*(\.[a-z0-9]+)?$/i.test(key);
}

/**
 * Whether an If-None-Match header names this ETag (RFC 9110 13.1.2: weak comparison, `*`
 * matches anything that exists).
 */
export function etagMatches(ifNoneMatch: string, etag: string): boolean {
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  const wanted = bare(etag);
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || bare(tag) === wanted);
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
    folder: root,
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
    async get(key, options = {}) {
      const file = fileOf(key);
      const info = await stat(file).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT' || error.code === 'ENOTDIR') return null;
        throw error;
      });
      if (!info?.isFile()) return null;
      // The static file server's validator: size and modification time.
      const etag = `W/"${info.size.toString(16)}-${info.mtime.getTime().toString(16)}"`;
      if (options.ifNoneMatch && etagMatches(options.ifNoneMatch, etag)) {
        return { notModified: true, etag };
      }
      return {
        body: createReadStream(file),
        length: info.size,
        contentType: contentTypeOf(key),
        etag,
        lastModified: info.mtime,
      };
    },
    async close() {},
  };
}
