import { errorResponse, order, orderIdParams } from '@leafline/contract';
import { ROUTES } from '@leafline/contract/routes';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { fastifyPath } from '../../lib/route-path';
import { authenticate, bearerSecurity, requireUser } from '../auth';
import type { RefundDeps } from '../refunds';
import { cancelOwnOrder } from './cancellations.service';

/** `POST api/orders/{orderId}/cancel/` (issue 30 point 4): the buyer's own paid order only. */
export async function cancellationsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps: RefundDeps = {
    db: app.deps.db,
    config: app.deps.config,
    payments: app.deps.payments,
    jobs: app.deps.jobs,
    log: app.log,
  };
  app.post(
    fastifyPath(ROUTES.cancelOrder),
    {
      onRequest: authenticate,
      schema: {
        tags: ['orders'],
        security: bearerSecurity,
        summary:
          'The buyer cancels a paid order not sent yet: refunded in full once, the answer is the order; 409 past Paid, 404 another’s',
        params: orderIdParams,
        response: { 200: order, '4xx': errorResponse, 502: errorResponse },
      },
    },
    async (request) => cancelOwnOrder(deps, requireUser(request).id, request.params.orderId),
  );
}
