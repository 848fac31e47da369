import fp from 'fastify-plugin';
import { createJobRunner, type JobRunner } from '../jobs/job-runner';

declare module 'fastify' {
  interface FastifyInstance {
    /** The durable job runner (DESIGN 2.17, decision 0018): started when the app is ready. */
    jobs: JobRunner;
  }
}

/**
 * How long the job workers' stop waits for the jobs in hand: within server.ts's 10 s
 * shutdown guard. A job still running then is handed back (retried, by any instance).
 */
const JOBS_STOP_TIMEOUT_MS = 7000;

/**
 * Routes register their queues while they load; the workers start once the app is ready. On
 * close they stop taking jobs at once, and the jobs in hand finish while the requests in flight
 * do: the stop is awaited after the server has closed, before the database does.
 */
export const jobsPlugin = fp(
  async (app) => {
    const { config, database, metrics } = app;
    const jobs = createJobRunner({
      executeSql: database.executeSql,
      listen: database.listen,
      log: app.log,
      pollSeconds: config.jobsPollSeconds,
      workers: config.jobsWorkers,
      maintenanceSeconds: config.jobsMaintenanceSeconds,
      stopTimeoutMs: JOBS_STOP_TIMEOUT_MS,
      onFailure: (queue, parked) => metrics.jobFailed(queue, parked),
    });
    app.addHook('onReady', async () => jobs.start());
    app.addHook('preClose', async () => {
      jobs.stop().catch((error) => app.log.error({ err: error }, 'stopping the job runner failed'));
    });
    app.addHook('onClose', async () => jobs.stop());
    app.decorate('jobs', jobs);
  },
  { name: 'jobs', dependencies: ['core', 'metrics'] },
);
