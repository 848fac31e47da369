import type { FastifyInstance } from 'fastify';

/** Texts of /readyz when the instance should not be sent requests. */
export const READINESS_MESSAGES = {
  databaseUnreachable: 'The database is not reachable.',
  shuttingDown: 'This instance is shutting down.',
} as const;

/** How long /readyz waits for the database's answer. */
const PING_LIMIT_MS = 3000;

/** Liveness and readiness probes for a load balancer (DESIGN 2.15). */
export async function healthRoutes(app: FastifyInstance): Promise<void> {
  // From the moment the app starts closing (SIGTERM), readiness fails: a balancer that still
  // holds a connection to this instance stops sending it requests.
  let shuttingDown = false;
  app.addHook('preClose', async () => {
    shuttingDown = true;
  });

  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    if (shuttingDown) {
      return reply
        .status(503)
        .send({ status: 'unavailable', error: READINESS_MESSAGES.shuttingDown });
    }
    let limit: NodeJS.Timeout | undefined;
    try {
      // Bounded: with the pool busy a ping may wait for a connection far longer than a
      // balancer's probe waits; an answer late is as good as none.
      await Promise.race([
        app.deps.database.ping(),
        new Promise((_resolve, reject) => {
          limit = setTimeout(() => reject(new Error('readiness ping timed out')), PING_LIMIT_MS);
        }),
      ]);
      // The search index answers once loaded; until then the SQL search does (decision 0023).
      const engine = app.deps.searchEngine;
      return {
        status: 'ready',
        database: app.deps.database.kind,
        search_index: engine.loaded ? 'loaded' : 'loading',
      };
    } catch {
      return reply
        .status(503)
        .send({ status: 'unavailable', error: READINESS_MESSAGES.databaseUnreachable });
    } finally {
      clearTimeout(limit);
    }
  });
}
