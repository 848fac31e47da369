import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  IMMUTABLE_CACHE_CONTROL,
  isSafeKey,
  MEDIA_MESSAGES,
  MEDIA_RETRY_AFTER_SECONDS,
} from '../../adapters/storage/storage';
import { notFound } from '../../lib/errors';

/**
 * `GET|HEAD /media/<key>` from a bucket (S3 mode; docs/decisions/0021-media-storage.md): the
 * app streams the object with the headers the static file server gives in disk mode (a year,
 * immutable; Content-Type, Content-Length, ETag, Last-Modified; 304 on If-None-Match). A
 * missing or unsafe key is the app's 404; a bucket that cannot be reached a 503 to retry,
 * logged once for the whole outage (and its end), never with its internals in the answer.
 */
export async function mediaRoutes(app: FastifyInstance): Promise<void> {
  const storage = app.deps.storage;
  let unreachable = false;

  const serve = async (request: FastifyRequest, reply: FastifyReply) => {
    const key = (request.params as { '*': string })['*'];
    if (!isSafeKey(key)) throw notFound();
    let found: Awaited<ReturnType<typeof storage.get>>;
    try {
      found = await storage.get(key, { ifNoneMatch: request.headers['if-none-match'] });
    } catch (error) {
      if (!unreachable) {
        unreachable = true;
        request.log.warn({ err: error }, 'media storage unreachable: images answer 503');
      }
      return reply
        .status(503)
        .header('retry-after', String(MEDIA_RETRY_AFTER_SECONDS))
        .send({ error: MEDIA_MESSAGES.unavailable });
    }
    if (unreachable) {
      unreachable = false;
      request.log.info('media storage reachable again');
    }
    if (!found) throw notFound();
    reply.header('cache-control', IMMUTABLE_CACHE_CONTROL);
    if (found.etag) reply.header('etag', found.etag);
    if ('notModified' in found) return reply.status(304).send();
    reply.header('content-type', found.contentType);
    if (found.length !== undefined) reply.header('content-length', String(found.length));
    if (found.lastModified) reply.header('last-modified', found.lastModified.toUTCString());
    if (request.method === 'HEAD') {
      found.body.destroy();
      return reply.send();
    }
    return reply.send(found.body);
  };

  // Hidden from the API documentation, as the static files of disk mode are.
  app.route({ method: ['GET', 'HEAD'], url: '/media/*', schema: { hide: true }, handler: serve });
}
