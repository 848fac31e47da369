import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrationsFolder, openDatabase } from '../../src/db/client';

/**
 * Integration tests run on PostgreSQL when one is reachable (TEST_DATABASE_URL, or the local
 * server), else on PGlite (DESIGN §3). On PostgreSQL the migrations run once into a template
 * database; every test file then clones it (CREATE DATABASE … TEMPLATE), which takes
 * milliseconds.
 */
declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string | null;
    pgTemplate: string | null;
  }
}

export const DEFAULT_TEST_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/test';

function migrationsHash(): string {
  const hash = createHash('sha256');
  for (const file of readdirSync(migrationsFolder, { recursive: true }).map(String).sort()) {
    if (file.endsWith('.sql') || file.endsWith('.json')) {
      hash.update(file).update(readFileSync(path.join(migrationsFolder, file)));
    }
  }
  return hash.digest('hex').slice(0, 12);
}

async function reachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

export default async function setup(project: TestProject): Promise<void> {
  const adminUrl = process.env.TEST_DATABASE_URL || DEFAULT_TEST_DATABASE_URL;
  if (process.env.TEST_DB === 'pglite' || !(await reachable(adminUrl))) {
    project.provide('pgAdminUrl', null);
    project.provide('pgTemplate', null);
    console.log('integration tests: PostgreSQL not reachable, using PGlite');
    return;
  }
  const template = `leafline_tpl_${migrationsHash()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ datname: string }>(
      "select datname from pg_database where datname like 'leafline_tpl_%' or datname like 'leafline_t_%'",
    );
    // Left-overs of interrupted runs: old templates, and per-file clones over an hour old
    // (a clone's name carries its creation time; younger ones may belong to a parallel run).
    const hourAgo = Math.floor(Date.now() / 1000) - 3600;
    for (const { datname } of rows) {
      const clone = /^leafline_t_(\d+)_/.exec(datname);
      const stale = clone ? Number(clone[1]) < hourAgo : datname !== template;
      if (stale) await admin.query(`drop database if exists "${datname}" with (force)`);
    }
    if (!rows.some((r) => r.datname === template)) {
      await admin.query(`create database "${template}"`);
      const url = new URL(adminUrl);
      url.pathname = `/${template}`;
      const database = await openDatabase({ url: url.toString(), poolSize: 1 });
      try {
        await database.migrate();
      } catch (error) {
        await database.close();
        await admin.query(`drop database if exists "${template}" with (force)`);
        throw error;
      }
      await database.close();
    }
  } finally {
    await admin.end();
  }
  project.provide('pgAdminUrl', adminUrl);
  project.provide('pgTemplate', template);
  console.log(`integration tests: PostgreSQL, template ${template}`);
}
