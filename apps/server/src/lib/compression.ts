import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';

export type Encoding = 'br' | 'gzip';

/** br or gzip when the request's Accept-Encoding takes it (q=0 refuses), else none. */
export function pickEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  if (!acceptEncoding) return undefined;
  const accepted = new Set(
    acceptEncoding
      .split(',')
      .map((part) => part.trim().toLowerCase().split(';'))
      .filter(([, q]) => !/^\s*q=0(\.0*)?\s*$/.test(q ?? ''))
      .map(([name]) => name),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return undefined;
}

/** A quick level (the body is made per request): brotli 5 / gzip 6. */
function compress(text: string, encoding: Encoding): Buffer {
  if (encoding === 'br') {
    return brotliCompressSync(text, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } });
  }
  return gzipSync(text, { level: 6 });
}

/**
 * The br and gzip bodies of the texts served lately, by a hash of the text: a text served
 * again (a cached page, a cached catalogue answer) is compressed once, not on every request.
 * The oldest go first. (Keyed by the hash, not the text: long strings as keys hash by their
 * length alone and compare slowly.) Only the text itself finds its entry, so a personal answer
 * kept here is given to no one who does not already hold it.
 */
const encodedTexts = new Map<string, Partial<Record<Encoding, Buffer>>>();
const ENCODED_TEXTS_KEPT = 500;

const hashOf = (text: string) => createHash('sha1').update(text).digest('base64url');

/** `text`'s strong ETag (a hash of it) and its body in `encoding` (the text itself without). */
export function encodedText(
  text: string,
  encoding: Encoding | undefined,
): { etag: string; data: string | Buffer } {
  const hash = hashOf(text);
  const etag = `"${hash}"`;
  if (!encoding) return { etag, data: text };
  let bodies = encodedTexts.get(hash);
  if (!bodies) {
    bodies = {};
    encodedTexts.set(hash, bodies);
    if (encodedTexts.size > ENCODED_TEXTS_KEPT) {
      encodedTexts.delete(encodedTexts.keys().next().value as string);
    }
  }
  bodies[encoding] ??= compress(text, encoding);
  return { etag, data: bodies[encoding] };
}

/** Below this a JSON answer goes as it is: the headers would cost more than it saves. */
export const COMPRESS_MIN_BYTES = 1024;

/**
 * The API's JSON answers compressed (br, else gzip) for a browser that takes it: a shop page's
 * search answer is ~6 KB as JSON, ~1.5 KB compressed, and phones fetch one on every filter or
 * page. Answers already encoded (the rendered pages, the built files), streams (the live
 * orders) and other types pass untouched.
 */
export function compressJsonAnswers(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (typeof payload !== 'string' || payload.length < COMPRESS_MIN_BYTES) return payload;
    if (request.method === 'HEAD' || reply.hasHeader('content-encoding')) return payload;
    const type = reply.getHeader('content-type');
    if (typeof type !== 'string' || !type.startsWith('application/json')) return payload;
    const vary = reply.getHeader('vary');
    reply.header('vary', vary ? `${String(vary)}, accept-encoding` : 'accept-encoding');
    const encoding = pickEncoding(request.headers['accept-encoding']);
    if (!encoding) return payload;
    reply.header('content-encoding', encoding);
    reply.removeHeader('content-length');
    return encodedText(payload, encoding).data;
  });
}
