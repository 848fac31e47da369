import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  LogController,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Mailer } from './adapters/mail/mailer';
import type { PaymentProvider } from './adapters/payments/payment-provider';
import type { MediaStorage } from './adapters/storage/storage';
import type { Config } from './config';
import type { Database } from './db/client';
import { accountRoutes } from './modules/account';
import { addressRoutes } from './modules/address';
import { authRoutes } from './modules/auth';
import { businessesRoutes } from './modules/businesses';
import { cancellationsRoutes } from './modules/cancellations';
import { cartRoutes } from './modules/cart';
import { catalogRoutes } from './modules/catalog';
import { checkoutRoutes, checkoutWorkers } from './modules/checkout';
import { contentRoutes } from './modules/content';
import { deliveryRoutes } from './modules/delivery';
import { favoritesRoutes } from './modules/favorites';
import { followsRoutes } from './modules/follows';
import { healthRoutes } from './modules/health';
import { liveOrdersRoutes } from './modules/live-orders';
import { mailWorkers } from './modules/mail';
import { metricsRoutes } from './modules/metrics';
import { newsletterRoutes } from './modules/newsletter';
import { opsRoutes } from './modules/ops';
import { orderMessagesRoutes } from './modules/order-messages';
import { orderEmailWorkers, ordersRoutes } from './modules/orders';
import { paymentPageAssets, paymentsRoutes } from './modules/payments';
import { payoutWorkers } from './modules/payouts';
import { quizRoutes } from './modules/quiz';
import { refundWorkers } from './modules/refunds';
import { returnsRoutes } from './modules/returns';
import { reviewsRoutes } from './modules/reviews';
import { searchRoutes } from './modules/search';
import { sellerOrdersRoutes } from './modules/seller-orders';
import { sellerProductsRoutes } from './modules/seller-products';
import { sellerSalesRoutes } from './modules/seller-sales';
import { shippingRoutes } from './modules/shipping';
import {
  shopifyHooksRoutes,
  shopifyImportRoutes,
  shopifyRoutes,
  shopifySyncRoutes,
  shopifyWorkers,
} from './modules/shopify';
import { verificationRoutes } from './modules/verification';
import { registerSpa, seoRoutes } from './modules/web';
import { backgroundPlugin } from './plugins/background';
import { catalogCachePlugin } from './plugins/catalog-cache';
import { corePlugin } from './plugins/core';
import { depsPlugin } from './plugins/deps';
import { httpPlugin } from './plugins/http';
import { jobsPlugin } from './plugins/jobs';
import { liveOrdersPlugin } from './plugins/live-orders';
import { mediaServingPlugin } from './plugins/media';
import { metricsPlugin } from './plugins/metrics';
import { paymentsPlugin } from './plugins/payments';
import { searchPlugin } from './plugins/search';
import { sessionsPlugin } from './plugins/sessions';
import { storagePlugin } from './plugins/storage';

/** Largest JSON body accepted; uploads go through multipart with their own limits. */
export const BODY_LIMIT_BYTES = 1024 * 1024;

/** What the caller opens and hands in; the rest is made by the plugins (src/plugins). */
export interface AppInputs {
  config: Config;
  database: Database;
  mailer: Mailer;
  mediaDir?: string;
  /** The storage the caller already opened (the seed wrote through it); else by config. */
  storage?: MediaStorage;
  payments?: PaymentProvider;
}

/** The modules' routes, in the order they register. */
const MODULES = [
  healthRoutes,
  metricsRoutes,
  authRoutes,
  accountRoutes,
  catalogRoutes,
  searchRoutes,
  cartRoutes,
  addressRoutes,
  shippingRoutes,
  deliveryRoutes,
  businessesRoutes,
  checkoutRoutes,
  ordersRoutes,
  orderMessagesRoutes,
  returnsRoutes,
  reviewsRoutes,
  favoritesRoutes,
  followsRoutes,
  sellerOrdersRoutes,
  cancellationsRoutes,
  sellerSalesRoutes,
  liveOrdersRoutes,
  paymentsRoutes,
  paymentPageAssets,
  quizRoutes,
  newsletterRoutes,
  contentRoutes,
  sellerProductsRoutes,
  verificationRoutes,
  opsRoutes,
  shopifyRoutes,
  shopifyHooksRoutes,
  shopifySyncRoutes,
  shopifyImportRoutes,
];

/**
 * The modules' workers: each registers its queues' handlers (and their compensations) on the
 * job runner, in a `*-workers.ts` file of its module, the one place a module calls `work`.
 */
const WORKERS = [
  checkoutWorkers,
  mailWorkers,
  orderEmailWorkers,
  payoutWorkers,
  refundWorkers,
  shopifyWorkers,
];

/**
 * The app: the infrastructure as plugins (each decorates its part and names what it needs),
 * the HTTP surface, then every module, the media, the SEO files and the web app.
 */
export async function buildApp(
  inputs: AppInputs,
  options: { logger?: FastifyBaseLogger } = {},
): Promise<FastifyInstance> {
  const app = createFastify(inputs.config, options.logger);
  await app.register(corePlugin, inputs);
  await app.register(storagePlugin, { mediaDir: inputs.mediaDir, storage: inputs.storage });
  await app.register(metricsPlugin);
  await app.register(searchPlugin);
  await app.register(catalogCachePlugin);
  await app.register(sessionsPlugin);
  await app.register(liveOrdersPlugin);
  await app.register(jobsPlugin);
  await app.register(backgroundPlugin);
  await app.register(paymentsPlugin, { provider: inputs.payments });
  await app.register(depsPlugin);
  await app.register(httpPlugin);
  for (const routes of MODULES) await app.register(routes);
  for (const workers of WORKERS) await app.register(workers);
  await app.register(mediaServingPlugin);
  await app.register(seoRoutes);
  await registerSpa(app, inputs.config.webDistDir);
  return app;
}

/** A number of hops becomes the function proxy-addr would build for it. */
function trustProxyOption(value: boolean | number | string) {
  return typeof value === 'number' ? (_address: string, hop: number) => hop < value : value;
}

function createFastify(config: Config, logger: FastifyBaseLogger | undefined) {
  return Fastify({
    ...(logger ? { loggerInstance: logger } : { logger: false }),
    bodyLimit: BODY_LIMIT_BYTES,
    // Paths are served exactly as SPEC §7 writes them: `/register/` is the API, `/register`
    // is the web page.
    routerOptions: { ignoreTrailingSlash: false, maxParamLength: 500 },
    trustProxy: trustProxyOption(config.trustProxy),
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
}
