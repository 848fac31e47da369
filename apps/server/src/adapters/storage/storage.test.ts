import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import {
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalS3, startLocalS3 } from '../../../test/helpers/s3-server';
import { isDatabaseUnavailable } from '../../lib/database-outage';
import { createMediaStorage } from './create-media-storage';
import { createS3Storage } from './s3-storage';
import {
  createDiskStorage,
  etagMatches,
  IMMUTABLE_CACHE_CONTROL,
  type MediaObject,
  type MediaStorage,
  MediaStorageError,
} from './storage';

let s3: LocalS3;
const root = mkdtempSync(path.join(tmpdir(), 'leafline-storage-'));
beforeAll(async () => {
  s3 = await startLocalS3();
});
afterAll(async () => {
  await s3?.close();
  rmSync(root, { recursive: true, force: true });
});

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function found(result: Awaited<ReturnType<MediaStorage['get']>>): MediaObject {
  if (!result || 'notModified' in result) throw new Error(`expected a stored file: ${result}`);
  return result;
}

const adapters: [string, () => MediaStorage][] = [
  ['disk', () => createDiskStorage(root)],
  ['S3', () => createS3Storage(s3.settings)],
];

describe.each(adapters)('the %s storage', (_name, create) => {
  let storage: MediaStorage;
  beforeAll(() => {
    storage = create();
  });
  afterAll(async () => {
    await storage.close();
  });

  it('puts a file, gets back its bytes, type, length and validator, then deletes it', async () => {
    const data = Buffer.from('RIFF----WEBPVP8 not really an image, bytes are bytes');
    await storage.put('products/abc123.webp', data);

    const object = found(await storage.get('products/abc123.webp'));
    expect(await bytesOf(object.body)).toEqual(data);
    expect(object.length).toBe(data.length);
    expect(object.contentType).toBe('image/webp');
    expect(object.etag).toMatch(/^(W\/)?".+"$/);
    expect(object.lastModified).toBeInstanceOf(Date);

    // The same validator back: nothing to send.
    expect(await storage.get('products/abc123.webp', { ifNoneMatch: object.etag })).toEqual({
      notModified: true,
      etag: object.etag,
    });
    // Another validator: the bytes.
    const other = found(await storage.get('products/abc123.webp', { ifNoneMatch: '"other"' }));
    expect(await bytesOf(other.body)).toEqual(data);

    await storage.delete('products/abc123.webp');
    expect(await storage.get('products/abc123.webp')).toBeNull();
  });

  it('a new put replaces the bytes of a key', async () => {
    await storage.put('posters/replace.png', Buffer.from('first'));
    await storage.put('posters/replace.png', Buffer.from('second, longer'));
    const object = found(await storage.get('posters/replace.png'));
    expect((await bytesOf(object.body)).toString()).toBe('second, longer');
    expect(object.contentType).toBe('image/png');
    await storage.delete('posters/replace.png');
  });

  it('a missing key is null, and deleting it is no error', async () => {
    expect(await storage.get('products/never-stored.webp')).toBeNull();
    expect(await storage.get('products/never-stored.webp', { ifNoneMatch: '*' })).toBeNull();
    await expect(storage.delete('products/never-stored.webp')).resolves.toBeUndefined();
  });

  it.each([
    '../secrets/token-secret',
    '/etc/passwd',
    'products/../../x.webp',
    'products//x.webp',
    'products/x.webp?download',
    '',
  ])('refuses the unsafe key %j for put, get and delete', async (key) => {
    await expect(storage.put(key, Buffer.from('x'))).rejects.toThrow('unsafe media key');
    await expect(storage.get(key)).rejects.toThrow('unsafe media key');
    await expect(storage.delete(key)).rejects.toThrow('unsafe media key');
  });
});

describe('the S3 storage and its bucket', () => {
  const client = () =>
    new S3Client({
      region: 'us-east-1',
      endpoint: s3.endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });

  it('stores objects with their Content-Type and the year-long immutable Cache-Control', async () => {
    const storage = createS3Storage(s3.settings);
    const raw = client();
    try {
      await storage.put('brands/logo1.webp', Buffer.from('logo'));
      const head = await raw.send(
        new HeadObjectCommand({ Bucket: s3.bucket, Key: 'brands/logo1.webp' }),
      );
      expect(head.ContentType).toBe('image/webp');
      expect(head.CacheControl).toBe(IMMUTABLE_CACHE_CONTROL);
      expect(head.ContentLength).toBe(4);
      await storage.delete('brands/logo1.webp');
    } finally {
      await storage.close();
      raw.destroy();
    }
  });

  it('serves the type by the extension, whatever type another tool stored', async () => {
    const storage = createS3Storage(s3.settings);
    const raw = client();
    try {
      await raw.send(
        new PutObjectCommand({
          Bucket: s3.bucket,
          Key: 'products/synced.webp',
          Body: Buffer.from('webp bytes'),
          ContentType: 'binary/octet-stream',
        }),
      );
      await raw.send(
        new PutObjectCommand({
          Bucket: s3.bucket,
          Key: 'exports/report.bin',
          Body: Buffer.from('other bytes'),
          ContentType: 'application/x-report',
        }),
      );
      const webp = found(await storage.get('products/synced.webp'));
      webp.body.destroy();
      expect(webp.contentType).toBe('image/webp');
      const other = found(await storage.get('exports/report.bin'));
      other.body.destroy();
      expect(other.contentType).toBe('application/x-report');
      await storage.delete('products/synced.webp');
      await storage.delete('exports/report.bin');
    } finally {
      await storage.close();
      raw.destroy();
    }
  });

  it('an unsafe key never reaches the bucket', async () => {
    const storage = createS3Storage(s3.settings);
    const raw = client();
    try {
      await expect(storage.put('../outside.webp', Buffer.from('x'))).rejects.toThrow(
        'unsafe media key',
      );
      const listed = await raw.send(new ListObjectsV2Command({ Bucket: s3.bucket }));
      expect((listed.Contents ?? []).map((o) => o.Key)).not.toContain('../outside.webp');
      expect(listed.KeyCount ?? 0).toBe(0);
    } finally {
      await storage.close();
      raw.destroy();
    }
  });

  it('a bucket that does not exist fails (a setting to fix), not a missing image', async () => {
    const storage = createS3Storage({ ...s3.settings, bucket: 'no-such-bucket' });
    try {
      await expect(storage.get('products/abc.webp')).rejects.toThrow();
      await expect(storage.put('products/abc.webp', Buffer.from('x'))).rejects.toThrow();
    } finally {
      await storage.close();
    }
  });

  it('a server that is down fails the call (the app answers 503)', async () => {
    const storage = createS3Storage({ ...s3.settings, endpoint: 'http://127.0.0.1:9' });
    try {
      const error = await storage.get('products/abc.webp').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(MediaStorageError);
      expect((error as Error).message).toMatch(
        /^media storage could not read products\/abc\.webp: .*ECONNREFUSED/,
      );
      // The same refused connection as a database's, yet never taken for the database away.
      expect(isDatabaseUnavailable(error)).toBe(false);
      await expect(storage.put('products/abc.webp', Buffer.from('x'))).rejects.toThrow(
        MediaStorageError,
      );
    } finally {
      await storage.close();
    }
  });

  it('createMediaStorage picks the bucket with S3 settings and the folder without', async () => {
    const disk = createMediaStorage({ s3: undefined }, root);
    const bucket = createMediaStorage({ s3: s3.settings }, root);
    try {
      expect(disk.folder).toBe(root);
      expect(bucket.folder).toBeUndefined();
      await bucket.put('products/chosen.webp', Buffer.from('in the bucket'));
      expect(await disk.get('products/chosen.webp')).toBeNull();
      const object = found(await bucket.get('products/chosen.webp'));
      expect((await bytesOf(object.body)).toString()).toBe('in the bucket');
      await bucket.delete('products/chosen.webp');
    } finally {
      await disk.close();
      await bucket.close();
    }
  });
});

describe('etagMatches', () => {
  it('compares weakly, in lists, and `*` matches any', () => {
    expect(etagMatches('"abc"', '"abc"')).toBe(true);
    expect(etagMatches('W/"abc"', '"abc"')).toBe(true);
    expect(etagMatches('"x", "abc"', 'W/"abc"')).toBe(true);
    expect(etagMatches('*', '"abc"')).toBe(true);
    expect(etagMatches('"abd"', '"abc"')).toBe(false);
    expect(etagMatches('abc', '"abc"')).toBe(false);
  });
});
