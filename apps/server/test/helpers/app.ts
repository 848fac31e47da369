import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Mailer, MailMessage } from '../../src/adapters/mail/mailer';
import { buildApp } from '../../src/app';
import { type Config, loadConfig } from '../../src/config';
import type { Database, Db } from '../../src/db/client';
import { MAIL_QUEUE } from '../../src/modules/mail';
import { ORDER_EMAILS_QUEUE } from '../../src/modules/orders';
import { PAYOUT_QUEUES } from '../../src/modules/payouts';
import { createTestDatabase } from './database';
import { type FakeStripe, startFakeStripe } from './fake-stripe-server';

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  database: Database & { url?: string };
  config: Config;
  /** Every message the app sent, newest last. */
  mail: MailMessage[];
  close(): Promise<void>;
}

/** Builds the real app on a fresh database, with a mailer that keeps what it sends. */
export async function buildTestApp(
  env: Record<string, string> = {},
  options: {
    mailer?: Mailer;
    logger?: FastifyBaseLogger;
    database?: Database;
    /** Adds test-only routes before the app is ready. */
    beforeReady?: (app: FastifyInstance) => void;
  } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'leafline-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
    RATE_LIMIT_MAX: '1000',
    // Off unless a test turns it on: tests write to the catalogue and read it back at once,
    // faster than the change announcement travels (response-cache.test.ts covers the cache).
    CATALOG_CACHE_SECONDS: '0',
    // Likewise for the guard's memory of active accounts (active-users.test.ts covers it).
    SESSION_CACHE_SECONDS: '0',
    // Likewise the welcome e-mail of each registration (register.test.ts turns it on): the
    // other tests count the e-mails of their own flows.
    WELCOME_EMAIL: 'false',
    // Jobs run when the test settles them (tasks.idle() below, or jobs.drain()): no polling
    // worker takes them at a moment of its own. A test that wants workers turns them on.
    JOBS_WORKERS: 'false',
    ...env,
  });
  const database = options.database ?? (await createTestDatabase());
  const mail: MailMessage[] = [];
  const mailer: Mailer = options.mailer ?? {
    kind: 'outbox',
    async send(message) {
      mail.push(message);
    },
    async close() {},
  };
  const app = await buildApp(
    { config, database, mailer },
    options.logger ? { logger: options.logger } : {},
  );
  options.beforeReady?.(app);
  await app.ready();
  // "Idle" for a test: the in-process tasks done and the mail and payout jobs they or a request
  // sent run (durable jobs: mail-jobs.ts, payout-jobs.ts); a job waiting for its retry stays.
  // The app's own shutdown keeps its tasks.
  const tasks = app.deps.tasks;
  app.deps.tasks = {
    run: tasks.run,
    async idle() {
      do {
        await tasks.idle();
      } while ((await app.deps.jobs.drain([...PAYOUT_QUEUES, ORDER_EMAILS_QUEUE, MAIL_QUEUE])) > 0);
    },
  };
  return {
    app,
    db: database.db,
    database,
    config,
    mail,
    async close() {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A mail server that is down: every send fails, and the address tried is kept in `attempts`. */
export function failingMailer(attempts: string[]): Mailer {
  return {
    kind: 'smtp',
    async send(message) {
      attempts.push(message.to);
      throw new Error('connect ECONNREFUSED');
    },
    async close() {},
  };
}

/**
 * The app with the real Stripe SDK pointed at the fake Stripe server (started here): webhooks
 * signed with `webhookSecret`, the periodic payment job off, links under https://shop.example.
 */
export async function buildStripeTestApp(
  webhookSecret: string,
  env: Record<string, string> = {},
): Promise<{ t: TestApp; stripe: FakeStripe; close(): Promise<void> }> {
  const stripe = await startFakeStripe();
  const t = await buildTestApp({
    PUBLIC_URL: 'https://shop.example',
    PAYMENTS_JOB_SECONDS: '0',
    STRIPE_SECRET_KEY: 'sk_test_leafline_fake',
    STRIPE_WEBHOOK_SECRET: webhookSecret,
    STRIPE_API_BASE: stripe.url,
    ...env,
  });
  return {
    t,
    stripe,
    async close() {
      await t.close();
      await stripe.close();
    },
  };
}
