import { type SQL, sql } from 'drizzle-orm';
import type PgBoss from 'pg-boss';
import type { Db } from '../db/client';
import { JOB_SCHEMA } from '../db/job-schema';

/** One statement with `$n` parameters (or a script without), outside any transaction. */
export type ExecuteSql = (
  text: string,
  values?: unknown[],
) => Promise<{ rows: Record<string, unknown>[] }>;

/**
 * The NOTIFY channel of the job runner (decision 0034): a send tells it, in the transaction of
 * its cause, with the queue's name as payload; every instance that runs jobs LISTENs and looks
 * for work when told, so that an idle runner needs no polling.
 */
export const JOBS_CHANNEL = 'leafline_jobs';

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

/** A drizzle executor (the database, or a transaction) as pg-boss's `db`. */
export function executorOf(db: Db): PgBoss.Db {
  return {
    async executeSql(text, values) {
      const result = (await db.execute(sqlFromText(text, values ?? []))) as unknown as {
        rows: unknown[];
      };
      return { rows: result.rows };
    },
  };
}

/** Tells the runners that `queue` has work (delivered when the executor's transaction commits). */
export async function notifyJobs(db: PgBoss.Db, queue: string): Promise<void> {
  await db.executeSql('select pg_notify($1, $2)', [JOBS_CHANNEL, queue]);
}

/**
 * A subquery of the integer `field` of the data of a queue's jobs not done: waiting, to be
 * retried, running, or parked after their last attempt (`failed`). For a module that must count
 * what the runner has still to do for its rows, in its own query, without reading the runner's
 * tables itself (the Shopify stock: orders whose push has not reached the store).
 */
export function unfinishedJobsSql(queue: { name: string }, field: string): SQL {
  return sql`select (j.data->>${field})::int from ${sql.raw(JOB_SCHEMA)}.job j
    where j.name = ${queue.name} and j.state in ('created', 'retry', 'active', 'failed')`;
}
