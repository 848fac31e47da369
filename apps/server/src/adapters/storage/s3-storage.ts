import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { Config } from '../../config';
import {
  assertSafeKey,
  contentTypeOf,
  IMMUTABLE_CACHE_CONTROL,
  type MediaObject,
  type MediaStorage,
  MediaStorageError,
} from './storage';

export type S3Settings = NonNullable<Config['s3']>;

/** How long to wait for the bucket's server to accept a connection before giving up. */
const CONNECT_TIMEOUT_MS = 5000;
/** How long a started request may stay silent (a hung server) before it fails. */
const IDLE_TIMEOUT_MS = 30_000;

/**
 * Media in an S3-compatible bucket (AWS S3, MinIO, R2…; DESIGN 2.15): every instance writes
 * and serves the same files. Objects carry their Content-Type and the year-long immutable
 * Cache-Control, so a CDN in front of the bucket would serve them as the app does.
 */
export function createS3Storage(settings: S3Settings): MediaStorage {
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    // Without keys, the SDK's own chain (AWS_* variables, an instance or task role).
    credentials:
      settings.accessKeyId && settings.secretAccessKey
        ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
        : undefined,
    // Checksums only where S3 requires them: S3-compatible servers do not all know the newer
    // checksum headers, and TLS already guards the bytes in transit.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    requestHandler: { connectionTimeout: CONNECT_TIMEOUT_MS, requestTimeout: IDLE_TIMEOUT_MS },
  });
  const bucket = settings.bucket;

  return {
    folder: undefined,
    async put(key, data) {
      assertSafeKey(key);
      await client
        .send(
          new PutObjectCommand({
            Bucket: bucket,
            Key: key,
            Body: data,
            ContentLength: data.length,
            ContentType: contentTypeOf(key),
            CacheControl: IMMUTABLE_CACHE_CONTROL,
          }),
        )
        .catch((error) => {
          throw new MediaStorageError(`store ${key}`, error);
        });
    },
    async delete(key) {
      assertSafeKey(key);
      // S3 answers a delete of a missing key with success: nothing to tell apart.
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key })).catch((error) => {
        throw new MediaStorageError(`delete ${key}`, error);
      });
    },
    async get(key, options = {}) {
      assertSafeKey(key);
      try {
        const object = await client.send(
          new GetObjectCommand({ Bucket: bucket, Key: key, IfNoneMatch: options.ifNoneMatch }),
        );
        if (!object.Body) throw new Error(`the bucket sent no body for ${key}`);
        return {
          body: object.Body as Readable,
          length: object.ContentLength,
          // By the key's extension, as the static files: objects copied in by other tools may
          // carry a generic type.
          contentType: typeOf(key, object.ContentType),
          etag: object.ETag ?? '',
          lastModified: object.LastModified,
        } satisfies MediaObject;
      } catch (error) {
        const status = statusOf(error);
        // A missing bucket is a setting to fix, not a missing image: it fails like an outage.
        if (status === 404 && (error as Error).name !== 'NoSuchBucket') return null;
        if (status === 304) {
          // A 304 has no body to parse: its ETag is in the raw headers; some servers leave it
          // out, and then the caller's one validator is it.
          const asked = options.ifNoneMatch?.trim() ?? '';
          const single = /^(W\/)?"[^"]*"$/.test(asked) ? asked : '';
          return { notModified: true, etag: headerOf(error, 'etag') ?? single };
        }
        throw new MediaStorageError(`read ${key}`, error);
      }
    },
    async close() {
      client.destroy();
    },
  };
}

function typeOf(key: string, stored: string | undefined): string {
  const byName = contentTypeOf(key);
  return byName === 'application/octet-stream' && stored ? stored : byName;
}

/** The HTTP status the bucket answered with, when the error is an answer at all. */
function statusOf(error: unknown): number | undefined {
  if (error instanceof S3ServiceException) return error.$metadata.httpStatusCode;
  return undefined;
}

function headerOf(error: unknown, name: string): string | undefined {
  const response = (error as { $response?: { headers?: Record<string, string> } }).$response;
  return response?.headers?.[name];
}
