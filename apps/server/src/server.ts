import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { createMailer } from './adapters/mail/create-mailer';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { users } from './db/schema/index';
import { createLogger } from './lib/logger';
import { DEMO_ACCOUNTS, seedDemoIfEmpty } from './seed/seed';

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
  const started = Date.now();
  const database = await openDatabase({
    url: config.databaseUrl,
    poolSize: config.databasePoolSize,
    pgliteDir: config.databaseUrl ? undefined : path.join(config.dataDir, 'db'),
  });
  await database.migrate();
  const mediaDir = path.join(config.dataDir, 'media');
  if (config.seedDemo) {
    const seeded = await seedDemoIfEmpty(database.db, {
      mediaDir,
      log: (msg) => logger.info(msg),
    });
    if (seeded) logger.info('demo catalogue seeded');
  }
  const mailer = createMailer(config, logger);
  const app = await buildApp({ config, database, mailer, mediaDir }, { logger });
  await app.listen({ port: config.port, host: config.host });

  const lines = [
    '',
    `  Leafline is running at ${config.publicUrl}`,
    `  database: ${database.kind === 'pglite' ? `embedded PGlite in ${path.join(config.dataDir, 'db')}` : 'PostgreSQL (DATABASE_URL)'}`,
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

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    await app.close();
    await mailer.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
