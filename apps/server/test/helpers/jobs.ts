import { sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client';
import { JOB_SCHEMA } from '../../src/db/job-schema';

/**
 * Makes every job waiting for its start or its retry ready now: a test plays the passing of
 * the backoff without waiting for it (jobs.drain then runs them). A second back, as pg-boss
 * takes only jobs whose start is before now() and PGlite's clock may not have moved on yet.
 */
export async function makeJobsDue(db: Db, queue?: string): Promise<void> {
  await db.execute(
    sql`update ${sql.raw(JOB_SCHEMA)}.job set start_after = now() - interval '1 second'
        where state in ('created', 'retry') ${queue ? sql`and name = ${queue}` : sql``}`,
  );
}

/** The jobs of a queue in a state, straight from the runner's table. */
export async function jobRows(
  db: Db,
  queue: string,
  state?: string,
): Promise<Array<{ id: string; state: string; data: unknown; retry_count: number }>> {
  const result = (await db.execute(
    sql`select id::text, state::text, data, retry_count from ${sql.raw(JOB_SCHEMA)}.job
        where name = ${queue} ${state ? sql`and state = ${state}` : sql``} order by created_on`,
  )) as unknown as {
    rows: Array<{ id: string; state: string; data: unknown; retry_count: number }>;
  };
  return result.rows;
}
