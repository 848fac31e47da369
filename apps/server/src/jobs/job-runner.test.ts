import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/helpers/database';
import type { Database } from '../db/client';
import { createJobRunner, defineQueue, type JobRunner, ParkJobError } from './job-runner';

/** The durable job runner (DESIGN 2.17, decision 0018) on the test database's driver. */

const ECHO = defineQueue<{ n: number }>({
  name: 'test.echo',
  retryLimit: 1,
  retryDelay: 1,
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

let database: Database;
let jobs: JobRunner;
const seen: number[] = [];
let failuresLeft = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.execute(sql`create table job_cause (n int primary key)`);
  jobs = createJobRunner({
    executeSql: database.executeSql,
    log: pino({ level: 'silent' }),
    pollSeconds: 0.5,
    // Driven by drain() here; the polling workers are exercised by the app's own tests.
    workers: false,
  });
  jobs.work(ECHO, async ({ n }) => {
    if (failuresLeft > 0) {
      failuresLeft--;
      throw new Error(`failing ${n}`);
    }
    seen.push(n);
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
  jobs.work(KEYED, async ({ n }) => {
    seen.push(n);
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

  it('a script that fails midway leaves no aborted transaction behind (pg-boss runs scripts)', async () => {
    await expect(
      database.executeSql('BEGIN; select 1; select * from no_such_table; COMMIT;'),
    ).rejects.toThrow(/no_such_table/);
    for (let i = 0; i < 5; i++) {
      expect((await database.executeSql('select 1 as one')).rows).toEqual([{ one: 1 }]);
    }
    // Two instances start together on a fresh database: this one's look finds no schema yet
    // (the other is making it), its script then fails on what exists — and it starts anyway.
    const { installJobSchema } = await import('./job-schema');
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

  // Last: it stops the runner.
  it('stopping the runner ends the long waits of the jobs in hand (they are retried later)', async () => {
    await jobs.send(database.db, SLOW, { n: 1 });
    const running = jobs.drain([SLOW]);
    await new Promise((r) => setTimeout(r, 300));
    const started = Date.now();
    await jobs.stop();
    expect(await running).toBe(1);
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(await jobs.list(SLOW, 'retry')).toHaveLength(1);
  });
});
