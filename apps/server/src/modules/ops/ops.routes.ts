import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireOpsToken } from '../../lib/ops-token';
import { jobCounts, OPS_JOB_MESSAGES, parkedJobs, replayJob } from './ops.service';

/** A job's queue and id, as the failed list gives them. */
const jobParams = z.object({
  queue: z.string().regex(/^[a-z][a-z0-9_.-]{0,99}$/i, OPS_JOB_MESSAGES.queueInvalid),
  id: z.string().uuid(OPS_JOB_MESSAGES.idInvalid),
});

/**
 * The operator calls on the durable jobs (ops.service.ts): `GET /ops/jobs/`,
 * `GET /ops/jobs/failed/` and `POST /ops/jobs/{queue}/{id}/retry/`. They exist only with
 * OPS_TOKEN set (404 otherwise) and need it as a bearer token (401); not part of the public
 * API, so left out of its documentation.
 */
export async function opsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { jobs, config } = app.deps;
  // Before anything else (the params too): without the token the calls do not exist.
  const guarded = { onRequest: requireOpsToken(config) };

  app.get('/ops/jobs/', { ...guarded, schema: { hide: true } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { queues: await jobCounts(jobs) };
  });

  app.get('/ops/jobs/failed/', { ...guarded, schema: { hide: true } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { jobs: await parkedJobs(jobs) };
  });

  app.post(
    '/ops/jobs/:queue/:id/retry/',
    { ...guarded, schema: { hide: true, params: jobParams } },
    async (request) => replayJob(jobs, request.params.queue, request.params.id),
  );
}
