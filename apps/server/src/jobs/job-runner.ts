import { type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { Db } from '../db/client';
import { JOB_SCHEMA } from './job-schema';

/**
 * The one durable job runner (DESIGN 2.17, decision 0018): pg-boss over the app's own database
 * connection, on PGlite and PostgreSQL alike.
 *
 * - A job is a row, sent through the executor of its cause: inside that change's transaction
 *   it commits or rolls back with it (`send(tx, …)`).
 * - Workers claim jobs with `FOR UPDATE SKIP LOCKED`; any instance may run any job.
 * - A handler that throws is retried with backoff (the queue's retry policy); a job still
 *   failing after its last retry stays `failed` in `pgboss.job`, where an operator sees it and
 *   can replay it (`retry`).
 * - A job whose worker died (a crash, a kill) is given again after its queue's expiry.
 * - Handlers are idempotent by a key of their own: a job may run more than once.
 */

export interface JobQueue<T> {
  readonly name: string;
  /** Retries after the first attempt. */
  readonly retryLimit: number;
  /** Seconds before the first retry; doubled for each next one when `retryBackoff`. */
  readonly retryDelay: number;
  readonly retryBackoff: boolean;
  /** How long one attempt may run before it counts as lost and is given again. */
  readonly expireInSeconds: number;
  /**
   * pg-boss's queue policy, for all the queue's jobs: `standard` (the default) lets any number
   * wait; `short` lets one job per singleton key wait (a send while one waits returns null;
   * every send of such a queue must give a key). pg-boss's `singleton`/`stately` are left out
   * on purpose: a waiting job whose key is running makes the queue's fetch fail on pg-boss 10.
   */
  readonly policy?: 'standard' | 'short';
  /** The job's data type (only for the compiler). */
  readonly _data?: T;
}

export function defineQueue<T>(queue: Omit<JobQueue<T>, '_data'>): JobQueue<T> {
  return queue;
}

export interface JobContext {
  id: string;
  /**
   * Aborted when the runner stops (the instance shuts down): a handler passes it to its waits
   * and outside calls, ends early and is retried later, instead of outliving the database.
   */
  signal: AbortSignal;
  /** The queue's name. */
  queue: string;
  /** 0 on the first attempt. */
  retryCount: number;
}

export type JobHandler<T> = (data: T, job: JobContext) => Promise<void>;

/**
 * Thrown by a handler whose job can never succeed by retrying (a refused token, an input the
 * other side rejects): the job is parked (`failed`) at once, without the queue's retries, and
 * stays visible there for an operator to replay.
 */
export class ParkJobError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ParkJobError';
  }
}

export interface SendOptions {
  /** In a `short` queue, one job per key may wait: another send returns null meanwhile. */
  singletonKey?: string;
  /** Not before this many seconds from now. */
  startAfterSeconds?: number;
}

export interface JobRunner {
  /** Registers the queue's handler (before or after start). */
  work<T>(queue: JobQueue<T>, handler: JobHandler<T>, options?: { concurrency?: number }): void;
  /** Makes a queue known without working it here (a queue only sent to from this instance). */
  declare(queue: JobQueue<unknown>): void;
  /**
   * Sends a job through `executor`: the transaction of its cause (it then commits with it), or
   * the database. The job's id, or null when a job with the same singleton key is waiting.
   */
  send<T>(executor: Db, queue: JobQueue<T>, data: T, options?: SendOptions): Promise<string | null>;
  /** Wakes this instance's workers of the queue (after the commit of a job sent in a transaction). */
  wake(queue: JobQueue<unknown>): void;
  start(): Promise<void>;
  /** Stops taking jobs and waits (bounded) for the ones in hand. */
  stop(): Promise<void>;
  /**
   * Runs the ready jobs of these queues (all known ones by default) in this process, one at a
   * time, until none is ready; how many ran. For tests, benches and scripts.
   */
  drain(queues?: JobQueue<unknown>[]): Promise<number>;
  /** The jobs of a queue in a state (`failed` are the parked ones), for operators and tests. */
  list(
    queue: JobQueue<unknown>,
    state: 'created' | 'retry' | 'active' | 'completed' | 'failed',
  ): Promise<Array<{ id: string; data: unknown; retryCount: number; output: unknown }>>;
  /** Gives a failed (parked) job another run. */
  retry(queue: JobQueue<unknown>, id: string): Promise<void>;
}

export interface JobRunnerOptions {
  executeSql: (text: string, values?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;
  log: FastifyBaseLogger;
  /** Seconds between two looks for work of an idle worker. */
  pollSeconds: number;
  /** false: sends only, no workers. */
  workers: boolean;
  /** How long stop() waits for the jobs in hand. */
  stopTimeoutMs?: number;
}

/** Turns pg-boss's `$n` text and values into one drizzle query (a transaction's executor). */
export function sqlFromText(text: string, values: unknown[]): SQL {
  const parts = text.split(/\$(\d+)\b/);
  const chunks: SQL[] = [];
  parts.forEach((part, i) => {
    if (i % 2 === 0) chunks.push(sql.raw(part));
    else chunks.push(sql`${values[Number(part) - 1] ?? null}`);
  });
  return sql.join(chunks);
}

function executorOf(db: Db): PgBoss.Db {
  return {
    async executeSql(text, values) {
      const result = (await db.execute(sqlFromText(text, values ?? []))) as unknown as {
        rows: unknown[];
      };
      return { rows: result.rows };
    },
  };
}

interface Registration {
  queue: JobQueue<unknown>;
  handler: JobHandler<unknown>;
  concurrency: number;
  workerIds: string[];
}

export function createJobRunner(options: JobRunnerOptions): JobRunner {
  const { log } = options;
  const boss = new PgBoss({
    db: { executeSql: (text, values) => options.executeSql(text, values) },
    schema: JOB_SCHEMA,
    // The schema comes with the migrations (job-schema.ts); pg-boss still upgrades its own.
    migrate: true,
    // Expired jobs are given again, old ones archived: only where workers run.
    supervise: options.workers,
    schedule: false,
    // Parked (failed) jobs stay in `pgboss.job`, where an operator lists and replays them, for a
    // month (pg-boss would archive them after 12 hours); archived ones go a month later.
    archiveFailedAfterSeconds: 30 * 24 * 3600,
    deleteAfterDays: 30,
  });
  boss.on('error', (error) => log.error({ err: error }, 'job runner error'));

  const queues = new Map<string, JobQueue<unknown>>();
  const registrations = new Map<string, Registration>();
  let started = false;
  let stopped = false;
  const stopping = new AbortController();

  const run = async (registration: Registration, job: PgBoss.JobWithMetadata<unknown>) => {
    const context: JobContext = {
      id: job.id,
      signal: stopping.signal,
      queue: registration.queue.name,
      retryCount: job.retryCount,
    };
    try {
      await registration.handler(job.data, context);
    } catch (error) {
      const park = error instanceof ParkJobError;
      if (park) {
        // No retries left: the failure that follows parks the job.
        await options.executeSql(
          `update ${JOB_SCHEMA}.job set retry_limit = retry_count where name = $1 and id = $2`,
          [registration.queue.name, job.id],
        );
      }
      const last = park || job.retryCount >= registration.queue.retryLimit;
      log[last ? 'error' : 'warn'](
        { err: error, job: job.id, queue: registration.queue.name, retryCount: job.retryCount },
        last ? 'job failed for good: parked' : 'job failed: it will be retried',
      );
      throw error;
    }
  };

  const startWorkers = async (registration: Registration) => {
    if (!options.workers || stopped) return;
    for (let i = 0; i < registration.concurrency; i++) {
      const id = await boss.work(
        registration.queue.name,
        { pollingIntervalSeconds: options.pollSeconds, batchSize: 1, includeMetadata: true },
        async ([job]) => {
          if (job) await run(registration, job);
        },
      );
      registration.workerIds.push(id);
    }
  };

  const createQueue = async (queue: JobQueue<unknown>) => {
    const spec = {
      retryLimit: queue.retryLimit,
      retryDelay: queue.retryDelay,
      retryBackoff: queue.retryBackoff,
      expireInSeconds: queue.expireInSeconds,
      policy: queue.policy ?? 'standard',
    };
    const existing = await boss.getQueue(queue.name);
    if (!existing) await boss.createQueue(queue.name, { name: queue.name, ...spec });
    else await boss.updateQueue(queue.name, { name: queue.name, ...spec });
  };

  return {
    work(queue, handler, workOptions) {
      const registration: Registration = {
        queue: queue as JobQueue<unknown>,
        handler: handler as JobHandler<unknown>,
        concurrency: workOptions?.concurrency ?? 1,
        workerIds: [],
      };
      queues.set(queue.name, queue as JobQueue<unknown>);
      registrations.set(queue.name, registration);
      if (started) {
        void createQueue(registration.queue)
          .then(() => startWorkers(registration))
          .catch((error) =>
            log.error({ err: error, queue: queue.name }, 'job queue failed to start'),
          );
      }
    },
    declare(queue) {
      queues.set(queue.name, queue);
      if (started) void createQueue(queue).catch(() => {});
    },
    async send(executor, queue, data, sendOptions = {}) {
      if (!queues.has(queue.name)) {
        throw new Error(`job queue ${queue.name} is not declared`);
      }
      return boss.send(queue.name, data as object, {
        db: executorOf(executor),
        ...(sendOptions.singletonKey ? { singletonKey: sendOptions.singletonKey } : {}),
        ...(sendOptions.startAfterSeconds ? { startAfter: sendOptions.startAfterSeconds } : {}),
      });
    },
    wake(queue) {
      for (const id of registrations.get(queue.name)?.workerIds ?? []) boss.notifyWorker(id);
    },
    async start() {
      if (started) return;
      await boss.start();
      for (const queue of queues.values()) await createQueue(queue);
      started = true;
      for (const registration of registrations.values()) await startWorkers(registration);
    },
    async stop() {
      if (!started || stopped) return;
      stopped = true;
      // The jobs in hand get a moment to finish; their long waits end at once.
      setTimeout(() => stopping.abort(new Error('the job runner is stopping')), 2000).unref();
      await boss.stop({ graceful: true, wait: true, timeout: options.stopTimeoutMs ?? 20_000 });
    },
    async drain(only) {
      const names = (only ?? [...queues.values()]).map((q) => q.name);
      let ran = 0;
      for (let busy = true; busy; ) {
        busy = false;
        for (const name of names) {
          const registration = registrations.get(name);
          if (!registration) throw new Error(`job queue ${name} has no handler here`);
          const [job] = await boss.fetch<unknown>(name, { batchSize: 1, includeMetadata: true });
          if (!job) continue;
          busy = true;
          ran++;
          try {
            await run(registration, job);
            await boss.complete(name, job.id);
          } catch (error) {
            await boss.fail(name, job.id, { message: String((error as Error)?.message ?? error) });
          }
        }
      }
      return ran;
    },
    async list(queue, state) {
      const { rows } = await options.executeSql(
        `select id, data, retry_count, output from ${JOB_SCHEMA}.job where name = $1 and state = $2 order by created_on`,
        [queue.name, state],
      );
      return rows.map((r) => ({
        id: String(r.id),
        data: r.data,
        retryCount: Number(r.retry_count),
        output: r.output,
      }));
    },
    async retry(queue, id) {
      await boss.retry(queue.name, id);
    },
  };
}
