import type { FastifyBaseLogger } from 'fastify';
import type { Database, Db } from '../db/client';
import type { ExecuteSql } from './job-sql';

/** The job runner's shapes (DESIGN 2.17, decisions 0018 and 0034); job-runner.ts is its face. */

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
   * Aborted when the runner stops (the instance shuts down): the job is handed back, to run
   * again later. Aborted too when the attempt reaches its time limit, a little before its
   * queue's expiry (`attemptLimitMs`): the attempt fails and is retried. A handler passes it to
   * its waits and outside calls, so one job's attempts never run at the same time (an expired
   * job is given again only once its attempt has been told to end), and no attempt outlives
   * the database.
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
  /**
   * Marks, in the caller's transaction, that this job's effect is committed: true the first
   * time; false when an earlier attempt of this job committed it already (that attempt's
   * completion was lost: its worker died after the commit). A handler whose effect is writes of
   * its own (the jobs it sends) commits them only when this is true, so a retry never writes
   * them twice.
   */
  once(executor: Db): Promise<boolean>;
}

export type JobHandler<T> = (data: T, job: JobContext) => Promise<void>;

/**
 * A queue's compensation, run by the runner once when one of its jobs is parked (its last
 * attempt failed, a ParkJobError, or its last attempt expired: a worker that died): it leaves
 * the job's cause showing that it stopped (a payout `failed`), so nothing waits on a job that
 * will not run again unless an operator replays it. Best effort: a failure is logged.
 */
export type ParkedHandler<T> = (data: T, reason: string) => Promise<void>;

export interface WorkOptions<T> {
  /** The most jobs of this queue in hand at once here (1 by default). */
  concurrency?: number;
  onParked?: ParkedHandler<T>;
}

/**
 * How long one attempt of a queue's job may run before its signal aborts: its expiry less a
 * tenth (at least 2 s), so that the attempt has ended, or been told to, before the upkeep gives
 * the job again.
 */
export function attemptLimitMs(queue: Pick<JobQueue<unknown>, 'expireInSeconds'>): number {
  const expiryMs = queue.expireInSeconds * 1000;
  return Math.max(expiryMs - Math.max(2000, expiryMs / 10), expiryMs / 2);
}

/**
 * Thrown by a handler whose next attempt must not come before `afterSeconds` (the other side
 * needs that long to show what this attempt did, e.g. a created order its search finds only a
 * minute later): a failure like any other, retried, or parked when it was the last attempt;
 * its retry starts no sooner than that.
 */
export class RetryLaterError extends Error {
  constructor(
    message: string,
    readonly afterSeconds: number,
  ) {
    super(message);
    this.name = 'RetryLaterError';
  }
}

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
  work<T>(queue: JobQueue<T>, handler: JobHandler<T>, options?: WorkOptions<T>): void;
  /** Makes a queue known without working it here (a queue only sent to from this instance). */
  declare(queue: JobQueue<unknown>): void;
  /**
   * Sends a job through `executor`: the transaction of its cause (it then commits with it), or
   * the database. The job's id, or null when a job with the same singleton key is waiting.
   */
  send<T>(executor: Db, queue: JobQueue<T>, data: T, options?: SendOptions): Promise<string | null>;
  /** A job per item through `executor`, as `send` does, with one notice for them all. */
  sendEach<T>(executor: Db, queue: JobQueue<T>, items: readonly T[]): Promise<void>;
  /**
   * Takes the waiting job of a `short` queue with this singleton key (due or not) and runs it
   * here and now, as a worker would (its outcome settled: completed, retried or parked); true
   * when it ran. False when none waits: another instance has it in hand, or it ran already.
   * For a request that sends a job and wants its outcome at once (the seller's refund): the job
   * is sent to start a little later, so that if the request dies any worker runs it then.
   */
  runNow<T>(queue: JobQueue<T>, singletonKey: string): Promise<boolean>;
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
  executeSql: ExecuteSql;
  log: FastifyBaseLogger;
  /**
   * The longest an idle runner waits before it looks for work again, in seconds. It looks at
   * once when told (a send's NOTIFY through `listen`, a `wake` here) and when the next waiting
   * job is due; this bounds the wait for work nobody announced (a job given again by another
   * instance's upkeep). Without `listen` it is also the wait for work sent by another instance.
   */
  pollSeconds: number;
  /** Subscribes to the sends' notices (the database's LISTEN); without it, polling only. */
  listen?: Database['listen'];
  /** false: sends only, no workers. */
  workers: boolean;
  /** How long stop() waits for the jobs in hand. */
  stopTimeoutMs?: number;
  /** Seconds between two upkeeps (expired jobs given again, old ones archived); pg-boss: 120. */
  maintenanceSeconds?: number;
  /** Told of every failed attempt (`parked`: it was the last one): the failures counter. */
  onFailure?: (queue: string, parked: boolean) => void;
}

/** A queue worked here: its handler, and its jobs in hand. */
export interface Registration {
  queue: JobQueue<unknown>;
  handler: JobHandler<unknown>;
  onParked?: ParkedHandler<unknown>;
  /** The most jobs of this queue in hand at once here. */
  concurrency: number;
  /** Jobs of this queue in hand (fetched, not yet settled). */
  inHand: number;
  /** Its queue is made in the database: its jobs may be fetched. */
  created: boolean;
  /** A fetch may find a job (told of one, or the last fetch found one): look before sleeping. */
  ready: boolean;
}
