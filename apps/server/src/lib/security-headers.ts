import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's security headers (CSP, nosniff, frame and referrer policies, …) on every answer of
 * `app` (call it on the root instance).
 *
 * The middleware is built once, at start-up. The Fastify wrapper (`@fastify/helmet`) built it
 * again on every request, CSP directives parsed anew each time, through two async hooks: on
 * the cart calls that was a tenth of the app's own work per request (`npm run bench`).
 */
export function addSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const apply = helmet(options);
  app.addHook('onRequest', (request, reply, done) => {
    apply(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
  });
}
