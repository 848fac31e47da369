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

describe('the notices (LISTEN)', () => {
  it('every channel of an instance listens on one connection; one unsubscribed stops alone', async (context) => {
    if (!database.url) context.skip();
    const got: string[] = [];
    const states: string[] = [];
    const subscribe = (channel: string) =>
      database.listen(
        channel,
        (payload) => got.push(`${channel}:${payload}`),
        (listening) => states.push(`${channel}:${listening}`),
      );
    const stops = await Promise.all(['one_ch', 'two_ch', 'three_ch'].map(subscribe));
    const listeners = async () => {
      const rows = (await database.db.execute(
        sql`select count(*)::int as n from pg_stat_activity
            where datname = current_database() and query like 'LISTEN %'`,
      )) as unknown as { rows: { n: number }[] };
      return rows.rows[0]!.n;
    };
    expect(await listeners()).toBe(1);
    const notifyAll = async (payload: string) => {
      for (const channel of ['one_ch', 'two_ch', 'three_ch']) {
        await database.db.execute(sql`select pg_notify(${channel}, ${payload})`);
      }
      for (let waited = 0; waited < 2000 && !got.some((g) => g.endsWith(payload)); waited += 20) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    };
    await notifyAll('a');
    expect(got.sort()).toEqual(['one_ch:a', 'three_ch:a', 'two_ch:a']);
    await stops[1]!();
    got.length = 0;
    await notifyAll('b');
    expect(got.sort()).toEqual(['one_ch:b', 'three_ch:b']);
    await stops[0]!();
    await stops[2]!();
    expect(states.sort()).toEqual(
      [
        'one_ch:true',
        'two_ch:true',
        'three_ch:true',
        'one_ch:false',
        'two_ch:false',
        'three_ch:false',
      ].sort(),
    );
    expect(await listeners()).toBe(0);
  });
});
