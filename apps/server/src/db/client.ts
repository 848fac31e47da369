import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { installJobSchema } from './job-schema';
import { createPgListener } from './pg-listener';
import * as schema from './schema/index';

export type Schema = typeof schema;
/** The one database type the services use, whichever driver is behind it (DESIGN 2.2). */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  ping(): Promise<void>;
  /**
   * One statement with `$n` parameters, or (without values) a script of several, on a pooled
   * connection outside any transaction: the job runner's way in (DESIGN 2.17).
   */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  /**
   * Subscribes to NOTIFY on `channel` (DESIGN 2.13). `onState(false)` when the subscription is
   * lost (notifications may be missed until it is back), `onState(true)` once it listens
   * (again). Returns the unsubscribe function.
   */
  listen(
    channel: string,
    onNotify: (payload: string) => void,
    onState: (listening: boolean) => void,
  ): Promise<() => Promise<void>>;
  /**
   * The connection pool's use right now (node-postgres), for the metrics; undefined on PGlite,
   * which has one connection and no pool.
   */
  poolStats(): PoolStats | undefined;
  close(): Promise<void>;
}

export interface PoolStats {
  /** Connections open (busy and idle). */
  total: number;
  idle: number;
  /** Queries waiting for a connection. */
  waiting: number;
  /** The most the pool opens. */
  max: number;
}

export const migrationsFolder = path.join(import.meta.dirname, 'migrations');

/** An unreachable server fails a request after this long (a 503) instead of holding it. */
const CONNECT_TIMEOUT_MS = 5000;
/**
 * How long a request may wait for a connection of the pool while all are busy: as long as the
 * browser's shortest timeout (SPEC §7, 30 s), after which nobody is waiting for the answer.
 */
const POOL_WAIT_MS = 30_000;

/** A pool connection whose opening gives up after CONNECT_TIMEOUT_MS ('timeout expired'). */
class ConnectTimedClient extends pg.Client {
  constructor(config: pg.ClientConfig = {}) {
    super({ ...config, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  }
}

export interface OpenOptions {
  /** postgres:// URL; unset → embedded PGlite. */
  url?: string;
  /** Folder of the embedded database; unset with no url → in memory. */
  pgliteDir?: string;
  poolSize?: number;
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.url) {
    const max = options.poolSize ?? 10;
    const pool = new pg.Pool({
      connectionString: options.url,
      max,
      // pg-pool bounds both the wait for a free connection and the opening of a new one with
      // this: here only the wait, which under a burst is a queue, not an outage (200 shoppers
      // on 2 cores waited over 5 s and were answered 503 'reconnecting'). The opening of a
      // connection keeps its own, short, limit (ConnectTimedClient).
      connectionTimeoutMillis: POOL_WAIT_MS,
      Client: ConnectTimedClient,
    });
    // An idle client's error (server restart) must not crash the process.
    pool.on('error', () => {});
    // Nor a checked-out one's: a transaction's client waits between two statements with no
    // query running, and a restart's FATAL or a cut socket is then an 'error' event on the
    // client, which the pool does not listen to while it is lent out. The next statement on
    // it fails ("not queryable": a 503) and the pool drops it when released.
    pool.on('connect', (client) => client.on('error', () => {}));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    const executeSql: Database['executeSql'] = async (text, values) => {
      if (values?.length) {
        const result = await pool.query(text, values);
        return { rows: result.rows };
      }
      // A script (several statements, maybe its own BEGIN … COMMIT) runs on a connection of its
      // own: one that fails midway is rolled back before the connection goes back to the pool,
      // never handed to a request inside an aborted transaction.
      const client = await pool.connect();
      try {
        const result: unknown = await client.query(text);
        client.release();
        // A script answers one result per statement: the last one is the answer.
        const last = (Array.isArray(result) ? result.at(-1) : result) as pg.QueryResult | undefined;
        return { rows: last?.rows ?? [] };
      } catch (error) {
        try {
          await client.query('ROLLBACK');
          client.release();
        } catch (rollbackError) {
          client.release(rollbackError as Error);
        }
        throw error;
      }
    };
    return {
      db,
      kind: 'postgres',
      migrate: async () => {
        await migratePg(drizzlePg(pool, { schema }), { migrationsFolder });
        await installJobSchema(executeSql);
      },
      ping: async () => {
        await pool.query('select 1');
      },
      executeSql,
      listen: createPgListener(options.url!),
      poolStats: () => ({
        total: pool.totalCount,
        idle: pool.idleCount,
        waiting: pool.waitingCount,
        max,
      }),
      close: () => pool.end(),
    };
  }
  if (options.pgliteDir) mkdirSync(options.pgliteDir, { recursive: true });
  const client = await PGlite.create(options.pgliteDir, { extensions: { pg_trgm } });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  const executeSql: Database['executeSql'] = async (text, values) => {
    if (values?.length) {
      const result = await client.query<Record<string, unknown>>(text, values);
      return { rows: result.rows };
    }
    // Without parameters the text may be a script of several statements (exec runs those). One
    // that fails inside its own BEGIN is rolled back: the one connection must not stay aborted.
    try {
      const results = await client.exec(text);
      return { rows: (results.at(-1)?.rows ?? []) as Record<string, unknown>[] };
    } catch (error) {
      await client.exec('ROLLBACK').catch(() => {});
      throw error;
    }
  };
  return {
    db,
    kind: 'pglite',
    migrate: async () => {
      await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder });
      await installJobSchema(executeSql);
    },
    ping: async () => {
      await client.query('select 1');
    },
    executeSql,
    listen: async (channel, onNotify, onState) => {
      const stop = await client.listen(channel, onNotify);
      onState(true);
      return async () => {
        onState(false);
        if (!client.closed) await stop();
      };
    },
    poolStats: () => undefined,
    close: () => client.close(),
  };
}
