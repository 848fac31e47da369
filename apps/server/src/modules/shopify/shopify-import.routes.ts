import {
  errorResponse,
  shopifyImportSettings,
  shopifyImportSettingsBody,
  shopifyStoreProductsQuery,
  shopifyStoreProductsResponse,
} from '@leafline/contract';
import { businessIdParams } from '@leafline/contract/catalog';
import { ROUTES } from '@leafline/contract/routes';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { perMinuteRateLimit } from '../../lib/rate-limit';
import { fastifyPath } from '../../lib/route-path';
import { authenticate, bearerSecurity } from '../auth';
import { requireOwnedBusiness, sellerScope } from '../businesses';
import type { ShopifyDeps } from './shopify-connection';
import { importSettingsOf, saveImportSettings, storeProductsPage } from './shopify-import.service';

/**
 * Shopify: choose what to import (issue 29 point 8), owner only:
 * `GET api/business/shopify-products/{businessId}/?after=` (a page of the store's active
 * products to pick from) and `GET|PUT api/business/shopify-import/{businessId}/` (the choice
 * the product sync and the product webhooks follow).
 */
export async function shopifyImportRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps: ShopifyDeps = { db: app.deps.db, config: app.deps.config, log: app.log };
  const common = { tags: ['shopify'], security: bearerSecurity };
  const owned = { onRequest: authenticate, preValidation: requireOwnedBusiness };

  app.get(
    fastifyPath(ROUTES.shopifyStoreProducts),
    {
      ...owned,
      // Each page is read from Shopify.
      config: { rateLimit: perMinuteRateLimit(app.deps.config.rateLimitMax) },
      schema: {
        ...common,
        summary:
          "A page of the Shopify store's active products to pick for import, each marked picked and already imported (owner only)",
        params: businessIdParams,
        querystring: shopifyStoreProductsQuery,
        response: {
          200: shopifyStoreProductsResponse,
          '4xx': errorResponse,
          '5xx': errorResponse,
        },
      },
    },
    async (request) =>
      storeProductsPage(deps, sellerScope(request).businessId, request.query.after),
  );

  app.get(
    fastifyPath(ROUTES.shopifyImportSettings),
    {
      ...owned,
      schema: {
        ...common,
        summary:
          'What the Shopify product sync imports: all active products or the picked ones, new ones active or as drafts (owner only)',
        params: businessIdParams,
        response: { 200: shopifyImportSettings, '4xx': errorResponse },
      },
    },
    async (request) => importSettingsOf(deps.db, sellerScope(request).businessId),
  );

  app.put(
    fastifyPath(ROUTES.saveShopifyImportSettings),
    {
      ...owned,
      schema: {
        ...common,
        summary:
          'Save what the Shopify product sync imports; the next sync and the store’s product webhooks follow it (owner only)',
        params: businessIdParams,
        body: shopifyImportSettingsBody,
        response: { 200: shopifyImportSettings, '4xx': errorResponse },
      },
    },
    async (request) => saveImportSettings(deps, sellerScope(request).businessId, request.body),
  );
}
