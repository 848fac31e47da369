import {
  errorResponse,
  shopifyProductSyncQuery,
  shopifyProductSyncResponse,
  shopifySyncStatusResponse,
} from '@leafline/contract';
import { businessIdParams } from '@leafline/contract/catalog';
import { ROUTES } from '@leafline/contract/routes';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { perMinuteRateLimit } from '../../lib/rate-limit';
import { fastifyPath } from '../../lib/route-path';
import { authenticate, bearerSecurity } from '../auth';
import { requireOwnedBusiness, sellerScope } from '../businesses';
import { productSyncStatus, type SyncDeps, startProductSync } from './shopify-sync.service';

/** What the Shopify jobs and routes take from the app (the product sync's, the webhooks'). */
export const shopifyJobDeps = (app: FastifyInstance): SyncDeps => ({
  db: app.deps.db,
  config: app.deps.config,
  log: app.log,
  storage: app.deps.storage,
  catalogCache: app.deps.catalogCache,
  jobs: app.deps.jobs,
});

/**
 * SPEC §7 `GET api/sync-from-shopify-opt/{businessId}/` (owner only): queues a product sync and
 * answers at once (202, or 200 with the run already under way); its progress and result are
 * read from `api/business/shopify-sync/{businessId}/`. Its jobs are worked in shopify-workers.ts.
 */
export async function shopifySyncRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = shopifyJobDeps(app);
  const common = { tags: ['shopify'], security: bearerSecurity };
  const owned = { onRequest: authenticate, preValidation: requireOwnedBusiness };

  app.get(
    fastifyPath(ROUTES.shopifyProductSync),
    {
      ...owned,
      // Each start reads the whole store from Shopify.
      config: { rateLimit: perMinuteRateLimit(Math.min(app.deps.config.rateLimitMax, 30)) },
      schema: {
        ...common,
        summary:
          "Start importing the store's active Shopify products (a background job); 202 queued, 200 already under way (owner only)",
        params: businessIdParams,
        querystring: shopifyProductSyncQuery,
        response: {
          200: shopifyProductSyncResponse,
          202: shopifyProductSyncResponse,
          '4xx': errorResponse,
        },
      },
    },
    async (request, reply) => {
      const { created, body } = await startProductSync(
        deps,
        sellerScope(request).businessId,
        request.query.clear_with_shopify_sync,
      );
      return reply.status(created ? 202 : 200).send(body);
    },
  );

  app.get(
    fastifyPath(ROUTES.shopifySyncStatus),
    {
      ...owned,
      schema: {
        ...common,
        summary: "The business's latest product sync: its progress, then its result (owner only)",
        params: businessIdParams,
        response: { 200: shopifySyncStatusResponse, '4xx': errorResponse },
      },
    },
    async (request) => productSyncStatus(deps.db, sellerScope(request).businessId),
  );
}
