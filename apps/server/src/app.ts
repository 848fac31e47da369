import { mkdirSync } from 'node:fs';
import path from 'node:path';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  LogController,
} from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Mailer } from './adapters/mail/mailer';
import { createPaymentProvider } from './adapters/payments/create-payment-provider';
import { outsideTransactions } from './adapters/payments/outside-transactions';
import type { PaymentProvider } from './adapters/payments/payment-provider';
import { createMediaStorage } from './adapters/storage/create-media-storage';
import type { MediaStorage } from './adapters/storage/storage';
import type { Config } from './config';
import type { Database, Db } from './db/client';
import { trackTransactions } from './db/transaction-scope';
import { createJobRunner, type JobRunner } from './jobs/job-runner';
import { type BackgroundTasks, createBackgroundTasks } from './lib/background-tasks';
import { type DatabaseOutage, watchDatabaseOutage } from './lib/database-outage';
import { registerErrorHandling } from './lib/error-handler';
import { endConnectionsOnClose } from './lib/graceful-close';
import { MAX_FORM_FILE_BYTES, MAX_FORM_FILES } from './lib/multipart-form';
import { addSecurityHeaders } from './lib/security-headers';
import { refuseNulCharacters } from './lib/text-input';
import { accountRoutes } from './modules/account';
import { addressRoutes } from './modules/address';
import {
  type ActiveUsers,
  authRoutes,
  createActiveUsers,
  onUsersNotice,
  USERS_CHANNEL,
} from './modules/auth';
import { businessesRoutes } from './modules/businesses';
import { cartRoutes } from './modules/cart';
import { catalogRoutes, createResponseCache, type ResponseCache } from './modules/catalog';
import { checkoutRoutes } from './modules/checkout';
import { contentRoutes } from './modules/content';
import { healthRoutes } from './modules/health';
import { createLiveOrdersHub, type LiveOrdersHub, liveOrdersRoutes } from './modules/live-orders';
import { mailWorkers } from './modules/mail';
import { mediaRoutes } from './modules/media';
import {
  createMetrics,
  type Metrics,
  metricsRoutes,
  recordRequestDurations,
} from './modules/metrics';
import { newsletterRoutes } from './modules/newsletter';
import { opsRoutes } from './modules/ops';
import { orderEmailWorkers, ordersRoutes } from './modules/orders';
import { paymentPageAssets, paymentsRoutes, WEBHOOK_PATH } from './modules/payments';
import { payoutWorkers } from './modules/payouts';
import { quizRoutes } from './modules/quiz';
import { refundWorkers } from './modules/refunds';
import { createSearchEngine, type SearchEngine, searchRoutes } from './modules/search';
import { sellerOrdersRoutes } from './modules/seller-orders';
import { sellerProductsRoutes } from './modules/seller-products';
import { sellerSalesRoutes } from './modules/seller-sales';
import { shippingRoutes } from './modules/shipping';
import {
  shopifyHooksRoutes,
  shopifyOrderPushWorker,
  shopifyRoutes,
  shopifySyncRoutes,
} from './modules/shopify';
import { registerSpa, seoRoutes } from './modules/web';

export interface AppDeps {
  config: Config;
  database: Database;
  db: Db;
  mailer: Mailer;
  /** Folder of uploaded and generated media in disk mode, served under /media/. */
  mediaDir: string;
  /**
   * Where uploads are written and /media/ is read from: the media folder, or the S3 bucket of
   * `S3_*` (DESIGN 1, 2.15; decision 0021). Closed with the app.
   */
  storage: MediaStorage;
  /** Answers of the public catalogue calls, cleared on every catalogue change. */
  catalogCache: ResponseCache;
  /** Accounts the session guard recently found active, forgotten when one goes. */
  activeUsers: ActiveUsers;
  /** The card payment provider: Stripe with a key, else the local one (DESIGN 2.7). */
  payments: PaymentProvider;
  /** Work that follows a response (a provider sweep); awaited when the app closes. */
  tasks: BackgroundTasks;
  /** Whether the database is away: requests then answer 503, the outage is logged once. */
  databaseOutage: DatabaseOutage;
  /** The open live-order streams of this instance, fed by one LISTEN (DESIGN 2.13). */
  liveOrders: LiveOrdersHub;
  /** The durable job runner (DESIGN 2.17, decision 0018): started when the app is ready. */
  jobs: JobRunner;
  /** This instance's metrics registry, scraped at `GET /metrics`. */
  metrics: Metrics;
  /** This instance's in-memory search index (issue 15, decision 0023), loaded at start. */
  searchEngine: SearchEngine;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}

/** Largest JSON body accepted; uploads go through multipart with their own limits. */
export const BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * How long the job workers' stop waits for the jobs in hand: within server.ts's 10 s
 * shutdown guard. A job still running then is handed back (retried, by any instance).
 */
export const JOBS_STOP_TIMEOUT_MS = 7000;

/** A number of hops becomes the function proxy-addr would build for it. */
function trustProxyOption(value: boolean | number | string) {
  return typeof value === 'number' ? (_address: string, hop: number) => hop < value : value;
}

export async function buildApp(
  deps: Omit<
    AppDeps,
    | 'db'
    | 'mediaDir'
    | 'storage'
    | 'catalogCache'
    | 'activeUsers'
    | 'payments'
    | 'tasks'
    | 'databaseOutage'
    | 'liveOrders'
    | 'jobs'
    | 'metrics'
    | 'searchEngine'
  > & {
    mediaDir?: string;
    /** The storage the caller already opened (the seed wrote through it); else by config. */
    storage?: MediaStorage;
    payments?: PaymentProvider;
  },
  options: { logger?: FastifyBaseLogger } = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    ...(options.logger ? { loggerInstance: options.logger } : { logger: false }),
    bodyLimit: BODY_LIMIT_BYTES,
    // Paths are served exactly as SPEC §7 writes them: `/register/` is the API, `/register`
    // is the web page.
    routerOptions: { ignoreTrailingSlash: false, maxParamLength: 500 },
    trustProxy: trustProxyOption(deps.config.trustProxy),
    // Router-level failures (bad percent-encoding, over-long parameters) in the app's format.
    frameworkErrors: (_error, _request, reply) => {
      (reply as FastifyReply).status(400).send({ error: 'This address is not valid.' });
    },
    genReqId: () => crypto.randomUUID(),
    // One line a request, at debug level (failures are logged by the error handler).
    logController: new LogController({ disableRequestLogging: true }),
    requestIdHeader: false,
    // While the instance shuts down, a request that still arrives on an open connection is
    // answered by the app (with Connection: close), not by Fastify's own 503 in another
    // shape: /readyz then says why, in its shape.
    return503OnClosing: false,
    ajv: { customOptions: { coerceTypes: true } },
  }).withTypeProvider<ZodTypeProvider>();

  const mediaDir = deps.mediaDir ?? path.join(deps.config.dataDir, 'media');
  const storage = deps.storage ?? createMediaStorage(deps.config, mediaDir);
  app.addHook('onClose', async () => storage.close());
  const metrics = createMetrics();
  const catalogCache = createResponseCache({
    maxAgeSeconds: deps.config.catalogCacheSeconds,
    onLookup: (hit) => metrics.cacheLookup(hit),
  });
  const searchEngine = createSearchEngine({ db: deps.database.db, log: app.log });
  app.addHook('onClose', async () => searchEngine.stop());
  if (deps.config.catalogCacheSeconds > 0) {
    const stop = await deps.database.listen(
      'leafline_catalog',
      () => {
        catalogCache.clear();
        // Not needed for freshness (every search catches up first): it only spares the next
        // search the wait.
        searchEngine
          .catchUp()
          .catch((error) => app.log.warn({ err: error }, 'search index catch-up failed'));
      },
      (listening) => catalogCache.setListening(listening),
    );
    app.addHook('onClose', async () => stop());
  }
  const activeUsers = createActiveUsers({ maxAgeSeconds: deps.config.sessionCacheSeconds });
  if (deps.config.sessionCacheSeconds > 0) {
    const stop = await deps.database.listen(
      USERS_CHANNEL,
      (payload) => onUsersNotice(activeUsers, payload),
      (listening) => activeUsers.setListening(listening),
    );
    app.addHook('onClose', async () => stop());
  }
  // The LISTEN on order events opens with the first dashboard stream; streams end before the
  // server closes (an open stream would hold the close), the LISTEN after.
  const liveOrders = createLiveOrdersHub({
    db: deps.database.db,
    listen: deps.database.listen,
    log: app.log,
  });
  app.addHook('preClose', async () => liveOrders.closeStreams());
  app.addHook('onClose', async () => liveOrders.stop());
  const jobs = createJobRunner({
    executeSql: deps.database.executeSql,
    log: app.log,
    pollSeconds: deps.config.jobsPollSeconds,
    workers: deps.config.jobsWorkers,
    maintenanceSeconds: deps.config.jobsMaintenanceSeconds,
    stopTimeoutMs: JOBS_STOP_TIMEOUT_MS,
    onFailure: (queue, parked) => metrics.jobFailed(queue, parked),
  });
  // Routes register their queues while they load; the workers start once the app is ready.
  // On close they stop taking jobs at once, and the jobs in hand finish while the requests in
  // flight do: the stop is awaited after the server has closed, before the database does.
  app.addHook('onReady', async () => jobs.start());
  app.addHook('preClose', async () => {
    jobs.stop().catch((error) => app.log.error({ err: error }, 'stopping the job runner failed'));
  });
  app.addHook('onClose', async () => jobs.stop());
  const tasks = createBackgroundTasks(app.log);
  app.addHook('onClose', async () => tasks.idle());
  const databaseOutage = watchDatabaseOutage({ ping: deps.database.ping, log: app.log });
  app.addHook('onClose', async () => databaseOutage.stop());
  const payments =
    deps.payments ??
    createPaymentProvider(deps.config, {
      db: deps.database.db,
      log: app.log,
      // The local provider reports through the same webhook route as Stripe.
      deliver: async (payload, signature) => {
        const response = await app.inject({
          method: 'POST',
          url: WEBHOOK_PATH,
          headers: { 'content-type': 'application/json', 'stripe-signature': signature },
          payload,
        });
        return response.statusCode;
      },
    });
  // No payment provider call inside a database transaction (decision 0011): refused, not hoped.
  trackTransactions(deps.database.db);
  app.decorate('deps', {
    ...deps,
    db: deps.database.db,
    mediaDir,
    storage,
    catalogCache,
    activeUsers,
    payments: outsideTransactions(payments),
    tasks,
    databaseOutage,
    liveOrders,
    jobs,
    metrics,
    searchEngine,
  });
  metrics.readFrom({
    poolStats: () => deps.database.poolStats(),
    jobCounts: () => jobs.counts(),
    liveStreams: () => liveOrders.size,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  refuseNulCharacters(app);
  recordRequestDurations(app);
  endConnectionsOnClose(app);
  // A line per request at debug level only; no hook at all (no work per request) otherwise.
  if (app.log.level === 'debug' || app.log.level === 'trace') {
    app.addHook('onResponse', async (request, reply) => {
      request.log.debug(
        {
          method: request.method,
          url: request.url,
          status: reply.statusCode,
          ms: reply.elapsedTime,
        },
        'request',
      );
    });
  }

  addSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: deps.config.env === 'production',
  });
  await app.register(rateLimit, { global: false });
  await app.register(multipart, {
    limits: {
      fileSize: MAX_FORM_FILE_BYTES,
      files: MAX_FORM_FILES,
      fields: 400,
      fieldSize: 100 * 1024,
    },
  });

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Leafline API',
        description: 'The marketplace API: the calls of SPEC §7, at the paths written there.',
        version: '1.0.0',
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/docs', staticCSP: true });

  await app.register(healthRoutes);
  await app.register(metricsRoutes);
  await app.register(authRoutes);
  await app.register(accountRoutes);
  await app.register(catalogRoutes);
  await app.register(searchRoutes);
  await app.register(cartRoutes);
  await app.register(addressRoutes);
  await app.register(shippingRoutes);
  await app.register(businessesRoutes);
  await app.register(checkoutRoutes);
  await app.register(ordersRoutes);
  await app.register(sellerOrdersRoutes);
  await app.register(sellerSalesRoutes);
  await app.register(liveOrdersRoutes);
  await app.register(paymentsRoutes);
  await app.register(paymentPageAssets);
  await app.register(quizRoutes);
  await app.register(newsletterRoutes);
  await app.register(contentRoutes);
  await app.register(sellerProductsRoutes);
  await app.register(mailWorkers);
  await app.register(orderEmailWorkers);
  await app.register(payoutWorkers);
  await app.register(refundWorkers);
  await app.register(opsRoutes);
  await app.register(shopifyRoutes);
  await app.register(shopifyOrderPushWorker);
  await app.register(shopifyHooksRoutes);
  await app.register(shopifySyncRoutes);

  if (storage.folder) {
    mkdirSync(storage.folder, { recursive: true });
    await app.register(fastifyStatic, {
      root: storage.folder,
      prefix: '/media/',
      decorateReply: false,
      index: false,
      immutable: true,
      maxAge: '365d',
    });
  } else {
    await app.register(mediaRoutes);
  }
  await app.register(seoRoutes);
  await registerSpa(app, deps.config.webDistDir);

  return app;
}
