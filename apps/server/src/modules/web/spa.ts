import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { renderIndexHtml, sharePreviewFor } from './share-previews';

const NOT_PAGES = /^\/(api|media|assets|docs)(\/|$)/;
const HAS_EXTENSION = /\.[a-z0-9]{2,5}$/i;

/**
 * Serves the built web app: its files (hashed assets under /assets/ with long cache
 * headers, as the .br or .gz the build wrote beside them when the browser takes it), and
 * index.html for every other GET that matches no API route (DESIGN 2.1).
 */
export async function registerSpa(app: FastifyInstance, distDir: string): Promise<void> {
  const indexFile = path.join(distDir, 'index.html');
  const built = existsSync(indexFile);
  if (built) {
    await app.register(fastifyStatic, {
      root: distDir,
      prefix: '/',
      wildcard: false,
      index: false,
      decorateReply: false,
      // `vite build` writes file.br and file.gz beside each text asset.
      preCompressed: true,
      cacheControl: false,
      setHeaders(res, filePath) {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header(
          'cache-control',
          hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
        );
      },
    });
  }
  let indexHtml: string | undefined;
  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !NOT_PAGES.test(pathname) &&
      !HAS_EXTENSION.test(pathname);
    if (!isPage) return reply.status(404).send({ error: 'Not found.' });
    if (!built) {
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('The web app is not built yet: run `npm run build` (npm start does it for you).');
    }
    indexHtml ??= readFileSync(indexFile, 'utf8');
    let decoded = pathname;
    try {
      decoded = decodeURI(pathname);
    } catch {
      // An undecodable address still gets the app, with the default preview.
    }
    const preview = await sharePreviewFor(decoded, {
      db: app.deps.db,
      publicUrl: app.deps.config.publicUrl,
    });
    return reply
      .status(preview.status)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(renderIndexHtml(indexHtml, preview));
  });
}
