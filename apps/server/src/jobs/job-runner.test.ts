import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase } from '../../test/helpers/database';
import type { Database } from '../db/client';
import { JOB_SCHEMA } from '../db/job-schema';
import {
  attemptLimitMs,
  createJobRunner,
  defineQueue,
  type JobRunner,
  ParkJobError,
  RetryLaterError,
} from './job-runner';

/** The durable job runner (DESIGN 2.17, decision 0018) on the test database's driver. */

const ECHO = defineQueue<{ n: number }>({
  name: 'test.echo',
  retryLimit: 1,
  retryDelay: 1,
  retryBackoff: false,
  expireInSeconds: 60,
});

const ONCE = defineQueue<{ n: number }>({
  name: 'test.once',
  retryLimit: 2,
  retryDelay: 0,
  retryBackoff: false,
  expireInSeconds: 60,
});

const DOOMED = defineQueue<{ n: number }>({
  name: 'test.doomed',
  retryLimit: 5,
  retryDelay: 0,
  retryBackoff: false,
  expireInSeconds: 60,
});

const SLOW = defineQueue<{ n: number }>({
  name: 'test.slow',
  retryLimit: 1,
  retryDelay: 1,
  retryBackoff: false,
  expireInSeconds: 60,
});

const KEYED = defineQueue<{ n: number }>({
  name: 'test.keyed',
  retryLimit: 0,
  retryDelay: 0,
  retryBackoff: false,
  expireInSeconds: 60,
  policy: 'short',
});

const COUNTED = defineQueue<{ n: number }>({
  name: 'test.counted',
  retryLimit: 0,
  retryDelay: 0,
  retryBackoff: false,
  expireInSeconds: 60,
});

/** Its attempts may run 1.5 s (an expiry of 3 s less its margin). */
const BRIEF = defineQueue<{ n: number }>({
  name: 'test.brief',
  retryLimit: 1,
  retryDelay: 60,
  retryBackoff: false,
  expireInSeconds: 3,
});

const LATER = defineQueue<{ n: number }>({
  name: 'test.later',
  retryLimit: 1,
  retryDelay: 0,
  retryBackoff: false,
  expireInSeconds: 60,
});

/** A queue with a compensation: told of each parked job. */
const GUARDED = defineQueue<{ n: number; park?: boolean }>({
  name: 'test.guarded',
  retryLimit: 1,
  retryDelay: 0,
  retryBackoff: false,
  expireInSeconds: 60,
});

let database: Database;
let jobs: JobRunner;
/** GUARDED's compensations: [n, reason]. */
const compensated: Array<[number, string]> = [];
/** How BRIEF's attempts ended: 'aborted' (told to end by their time limit) or 'done'. */
const briefEnds: string[] = [];
const seen: number[] = [];
let failuresLeft = 0;
/** Every failed attempt the runner told of: [queue, parked]. */
const failures: Array<[string, boolean]> = [];
/** The job of COUNTED that waits in its handler, and how it is let go. */
let holding: { entered: () => void; release: Promise<void> } | undefined;

beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.execute(sql`create table job_cause (n int primary key)`);
  jobs = createJobRunner({
    executeSql: database.executeSql,
    log: pino({ level: 'silent' }),
    pollSeconds: 0.5,
    // Driven by drain() here; the polling workers are exercised by the app's own tests.
    workers: false,
    onFailure: (queue, parked) => failures.push([queue, parked]),
  });
  jobs.work(ECHO, async ({ n }) => {
    if (failuresLeft > 0) {
      failuresLeft--;
      throw new Error(`failing ${n}`);
    }
    seen.push(n);
  });
  jobs.work(ONCE, async ({ n }, job) => {
    await database.db.transaction(async (tx) => {
      if (await job.once(tx)) await tx.execute(sql`insert into job_cause values (${n})`);
    });
    // The first attempt dies after its commit (its completion is lost): it is run again.
    if (job.retryCount === 0) throw new Error(`job ${n}: the worker died after the commit`);
  });
  jobs.work(DOOMED, async ({ n }) => {
    throw new ParkJobError(`job ${n} can never succeed`);
  });
  jobs.work(SLOW, async (_data, job) => {
    // A long wait (a rate limit) that ends when the runner stops.
    await new Promise((resolve, reject) => {
      const timer = setTimeout(resolve, 60_000);
      job.signal.addEventListener('abort', () => {
        clearTimeout(timer);
        reject(job.signal.reason);
      });
    });
  });
  jobs.work(BRIEF, async (_data, job) => {
    // An outside call that would outlast the job's expiry: it listens to the attempt's signal.
    await new Promise((resolve, reject) => {
      const timer = setTimeout(resolve, 10_000);
      job.signal.addEventListener('abort', () => {
        clearTimeout(timer);
        briefEnds.push('aborted');
        reject(job.signal.reason);
      });
    });
    briefEnds.push('done');
  });
  jobs.work(LATER, async ({ n }, job) => {
    if (job.retryCount === 0) throw new RetryLaterError(`job ${n}: look again later`, 30);
    seen.push(n);
  });
  jobs.work(
    GUARDED,
    async ({ n, park }) => {
      if (park) throw new ParkJobError(`job ${n} is refused`);
      throw new Error(`job ${n} fails`);
    },
    {
      onParked: async ({ n }, reason) => {
        compensated.push([n, reason]);
      },
    },
  );
  jobs.work(KEYED, async ({ n }) => {
    seen.push(n);
  });
  jobs.work(COUNTED, async ({ n }) => {
    if (n < 0) throw new Error(`job ${n} fails`);
    if (holding) {
      holding.entered();
      await holding.release;
    }
  });
  await jobs.start();
});

afterAll(async () => {
  await jobs.stop();
  await database.close();
});

describe('job runner', () => {
  it('a job sent in a transaction runs only when that transaction commits', async () => {
    seen.length = 0;
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into job_cause values (1)`);
      await jobs.send(tx, ECHO, { n: 1 });
    });
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into job_cause values (2)`);
        await jobs.send(tx, ECHO, { n: 2 });
        throw new Error('the cause fails');
      }),
    ).rejects.toThrow('the cause fails');
    expect(await jobs.drain([ECHO])).toBe(1);
    expect(seen).toEqual([1]);
  });

  it('an effect committed with once() is not committed again by a later attempt of the job', async () => {
    await jobs.send(database.db, ONCE, { n: 70 });
    // Its first attempt, then its retry (no delay).
    expect(await jobs.drain([ONCE])).toBe(2);
    const causes = await database.db.execute(sql`select n from job_cause where n = 70`);
    expect((causes as unknown as { rows: unknown[] }).rows).toHaveLength(1);
    expect(await jobs.list(ONCE, 'completed')).toHaveLength(1);
    // The mark goes with the job's completion.
    const marks = await database.db.execute(sql`select job_id from job_effects`);
    expect((marks as unknown as { rows: unknown[] }).rows).toHaveLength(0);
  });

  it('a failing job is retried after its delay, then succeeds once', async () => {
    seen.length = 0;
    failuresLeft = 1;
    await jobs.send(database.db, ECHO, { n: 3 });
    expect(await jobs.drain([ECHO])).toBe(1);
    expect(seen).toEqual([]);
    expect(await jobs.list(ECHO, 'retry')).toHaveLength(1);
    await new Promise((r) => setTimeout(r, 1200));
    expect(await jobs.drain([ECHO])).toBe(1);
    expect(seen).toEqual([3]);
  });

  it('a job that keeps failing is parked, visible, and can be replayed', async () => {
    seen.length = 0;
    failuresLeft = 2;
    const id = await jobs.send(database.db, ECHO, { n: 4 });
    await jobs.drain([ECHO]);
    await new Promise((r) => setTimeout(r, 1200));
    await jobs.drain([ECHO]);
    const parked = await jobs.list(ECHO, 'failed');
    expect(parked.map((j) => j.id)).toEqual([id]);
    expect(parked[0]!.data).toEqual({ n: 4 });
    await jobs.retry(ECHO, id!);
    await jobs.drain([ECHO]);
    expect(seen).toEqual([4]);
    expect(await jobs.list(ECHO, 'failed')).toEqual([]);
  });

  it('a job that throws ParkJobError is parked at once, without its retries', async () => {
    const id = await jobs.send(database.db, DOOMED, { n: 9 });
    expect(await jobs.drain([DOOMED])).toBe(1);
    expect(await jobs.list(DOOMED, 'retry')).toEqual([]);
    const parked = await jobs.list(DOOMED, 'failed');
    expect(parked.map((j) => [j.id, j.retryCount])).toEqual([[id, 0]]);
    expect(await jobs.drain([DOOMED])).toBe(0);
  });

  it('an attempt is told to end before its job expires, and fails (retried): attempts never overlap', async () => {
    expect(attemptLimitMs(BRIEF)).toBe(1500);
    expect(attemptLimitMs({ expireInSeconds: 120 })).toBe(108_000);
    briefEnds.length = 0;
    await jobs.send(database.db, BRIEF, { n: 1 });
    const started = Date.now();
    expect(await jobs.drain([BRIEF])).toBe(1);
    const took = Date.now() - started;
    expect(took).toBeGreaterThanOrEqual(1400);
    expect(took).toBeLessThan(3000);
    expect(briefEnds).toEqual(['aborted']);
    // Failed, to be retried (the attempt's timeout is its failure).
    expect(await jobs.list(BRIEF, 'retry')).toEqual([
      expect.objectContaining({ output: { message: expect.stringMatching(/timeout/) } }),
    ]);
  });

  it('a handler that asks for a later retry (RetryLaterError) is retried no sooner', async () => {
    seen.length = 0;
    const id = await jobs.send(database.db, LATER, { n: 21 });
    expect(await jobs.drain([LATER])).toBe(1);
    // The queue's own delay is 0: the job would be due at once.
    expect(await jobs.drain([LATER])).toBe(0);
    const { rows } = await database.executeSql(
      `select state::text as state, extract(epoch from start_after - now()) as wait from ${JOB_SCHEMA}.job where id = $1`,
      [id],
    );
    expect(rows[0]!.state).toBe('retry');
    expect(Number(rows[0]!.wait)).toBeGreaterThan(25);
    expect(Number(rows[0]!.wait)).toBeLessThanOrEqual(30);
    await database.executeSql(`update ${JOB_SCHEMA}.job set start_after = now() where id = $1`, [
      id,
    ]);
    expect(await jobs.drain([LATER])).toBe(1);
    expect(seen).toEqual([21]);
  });

  it('a parked job is compensated once: after its last attempt, a ParkJobError, or an expiry of its last attempt', async () => {
    compensated.length = 0;
    await jobs.send(database.db, GUARDED, { n: 1 });
    // The first attempt fails (a retry follows: nothing to compensate), then the last one.
    expect(await jobs.drain([GUARDED])).toBe(2);
    expect(compensated).toEqual([[1, 'job 1 fails']]);

    await jobs.send(database.db, GUARDED, { n: 2, park: true });
    expect(await jobs.drain([GUARDED])).toBe(1);
    expect(compensated.slice(1)).toEqual([[2, 'job 2 is refused']]);

    // A worker died in the job's last attempt: the upkeep parks it as expired (as pg-boss does).
    const id = await jobs.send(database.db, GUARDED, { n: 3 });
    await database.executeSql(
      `update ${JOB_SCHEMA}.job set state = 'failed', completed_on = now(),
         output = '{ "value": { "message": "job failed by timeout in active state" } }'::jsonb
       where id = $1`,
      [id],
    );
    expect(await jobs.drain([GUARDED])).toBe(0);
    expect(compensated.slice(2)).toEqual([[3, 'its last attempt expired']]);
    // Told once.
    await jobs.drain([GUARDED]);
    expect(compensated).toHaveLength(3);
    // Still parked, for an operator to replay.
    expect((await jobs.list(GUARDED, 'failed')).map((j) => j.id)).toContain(id);
  });

  it('runNow takes the waiting job of a key, due or not, and runs it here once', async () => {
    seen.length = 0;
    await jobs.send(
      database.db,
      KEYED,
      { n: 31 },
      { singletonKey: 'now-1', startAfterSeconds: 60 },
    );
    expect(await jobs.drain([KEYED])).toBe(0);
    const [first, second] = await Promise.all([
      jobs.runNow(KEYED, 'now-1'),
      jobs.runNow(KEYED, 'now-1'),
    ]);
    expect([first, second].sort()).toEqual([false, true]);
    expect(seen).toEqual([31]);
    expect(await jobs.runNow(KEYED, 'now-1')).toBe(false);
    expect(await jobs.runNow(KEYED, 'no-such-key')).toBe(false);
    expect((await jobs.list(KEYED, 'completed')).map((j) => j.data)).toContainEqual({ n: 31 });
  });

  it('two replays of one parked job at once: one replays it, the other is told it was not parked', async () => {
    const id = await jobs.send(database.db, DOOMED, { n: 10 });
    await jobs.drain([DOOMED]);
    // Another instance (an operator's shell) whose reads of the job table are held until both
    // replays have read: a check-then-act replay would see the job parked twice.
    const limit = async () =>
      Number(
        (await database.executeSql('select retry_limit from pgboss.job where id = $1', [id]))
          .rows[0]!.retry_limit,
      );
    const before = await limit();
    let arrived = 0;
    let letGo: () => void = () => {};
    const bothRead = new Promise<void>((resolve) => {
      letGo = resolve;
    });
    const shell = createJobRunner({
      executeSql: async (text, values) => {
        const result = await database.executeSql(text, values);
        if (/^\s*select\b[\s\S]*\bfrom pgboss\.job\b/i.test(text)) {
          arrived++;
          if (arrived >= 2) letGo();
          await Promise.race([bothRead, new Promise((r) => setTimeout(r, 500))]);
        }
        return result;
      },
      log: pino({ level: 'silent' }),
      pollSeconds: 0.5,
      workers: false,
    });
    shell.declare(DOOMED);
    await shell.start();
    const answers = await Promise.all([shell.retry(DOOMED, id!), shell.retry(DOOMED, id!)]);
    await shell.stop();
    expect(answers.sort()).toEqual([false, true]);
    const [job] = await jobs.list(DOOMED, 'retry');
    // One more attempt, not two.
    expect(job!.id).toBe(id);
    expect(await limit()).toBe(before + 1);
    expect(await jobs.retry(DOOMED, 'not-a-job-id')).toBe(false);
    // Out of the way of the counts below.
    await database.executeSql('delete from pgboss.job where id = $1', [id]);
  });

  it('counts the jobs waiting, running and parked per queue, and tells each failed attempt', async () => {
    const counted = async () => (await jobs.counts()).find((c) => c.queue === COUNTED.name);
    // A queue known here is listed before it has any job.
    expect(await counted()).toEqual({
      queue: COUNTED.name,
      waiting: 0,
      created: 0,
      retry: 0,
      active: 0,
      failed: 0,
    });

    failures.length = 0;
    await jobs.send(database.db, COUNTED, { n: -1 });
    expect(await jobs.drain([COUNTED])).toBe(1);
    expect(failures).toEqual([[COUNTED.name, true]]);

    await jobs.send(database.db, COUNTED, { n: 2 });
    await jobs.send(database.db, COUNTED, { n: 3 }, { startAfterSeconds: 3600 });
    let release!: () => void;
    const entered = new Promise<void>((resolve) => {
      holding = { entered: resolve, release: new Promise<void>((r) => (release = r)) };
    });
    const running = jobs.drain([COUNTED]);
    await entered;
    expect(await counted()).toEqual({
      queue: COUNTED.name,
      waiting: 1,
      created: 1,
      retry: 0,
      active: 1,
      failed: 1,
    });
    release();
    expect(await running).toBe(1);
    holding = undefined;
    expect(await counted()).toEqual({
      queue: COUNTED.name,
      waiting: 1,
      created: 1,
      retry: 0,
      active: 0,
      failed: 1,
    });
    // The other queues' parked jobs are counted under their own names.
    expect((await jobs.counts()).find((c) => c.queue === DOOMED.name)?.failed).toBe(1);
    expect(failures).toEqual([[COUNTED.name, true]]);
  });

  it('in a short queue a singleton key lets one job wait at a time', async () => {
    seen.length = 0;
    const first = await jobs.send(database.db, KEYED, { n: 5 }, { singletonKey: 'k' });
    const second = await jobs.send(database.db, KEYED, { n: 6 }, { singletonKey: 'k' });
    const other = await jobs.send(database.db, KEYED, { n: 7 }, { singletonKey: 'l' });
    expect(first).toBeTruthy();
    expect(second).toBeNull();
    expect(other).toBeTruthy();
    await jobs.drain([KEYED]);
    expect(seen.sort()).toEqual([5, 7]);
    expect(await jobs.send(database.db, KEYED, { n: 8 }, { singletonKey: 'k' })).toBeTruthy();
    await jobs.drain([KEYED]);
  });

  it('in a short queue a job waiting for a later start stays the one; a send without a key is refused', async () => {
    const later = await jobs.send(
      database.db,
      KEYED,
      { n: 11 },
      { singletonKey: 'h', startAfterSeconds: 600 },
    );
    expect(later).toBeTruthy();
    expect(await jobs.drain([KEYED])).toBe(0);
    expect(await jobs.send(database.db, KEYED, { n: 12 }, { singletonKey: 'h' })).toBeNull();
    expect((await jobs.list(KEYED, 'created')).map((j) => j.data)).toEqual([{ n: 11 }]);
    await expect(jobs.send(database.db, KEYED, { n: 13 })).rejects.toThrow(/singleton key/);
    // Out of the way of the other tests of this queue.
    expect(await jobs.runNow(KEYED, 'h')).toBe(true);
  });

  it('a script that fails midway leaves no aborted transaction behind (pg-boss runs scripts)', async () => {
    await expect(
      database.executeSql('BEGIN; select 1; select * from no_such_table; COMMIT;'),
    ).rejects.toThrow(/no_such_table/);
    for (let i = 0; i < 5; i++) {
      expect((await database.executeSql('select 1 as one')).rows).toEqual([{ one: 1 }]);
    }
    // Two instances start together on a fresh database: this one's look finds no schema yet
    // (the other is making it), its script then fails on what exists — and it starts anyway.
    const { installJobSchema } = await import('../db/job-schema');
    let looked = false;
    const racing: typeof database.executeSql = async (text, values) => {
      if (!looked && text.includes('to_regclass')) {
        looked = true;
        return { rows: [{ version: null }] };
      }
      return database.executeSql(text, values);
    };
    await installJobSchema(racing);
    expect(looked).toBe(true);
    expect(
      (await database.executeSql('select count(*)::int as n from pgboss.version')).rows,
    ).toEqual([{ n: 1 }]);
  });

  it('refuses a queue nobody declared', async () => {
    const other = defineQueue<object>({
      name: 'test.unknown',
      retryLimit: 0,
      retryDelay: 0,
      retryBackoff: false,
      expireInSeconds: 60,
    });
    await expect(jobs.send(database.db, other, {})).rejects.toThrow(/not declared/);
  });

  it('a job sent to start later is not run before its time (in a transaction too)', async () => {
    seen.length = 0;
    await database.db.transaction(async (tx) => {
      await jobs.send(tx, ECHO, { n: 11 }, { startAfterSeconds: 300 });
    });
    expect(await jobs.drain([ECHO])).toBe(0);
    const [waiting] = await jobs.list(ECHO, 'created');
    expect(waiting!.data).toEqual({ n: 11 });
    // Its time comes (played here by moving it).
    await database.db.execute(
      sql`update pgboss.job set start_after = now() - interval '1 second' where id = ${waiting!.id}::uuid`,
    );
    expect(await jobs.drain([ECHO])).toBe(1);
    expect(seen).toEqual([11]);
  });

  it('counts every queue’s jobs by state, lists the parked ones of all queues, replays one by name', async () => {
    const before = await jobs.counts();
    const doomed = (rows: typeof before) => rows.find((r) => r.queue === DOOMED.name)!;
    // Every queue made in the database is listed, with nothing waiting in it.
    expect(before.map((r) => r.queue)).toEqual(
      expect.arrayContaining([ECHO.name, DOOMED.name, SLOW.name, KEYED.name]),
    );
    const id = await jobs.send(database.db, DOOMED, { n: 12 });
    expect(doomed(await jobs.counts()).created).toBe(doomed(before).created + 1);
    await jobs.drain([DOOMED]);
    const after = doomed(await jobs.counts());
    expect([after.created, after.failed]).toEqual([
      doomed(before).created,
      doomed(before).failed + 1,
    ]);

    const parked = await jobs.failed();
    expect(parked[0]).toMatchObject({
      id,
      queue: DOOMED.name,
      data: { n: 12 },
      attempts: 1,
      output: expect.objectContaining({ message: 'job 12 can never succeed' }),
    });
    expect(parked[0]!.failedAt).toBeInstanceOf(Date);

    expect(await jobs.retry(DOOMED.name, id!)).toBe(true);
    // Replayed already (or never parked in that queue): nothing to replay.
    expect(await jobs.retry(DOOMED.name, id!)).toBe(false);
    expect(await jobs.retry(ECHO.name, parked[0]!.id)).toBe(false);
    expect(await jobs.retry(DOOMED.name, '00000000-0000-4000-8000-000000000000')).toBe(false);
    expect(doomed(await jobs.counts()).retry).toBe(doomed(before).retry + 1);
    await jobs.drain([DOOMED]);
    expect((await jobs.failed()).filter((j) => j.id === id)).toHaveLength(1);
  });

  // Last: it stops the runner.
  it('stopping the runner ends the long waits of the jobs in hand (they are retried later)', async () => {
    await jobs.send(database.db, SLOW, { n: 1 });
    const running = jobs.drain([SLOW]);
    await new Promise((r) => setTimeout(r, 300));
    const started = Date.now();
    await jobs.stop();
    expect(await running).toBe(1);
    expect(Date.now() - started).toBeLessThan(15_000);
    // Handed back as it was: the shutdown did not use one of its retries.
    expect(await jobs.list(SLOW, 'retry')).toEqual([expect.objectContaining({ retryCount: 0 })]);
  });
});

describe('job runner workers', () => {
  it('a worker that found a job takes the next one at once, not one per polling interval', async () => {
    const BACKLOG = defineQueue<{ n: number }>({
      name: 'test.backlog',
      retryLimit: 0,
      retryDelay: 0,
      retryBackoff: false,
      expireInSeconds: 60,
    });
    const done: number[] = [];
    // A minute between polls: only the first job is woken; the others come from the backlog.
    const runner = createJobRunner({
      executeSql: database.executeSql,
      log: pino({ level: 'silent' }),
      pollSeconds: 60,
      workers: true,
    });
    runner.work(BACKLOG, async ({ n }) => {
      done.push(n);
    });
    await runner.start();
    try {
      await new Promise((r) => setTimeout(r, 300));
      for (let n = 1; n <= 5; n++) await runner.send(database.db, BACKLOG, { n });
      runner.wake(BACKLOG);
      await vi.waitFor(() => expect(done.sort()).toEqual([1, 2, 3, 4, 5]), {
        timeout: 20_000,
        interval: 100,
      });
    } finally {
      await runner.stop();
    }
  }, 40_000);

  it('an idle runner sleeps: a sent job wakes it through its notice, a delayed one and a retry run when due', async () => {
    const TOLD = defineQueue<{ n: number }>({
      name: 'test.told',
      retryLimit: 1,
      retryDelay: 1,
      retryBackoff: false,
      expireInSeconds: 60,
    });
    const done: Array<[number, number]> = [];
    let failedAt: number | undefined;
    let statements = 0;
    // A minute between looks and no wake(): only the notices and the due times start jobs.
    const runner = createJobRunner({
      executeSql: async (text, values) => {
        statements++;
        return database.executeSql(text, values);
      },
      listen: database.listen,
      log: pino({ level: 'silent' }),
      pollSeconds: 60,
      workers: true,
    });
    runner.work(TOLD, async ({ n }) => {
      if (n === 3 && failedAt === undefined) {
        failedAt = Date.now();
        throw new Error('fails once');
      }
      done.push([n, Date.now()]);
    });
    await runner.start();
    try {
      await new Promise((r) => setTimeout(r, 500));
      // Idle: at most one statement in over four seconds, where looking every 2 s (the pace
      // while the notices are lost) would make two.
      statements = 0;
      await new Promise((r) => setTimeout(r, 4200));
      expect(statements).toBeLessThanOrEqual(1);

      // Sent in a transaction of its cause: it runs once that commits, told by its notice.
      let sentAt = Date.now();
      await database.db.transaction(async (tx) => {
        await runner.send(tx, TOLD, { n: 1 });
      });
      await vi.waitFor(() => expect(done.map(([n]) => n)).toEqual([1]), {
        timeout: 5000,
        interval: 20,
      });
      expect(done[0]![1] - sentAt).toBeLessThan(1000);

      // Delayed by a second: not before, and soon after (its due time, not a poll).
      sentAt = Date.now();
      await runner.send(database.db, TOLD, { n: 2 }, { startAfterSeconds: 1 });
      await vi.waitFor(() => expect(done.map(([n]) => n)).toEqual([1, 2]), {
        timeout: 5000,
        interval: 20,
      });
      expect(done[1]![1] - sentAt).toBeGreaterThanOrEqual(900);
      expect(done[1]![1] - sentAt).toBeLessThan(3000);

      // A failure is retried after its delay (a second), with nobody telling the runner.
      await runner.send(database.db, TOLD, { n: 3 });
      await vi.waitFor(() => expect(done.map(([n]) => n)).toEqual([1, 2, 3]), {
        timeout: 6000,
        interval: 20,
      });
      expect(done[2]![1] - failedAt!).toBeGreaterThanOrEqual(900);
    } finally {
      await runner.stop();
    }
  }, 40_000);

  it('a job whose outcome cannot be recorded (the database away) does not end the process; it is given again', async () => {
    const FLAKY = defineQueue<{ n: number }>({
      name: 'test.outcome-lost',
      retryLimit: 0,
      retryDelay: 0,
      retryBackoff: false,
      expireInSeconds: 60,
    });
    let away = false;
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    const ran: number[] = [];
    const runner = createJobRunner({
      // While `away`, every statement fails as with PostgreSQL restarting (57P01).
      executeSql: async (text, values) => {
        if (away) throw Object.assign(new Error('terminating connection'), { code: '57P01' });
        return database.executeSql(text, values);
      },
      log: pino({ level: 'silent' }),
      pollSeconds: 0.5,
      workers: true,
    });
    runner.work(FLAKY, async ({ n }) => {
      ran.push(n);
      // The database goes away while the job runs: neither complete nor fail can be written.
      away = true;
    });
    await runner.start();
    try {
      const id = await runner.send(database.db, FLAKY, { n: 1 });
      runner.wake(FLAKY);
      await vi.waitFor(() => expect(ran).toEqual([1]), { timeout: 10_000, interval: 50 });
      // Some polls fail while it is away; none of it escapes as an unhandled rejection.
      await new Promise((r) => setTimeout(r, 800));
      away = false;
      await new Promise((r) => setTimeout(r, 300));
      expect(unhandled).toEqual([]);
      // The job was not recorded done: it is still in hand, to be given again after its expiry.
      const { rows } = await database.executeSql(
        `select state::text as state from ${JOB_SCHEMA}.job where id = $1`,
        [id],
      );
      expect(rows[0]?.state).toBe('active');
    } finally {
      away = false;
      await runner.stop();
      process.off('unhandledRejection', onUnhandled);
    }
  }, 40_000);
});
