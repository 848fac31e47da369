import { mkdirSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import { mediaRoutes } from '../modules/media';

/** /media/: files of the media folder served as they are, or read through the S3 storage. */
export const mediaServingPlugin = fp(
  async (app) => {
    const folder = app.storage.folder;
    if (!folder) {
      await app.register(mediaRoutes);
      return;
    }
    mkdirSync(folder, { recursive: true });
    await app.register(fastifyStatic, {
      root: folder,
      prefix: '/media/',
      decorateReply: false,
      index: false,
      immutable: true,
      maxAge: '365d',
    });
  },
  { name: 'media-serving', dependencies: ['deps'] },
);
