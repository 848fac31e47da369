import { type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { Db } from '../db/client';
import { isDatabaseUnavailable } from '../lib/database-outage';
import { JOB_SCHEMA } from '../db/job-schema';

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
  /** The retries this job may have (its own, as written on the job row: a replay adds one). */
  retryLimit: number;
  /** No retry follows a failure of this attempt: it parks the job. */
  isLastAttempt: boolean;
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
  /**
   * In a `short` queue, when a job with the same key already waits: its start is brought
   * forward to this one's (never put back), so the one waiting job runs when the later cause
   * needs it.
   */
  hasten?: boolean;
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
  /**
   * Gives a failed (parked) job another run (one more attempt) and wakes this instance's
   * workers of its queue; false when that queue has no parked job with this id.
   */
  retry(queue: JobQueue<unknown> | string, id: string): Promise<boolean>;
  /**
   * Per queue (every queue made in the database by any instance, every one with jobs, and
   * every one known here), the jobs waiting (created or to be retried), running and parked,
   * read from the job table: the operator's gauges and overview.
   */
  counts(): Promise<QueueCounts[]>;
  /** The parked jobs of every queue, the latest parked first (at most `limit`). */
  failed(limit?: number): Promise<ParkedJob[]>;
}

export interface QueueCounts {
  queue: string;
  /** Created or to be retried: `created + retry`. */
  waiting: number;
  /** Not started yet (or not before their start time). */
  created: number;
  /** Failed, waiting for their next attempt. */
  retry: number;
  active: number;
  failed: number;
}

export interface ParkedJob {
  id: string;
  queue: string;
  data: unknown;
  /** Runs so far: the first attempt and its retries. */
  attempts: number;
  /** What the last failure left (pg-boss keeps the error's message, and stack when thrown). */
  output: unknown;
  createdAt: Date;
  /** When it was parked. */
  failedAt: Date | null;
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
  /** Seconds between two upkeeps (expired jobs given again, old ones archived); pg-boss: 120. */
  maintenanceSeconds?: number;
  /** Told of every failed attempt (`parked`: it was the last one): the failures counter. */
  onFailure?: (queue: string, parked: boolean) => void;
}

/**
 * Turns pg-boss's `$n` text and values into one drizzle query (a transaction's executor).
 * Drizzle gives each use of a `$n` a parameter of its own, whose type PostgreSQL infers from
 * that use alone: a text used twice (pg-boss's start_after, tested with `right($5, 1)` and then
 * cast to a timestamp or an interval) is marked text everywhere, as the single `$n` would be.
 */
export function sqlFromText(text: string, values: unknown[]): SQL {
  const parts = text.split(/\$(\d+)\b/);
  const uses = new Map<string, number>();
  parts.forEach((part, i) => {
    if (i % 2 === 1) uses.set(part, (uses.get(part) ?? 0) + 1);
  });
  const chunks: SQL[] = [];
  parts.forEach((part, i) => {
    if (i % 2 === 0) {
      chunks.push(sql.raw(part));
      return;
    }
    const value = values[Number(part) - 1] ?? null;
    const repeatedText = typeof value === 'string' && (uses.get(part) ?? 0) > 1;
    chunks.push(repeatedText ? sql`${value}::text` : sql`${value}`);
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

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface Registration {
  queue: JobQueue<unknown>;
  handler: JobHandler<unknown>;
  concurrency: number;
  /** The running worker loops (each ends once the runner stops). */
  loops: Promise<void>[];
  /** Ends the idle wait of this queue's workers: work was sent, or the runner stops. */
  wakers: Set<() => void>;
}

export function createJobRunner(options: JobRunnerOptions): JobRunner {
  const { log } = options;
  // While the database is away every worker's poll fails alike: one line when it goes, one
  // when a statement gets through again, and the workers keep their poll interval meanwhile.
  let databaseAway = false;
  const executeSql: JobRunnerOptions['executeSql'] = async (text, values) => {
    try {
      const result = await options.executeSql(text, values);
      if (databaseAway) {
        databaseAway = false;
        log.info('job runner: the database is reachable again');
      }
      return result;
    } catch (error) {
      if (isDatabaseUnavailable(error) && !databaseAway) {
        databaseAway = true;
        log.error({ err: error }, 'job runner: the database is unreachable; waiting for it');
      }
      throw error;
    }
  };
  const boss = new PgBoss({
    db: { executeSql },
    schema: JOB_SCHEMA,
    // The schema comes with the migrations (job-schema.ts); pg-boss still upgrades its own.
    migrate: true,
    // Expired jobs are given again, old ones archived: only where workers run.
    supervise: options.workers,
    ...(options.maintenanceSeconds
      ? { maintenanceIntervalSeconds: options.maintenanceSeconds }
      : {}),
    schedule: false,
    // Parked (failed) jobs stay in `pgboss.job`, where an operator lists and replays them, for a
    // month (pg-boss would archive them after 12 hours); archived ones go a month later.
    archiveFailedAfterSeconds: 30 * 24 * 3600,
    deleteAfterDays: 30,
  });
  boss.on('error', (error) => {
    if (!isDatabaseUnavailable(error)) log.error({ err: error }, 'job runner error');
  });

  const queues = new Map<string, JobQueue<unknown>>();
  const registrations = new Map<string, Registration>();
  let started = false;
  let stopping: Promise<void> | undefined;
  const aborting = new AbortController();

  const run = async (registration: Registration, job: PgBoss.JobWithMetadata<unknown>) => {
    const context: JobContext = {
      id: job.id,
      signal: aborting.signal,
      queue: registration.queue.name,
      retryCount: job.retryCount,
      retryLimit: job.retryLimit,
      isLastAttempt: job.retryCount >= job.retryLimit,
    };
    try {
      await registration.handler(job.data, context);
    } catch (error) {
      // Cut short by the shutdown: not a failure of the job (settle hands it back).
      if (aborting.signal.aborted && !(error instanceof ParkJobError)) throw error;
      const park = error instanceof ParkJobError;
      if (park) {
        // No retries left: the failure that follows parks the job.
        await options.executeSql(
          `update ${JOB_SCHEMA}.job set retry_limit = retry_count where name = $1 and id = $2`,
          [registration.queue.name, job.id],
        );
      }
      const last = park || context.isLastAttempt;
      options.onFailure?.(registration.queue.name, last);
      log[last ? 'error' : 'warn'](
        { err: error, job: job.id, queue: registration.queue.name, retryCount: job.retryCount },
        last ? 'job failed for good: parked' : 'job failed: it will be retried',
      );
      throw error;
    }
  };

  /**
   * Settles a job the worker ran: complete, or fail (retried or parked by the queue's policy).
   * Awaited and caught here, not left to pg-boss's own worker, whose settle calls are not
   * awaited: with the database away (a restart) or closed (a shutdown past its limit) their
   * failure would be an unhandled rejection, which ends the process. A job that could not be
   * settled is given again after its expiry; handlers are idempotent by their key.
   */
  const settle = async (registration: Registration, job: PgBoss.JobWithMetadata<unknown>) => {
    const name = registration.queue.name;
    let failure: unknown;
    try {
      await run(registration, job);
    } catch (error) {
      failure = error;
    }
    // Ended by the shutdown (its signal aborted), not by its own failure: handed back as it
    // was, without using one of its retries, for this or another instance to run again.
    if (failure !== undefined && aborting.signal.aborted) {
      await handBack(registration, job);
      return;
    }
    try {
      if (failure === undefined) await boss.complete(name, job.id);
      else {
        await boss.fail(name, job.id, {
          message: String((failure as Error)?.message ?? failure),
        });
      }
    } catch (error) {
      log.warn(
        { err: error, job: job.id, queue: name },
        'job outcome not recorded (database away); the job is given again after its expiry',
      );
    }
  };

  /**
   * Gives a job in hand back to its queue as it was (its attempts unchanged): a job this
   * instance took while it was stopping, or one the shutdown cut short.
   */
  const handBack = async (registration: Registration, job: PgBoss.JobWithMetadata<unknown>) => {
    try {
      await options.executeSql(
        `update ${JOB_SCHEMA}.job set state = 'retry', start_after = now(), started_on = null
         where name = $1 and id = $2 and state = 'active'`,
        [registration.queue.name, job.id],
      );
    } catch (error) {
      log.warn(
        { err: error, job: job.id, queue: registration.queue.name },
        'job in hand not handed back (database away); it is given again after its expiry',
      );
    }
  };

  /** Waits for the poll interval, a wake or the stop, whichever comes first. */
  const idle = (registration: Registration) =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        registration.wakers.delete(done);
        resolve();
      };
      const timer = setTimeout(done, options.pollSeconds * 1000);
      registration.wakers.add(done);
    });

  /**
   * One worker: fetch a job (`FOR UPDATE SKIP LOCKED`), run it, settle it, and at once the
   * next; only an empty or failed fetch waits for the poll interval (or a wake).
   */
  const workLoop = async (registration: Registration) => {
    const name = registration.queue.name;
    while (!stopping) {
      let job: PgBoss.JobWithMetadata<unknown> | undefined;
      try {
        [job] = await boss.fetch<unknown>(name, { batchSize: 1, includeMetadata: true });
      } catch (error) {
        // The database away is logged once by executeSql; anything else here.
        if (!isDatabaseUnavailable(error)) {
          log.error({ err: error, queue: name }, 'job fetch failed');
        }
      }
      if (job && stopping) await handBack(registration, job);
      else if (job) await settle(registration, job);
      else if (!stopping) await idle(registration);
    }
  };

  const startWorkers = async (registration: Registration) => {
    if (!options.workers || stopping) return;
    for (let i = 0; i < registration.concurrency; i++) {
      registration.loops.push(workLoop(registration));
    }
  };

  const wakeAll = (registration: Registration | undefined) => {
    for (const wake of [...(registration?.wakers ?? [])]) wake();
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
        loops: [],
        wakers: new Set(),
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
      if (queue.policy === 'short' && !sendOptions.singletonKey) {
        throw new Error(`job queue ${queue.name} takes only sends with a singleton key`);
      }
      const db = executorOf(executor);
      const startAfter = new Date(Date.now() + (sendOptions.startAfterSeconds ?? 0) * 1000);
      const id = await boss.send(queue.name, data as object, {
        db,
        ...(sendOptions.singletonKey ? { singletonKey: sendOptions.singletonKey } : {}),
        // As a time, not pg-boss's seconds: its insert uses the one value both as a time and as
        // an interval, and sqlFromText gives each use a parameter of its own, typed by its use.
        ...(sendOptions.startAfterSeconds ? { startAfter } : {}),
      });
      if (id === null && sendOptions.hasten && sendOptions.singletonKey) {
        await db.executeSql(
          `update ${JOB_SCHEMA}.job set start_after = $3 where name = $1 and singleton_key = $2
           and state = 'created' and start_after > $3`,
          [queue.name, sendOptions.singletonKey, startAfter],
        );
      }
      return id;
    },
    wake(queue) {
      wakeAll(registrations.get(queue.name));
    },
    async start() {
      if (started) return;
      await boss.start();
      for (const queue of queues.values()) await createQueue(queue);
      started = true;
      for (const registration of registrations.values()) await startWorkers(registration);
    },
    stop() {
      if (!started) return Promise.resolve();
      // Every caller waits for the one stop (the app starts it early and awaits it late).
      stopping ??= (async () => {
        // The jobs in hand get a moment to finish; their long waits end at once.
        setTimeout(() => aborting.abort(new Error('the job runner is stopping')), 2000).unref();
        // Idle workers end now; busy ones after their job, waited for up to the limit (a job
        // still running then settles later, or is given again after its expiry).
        for (const registration of registrations.values()) wakeAll(registration);
        const loops = [...registrations.values()].flatMap((r) => r.loops);
        let limit: NodeJS.Timeout | undefined;
        await Promise.race([
          Promise.allSettled(loops),
          new Promise((resolve) => {
            limit = setTimeout(resolve, options.stopTimeoutMs ?? 20_000);
          }),
        ]);
        clearTimeout(limit);
        // The supervisor and the maintenance; no pg-boss worker runs (ours are above).
        await boss.stop({ graceful: false, wait: true, close: false });
      })();
      return stopping;
    },
    async drain(only) {
      const names = (only ?? [...queues.values()]).map((q) => q.name);
      let ran = 0;
      // A stopping runner takes no new job: what is handed back waits for the next instance.
      for (let busy = true; busy && !stopping; ) {
        busy = false;
        for (const name of names) {
          if (stopping) break;
          const registration = registrations.get(name);
          if (!registration) throw new Error(`job queue ${name} has no handler here`);
          const [job] = await boss.fetch<unknown>(name, { batchSize: 1, includeMetadata: true });
          if (!job) continue;
          busy = true;
          ran++;
          await settle(registration, job);
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
      const name = typeof queue === 'string' ? queue : queue.name;
      if (!UUID.test(id)) return false;
      // One statement (pg-boss's: UPDATE … WHERE state = 'failed'), answered by its count: of two
      // replays at once only one finds the job parked.
      const { affected } = (await boss.retry(name, id)) as unknown as { affected: number };
      if (!affected) return false;
      wakeAll(registrations.get(name));
      return true;
    },
    async failed(limit = 100) {
      const { rows } = await options.executeSql(
        `select id, name, data, retry_count, output, created_on, completed_on from ${JOB_SCHEMA}.job
         where state = 'failed' order by completed_on desc nulls last, created_on desc limit $1`,
        [limit],
      );
      return rows.map((r) => ({
        id: String(r.id),
        queue: String(r.name),
        data: r.data,
        attempts: Number(r.retry_count) + 1,
        output: r.output,
        createdAt: new Date(r.created_on as string | Date),
        failedAt: r.completed_on ? new Date(r.completed_on as string | Date) : null,
      }));
    },
    async counts() {
      const { rows } = await options.executeSql(
        `select name, state::text as state, count(*)::int as n from ${JOB_SCHEMA}.job where state in ('created', 'retry', 'active', 'failed') group by name, state`,
      );
      const { rows: made } = await options.executeSql(`select name from ${JOB_SCHEMA}.queue`);
      const byQueue = new Map<string, QueueCounts>();
      const of = (queue: string) => {
        let counts = byQueue.get(queue);
        if (!counts) {
          counts = { queue, waiting: 0, created: 0, retry: 0, active: 0, failed: 0 };
          byQueue.set(queue, counts);
        }
        return counts;
      };
      for (const name of queues.keys()) of(name);
      for (const row of made) of(String(row.name));
      for (const row of rows) {
        const counts = of(String(row.name));
        const n = Number(row.n);
        if (row.state === 'active') counts.active += n;
        else if (row.state === 'failed') counts.failed += n;
        else {
          counts.waiting += n;
          if (row.state === 'retry') counts.retry += n;
          else counts.created += n;
        }
      }
      return [...byQueue.values()].sort((a, b) => a.queue.localeCompare(b.queue));
    },
  };
}
