import type { Config } from '../../config';
import { createS3Storage } from './s3-storage';
import { createDiskStorage, type MediaStorage } from './storage';

/**
 * The one place the media storage is chosen (the app, the demo seed, the large seed): the
 * bucket of `S3_*` when S3_BUCKET is set, else the media folder on this machine.
 */
export function createMediaStorage(config: Pick<Config, 's3'>, mediaDir: string): MediaStorage {
  return config.s3 ? createS3Storage(config.s3) : createDiskStorage(mediaDir);
}
