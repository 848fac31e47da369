import { INPUT_MESSAGES } from '@leafline/contract';
import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors';

/** Where a NUL sits in `value` (`name.first`, `items.2`), or null when there is none. */
function findNul(value: unknown, at: string, depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? at : null;
  // JSON bodies nest only so deep in practice; a deeper one is left to its schema.
  if (value === null || typeof value !== 'object' || depth > 32) return null;
  // A raw body kept as bytes (a signed webhook) is read by its own route.
  if (ArrayBuffer.isView(value)) return null;
  for (const [key, inner] of Object.entries(value)) {
    const path = at ? `${at}.${key}` : key;
    if (key.includes('\u0000')) return path;
    const found = findNul(inner, path, depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * Refuses a NUL character in any text a route receives — path parameters, query and parsed
 * body alike — with a 400 before the handler, in one place for every route: PostgreSQL refuses
 * NUL in text, which would otherwise surface as a 500. It runs after validation, so a route
 * whose schema already refuses the value keeps its own text (a reset link's "Invalid or
 * expired token."), and inside the route, so a route with its own error shape (the
 * newsletter's `{ success, message }`) keeps it.
 */
export function refuseNulCharacters(app: FastifyInstance): void {
  app.addHook('preHandler', async (request) => {
    // An address no route serves gets the web app (or the 404 answer), which reads nothing.
    if (request.is404) return;
    const field =
      findNul(request.params, '') ?? findNul(request.query, '') ?? findNul(request.body, '');
    if (field !== null) {
      throw badRequest(INPUT_MESSAGES.nulCharacter, {
        [field || 'body']: INPUT_MESSAGES.nulCharacter,
      });
    }
  });
}
