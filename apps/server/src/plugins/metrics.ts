import fp from 'fastify-plugin';
import { createMetrics, type Metrics } from '../modules/metrics';

declare module 'fastify' {
  interface FastifyInstance {
    /** This instance's metrics registry, scraped at `GET /metrics`. */
    metrics: Metrics;
  }
}

/** The registry; what it reads from the other parts is wired once they exist (deps.ts). */
export const metricsPlugin = fp(
  async (app) => {
    app.decorate('metrics', createMetrics());
  },
  { name: 'metrics' },
);
