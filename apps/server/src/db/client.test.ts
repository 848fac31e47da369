import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/helpers/database';
import { isDatabaseUnavailable } from '../lib/database-outage';

/**
 * A PostgreSQL restart while a transaction holds its connection between two statements (found
 * by `npm run faults`: both app processes died with an unhandled 'error' event of pg's client).
 */
let database: Awaited<ReturnType<typeof createTestDatabase>>;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

describe('the PostgreSQL pool', () => {
  it('fails the transaction whose connection the server ended, as unreachable, and lives on', async (context) => {
    if (!database.url) context.skip();
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    let failure: unknown;
    try {
      await database.db.transaction(async (tx) => {
        const rows = (await tx.execute(sql`select pg_backend_pid() as pid`)) as unknown as {
          rows: { pid: number }[];
        };
        // What a restart does to every backend (FATAL 57P01), while no query runs on this one.
        await admin.query('select pg_terminate_backend($1)', [rows.rows[0]!.pid]);
        await new Promise((resolve) => setTimeout(resolve, 300));
        await tx.execute(sql`select 1`);
      });
    } catch (error) {
      failure = error;
    } finally {
      await admin.end();
    }
    expect(failure).toBeDefined();
    expect(isDatabaseUnavailable(failure)).toBe(true);
    // The pool dropped the dead connection: the next request works.
    const after = (await database.db.execute(sql`select 1 as one`)) as unknown as {
      rows: { one: number }[];
    };
    expect(after.rows[0]!.one).toBe(1);
  });
});
