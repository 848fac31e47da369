import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
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

const require = createRequire(import.meta.url);

export const DEFAULT_TEST_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/test';

function migrationsHash(): string {
  const hash = createHash('sha256');
  for (const file of readdirSync(migrationsFolder, { recursive: true }).map(String).sort()) {
    if (file.endsWith('.sql') || file.endsWith('.json')) {
      hash.update(file).update(readFileSync(path.join(migrationsFolder, file)));
    }
  }
  // The job runner's schema is made by its own plans (db/job-schema.ts): its version counts too.
  hash.update(readFileSync(require.resolve('pg-boss/package.json')));
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
  const hash = migrationsHash();
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  let template: string;
  try {
    const { rows } = await admin.query<{ datname: string }>(
      "select datname from pg_database where datname like 'leafline_tpl_%' or datname like 'leafline_t_%'",
    );
    // Left-overs of interrupted runs: per-file clones over an hour old, and templates of other
    // migrations over a day old. Names carry their creation time, so a younger one may belong
    // to a parallel run (another checkout on this machine) and is left alone.
    const now = Math.floor(Date.now() / 1000);
    const existing = rows.find((r) => r.datname.startsWith(`leafline_tpl_${hash}_`))?.datname;
    template = existing ?? `leafline_tpl_${hash}_${now}`;
    for (const { datname } of rows) {
      const clone = /^leafline_t_(\d+)_/.exec(datname);
      const otherTemplate = /^leafline_tpl_[0-9a-f]+_(\d+)$/.exec(datname);
      const stale = clone
        ? Number(clone[1]) < now - 3600
        : datname !== template && (!otherTemplate || Number(otherTemplate[1]) < now - 86_400);
      if (stale) await admin.query(`drop database if exists "${datname}" with (force)`);
    }
    if (!existing) {
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
