import { errorResponse, SALES_DAYS, SALES_WEEKS, salesOverviewResponse } from '@leafline/contract';
import { businessIdParams } from '@leafline/contract/catalog';
import { ROUTES } from '@leafline/contract/routes';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { fastifyPath } from '../../lib/route-path';
import { authenticate, bearerSecurity } from '../auth';
import { requireOwnedBusiness, sellerScope } from '../businesses';
import { getSalesOverview } from './seller-sales.service';

/** `GET api/business/sales/{businessId}/`: the owner's sales overview of one business. */
export async function sellerSalesRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    fastifyPath(ROUTES.sales),
    {
      onRequest: authenticate,
      preValidation: requireOwnedBusiness,
      schema: {
        tags: ['seller sales'],
        security: bearerSecurity,
        summary: `A business's sales and net payouts by UTC day (${SALES_DAYS} days) and week (${SALES_WEEKS}, from Monday), orders by status, best sellers and payout totals (its owner only)`,
        params: businessIdParams,
        response: { 200: salesOverviewResponse, '4xx': errorResponse },
      },
    },
    async (request) => getSalesOverview(app.deps.db, sellerScope(request).businessId),
  );
}
