import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { type Database, openDatabase } from '../../src/db/client';

/**
 * A fresh, migrated database for one test file: a clone of the template, or PGlite.
 * `connect` changes where the app connects (a proxy in an outage test); creating and
 * dropping the database still go straight to the server.
 */
export async function createTestDatabase(options: { connect?: (url: URL) => URL } = {}): Promise<
  Database & {
    /** Where it is on PostgreSQL (a second app can open it); unset on PGlite. */ url?: string;
  }
> {
  const adminUrl = inject('pgAdminUrl');
  const template = inject('pgTemplate');
  if (!adminUrl || !template) {
    const database = await openDatabase({});
    await database.migrate();
    return database;
  }
  const name = `leafline_t_${Math.floor(Date.now() / 1000)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database "${name}" template "${template}"`);
  } finally {
    await admin.end();
  }
  let url = new URL(adminUrl);
  url.pathname = `/${name}`;
  if (options.connect) url = options.connect(url);
  const database = await openDatabase({ url: url.toString(), poolSize: 4 });
  return {
    ...database,
    url: url.toString(),
    async close() {
      await database.close();
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      try {
        await dropper.query(`drop database if exists "${name}" with (force)`);
      } finally {
        await dropper.end();
      }
    },
  };
}
