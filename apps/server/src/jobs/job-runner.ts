import { createBoss, createQueue, sendJob, sendJobs } from './job-boss';
import { createDispatcher } from './job-dispatcher';
import { createJobExecution, drainQueues } from './job-execution';
import { claimKeyed, countJobs, listJobs, parkedJobs } from './job-reads';
import { notifyJobs } from './job-sql';

export { unfinishedJobsSql } from './job-sql';

import type {
  JobHandler,
  JobQueue,
  JobRunner,
  JobRunnerOptions,
  ParkedHandler,
  Registration,
} from './job-types';

export {
  attemptLimitMs,
  defineQueue,
  type JobContext,
  type JobHandler,
  type JobQueue,
  type JobRunner,
  type JobRunnerOptions,
  type ParkedHandler,
  type ParkedJob,
  ParkJobError,
  type QueueCounts,
  RetryLaterError,
  type SendOptions,
  type WorkOptions,
} from './job-types';

/**
 * The one durable job runner (DESIGN 2.17, decision 0018): pg-boss over the app's own database
 * connection, on PGlite and PostgreSQL alike.
 *
 * - A job is a row, sent through the executor of its cause: inside that change's transaction
 *   it commits or rolls back with it (`send(tx, …)`), and so does its NOTIFY to the runners.
 * - Workers claim jobs with `FOR UPDATE SKIP LOCKED`; any instance may run any job. One loop
 *   takes the jobs of every queue and sleeps while none is due (job-dispatcher.ts, decision
 *   0034): an idle instance does not poll.
 * - A handler that throws is retried with backoff (the queue's retry policy); a job still
 *   failing after its last retry stays `failed` in `pgboss.job`, where an operator sees it and
 *   can replay it (`retry`).
 * - A job whose worker died (a crash, a kill) is given again after its queue's expiry. An
 *   attempt still running near its expiry is told to end (its signal aborts, `attemptLimitMs`)
 *   and fails: one job's attempts do not run at the same time, and no handler keeps a lease of
 *   its own for that.
 * - A handler asks for a later retry with `RetryLaterError`, and parks its job with
 *   `ParkJobError`: retry, park and replay are the runner's alone.
 * - Handlers are idempotent by a key of their own: a job may run more than once.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function createJobRunner(options: JobRunnerOptions): JobRunner {
  const { log } = options;
  const { boss, executeSql } = createBoss(options);
  const queues = new Map<string, JobQueue<unknown>>();
  const registrations = new Map<string, Registration>();
  let started = false;
  let stopping: Promise<void> | undefined;
  const aborting = new AbortController();
  const execution = createJobExecution(boss, options, aborting.signal);
  const dispatcher = options.workers
    ? createDispatcher({ boss, executeSql, execution, registrations, options })
    : undefined;
  // The upkeep gave expired jobs again (they are due now), or parked them.
  boss.on('maintenance', () => {
    dispatcher?.wake();
    execution
      .compensateExpired(registrations)
      .catch((error) => log.warn({ err: error }, 'parked jobs not compensated yet'));
  });

  const activate = async (registration: Registration) => {
    await createQueue(boss, registration.queue);
    registration.created = true;
    dispatcher?.wake(registration.queue.name);
  };

  return {
    work(queue, handler, workOptions) {
      const registration: Registration = {
        queue: queue as JobQueue<unknown>,
        handler: handler as JobHandler<unknown>,
        ...(workOptions?.onParked
          ? { onParked: workOptions.onParked as ParkedHandler<unknown> }
          : {}),
        concurrency: workOptions?.concurrency ?? 1,
        inHand: 0,
        created: false,
        ready: true,
      };
      queues.set(queue.name, registration.queue);
      registrations.set(queue.name, registration);
      if (started) {
        void activate(registration).catch((error) =>
          log.error({ err: error, queue: queue.name }, 'job queue failed to start'),
        );
      }
    },
    declare(queue) {
      queues.set(queue.name, queue);
      if (started) void createQueue(boss, queue).catch(() => {});
    },
    async send(executor, queue, data, sendOptions = {}) {
      if (!queues.has(queue.name)) {
        throw new Error(`job queue ${queue.name} is not declared`);
      }
      return sendJob(boss, executor, queue, data, sendOptions);
    },
    async sendEach(executor, queue, items) {
      if (!queues.has(queue.name)) {
        throw new Error(`job queue ${queue.name} is not declared`);
      }
      await sendJobs(boss, executor, queue, items);
    },
    wake(queue) {
      dispatcher?.wake(queue.name);
    },
    async runNow(queue, singletonKey) {
      const registration = registrations.get(queue.name);
      if (!registration) throw new Error(`job queue ${queue.name} has no handler here`);
      if (stopping) return false;
      const job = await claimKeyed(executeSql, queue.name, singletonKey);
      if (!job) return false;
      await execution.settle(registration, job);
      return true;
    },
    async start() {
      if (started) return;
      await boss.start();
      for (const queue of queues.values()) await createQueue(boss, queue);
      for (const registration of registrations.values()) registration.created = true;
      started = true;
      await dispatcher?.start();
    },
    stop() {
      if (!started) return Promise.resolve();
      // Every caller waits for the one stop (the app starts it early and awaits it late).
      stopping ??= (async () => {
        // The jobs in hand get a moment to finish; their long waits end at once.
        setTimeout(() => aborting.abort(new Error('the job runner is stopping')), 2000).unref();
        // The loop ends now; the jobs in hand are waited for up to the limit.
        await dispatcher?.stop(options.stopTimeoutMs ?? 20_000);
        // The upkeep (no pg-boss worker runs: ours are the dispatcher's).
        await boss.stop({ graceful: false, wait: true, close: false });
      })();
      return stopping;
    },
    drain: async (only) => {
      await execution.compensateExpired(registrations);
      return drainQueues(
        (only ?? [...queues.values()]).map((q) => q.name),
        {
          boss,
          execution,
          registrations,
          stopping: () => stopping !== undefined,
        },
      );
    },
    list: (queue, state) => listJobs(options.executeSql, queue.name, state),
    async retry(queue, id) {
      const name = typeof queue === 'string' ? queue : queue.name;
      if (!UUID.test(id)) return false;
      // One statement (pg-boss's: UPDATE … WHERE state = 'failed'), answered by its count: of two
      // replays at once only one finds the job parked.
      const { affected } = (await boss.retry(name, id)) as unknown as { affected: number };
      if (!affected) return false;
      await notifyJobs({ executeSql: options.executeSql }, name).catch(() => {});
      dispatcher?.wake(name);
      return true;
    },
    failed: (limit = 100) => parkedJobs(options.executeSql, limit),
    counts: () => countJobs(options.executeSql, queues.keys()),
  };
}
