import {
  errorResponse,
  SHIPPING_FEE_MESSAGES,
  shippingFeesBody,
  shippingFeesResponse,
  shippingFeesSavedResponse,
} from '@leafline/contract';
import { businessIdParams } from '@leafline/contract/catalog';
import { ROUTES } from '@leafline/contract/routes';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { fastifyPath } from '../../lib/route-path';
import { authenticate, bearerSecurity } from '../auth';
import { requireOwnedBusiness, sellerScope } from '../businesses';
import { getShippingFees, type ShippingDeps, saveShippingFees } from './shipping.service';

/**
 * SPEC §7 `GET, POST api/shipping-fees/{businessId}/`: the owner's shipping-fee setting, through
 * the one seller guard (DESIGN 2.16: anything the caller does not own is a 404, whatever the
 * body holds).
 */
export async function shippingRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps: ShippingDeps = { db: app.deps.db };
  const common = { tags: ['shipping'], security: bearerSecurity, params: businessIdParams };

  app.get(
    fastifyPath(ROUTES.shippingFees),
    {
      onRequest: authenticate,
      preValidation: requireOwnedBusiness,
      schema: {
        ...common,
        summary: "A business's shipping fees (its owner only)",
        response: { 200: shippingFeesResponse, '4xx': errorResponse },
      },
    },
    async (request) => getShippingFees(deps, sellerScope(request).businessId),
  );

  app.post(
    fastifyPath(ROUTES.saveShippingFees),
    {
      onRequest: authenticate,
      preValidation: requireOwnedBusiness,
      schema: {
        ...common,
        summary: "Replace a business's shipping fees (its owner only); empty fees are null",
        body: shippingFeesBody,
        response: { 200: shippingFeesSavedResponse, '4xx': errorResponse },
      },
    },
    async (request) => {
      const body = request.body;
      const saved = await saveShippingFees(deps, sellerScope(request).businessId, {
        worldwideFeeCents: body.worldwide_shipping_fee,
        allExceptSelectedFeeCents: body.all_except_selected_fee,
        thresholdFreeCents: body.threshold_free,
        countries: body.country_fees,
      });
      return { message: SHIPPING_FEE_MESSAGES.saved, ...saved };
    },
  );
}
