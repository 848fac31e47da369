import path from 'node:path';
import fp from 'fastify-plugin';
import { createMediaStorage } from '../adapters/storage/create-media-storage';
import type { MediaStorage } from '../adapters/storage/storage';

declare module 'fastify' {
  interface FastifyInstance {
    /** Folder of uploaded and generated media in disk mode, served under /media/. */
    mediaDir: string;
    /**
     * Where uploads are written and /media/ is read from: the media folder, or the S3 bucket of
     * `S3_*` (DESIGN 1, 2.15; decision 0021). Closed with the app.
     */
    storage: MediaStorage;
  }
}

export interface StorageOptions {
  mediaDir?: string;
  /** The storage the caller already opened (the seed wrote through it); else by config. */
  storage?: MediaStorage;
}

export const storagePlugin = fp<StorageOptions>(
  async (app, options) => {
    const mediaDir = options.mediaDir ?? path.join(app.config.dataDir, 'media');
    const storage = options.storage ?? createMediaStorage(app.config, mediaDir);
    app.addHook('onClose', async () => storage.close());
    app.decorate('mediaDir', mediaDir);
    app.decorate('storage', storage);
  },
  { name: 'storage', dependencies: ['core'] },
);
