import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { S3Settings } from '../../src/adapters/storage/s3-storage';

/** The part of s3rver (no types of its own) the tests use. */
interface S3rverServer {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}
type S3rverClass = new (options: {
  address: string;
  port: number;
  silent: boolean;
  directory: string;
  configureBuckets: { name: string }[];
}) => S3rverServer;

const S3rver = createRequire(import.meta.url)('s3rver') as S3rverClass;

/** s3rver's one account: it checks every request's signature against these keys. */
const ACCESS_KEY = 'S3RVER';

export interface LocalS3 {
  /** `http://127.0.0.1:<port>`. */
  endpoint: string;
  port: number;
  bucket: string;
  /** The S3_* settings that point the app at this server. */
  env: Record<string, string>;
  /** The same, as the config module gives them to `createS3Storage`. */
  settings: S3Settings;
  close(): Promise<void>;
}

/**
 * A real S3-compatible server (s3rver: the S3 REST protocol over files in a temporary
 * folder) on a free local port, with the bucket made, for the tests of S3 media storage.
 */
export async function startLocalS3(bucket = 'leafline-media'): Promise<LocalS3> {
  const directory = mkdtempSync(path.join(tmpdir(), 'leafline-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    port,
    bucket,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: ACCESS_KEY,
      S3_SECRET_ACCESS_KEY: ACCESS_KEY,
      S3_FORCE_PATH_STYLE: 'true',
    },
    settings: {
      bucket,
      endpoint,
      region: 'us-east-1',
      accessKeyId: ACCESS_KEY,
      secretAccessKey: ACCESS_KEY,
      forcePathStyle: true,
    },
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
