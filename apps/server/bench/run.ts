import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { measure, printTable, type Result } from './harness';

/**
 * `npm run bench`: the account calls against the HTTP floor of this machine, measured in the
 * same run. On PostgreSQL when BENCH_DATABASE_URL (or the local server) answers, else PGlite.
 * Figures are printed as ratios to the floor (GET /healthz), never asserted.
 */
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 16);

async function pickDatabaseUrl(): Promise<string | undefined> {
  const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const pg = await import('pg');
  const client = new pg.default.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query(`drop database if exists leafline_bench with (force)`);
    await client.query(`create database leafline_bench`);
    const u = new URL(url);
    u.pathname = '/leafline_bench';
    return u.toString();
  } catch {
    return undefined;
  } finally {
    await client.end().catch(() => {});
  }
}

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'leafline-bench-'));
  const databaseUrl = await pickDatabaseUrl();
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    RATE_LIMIT_MAX: '100000000',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const database = await openDatabase({
    url: config.databaseUrl,
    pgliteDir: config.databaseUrl ? undefined : path.join(dataDir, 'db'),
    poolSize: concurrency,
  });
  await database.migrate();
  const mailer = { kind: 'outbox' as const, send: async () => {}, close: async () => {} };
  const app = await buildApp({ config, database, mailer });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  console.log(`bench: ${database.kind}, ${concurrency} concurrent, ${seconds} s a scenario`);

  const json = { 'content-type': 'application/json' };
  const user = { username: 'bench', password: 'bench-password' };
  await fetch(`${address}/register/`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({
      fname: 'Bench',
      lname: 'Mark',
      username: user.username,
      email: 'bench@example.com',
      password1: user.password,
      password2: user.password,
    }),
  });
  const tokens = (await (
    await fetch(`${address}/token/`, { method: 'POST', headers: json, body: JSON.stringify(user) })
  ).json()) as { access: string };
  const auth = { authorization: `Bearer ${tokens.access}` };

  const opts = { seconds, concurrency };
  const floor = await measure(address, { name: 'GET /healthz (floor)', path: '/healthz' }, opts);
  const results: Result[] = [floor];
  results.push(
    await measure(
      address,
      { name: 'GET /update-name/ (auth + db)', path: '/update-name/', headers: auth },
      opts,
    ),
  );
  results.push(
    await measure(
      address,
      { name: 'GET /api/user-has-business/', path: '/api/user-has-business/', headers: auth },
      opts,
    ),
  );
  results.push(
    await measure(
      address,
      {
        name: 'POST /token/ (scrypt)',
        method: 'POST',
        path: '/token/',
        headers: json,
        body: JSON.stringify(user),
      },
      { seconds, concurrency: 4 },
    ),
  );
  printTable(results, floor);

  await app.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
