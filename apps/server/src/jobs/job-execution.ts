import type PgBoss from 'pg-boss';
import { JOB_SCHEMA } from '../db/job-schema';
import { jobEffects } from '../db/schema/jobs';
import {
  attemptLimitMs,
  type JobContext,
  type JobRunnerOptions,
  ParkJobError,
  type Registration,
  RetryLaterError,
} from './job-types';

export type FetchedJob = PgBoss.JobWithMetadata<unknown>;

export interface JobExecution {
  /**
   * Runs a fetched job and records its outcome: complete, or fail (retried or parked by the
   * queue's policy). Never throws.
   */
  settle(registration: Registration, job: FetchedJob): Promise<void>;
  /**
   * Gives a job in hand back to its queue as it was (its attempts unchanged): a job this
   * instance took while it was stopping, or one the shutdown cut short. Never throws.
   */
  handBack(registration: Registration, job: FetchedJob): Promise<void>;
  /** Compensates the jobs parked by an expiry (see ParkedHandler); how many. */
  compensateExpired(registrations: Map<string, Registration>): Promise<number>;
}

/** How one job is run and settled; `signal` is aborted when the runner stops. */
export function createJobExecution(
  boss: PgBoss,
  options: JobRunnerOptions,
  signal: AbortSignal,
): JobExecution {
  const { log } = options;
  /** Jobs in hand whose handler marked its effect (`once`): the mark goes when they complete. */
  const marked = new Set<string>();
  /** Jobs in hand whose handler asked for its retry no sooner than these seconds. */
  const retryLater = new Map<string, number>();

  /** The queue's compensation of a parked job, told once; never throws. */
  const compensate = async (
    registration: Registration,
    id: string,
    data: unknown,
    reason: string,
  ) => {
    if (!registration.onParked) return;
    try {
      await registration.onParked(data, reason);
    } catch (error) {
      log.error(
        { err: error, job: id, queue: registration.queue.name },
        'a parked job’s compensation failed',
      );
    }
  };

  /** The handler's run; a failure is told (and a ParkJobError parks the job) and rethrown. */
  const run = async (registration: Registration, job: FetchedJob) => {
    const name = registration.queue.name;
    // Ends the attempt before its expiry (its job is given again then): the runner's stop, or
    // the attempt's own time limit.
    const context: JobContext = {
      id: job.id,
      signal: AbortSignal.any([signal, AbortSignal.timeout(attemptLimitMs(registration.queue))]),
      queue: name,
      retryCount: job.retryCount,
      retryLimit: job.retryLimit,
      isLastAttempt: job.retryCount >= job.retryLimit,
      once: async (executor) => {
        marked.add(job.id);
        const rows = await executor
          .insert(jobEffects)
          .values({ jobId: job.id })
          .onConflictDoNothing()
          .returning({ jobId: jobEffects.jobId });
        return rows.length === 1;
      },
    };
    try {
      await registration.handler(job.data, context);
    } catch (error) {
      // Cut short by the shutdown: not a failure of the job (settle hands it back).
      if (signal.aborted && !(error instanceof ParkJobError)) throw error;
      const park = error instanceof ParkJobError;
      if (park) {
        // No retries left: the failure that follows parks the job.
        await options.executeSql(
          `update ${JOB_SCHEMA}.job set retry_limit = retry_count where name = $1 and id = $2`,
          [name, job.id],
        );
      }
      if (error instanceof RetryLaterError) retryLater.set(job.id, error.afterSeconds);
      const last = park || context.isLastAttempt;
      options.onFailure?.(name, last);
      log[last ? 'error' : 'warn'](
        { err: error, job: job.id, queue: name, retryCount: job.retryCount },
        last ? 'job failed for good: parked' : 'job failed: it will be retried',
      );
      throw error;
    }
  };

  const handBack: JobExecution['handBack'] = async (registration, job) => {
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

  /**
   * Awaited and caught here, not left to pg-boss's own worker, whose settle calls are not
   * awaited: with the database away (a restart) or closed (a shutdown past its limit) their
   * failure would be an unhandled rejection, which ends the process. A job that could not be
   * settled is given again after its expiry; handlers are idempotent by their key.
   */
  const settle: JobExecution['settle'] = async (registration, job) => {
    const name = registration.queue.name;
    let failure: unknown;
    try {
      await run(registration, job);
    } catch (error) {
      failure = error;
    }
    const hadMark = marked.delete(job.id);
    // Ended by the shutdown (its signal aborted), not by its own failure: handed back as it
    // was, without using one of its retries, for this or another instance to run again.
    if (failure !== undefined && signal.aborted) {
      await handBack(registration, job);
      return;
    }
    try {
      if (failure === undefined) {
        await boss.complete(name, job.id);
        // Its effect's mark is needed no more (a completed job is never run again).
        if (hadMark) {
          await options.executeSql('delete from job_effects where job_id = $1', [job.id]);
        }
      } else {
        await boss.fail(name, job.id, { message: errorText(failure) });
        const parked = failure instanceof ParkJobError || job.retryCount >= job.retryLimit;
        if (parked) await compensate(registration, job.id, job.data, errorText(failure));
        const afterSeconds = retryLater.get(job.id);
        if (afterSeconds !== undefined) {
          // The retry pg-boss set, put back to no sooner than the handler asked.
          await options.executeSql(
            `update ${JOB_SCHEMA}.job set start_after = greatest(start_after, now() + $3::int * interval '1 second')
             where name = $1 and id = $2 and state = 'retry'`,
            [name, job.id, afterSeconds],
          );
        }
      }
    } catch (error) {
      log.warn(
        { err: error, job: job.id, queue: name },
        'job outcome not recorded (database away); the job is given again after its expiry',
      );
    } finally {
      retryLater.delete(job.id);
    }
  };

  /**
   * The jobs the upkeep parked because their last attempt expired (its worker died): each
   * queue's compensation, once per job (the job's output keeps that it was told).
   */
  const compensateExpired: JobExecution['compensateExpired'] = async (registrations) => {
    const names = [...registrations.values()].filter((r) => r.onParked).map((r) => r.queue.name);
    if (!names.length) return 0;
    const { rows } = await options.executeSql(
      `update ${JOB_SCHEMA}.job set output = output || '{"compensated": true}'::jsonb
       where name = any(string_to_array($1, ',')) and state = 'failed'
         and output #>> '{value,message}' = $2 and not output ? 'compensated'
       returning id, name, data`,
      [names.join(','), EXPIRED_MESSAGE],
    );
    for (const row of rows) {
      const registration = registrations.get(String(row.name));
      if (registration) {
        await compensate(registration, String(row.id), row.data, 'its last attempt expired');
      }
    }
    return rows.length;
  };

  return { settle, handBack, compensateExpired };
}

/** What pg-boss's upkeep writes on a job whose attempt expired. */
const EXPIRED_MESSAGE = 'job failed by timeout in active state';

const errorText = (failure: unknown) => String((failure as Error)?.message ?? failure);

/**
 * Runs the ready jobs of the named queues in this process, one at a time, until none is ready;
 * how many ran. A stopping runner takes no new job: what is handed back waits for the next
 * instance.
 */
export async function drainQueues(
  names: string[],
  d: {
    boss: PgBoss;
    execution: JobExecution;
    registrations: Map<string, Registration>;
    stopping: () => boolean;
  },
): Promise<number> {
  let ran = 0;
  for (let busy = true; busy && !d.stopping(); ) {
    busy = false;
    for (const name of names) {
      if (d.stopping()) break;
      const registration = d.registrations.get(name);
      if (!registration) throw new Error(`job queue ${name} has no handler here`);
      const [job] = await d.boss.fetch<unknown>(name, { batchSize: 1, includeMetadata: true });
      if (!job) continue;
      busy = true;
      ran++;
      await d.execution.settle(registration, job);
    }
  }
  return ran;
}
