import type { SQL } from 'drizzle-orm';
import type { Db } from './client';

/**
 * The rows of a plain SQL query (`db.execute`), whichever driver is behind `db`: both answer
 * `{ rows }`. For the reads that drizzle's query builder makes slower or harder to read
 * (grouped reports, batch exports). Numbers of `bigint` sums come back as text.
 */
export async function rowsOf<T = Record<string, unknown>>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** A PostgreSQL array literal of ids (`{1,2,3}`), for `= any(${pgArray(ids)}::int[])`. */
export const pgArray = (ids: Iterable<number>): string => `{${[...ids].join(',')}}`;
