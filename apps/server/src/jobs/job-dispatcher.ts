import type PgBoss from 'pg-boss';
import { JOB_SCHEMA } from '../db/job-schema';
import { isDatabaseUnavailable } from '../lib/database-outage';
import type { FetchedJob, JobExecution } from './job-execution';
import { type ExecuteSql, JOBS_CHANNEL } from './job-sql';
import type { JobRunnerOptions, Registration } from './job-types';

/**
 * Takes this instance's jobs (decision 0034): one loop for every queue worked here, which
 * sleeps while there is nothing to do instead of polling each queue.
 *
 * - It fetches (`FOR UPDATE SKIP LOCKED`, by pg-boss) from the queues that may have a job:
 *   told by a send's NOTIFY (any instance's, delivered when its transaction commits), by a
 *   `wake` here, or whose last fetch found one. A job takes a slot of its queue's concurrency;
 *   its end frees the slot and looks again, so a backlog runs without waits.
 * - Nothing ready: one statement reads when each queue's next waiting job is due (a delayed
 *   start, a retry's backoff) on the database's clock, and the loop sleeps until the soonest,
 *   a notice or a wake, and at most `pollSeconds` (work nobody announced: a job given again by
 *   another instance's upkeep). While the notices are lost (the LISTEN connection is down) or
 *   the database is away, it looks at least every 2 s.
 */
export interface Dispatcher {
  /** Subscribes to the notices and starts the loop. */
  start(): Promise<void>;
  /** Looks for work now: of one queue (a job was sent to it), or of every queue (due times). */
  wake(queueName?: string): void;
  /**
   * Stops taking jobs; waits (up to `limitMs`) for the loop and the jobs in hand. A job still
   * running then settles later, or is given again after its expiry.
   */
  stop(limitMs: number): Promise<void>;
}

/** The longest wait while notices may be missed, or while the database is away. */
const UNTOLD_POLL_MS = 2000;
/** pg-boss takes a job once `start_after < now()`: the sleep ends a little after that. */
const DUE_MARGIN_MS = 5;

interface DispatcherOptions {
  boss: PgBoss;
  executeSql: ExecuteSql;
  execution: JobExecution;
  registrations: Map<string, Registration>;
  options: Pick<JobRunnerOptions, 'log' | 'pollSeconds' | 'listen'>;
}

const free = (r: Registration) => r.created && r.inHand < r.concurrency;

/** Fetches from every ready queue with a free slot, handing each job to `begin`; how many. */
async function fetchReady(
  d: DispatcherOptions,
  begin: (registration: Registration, job: FetchedJob) => void,
  stopping: () => boolean,
): Promise<number> {
  let took = 0;
  for (const registration of d.registrations.values()) {
    if (stopping()) break;
    if (!registration.ready || !free(registration)) continue;
    // pg-boss's fetch answers [] when its statement fails (the database away).
    const jobs = await d.boss.fetch<unknown>(registration.queue.name, {
      batchSize: registration.concurrency - registration.inHand,
      includeMetadata: true,
    });
    if (!jobs.length) registration.ready = false;
    for (const job of jobs) begin(registration, job);
    took += jobs.length;
  }
  return took;
}

/**
 * Marks ready the queues (with a free slot) whose next waiting job is due, by the database's
 * clock; the milliseconds until the soonest one not yet due, at most `limitMs`.
 */
async function nextDue(d: DispatcherOptions, limitMs: number): Promise<number> {
  const names = [...d.registrations.values()].filter(free).map((r) => r.queue.name);
  if (!names.length) return limitMs;
  const { rows } = await d.executeSql(
    `select name, extract(epoch from min(start_after) - now()) * 1000 as wait_ms
     from ${JOB_SCHEMA}.job where name = any(string_to_array($1, ',')) and state < 'active'
     group by name`,
    [names.join(',')],
  );
  let soonest = limitMs;
  for (const row of rows) {
    const waitMs = Number(row.wait_ms);
    const registration = d.registrations.get(String(row.name));
    if (!registration) continue;
    if (waitMs < 0) registration.ready = true;
    else soonest = Math.min(soonest, Math.ceil(waitMs) + DUE_MARGIN_MS);
  }
  return soonest;
}

/**
 * LISTENs to the sends' notices: each wakes its queue; `onTold` follows whether they arrive
 * (after a loss, every queue is looked at: what was sent meanwhile was not told). Without
 * `listen`, or when it fails, nothing (the dispatcher polls).
 */
async function listenForJobs(
  options: DispatcherOptions['options'],
  wake: Dispatcher['wake'],
  onTold: (listening: boolean) => void,
): Promise<(() => Promise<void>) | undefined> {
  if (!options.listen) return undefined;
  try {
    return await options.listen(
      JOBS_CHANNEL,
      (queueName) => wake(queueName),
      (listening) => {
        onTold(listening);
        if (listening) wake();
      },
    );
  } catch (error) {
    options.log.warn({ err: error }, 'job runner: no notices (LISTEN failed); polling every 2 s');
    return undefined;
  }
}

export function createDispatcher(d: DispatcherOptions): Dispatcher {
  const { log } = d.options;
  const pollMs = d.options.pollSeconds * 1000;
  let stopping = false;
  let loop: Promise<void> | undefined;
  let unlisten: (() => Promise<void>) | undefined;
  /** Notices arrive: without them (no LISTEN, or it is lost) the loop polls more often. */
  let told = false;
  const inHand = new Set<Promise<void>>();
  /** Set by a wake during a round: the loop goes round again instead of sleeping. */
  let woken = false;
  let endSleep: (() => void) | undefined;

  const wake: Dispatcher['wake'] = (queueName) => {
    if (queueName !== undefined) {
      const registration = d.registrations.get(queueName);
      if (!registration) return;
      registration.ready = true;
    }
    woken = true;
    endSleep?.();
  };

  /** Runs a fetched job in a slot of its queue; its end looks for the queue's next job. */
  const begin = (registration: Registration, job: FetchedJob) => {
    registration.inHand++;
    const work = stopping
      ? d.execution.handBack(registration, job)
      : d.execution.settle(registration, job);
    const done: Promise<void> = work
      .catch((error) => log.error({ err: error, job: job.id }, 'job settle failed'))
      .finally(() => {
        registration.inHand--;
        inHand.delete(done);
        wake(registration.queue.name);
      });
    inHand.add(done);
  };

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => endSleep?.(), ms);
      endSleep = () => {
        clearTimeout(timer);
        endSleep = undefined;
        resolve();
      };
    });

  /** One round: take what is ready, else learn what is due; how long to sleep (0: go on). */
  const round = async (lookedDue: boolean) => {
    if ((await fetchReady(d, begin, () => stopping)) > 0) return { sleepMs: 0, lookedDue: false };
    const limitMs = told || !d.options.listen ? pollMs : Math.min(pollMs, UNTOLD_POLL_MS);
    const sleepMs = await nextDue(d, limitMs);
    const readyNow = [...d.registrations.values()].some((r) => r.ready && free(r));
    // A queue found due that its fetch then found empty (taken by another instance, or the
    // clocks' rounding) is not looked at again at once: the loop sleeps instead of spinning.
    if (readyNow && !lookedDue) return { sleepMs: 0, lookedDue: true };
    return { sleepMs: readyNow ? Math.min(sleepMs, UNTOLD_POLL_MS) : sleepMs, lookedDue: false };
  };

  const run = async () => {
    let lookedDue = false;
    while (!stopping) {
      woken = false;
      let sleepMs: number;
      try {
        ({ sleepMs, lookedDue } = await round(lookedDue));
      } catch (error) {
        // The database away is logged once by the runner's executeSql; anything else here.
        if (!isDatabaseUnavailable(error)) log.error({ err: error }, 'job look failed');
        sleepMs = Math.min(pollMs, UNTOLD_POLL_MS);
        lookedDue = false;
      }
      if (sleepMs > 0 && !woken && !stopping) await sleep(sleepMs);
    }
  };

  return {
    async start() {
      unlisten = await listenForJobs(d.options, wake, (listening) => {
        told = listening;
      });
      for (const registration of d.registrations.values()) registration.ready = true;
      loop = run();
    },
    wake,
    async stop(limitMs) {
      stopping = true;
      endSleep?.();
      let limit: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.allSettled([loop, ...inHand]).then(() => Promise.allSettled([...inHand])),
        new Promise((resolve) => {
          limit = setTimeout(resolve, limitMs);
        }),
      ]);
      clearTimeout(limit);
      await unlisten?.().catch(() => {});
    },
  };
}
