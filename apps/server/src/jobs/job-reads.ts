import { JOB_SCHEMA } from '../db/job-schema';
import type { FetchedJob } from './job-execution';
import type { ExecuteSql } from './job-sql';
import type { JobRunner, QueueCounts } from './job-types';

/**
 * The operator's reads of the job table (a queue's jobs, the parked ones, the counts), and the
 * claim of one keyed job for `runNow`.
 */

/**
 * Takes the waiting job (created, or to be retried) of the queue with this singleton key, due
 * or not, as pg-boss's fetch takes a job: active, started now, its retries counted.
 */
export async function claimKeyed(
  executeSql: ExecuteSql,
  name: string,
  singletonKey: string,
): Promise<FetchedJob | undefined> {
  const { rows } = await executeSql(
    `update ${JOB_SCHEMA}.job j set state = 'active', started_on = now(),
       retry_count = case when j.started_on is not null then j.retry_count + 1 else j.retry_count end
     where j.name = $1 and j.id = (
       select id from ${JOB_SCHEMA}.job where name = $1 and singleton_key = $2 and state < 'active'
       order by created_on, id limit 1 for update skip locked)
     returning j.id, j.name, j.data, j.retry_count, j.retry_limit`,
    [name, singletonKey],
  );
  const row = rows[0];
  if (!row) return undefined;
  return {
    id: String(row.id),
    name: String(row.name),
    data: row.data,
    retryCount: Number(row.retry_count),
    retryLimit: Number(row.retry_limit),
  } as FetchedJob;
}

export async function listJobs(
  executeSql: ExecuteSql,
  name: string,
  state: Parameters<JobRunner['list']>[1],
): ReturnType<JobRunner['list']> {
  const { rows } = await executeSql(
    `select id, data, retry_count, output from ${JOB_SCHEMA}.job where name = $1 and state = $2 order by created_on`,
    [name, state],
  );
  return rows.map((r) => ({
    id: String(r.id),
    data: r.data,
    retryCount: Number(r.retry_count),
    output: r.output,
  }));
}

export async function parkedJobs(
  executeSql: ExecuteSql,
  limit: number,
): ReturnType<JobRunner['failed']> {
  const { rows } = await executeSql(
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
}

/**
 * Per queue (every queue made in the database, every one with jobs, and every one in `known`),
 * the jobs waiting, running and parked.
 */
export async function countJobs(
  executeSql: ExecuteSql,
  known: Iterable<string>,
): Promise<QueueCounts[]> {
  const { rows } = await executeSql(
    `select name, state::text as state, count(*)::int as n from ${JOB_SCHEMA}.job where state in ('created', 'retry', 'active', 'failed') group by name, state`,
  );
  const { rows: made } = await executeSql(`select name from ${JOB_SCHEMA}.queue`);
  const byQueue = new Map<string, QueueCounts>();
  const of = (queue: string) => {
    let counts = byQueue.get(queue);
    if (!counts) {
      counts = { queue, waiting: 0, created: 0, retry: 0, active: 0, failed: 0 };
      byQueue.set(queue, counts);
    }
    return counts;
  };
  for (const name of known) of(name);
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
}
