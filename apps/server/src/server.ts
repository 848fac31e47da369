import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import { createMailer } from './adapters/mail/create-mailer';
import { createMediaStorage } from './adapters/storage/create-media-storage';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { users } from './db/schema/index';
import { surviveDatabaseOutages } from './lib/database-outage';
import { createLogger } from './lib/logger';
import { DEMO_ACCOUNTS, isEmpty, seedDemoIfEmpty } from './seed/seed';

/** The longest a shutdown may take before the process exits anyway (app.ts keeps within it). */
const SHUTDOWN_GUARD_MS = 10_000;

/** This file run with it seeds the demo catalogue and ends (see `seedInChild`). */
const SEED_ONLY = '--seed-demo-only';

/**
 * Seeds an empty database in a child process of this same file, and waits for it to end.
 * Drawing and encoding the demo's pictures, and the embedded database's one large seeding
 * transaction, take a few hundred MB that the allocator and PGlite's memory keep once taken:
 * in a process of their own, that memory goes back to the system when the seed is done, and
 * the server runs at the size of its work (issue 25, point 6).
 */
async function seedInChild(): Promise<void> {
  const entry = fileURLToPath(import.meta.url);
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, [...process.execArgv, entry, SEED_ONLY], {
      stdio: 'inherit',
      env: process.env,
    });
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`the demo catalogue's seeding ended with ${signal ?? `exit ${code}`}`));
    });
  });
}

async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(78);
    }
    throw error;
  }
  const logger = createLogger({
    level: config.logLevel,
    pretty: process.stdout.isTTY && config.env !== 'production',
  });
  surviveDatabaseOutages(process, logger);
  const started = Date.now();
  const seedOnly = process.argv.includes(SEED_ONLY);
  const pgliteDir = config.databaseUrl ? undefined : path.join(config.dataDir, 'db');
  const open = () =>
    openDatabase({ url: config.databaseUrl, poolSize: config.databasePoolSize, pgliteDir });
  // A new embedded database is made, migrated and seeded by the child before this process
  // opens it: an instance opened here only to find it empty would keep its memory (~70 MB).
  if (config.seedDemo && pgliteDir && !existsSync(pgliteDir) && !seedOnly) await seedInChild();
  let database = await open();
  await database.migrate();
  const mediaDir = path.join(config.dataDir, 'media');
  // One storage for the seed and the app: the demo's images go where the app serves from.
  const storage = createMediaStorage(config, mediaDir);
  if (seedOnly) {
    const seeded = await seedDemoIfEmpty(database.db, {
      storage,
      log: (msg) => logger.info(msg),
    });
    if (seeded) logger.info('demo catalogue seeded');
    await database.close();
    return;
  }
  if (config.seedDemo && (await isEmpty(database.db))) {
    // The embedded database's folder is opened by one process at a time.
    await database.close();
    await seedInChild();
    database = await open();
  }
  const mailer = createMailer(config, logger);
  const app = await buildApp({ config, database, mailer, mediaDir, storage }, { logger });
  await app.listen({ port: config.port, host: config.host });

  const lines = [
    '',
    `  Leafline is running at ${config.publicUrl}`,
    `  database: ${database.kind === 'pglite' ? `embedded PGlite in ${path.join(config.dataDir, 'db')}` : 'PostgreSQL (DATABASE_URL)'}`,
    `  media: ${config.s3 ? `S3 bucket ${config.s3.bucket}${config.s3.endpoint ? ` at ${config.s3.endpoint}` : ''}` : `folder ${mediaDir}`}`,
    `  mail: ${mailer.kind === 'smtp' ? 'SMTP (SMTP_URL)' : `outbox folder ${path.join(config.dataDir, 'outbox')}`}`,
    `  API documentation: ${config.publicUrl}/docs`,
    `  ready in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  ];
  const demo = [];
  for (const account of DEMO_ACCOUNTS) {
    const [row] = await database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(sql`lower(${users.username})`, account.username.toLowerCase()));
    if (row) demo.push(`    ${account.role.padEnd(28)} ${account.username} / ${account.password}`);
  }
  if (demo.length) lines.push('', '  Demo accounts (username / password):', ...demo);
  console.log(`${lines.join('\n')}\n`);

  // SIGTERM (or Ctrl-C): /readyz fails and the port closes at once (new connections are
  // refused), the requests in flight get their answers, the job workers take no new job and
  // finish the ones in hand, then the mailer and the database close. A second signal, or the
  // guard, exits at once.
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) {
      logger.warn({ signal }, 'second signal: exiting now');
      process.exit(1);
    }
    closing = true;
    logger.info({ signal }, 'shutting down: finishing the requests and jobs in hand');
    const guard = setTimeout(() => {
      logger.error({ seconds: SHUTDOWN_GUARD_MS / 1000 }, 'shutdown took too long: exiting now');
      process.exit(1);
    }, SHUTDOWN_GUARD_MS);
    guard.unref();
    try {
      await app.close();
      await mailer.close();
      await database.close();
    } catch (error) {
      logger.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
    logger.info('shut down');
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
