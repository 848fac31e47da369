import {
  errorResponse,
  SHOPIFY_WEBHOOK_PATH,
  shippingFeesSavedResponse,
  shopifyShippingPreviewResponse,
  shopifyWebhookResponse,
} from '@leafline/contract';
import { businessIdParams } from '@leafline/contract/catalog';
import { ROUTES } from '@leafline/contract/routes';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { perMinuteRateLimit } from '../../lib/rate-limit';
import { fastifyPath } from '../../lib/route-path';
import { authenticate, bearerSecurity } from '../auth';
import { requireOwnedBusiness, sellerScope } from '../businesses';
import { SHOPIFY_INVENTORY_REFRESH_QUEUE, SHOPIFY_PRODUCT_REFRESH_QUEUE } from './shopify-jobs';
import { previewShopifyShippingFees, syncShopifyShippingFees } from './shopify-shipping';
import { shopifyJobDeps } from './shopify-sync.routes';
import { receiveShopifyWebhook, type ShopifyHooksDeps } from './shopify-webhooks';

/** Largest webhook body taken (Shopify's product payloads are tens of KB). */
const WEBHOOK_BODY_LIMIT = 1024 * 1024;

/**
 * Issue 13, Build 3 and 5: SPEC §7 `GET api/sync-shopify-shipping-fees/{businessId}/` (owner
 * only) and the route Shopify delivers its webhooks to.
 */
export async function shopifyHooksRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps: ShopifyHooksDeps = shopifyJobDeps(app);
  // The refresh jobs are worked by the Shopify workers; this instance sends to them.
  app.deps.jobs.declare(SHOPIFY_PRODUCT_REFRESH_QUEUE);
  app.deps.jobs.declare(SHOPIFY_INVENTORY_REFRESH_QUEUE);

  app.get(
    fastifyPath(ROUTES.shopifyShippingSync),
    {
      onRequest: authenticate,
      preValidation: requireOwnedBusiness,
      // Each call reads the store's shipping settings from Shopify.
      config: { rateLimit: perMinuteRateLimit(app.deps.config.rateLimitMax) },
      schema: {
        tags: ['shopify'],
        security: bearerSecurity,
        summary:
          "Copy the Shopify store's shipping rates into the business's shipping fees (owner only)",
        params: businessIdParams,
        response: { 200: shippingFeesSavedResponse, '4xx': errorResponse, '5xx': errorResponse },
      },
    },
    async (request) => syncShopifyShippingFees(deps, sellerScope(request).businessId),
  );

  app.get(
    fastifyPath(ROUTES.shopifyShippingPreview),
    {
      onRequest: authenticate,
      preValidation: requireOwnedBusiness,
      config: { rateLimit: perMinuteRateLimit(app.deps.config.rateLimitMax) },
      schema: {
        tags: ['shopify'],
        security: bearerSecurity,
        summary:
          "What the shipping-fee sync would change: the business's fees now, the Shopify store's, and the difference; nothing is saved (owner only)",
        params: businessIdParams,
        response: {
          200: shopifyShippingPreviewResponse,
          '4xx': errorResponse,
          '5xx': errorResponse,
        },
      },
    },
    async (request) => previewShopifyShippingFees(deps, sellerScope(request).businessId),
  );

  await app.register(async (webhooks) => {
    // The signature covers the raw bytes: this plugin alone keeps the body as they came.
    webhooks.removeAllContentTypeParsers();
    webhooks.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );
    webhooks.withTypeProvider<ZodTypeProvider>().post(
      SHOPIFY_WEBHOOK_PATH,
      {
        schema: {
          tags: ['shopify'],
          summary:
            'Shopify webhooks (products/update, products/delete, app/uninstalled), signed with X-Shopify-Hmac-Sha256',
          response: { 200: shopifyWebhookResponse, '4xx': errorResponse },
        },
      },
      async (request) => {
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const outcome = await receiveShopifyWebhook(deps, { raw, headers: request.headers });
        return { received: true as const, outcome };
      },
    );
  });
}
