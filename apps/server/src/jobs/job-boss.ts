import PgBoss from 'pg-boss';
import type { Db } from '../db/client';
import { JOB_SCHEMA } from '../db/job-schema';
import { isDatabaseUnavailable } from '../lib/database-outage';
import { type ExecuteSql, executorOf, notifyJobs } from './job-sql';
import type { JobQueue, JobRunnerOptions, SendOptions } from './job-types';

/**
 * The runner's statements, telling the database's absence once: while it is away every look
 * for work fails alike, so one line when it goes and one when a statement gets through again.
 */
function watchedExecuteSql(options: JobRunnerOptions): ExecuteSql {
  const { log } = options;
  let databaseAway = false;
  return async (text, values) => {
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
}

/**
 * pg-boss over the app's own connection (decision 0018), only for its statements: its fetch,
 * complete, fail, send and retry, and its upkeep where workers run. Its own workers are not
 * used (the dispatcher in job-dispatcher.ts takes the jobs).
 */
export function createBoss(options: JobRunnerOptions): { boss: PgBoss; executeSql: ExecuteSql } {
  const executeSql = watchedExecuteSql(options);
  const boss = new PgBoss({
    db: { executeSql },
    schema: JOB_SCHEMA,
    // The schema comes with the migrations (db/job-schema.ts); pg-boss still upgrades its own.
    migrate: true,
    // Expired jobs are given again, old ones archived: only where workers run.
    supervise: options.workers,
    ...(options.maintenanceSeconds
      ? { maintenanceIntervalSeconds: options.maintenanceSeconds }
      : {}),
    schedule: false,
    // Parked (failed) jobs stay in `pgboss.job`, where an operator lists and replays them, until
    // replayed (pg-boss would archive them after 12 hours): a job committed with its cause is
    // never lost, so no module looks for causes without a job.
    archiveFailedAfterSeconds: 10 * 365 * 24 * 3600,
    deleteAfterDays: 30,
  });
  boss.on('error', (error) => {
    if (!isDatabaseUnavailable(error)) options.log.error({ err: error }, 'job runner error');
  });
  return { boss, executeSql };
}

/** Makes the queue in the database, or brings its retry policy up to date. */
export async function createQueue(boss: PgBoss, queue: JobQueue<unknown>): Promise<void> {
  const spec = {
    name: queue.name,
    retryLimit: queue.retryLimit,
    retryDelay: queue.retryDelay,
    retryBackoff: queue.retryBackoff,
    expireInSeconds: queue.expireInSeconds,
    policy: queue.policy ?? 'standard',
  };
  const existing = await boss.getQueue(queue.name);
  if (!existing) await boss.createQueue(queue.name, spec);
  else await boss.updateQueue(queue.name, spec);
}

/**
 * Sends a job through `executor` (the cause's transaction, or the database) and tells the
 * runners through the same executor: the notice is delivered when that transaction commits.
 */
export async function sendJob<T>(
  boss: PgBoss,
  executor: Db,
  queue: JobQueue<T>,
  data: T,
  options: SendOptions,
  /** Whether to tell the runners (sendJobs tells them once for a batch). */
  notify = true,
): Promise<string | null> {
  if (queue.policy === 'short' && !options.singletonKey) {
    throw new Error(`job queue ${queue.name} takes only sends with a singleton key`);
  }
  const db = executorOf(executor);
  const startAfter = new Date(Date.now() + (options.startAfterSeconds ?? 0) * 1000);
  const id = await boss.send(queue.name, data as object, {
    db,
    ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
    // As a time, not pg-boss's seconds: its insert uses the one value both as a time and as
    // an interval, and sqlFromText gives each use a parameter of its own, typed by its use.
    ...(options.startAfterSeconds ? { startAfter } : {}),
  });
  if (notify && id !== null) await notifyJobs(db, queue.name);
  return id;
}

/** A job per item through `executor`, the runners told once (one notice per transaction). */
export async function sendJobs<T>(
  boss: PgBoss,
  executor: Db,
  queue: JobQueue<T>,
  items: readonly T[],
): Promise<void> {
  let sent = false;
  for (const data of items) {
    if ((await sendJob(boss, executor, queue, data, {}, false)) !== null) sent = true;
  }
  if (sent) await notifyJobs(executorOf(executor), queue.name);
}
