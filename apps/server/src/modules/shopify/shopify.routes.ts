import {
  errorResponse,
  shopifyConnectResponse,
  shopifyDisconnectResponse,
  shopifyManualConnectBody,
} from '@leafline/contract';
import { businessIdParams } from '@leafline/contract/catalog';
import { ROUTES } from '@leafline/contract/routes';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { perMinuteRateLimit } from '../../lib/rate-limit';
import { fastifyPath } from '../../lib/route-path';
import { authenticate, bearerSecurity } from '../auth';
import { requireOwnedBusiness, sellerScope } from '../businesses';
import { connectShopify, disconnectShopify } from './shopify.service';
import type { ShopifyDeps } from './shopify-connection';

/**
 * SPEC §7 `POST|DELETE api/shopifymanualconnect/{businessId}/` (owner only, DESIGN 2.16):
 * connect a Shopify store with an Admin API token, or forget it.
 */
export async function shopifyRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps: ShopifyDeps = { db: app.deps.db, config: app.deps.config, log: app.log };
  const common = { tags: ['shopify'], security: bearerSecurity };
  const owned = { onRequest: authenticate, preValidation: requireOwnedBusiness };

  app.post(
    fastifyPath(ROUTES.shopifyConnect),
    {
      ...owned,
      // Each try calls Shopify.
      config: { rateLimit: perMinuteRateLimit(app.deps.config.rateLimitMax) },
      schema: {
        ...common,
        summary:
          "Connect the business's Shopify store: the token is checked with Shopify, then stored encrypted (owner only)",
        params: businessIdParams,
        body: shopifyManualConnectBody,
        response: { 200: shopifyConnectResponse, '4xx': errorResponse, '5xx': errorResponse },
      },
    },
    async (request) => connectShopify(deps, sellerScope(request).businessId, request.body),
  );

  app.delete(
    fastifyPath(ROUTES.shopifyDisconnect),
    {
      ...owned,
      schema: {
        ...common,
        summary:
          'Disconnect the Shopify store: forget its token and address, order sync off; imported products stay (owner only)',
        params: businessIdParams,
        response: { 200: shopifyDisconnectResponse, '4xx': errorResponse },
      },
    },
    async (request) => disconnectShopify(deps, sellerScope(request).businessId),
  );
}
