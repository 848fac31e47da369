import type { FastifyInstance } from 'fastify';

/** Liveness and readiness probes for a load balancer (DESIGN 2.15). */
export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    try {
      await app.deps.database.ping();
      return { status: 'ready', database: app.deps.database.kind };
    } catch {
      return reply
        .status(503)
        .send({ status: 'unavailable', error: 'The database is not reachable.' });
    }
  });
}
