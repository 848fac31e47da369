import fp from 'fastify-plugin';
import type { Mailer } from '../adapters/mail/mailer';
import type { Config } from '../config';
import type { Database, Db } from '../db/client';
import { trackTransactions } from '../db/transaction-scope';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    /** The one database type the services use (DESIGN 2.2). */
    db: Db;
    mailer: Mailer;
  }
}

export interface CoreOptions {
  config: Config;
  database: Database;
  mailer: Mailer;
}

/**
 * What the caller opened: the config, the database and the mailer. No payment provider call
 * runs inside a database transaction (decision 0011): the database is watched for it here.
 */
export const corePlugin = fp<CoreOptions>(
  async (app, { config, database, mailer }) => {
    trackTransactions(database.db);
    app.decorate('config', config);
    app.decorate('database', database);
    app.decorate('db', database.db);
    app.decorate('mailer', mailer);
  },
  { name: 'core' },
);
