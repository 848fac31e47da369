import type { FastifyInstance } from 'fastify';
import { requireOpsToken } from '../../lib/ops-token';
import { UNMATCHED_ROUTE } from './metrics';

/**
 * Times every answer (one onResponse hook on the root instance, so that it sees every route),
 * labelled by the route's pattern, never the raw URL: ids and query strings would make a label
 * value per product.
 */
export function recordRequestDurations(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    app.deps.metrics.observeRequest(
      request.method,
      request.routeOptions.url ?? UNMATCHED_ROUTE,
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
  });
}

/** `GET /metrics` for Prometheus, behind the operator token (OPS_TOKEN; 404 without it). */
export async function metricsRoutes(app: FastifyInstance): Promise<void> {
  const { registry } = app.deps.metrics;
  app.get(
    '/metrics',
    { schema: { hide: true }, preHandler: requireOpsToken(app.deps.config) },
    async (_request, reply) => {
      const body = await registry.metrics();
      return reply.type(registry.contentType).send(body);
    },
  );
}
