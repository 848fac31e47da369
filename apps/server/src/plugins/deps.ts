import fp from 'fastify-plugin';
import type { Mailer } from '../adapters/mail/mailer';
import type { PaymentProvider } from '../adapters/payments/payment-provider';
import type { MediaStorage } from '../adapters/storage/storage';
import type { Config } from '../config';
import type { Database, Db } from '../db/client';
import type { JobRunner } from '../jobs/job-runner';
import type { BackgroundTasks } from '../lib/background-tasks';
import type { DatabaseOutage } from '../lib/database-outage';
import type { ActiveUsers } from '../modules/auth';
import type { ResponseCache } from '../modules/catalog';
import type { LiveOrdersHub } from '../modules/live-orders';
import type { Metrics } from '../modules/metrics';
import type { SearchEngine } from '../modules/search';

/**
 * What the modules' routes and workers use of the infrastructure, as one typed object
 * (`app.deps`): each part is made by its plugin (this folder) and decorated on the app; this is
 * the modules' view of them, so a module's service takes the slice it needs.
 */
export interface AppDeps {
  config: Config;
  database: Database;
  db: Db;
  mailer: Mailer;
  mediaDir: string;
  storage: MediaStorage;
  catalogCache: ResponseCache;
  activeUsers: ActiveUsers;
  payments: PaymentProvider;
  tasks: BackgroundTasks;
  databaseOutage: DatabaseOutage;
  liveOrders: LiveOrdersHub;
  jobs: JobRunner;
  metrics: Metrics;
  searchEngine: SearchEngine;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}

/** The parts gathered for the modules, and the metrics told where to read their gauges. */
export const depsPlugin = fp(
  async (app) => {
    app.decorate('deps', {
      config: app.config,
      database: app.database,
      db: app.db,
      mailer: app.mailer,
      mediaDir: app.mediaDir,
      storage: app.storage,
      catalogCache: app.catalogCache,
      activeUsers: app.activeUsers,
      payments: app.payments,
      tasks: app.tasks,
      databaseOutage: app.databaseOutage,
      liveOrders: app.liveOrders,
      jobs: app.jobs,
      metrics: app.metrics,
      searchEngine: app.searchEngine,
    });
    app.metrics.readFrom({
      poolStats: () => app.database.poolStats(),
      jobCounts: () => app.jobs.counts(),
      liveStreams: () => app.liveOrders.size,
    });
  },
  {
    name: 'deps',
    dependencies: [
      'core',
      'storage',
      'metrics',
      'search',
      'catalog-cache',
      'sessions',
      'live-orders',
      'jobs',
      'background',
      'payments',
    ],
  },
);
